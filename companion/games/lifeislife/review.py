"""The coach's valuation of every Life is Life play: the engine's evaluation right after the
play, averaged over determinizations shared by all plays (common random numbers).

Why not the generic search (docs/hints.md, "Measured (coach)"): a Life is Life turn has one to
two hundred legal swaps, and 200 ms of ISMCTS with random playouts gives each of them two or
three noisy playouts; the random swaps of the playout then wash out what the play did. Here
every play is valued on *the same* sampled hands of the others, so two plays are compared on
equal terms (the difference of their values has far less noise than either value), and what
is valued is exactly the engine's `evaluate` (each player's share of the squared lives it
keeps, the lives the hands would cost counted half before anyone knocked, fully after) of the
position right after the play: the same win-chance scale as the other games' reviews.

The mover's own hand after each play is known without sampling (its own cards, less those laid
down, plus the row taken), so a sample costs one pass over the others' hands and then a few
table look-ups per play (`_sample_values`); `action_value` gives the same number through the engine
(`apply` + `evaluate`), which the tests compare. Pure Python, no Django.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from companion.engines.base import Game
from companion.games.lifeislife.engine.actions import KNOCK, SWAP, LifeAction
from companion.games.lifeislife.engine.cards import DECK, KINDS, UNKNOWN, VALUE
from companion.games.lifeislife.engine.scoring import majority_need
from companion.games.lifeislife.engine.state import PLAY, LifeState, players_in

__all__ = ["action_value", "action_values", "tie_order"]


def tie_order(action: LifeAction) -> int:
    """Among plays the valuation cannot tell apart (the same value on every sample): the one
    that lays down the least valuable animals first (it offers the next players the least;
    a knock lays down nothing)."""
    return sum(VALUE[c] for c in action.cards) if action.kind == SWAP else 0


def action_value(game: Game, state: LifeState, seat: int, action: LifeAction) -> float:
    """The engine's evaluation for `seat` of `state` (a complete state) after `action`."""
    after = game.apply(state, action)
    values = game.returns(after) if game.is_terminal(after) else game.evaluate(after)
    return values[seat]


class _Play:
    """What a play does that no sample changes: the mover's hand after it, and how fully the
    hands count (0.5 before anyone knocked, 1 after: a play that ends the round comes after
    a knock, and the settled round's lives are then what the evaluation gives)."""

    __slots__ = ("action", "fixed", "hand", "weight")

    def __init__(self, view: LifeState, seat: int, action: LifeAction) -> None:
        self.action = action
        self.fixed: float | None = None  # a value no sample changes (sudden death), once known
        hand = list(view.hands[seat])
        knocked = view.knocked_by
        if action.kind == SWAP:
            for c in action.cards:
                hand[c] -= 1
            for c in view.rows[action.row - 1]:
                hand[c] += 1
        elif action.kind == KNOCK and knocked < 0:
            knocked = seat
        self.hand = hand
        self.weight = 1.0 if knocked >= 0 else 0.5
        sudden = view.cfg.rules.sudden
        if action.kind == SWAP and (action.sudden or any(hand[k] == DECK[k] for k in sudden)):
            self.fixed = -1.0  # sudden death: valued once through the engine (`_fixed`)


def _fixed(game: Game, view: LifeState, seat: int, play: _Play, rng: random.Random) -> float:
    """A sudden death's value: the round ends at once whatever the others hold."""
    return action_value(game, game.determinize(view, seat, rng), seat, play.action)


def _sample_values(state: LifeState, seat: int, plays: Sequence[_Play]) -> list[float]:
    """Each play's `evaluate` for `seat` on one complete state (the others' hands sampled)."""
    ins = players_in(state)
    n = state.cfg.players
    need = majority_need(len(ins))
    others = [s for s in ins if s != seat]
    hands = state.hands
    lives = state.lives
    # per animal: the others' highest count, and its sole holder (-1: a tie at the top)
    tops: list[tuple[int, int, int]] = []
    for k in KINDS:
        best, who = need - 1, -1
        for s in others:
            c = hands[s][k]
            if c > best:
                best, who = c, s
            elif c == best:
                who = -1
        tops.append((k, best, who))
    out: list[float] = []
    for play in plays:
        if play.fixed is not None:
            out.append(play.fixed)
            continue
        hand = play.hand
        points = [0] * n
        for k, best, who in tops:
            c = hand[k]
            if c > best:  # best >= need - 1, so c >= need
                points[seat] += VALUE[k]
            elif c < best and who >= 0:
                points[who] += VALUE[k]
        # lives lost (scoring.lives_lost over the players in): top 0, bottom 2, others 1
        hi = lo = points[seat]
        for s in others:
            p = points[s]
            if p > hi:
                hi = p
            elif p < lo:
                lo = p
        weight = play.weight
        total = 0.0
        mine = 0.0
        for s in ins:
            eff = float(lives[s])
            if hi != lo:
                p = points[s]
                if p != hi:
                    eff -= weight * (2 if p == lo else 1)
                    if eff < 0.0:
                        eff = 0.0
            sq = eff * eff
            total += sq
            if s == seat:
                mine = sq
        out.append(mine / total if total > 0 else 1.0 / len(ins))
    return out


def action_values(
    game: Game,
    view: LifeState,
    seat: int,
    actions: Sequence[LifeAction],
    *,
    budget_ms: float | None = None,
    samples: int | None = None,
    seed: int = 0,
    clock: Callable[[], float] = time.perf_counter,
    per_sample: list[list[float]] | None = None,
) -> tuple[list[float], int]:
    """Each of `actions`' mean value for `seat` over the determinizations of `view` drawn in
    the time budget or `samples` of them (at least one), every action valued on the same
    ones; and how many were drawn. `per_sample`, when given, receives each sample's values
    (in the order of `actions`: the paired differences' uncertainty, `advisor.evidence`)."""
    if budget_ms is None and samples is None:
        raise ValueError("give a time budget or a sample count")
    if view.phase != PLAY or game.to_move(view) != seat or view.hands[seat][UNKNOWN]:
        raise ValueError("the seat must be to move and know its own hand")
    started = clock()
    deadline = None if budget_ms is None else started + budget_ms / 1000
    rng = random.Random(seed)
    plays = [_Play(view, seat, a) for a in actions]
    for play in plays:
        if play.fixed is not None:
            play.fixed = _fixed(game, view, seat, play, rng)
    sums = [0.0] * len(plays)
    drawn = 0
    while True:
        state = game.determinize(view, seat, rng)
        values = _sample_values(state, seat, plays)
        for i, v in enumerate(values):
            sums[i] += v
        if per_sample is not None:
            per_sample.append(values)
        drawn += 1
        if samples is not None and drawn >= samples:
            break
        if deadline is not None and clock() >= deadline:
            break
    return [s / drawn for s in sums], drawn


#: the coach's review of Life is Life: every play valued on shared samples, and the order among
#: plays of exactly equal value (its registry entry's `review`, companion/games/__init__.py)
REVIEW = (action_values, tie_order)
