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

from collections.abc import Sequence
from typing import Any

from companion.engines.base import Game, render
from companion.engines.i18n import N_

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
    explainer = EXPLAINERS.get(game.name)
    if explainer is None:
        return []
    return explainer(game, state, action, seat, names)


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
    after = game.apply(state, action)
    cfg = state.cfg
    geo = cfg.geo
    length = geo.length
    partner = cfg.partner[seat] if cfg.teams_mode else -1
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
    reasons += _dog_reach(state, after, action, colour, partner, names)
    kept = _dog_kept(state, action, seat)
    if kept is not None:
        reasons.append((N_("keeps your {card} for later"), {"card": kept}))
    if not any(template not in _DOG_SIDE_NOTES for template, _ in reasons):
        gained = sum(geo.progress(colour, p) for p in after.figures[colour]) - sum(
            geo.progress(colour, p) for p in state.figures[colour]
        )
        if gained > 0:
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
        N_("keeps your {card} for later"),
        N_("gets the figure out of reach of {names}"),
        N_("leaves the figure within reach of {names}"),
    }
)
#: an opponent's figure this many fields behind (or, with the 4, ahead) can reach a figure
DOG_REACH_BEHIND = range(1, 14)
DOG_REACH_AHEAD = 4


def _dog_hunters(state: Any, code: int, team: set[int]) -> list[int]:
    """The seats outside ``team`` with a figure on the track that one card can bring onto
    the track field ``code`` (1 to 13 fields behind it, or 4 ahead with the 4)."""
    geo = state.cfg.geo
    if not geo.is_track(code):
        return []
    length = geo.length
    return [
        s
        for s in range(state.cfg.seats)
        if s not in team
        and any(
            geo.is_track(p)
            and ((code - p) % length in DOG_REACH_BEHIND or (p - code) % length == DOG_REACH_AHEAD)
            for p in state.figures[s]
        )
    ]


def _dog_reach(
    state: Any, after: Any, action: Any, colour: int, partner: int, names: Sequence[str]
) -> list[Reason]:
    """Whether the moved figure ends within an opponent's reach, or escapes it."""
    segs = getattr(action, "segs", ())
    if not segs or getattr(action, "as_card", None) is None:
        return []
    team = {colour, partner} - {-1}
    frm, to = segs[-1]
    if to not in after.figures[colour]:
        return []  # knocked home on the way or not a figure of the moving colour
    now = _dog_hunters(after, to, team)
    before = _dog_hunters(state, frm, team) if frm >= 0 else []
    # a hunter sent home by this play is no longer a hunter (and that is said already)
    lost = {
        s
        for s in range(state.cfg.seats)
        if sum(p >= 0 for p in after.figures[s]) < sum(p >= 0 for p in state.figures[s])
    }
    before = [s for s in before if s not in lost]
    if now:
        return [(N_("leaves the figure within reach of {names}"), {"names": _named(now, names)})]
    if before:
        return [(N_("gets the figure out of reach of {names}"), {"names": _named(before, names)})]
    return []


def _named(seats: list[int], names: Sequence[str]) -> list[str]:
    return [names[s] for s in seats]


def _dog_kept(state: Any, action: Any, seat: int) -> str | None:
    """The 7 or the joker in the seat's hand that this play does not spend (they are the
    flexible cards: the 7 splits, the joker is any card)."""
    from companion.engines.dog.cards import JOKER, SEVEN, TOKEN

    hand = state.hands[seat] if seat < len(state.hands) else ()
    played = getattr(action, "card", None)
    for card in (SEVEN, JOKER):
        if card in hand and played != card and played is not None:
            return TOKEN[card]
    return None


def explain_lifeislife(
    game: Game, state: Any, action: Any, seat: int, names: Sequence[str]
) -> list[Reason]:
    """What the swap takes and gives, what a knock means, and the majorities it would hold
    (counted on the seat's own hand only: the others' hands are not known)."""
    from companion.engines.lifeislife.actions import KNOCK, SWAP
    from companion.engines.lifeislife.cards import KINDS, TOKEN

    if action.kind == KNOCK:
        if state.knocked_by >= 0:
            return [(N_("keeps your cards"), {})]
        return [(N_("ends the round: everyone else gets one more turn"), {})]
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
    return reasons


def _lil_value(state: Any, seat: int) -> int | None:
    """The points of the majorities the seat's hand is sure of (more than half the copies of
    an animal: nobody can hold as many), counted on its own hand: the others' hands are not
    known to it."""
    from companion.engines.lifeislife.cards import DECK, KINDS, VALUE

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


EXPLAINERS = {"dog": explain_dog, "lifeislife": explain_lifeislife, "hit": explain_hit}
