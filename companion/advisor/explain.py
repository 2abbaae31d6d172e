"""One-line reasons for suggested plays ("sends Blue home", "enters the goal").

A reason compares the position before and after the play; it states facts of the rules'
outcome, it decides nothing. Pure Python: the web layer passes the seat names to use.

Each reason is an English template (marked ``N_`` for translation) with named parameters, so
that the web layer can show it in each phone's language (companion/tables/presenters/localize.py).
Parameter conventions: ``names`` is a list of seat names ("Ann and Ben"); ``cards`` and
``given`` are comma-separated card tokens ("pig,pig,cat" → "pig ×2, cat"); ``card``,
``first`` and ``second`` are one card token each; anything else is shown as it is.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from companion import games
from companion.engines.base import Game, render
from companion.engines.i18n import N_
from companion.games.dog import reasons as dog_reasons

#: (English template, parameters)
Reason = tuple[str, dict[str, Any]]


def explain(game: Game, state: Any, action: Any, seat: int, names: Sequence[str]) -> str:
    """The reasons in English, joined by "; "."""
    return "; ".join(
        render(template, english_params(params))
        for template, params in explain_parts(game, state, action, seat, names)
    )


def explain_parts(
    game: Game, state: Any, action: Any, seat: int, names: Sequence[str]
) -> list[Reason]:
    entry = games.find(game.name)  # the game's reasons: its registry entry's `explain`
    if entry is None or entry.explain is None:
        return []
    explainer = games.load(entry.explain)
    return explainer(game, state, action, seat, names)


def distinct(options: Sequence[list[Reason]]) -> list[list[Reason]]:
    """Each option's reasons less those every option shares (they tell the plays apart no
    more: "frees your start field" for a 9 and an 8 that both free it); an option left with
    none keeps its first (what the play does). One option: as it is."""
    if len(options) < 2:
        return [list(o) for o in options]

    def key(reason: Reason) -> tuple[str, str]:
        return reason[0], repr(sorted(reason[1].items()))

    shared = set.intersection(*({key(r) for r in o} for o in options))
    out = []
    for option in options:
        kept = [r for r in option if key(r) not in shared]
        out.append(kept or list(option[:1]))
    return out


def join_names(words: Sequence[str], and_word: str = " and ") -> str:
    words = list(words)
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + and_word + words[-1]


def group_cards(tokens: str, name=lambda token: token) -> str:
    """ "pig,pig,cat" → "pig ×2, cat" (``name`` turns a token into the shown name)."""
    cards = [c.strip() for c in tokens.split(",") if c.strip()]
    return ", ".join(
        f"{name(c)} ×{cards.count(c)}" if cards.count(c) > 1 else name(c)
        for c in dict.fromkeys(cards)
    )


def english_params(params: dict[str, Any]) -> dict[str, Any]:
    shown = dict(params)
    if isinstance(shown.get("names"), list):
        shown["names"] = join_names(shown["names"])
    for key in ("cards", "given"):
        if isinstance(shown.get(key), str):
            shown[key] = group_cards(shown[key])
    return shown


def _counted(one: str, many: str, count: int, **params: Any) -> Reason:
    return (one if count == 1 else many), {"count": count, **params}


def explain_dog(
    game: Game, state: Any, action: Any, seat: int, names: Sequence[str]
) -> list[Reason]:
    cfg = state.cfg
    geo = cfg.geo
    length = geo.length
    partner = cfg.partner[seat] if cfg.teams_mode else -1
    if getattr(action, "kind", None) == _DOG_GIVE:
        return _dog_give(state, action, seat, partner, names)
    after = game.apply(state, action)
    reasons: list[Reason] = []

    def placed(st: Any, s: int) -> int:  # figures of seat s out of the kennel
        return sum(1 for p in st.figures[s] if p >= 0)

    sent_home = [
        s
        for s in range(cfg.seats)
        if placed(after, s) < placed(state, s) and s != seat and s != partner
    ]
    own_home = [s for s in (seat, partner) if s >= 0 and placed(after, s) < placed(state, s)]
    if sent_home:
        reasons.append((N_("sends {names} home"), {"names": [names[s] for s in sent_home]}))
    mover = state.turn
    colour = mover if any(p < length for p in state.figures[mover]) or partner < 0 else partner
    in_goal_before = sum(1 for p in state.figures[colour] if p >= length)
    in_goal_after = sum(1 for p in after.figures[colour] if p >= length)
    if in_goal_after > in_goal_before:
        reasons.append(
            (N_("enters the goal") if colour == seat else N_("brings your partner home"), {})
        )
    elif placed(after, colour) > placed(state, colour):
        reasons.append((N_("brings a figure out"), {}))
        stopped = dog_reasons.blocked(after, colour, {colour, partner} - {-1})
        if stopped:
            reasons.append((N_("blocks {names} on your start field"),
                            {"names": _named(stopped, names)}))
    start = geo.start[colour]
    if (
        start in state.figures[colour]
        and start not in after.figures[colour]
        and placed(after, colour) >= placed(state, colour)
    ):
        reasons.append((N_("frees your start field"), {}))
    if own_home:
        own, partners = seat in own_home, partner in own_home
        if reasons:
            template = (
                N_("but sends your own figure and your partner's figure home")
                if own and partners
                else N_("but sends your own figure home")
                if own
                else N_("but sends your partner's figure home")
            )
        else:
            template = (
                N_("sends your own figure and your partner's figure home")
                if own and partners
                else N_("sends your own figure home")
                if own
                else N_("sends your partner's figure home")
            )
        reasons.append((template, {}))
    reasons += _dog_partner(state, after, action, seat, colour, partner, names)
    reasons += _dog_reach(state, after, action, seat, colour, partner, names)
    kept = _dog_kept(state, action, seat)
    if kept:
        reasons.append((N_("keeps your {cards} for later"), {"cards": ",".join(kept)}))
    left = _dog_to_go(after, action, colour)
    main = any(template not in _DOG_SIDE_NOTES for template, _ in reasons)
    gained = sum(geo.progress(colour, p) for p in after.figures[colour]) - sum(
        geo.progress(colour, p) for p in state.figures[colour]
    )
    along = all(geo.is_track(a) and geo.is_track(b) for a, b in getattr(action, "segs", ()))
    if main and left is not None and gained > 0 and colour == seat and along:
        # tempo, as a side note: what tells two plays with the same main effect apart
        reasons.append(
            _counted(N_("moves {count} field ahead, {left} to go to the goal"),
                     N_("moves {count} fields ahead, {left} to go to the goal"), gained,
                     left=left)
        )
    if not main:
        if gained > 0 and colour != seat:  # all own figures home: the partner's move on
            reasons.append(
                _counted(N_("moves your partner's figure {count} field ahead"),
                         N_("moves your partner's figure {count} fields ahead"), gained)
            )
        elif gained > 0 and left is not None:
            # tempo: how far the moved figure still has to go
            reasons.append(
                _counted(N_("moves {count} field ahead, {left} to go to the goal"),
                         N_("moves {count} fields ahead, {left} to go to the goal"), gained,
                         left=left)
            )
        elif gained > 0:
            reasons.append(
                _counted(N_("moves {count} field ahead"), N_("moves {count} fields ahead"), gained)
            )
        elif gained < 0:
            reasons.append(
                _counted(
                    N_("goes {count} field back (towards the goal the short way)"),
                    N_("goes {count} fields back (towards the goal the short way)"),
                    -gained,
                )
            )
        else:
            reasons.append((N_("keeps the position"), {}))
        reasons.insert(0, reasons.pop())  # what the play does first, then the side notes
    return reasons


_DOG_SIDE_NOTES = frozenset(
    {
        N_("keeps your {cards} for later"),
        N_("gets the figure out of reach of {names} (it was {pct} % at risk)"),
        N_("leaves the figure within reach of {names}: {cards} ({pct} % that one is held)"),
        N_("moves {count} field ahead, {left} to go to the goal"),
        N_("moves {count} fields ahead, {left} to go to the goal"),
    }
)

#: DOG's action kind "give" (the exchange: a card face down to the partner)
_DOG_GIVE = 3


def _pct(chance: float) -> int:
    return max(1, round(100 * chance)) if chance > 0 else 0


def _dog_reach(
    state: Any, after: Any, action: Any, seat: int, colour: int, partner: int,
    names: Sequence[str],
) -> list[Reason]:
    """The moved figure's danger next turn: who can reach it, with which cards, and the
    chance (from this seat's view: games/dog/reasons.py) that they hold one — or the
    danger it escapes."""
    segs = getattr(action, "segs", ())
    if not segs or getattr(action, "as_card", None) is None:
        return []
    team = {colour, partner} - {-1}
    frm, to = segs[-1]
    if to not in after.figures[colour]:
        return []  # knocked home on the way or not a figure of the moving colour
    now = dog_reasons.threats(state, seat, after, colour, to, team)
    now = [t for t in now if t.chance > 0]
    before = dog_reasons.threats(state, seat, state, colour, frm, team) if frm >= 0 else []
    # a hunter sent home by this play is no longer a hunter (and that is said already)
    lost = {
        s
        for s in range(state.cfg.seats)
        if sum(p >= 0 for p in after.figures[s]) < sum(p >= 0 for p in state.figures[s])
    }
    before = [t for t in before if t.seat not in lost and t.chance > 0]
    if now:
        top = now[0]
        return [(N_("leaves the figure within reach of {names}: {cards} ({pct} % that one is "
                    "held)"),
                 {"names": _named([top.seat], names), "cards": _tokens(top.cards),
                  "pct": _pct(top.chance)})]
    if before:
        top = before[0]
        return [(N_("gets the figure out of reach of {names} (it was {pct} % at risk)"),
                 {"names": _named([top.seat], names), "pct": _pct(top.chance)})]
    return []


def _tokens(cards: Sequence[int]) -> str:
    from companion.games.dog.engine.cards import TOKEN

    return ",".join(TOKEN[c] for c in cards)


def _dog_partner(
    state: Any, after: Any, action: Any, seat: int, colour: int, partner: int,
    names: Sequence[str],
) -> list[Reason]:
    """Helping the partner: its figures moved on (a 7 split), or a danger to them removed."""
    if partner < 0 or colour == partner:
        return []
    geo = state.cfg.geo
    out: list[Reason] = []
    moved = sum(geo.progress(partner, p) for p in after.figures[partner]) - sum(
        geo.progress(partner, p) for p in state.figures[partner])
    if moved > 0:
        out.append(_counted(N_("moves your partner's figure {count} field ahead"),
                            N_("moves your partner's figure {count} fields ahead"), moved))
    team = {seat, partner}
    for p in after.figures[partner]:
        if p in state.figures[partner] and geo.is_track(p):
            before = [t for t in dog_reasons.threats(state, seat, state, partner, p, team)
                      if t.chance > 0]
            now = [t for t in dog_reasons.threats(state, seat, after, partner, p, team)
                   if t.chance > 0]
            if before and not now:
                out.append((N_("makes your partner's figure safe from {names}"),
                            {"names": _named([t.seat for t in before], names)}))
                break
    return out


def _dog_to_go(after: Any, action: Any, colour: int) -> int | None:
    """Tempo: fields the moved figure still has to go to its goal."""
    segs = getattr(action, "segs", ())
    if not segs or getattr(action, "as_card", None) is None:
        return None
    to = segs[-1][1]
    if to not in after.figures[colour]:
        return None
    return dog_reasons.to_go(after, colour, to)


def _dog_give(state: Any, action: Any, seat: int, partner: int,
              names: Sequence[str]) -> list[Reason]:
    """The exchange: what the given card does for the receiver, and what the hand keeps."""
    from companion.games.dog.engine.cards import JOKER, START_CARDS, TOKEN

    receiver = partner if partner >= 0 else (seat + 1) % state.cfg.seats
    card = getattr(action, "card", 0)
    waiting = any(p < 0 for p in state.figures[receiver])
    if partner >= 0 and waiting and (card in START_CARDS or card == JOKER):
        out: list[Reason] = [(N_("gives your partner the {card} to bring a figure out"),
                              {"card": TOKEN[card]})]
    elif partner >= 0:
        out = [(N_("gives your partner the {card}"), {"card": TOKEN[card]})]
    else:
        out = [(N_("gives {names} the {card}"),
                {"names": _named([receiver], names), "card": TOKEN[card]})]
    kept = _dog_kept(state, action, seat)
    if kept:
        out.append((N_("keeps your {cards} for later"), {"cards": ",".join(kept)}))
    return out


def _named(seats: list[int], names: Sequence[str]) -> list[str]:
    return [names[s] for s in seats]


def _dog_kept(state: Any, action: Any, seat: int) -> list[str]:
    """The 7, the joker and the 4 in the seat's hand that this play does not spend (the
    flexible cards: the 7 splits, the joker is any card, the 4 goes back to the goal the
    short way)."""
    from companion.games.dog.engine.cards import FOUR, JOKER, SEVEN, TOKEN

    hand = state.hands[seat] if seat < len(state.hands) else ()
    played = getattr(action, "card", None)
    if played is None:
        return []
    return [TOKEN[c] for c in (SEVEN, JOKER, FOUR) if hand.count(c) - (played == c) > 0]


def explain_lifeislife(
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


def explain_hit(
    game: Game, state: Any, action: Any, seat: int, names: Sequence[str]
) -> list[Reason]:
    """Hits, figures home, fields gained and coins: the play's outcome for the seat."""
    after = game.apply(state, action)
    before_togo, after_togo = game.steps_to_go(state), game.steps_to_go(after)
    reasons: list[Reason] = []
    hit = [s for s in range(len(names)) if s != seat and after_togo[s] > before_togo[s]]
    if hit:
        reasons.append((N_("hits {names}"), {"names": [names[s] for s in hit]}))
    home = game.score(after)["home"][seat] - game.score(state)["home"][seat]
    if home > 0:
        reasons.append((N_("brings a figure home"), {}))
    gained = before_togo[seat] - after_togo[seat]
    if gained > 0 and not home:
        reasons.append(
            _counted(N_("moves {count} field ahead"), N_("moves {count} fields ahead"), gained)
        )
    coins = after.coins[seat] - state.coins[seat]
    if coins > 0:
        reasons.append(_counted(N_("+{count} coin"), N_("+{count} coins"), coins))
    elif coins < 0 and getattr(action, "kind", None) == _HIT_BUY:
        # a bought card goes on top of the draw pile: it is in the next hand
        from companion.games.hit.engine.cards import TOKEN as HIT_TOKEN

        reasons.append(
            _counted(
                N_("spends {count} coin: {card} is in your hand next turn"),
                N_("spends {count} coins: {card} is in your hand next turn"),
                -coins,
                card=HIT_TOKEN[action.card],
            )
        )
    elif coins < 0:
        reasons.append(
            _counted(
                N_("spends {count} coin on a better deck"),
                N_("spends {count} coins on a better deck"),
                -coins,
            )
        )
    if after.winner == seat:
        reasons.insert(0, (N_("wins the game"), {}))
    return reasons or [(N_("keeps the position"), {})]


#: HIT's action kind "buy" (games/hit/engine/actions.py)
_HIT_BUY = 2

