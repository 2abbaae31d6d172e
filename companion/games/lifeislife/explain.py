"""Life is Life's one-line reasons for a suggested play (the advisor's `explain`): what the swap
takes and gives, what a knock means, the majorities it would hold and the round's survival."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from companion.advisor.explain import Reason
from companion.engines.base import Game
from companion.engines.i18n import N_


def explain(
    game: Game, state: Any, action: Any, seat: int, names: Sequence[str]
) -> list[Reason]:
    """What the swap takes and gives, what a knock means, and the majorities it would hold
    (counted on the seat's own hand only: the others' hands are not known)."""
    from companion.games.lifeislife.engine.actions import KNOCK, SWAP
    from companion.games.lifeislife.engine.cards import KINDS, TOKEN

    if action.kind == KNOCK:
        if state.knocked_by >= 0:
            return [(N_("keeps your cards"), {}), *_lil_survival(game, state, action, seat)]
        return [(N_("ends the round: everyone else gets one more turn"), {}),
                *_lil_survival(game, state, action, seat)]
    if action.kind != SWAP:
        return []
    taken = ",".join(TOKEN[c] for c in state.rows[action.row - 1])
    given = ",".join(TOKEN[c] for c in action.cards)
    reasons: list[Reason] = [(N_("takes {cards} for {given}"), {"cards": taken, "given": given})]
    if action.sudden:
        reasons.append((N_("sudden death: all the {card} cards"), {"card": TOKEN[action.sudden]}))
        return reasons
    after = game.apply(state, action)
    hand = after.hands[seat]
    before_value, after_value = _lil_value(state, seat), _lil_value(after, seat)
    if before_value is not None and after_value is not None and after_value != before_value:
        reasons.append(
            (
                N_("sure majorities worth {n1} → {n2} points"),
                {"n1": before_value, "n2": after_value},
            )
        )
    strongest = sorted((k for k in KINDS if hand[k] >= 2), key=lambda k: (-hand[k], k))[:2]
    if len(strongest) == 2:
        first, second = strongest
        reasons.append(
            (
                N_("builds on {first} ({n1}) and {second} ({n2})"),
                {
                    "first": TOKEN[first],
                    "n1": hand[first],
                    "second": TOKEN[second],
                    "n2": hand[second],
                },
            )
        )
    elif strongest:
        first = strongest[0]
        reasons.append((N_("builds on {first} ({n1})"), {"first": TOKEN[first], "n1": hand[first]}))
    return reasons + _lil_survival(game, state, action, seat)


#: sampled deals of the others' hands for a Life is Life survival reason
LIL_SAMPLES = 48


def _lil_survival(game: Game, state: Any, action: Any, seat: int) -> list[Reason]:
    """Surviving the round: on deals of the others' hands sampled from what the seat knows,
    how often it would lose no life if the round ended right after the play, against right
    now (the majorities it wins or loses decide it)."""
    from companion.advisor.bots import lifeislife_round_survival

    if game.to_move(state) != seat:
        return []
    try:
        samples, was = _lil_deals(game, state, seat)
    except Exception:  # a hand not entered: nothing to sample from
        return []
    after = sum(lifeislife_round_survival(game, sample, game.apply(sample, action))[seat]
                for sample in samples)
    now = round(100 * after / len(samples))
    if now == was:
        return [(N_("if the round ended now: safe in {pct} % of the deals"), {"pct": now})]
    return [(N_("if the round ended now: safe in {pct} % of the deals (before the play: "
                "{was} %)"), {"pct": now, "was": was})]


@functools.lru_cache(maxsize=16)
def _lil_deals(game: Game, state: Any, seat: int) -> tuple[tuple[Any, ...], int]:
    """The sampled deals of one position (shared by the suggestions' reasons) and the share
    of them, in percent, in which the seat would lose no life if the round ended now."""
    import random
    import zlib

    from companion.advisor.bots import lifeislife_round_survival

    rng = random.Random(zlib.crc32(repr(state.hands[seat]).encode()))
    samples = tuple(game.determinize(state, seat, rng) for _ in range(LIL_SAMPLES))
    safe = sum(lifeislife_round_survival(game, s, s)[seat] for s in samples)
    return samples, round(100 * safe / LIL_SAMPLES)


def _lil_value(state: Any, seat: int) -> int | None:
    """The points of the majorities the seat's hand is sure of (more than half the copies of
    an animal: nobody can hold as many), counted on its own hand: the others' hands are not
    known to it."""
    from companion.games.lifeislife.engine.cards import DECK, KINDS, VALUE

    try:
        hand = state.hands[seat]
        return sum(VALUE[k] for k in KINDS if 2 * hand[k] > DECK[k])
    except (IndexError, TypeError):
        return None
