"""DOG's one-line reasons for a suggested play (the advisor's `explain`, issue #40: the game's
own knowledge in its folder): what the play does, the moved figure's danger, the partner, the
exchange and the cards the play keeps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.advisor.explain import Reason, counted, named, pct
from companion.engines.base import Game
from companion.engines.i18n import N_

from . import reasons as dog_reasons


def explain(
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
                            {"names": named(stopped, names)}))
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
            counted(N_("moves {count} field ahead, {left} to go to the goal"),
                     N_("moves {count} fields ahead, {left} to go to the goal"), gained,
                     left=left)
        )
    if not main:
        if gained > 0 and colour != seat:  # all own figures home: the partner's move on
            reasons.append(
                counted(N_("moves your partner's figure {count} field ahead"),
                         N_("moves your partner's figure {count} fields ahead"), gained)
            )
        elif gained > 0 and left is not None:
            # tempo: how far the moved figure still has to go
            reasons.append(
                counted(N_("moves {count} field ahead, {left} to go to the goal"),
                         N_("moves {count} fields ahead, {left} to go to the goal"), gained,
                         left=left)
            )
        elif gained > 0:
            reasons.append(
                counted(N_("moves {count} field ahead"), N_("moves {count} fields ahead"), gained)
            )
        elif gained < 0:
            reasons.append(
                counted(
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
                 {"names": named([top.seat], names), "cards": _tokens(top.cards),
                  "pct": pct(top.chance)})]
    if before:
        top = before[0]
        return [(N_("gets the figure out of reach of {names} (it was {pct} % at risk)"),
                 {"names": named([top.seat], names), "pct": pct(top.chance)})]
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
        out.append(counted(N_("moves your partner's figure {count} field ahead"),
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
                            {"names": named([t.seat for t in before], names)}))
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
                {"names": named([receiver], names), "card": TOKEN[card]})]
    kept = _dog_kept(state, action, seat)
    if kept:
        out.append((N_("keeps your {cards} for later"), {"cards": ",".join(kept)}))
    starters = _dog_kept_starters(state, action, seat)
    if starters:
        out.append((N_("keeps your {cards} to bring your own figure out"),
                    {"cards": ",".join(starters)}))
    return out


def _dog_kept_starters(state: Any, action: Any, seat: int) -> list[str]:
    """The cards that bring a figure out (1, 13) the hand keeps after a gift, while a figure
    of the seat's own waits in its kennel: a gift is judged by what it keeps too."""
    from companion.games.dog.engine.cards import START_CARDS, TOKEN

    if not any(p < 0 for p in state.figures[seat]):
        return []
    hand = list(state.hands[seat]) if seat < len(state.hands) else []
    given = getattr(action, "card", None)
    if given in hand:
        hand.remove(given)
    return sorted({TOKEN[c] for c in hand if c in START_CARDS})


#: the coach's words after its review of a gift in the exchange (``coach/reviews.py``): why a
#: gift's value is what it is, and what the percentage counts
GIFT_NOTE = N_(
    "A gift is judged by what your partner can do with it and by what your hand keeps: over "
    "%(games)s games the coach played on from here, your team won about %(pct)s more often "
    "with the better gift."
)


def review_note(state: Any, action: Any) -> str | None:
    """The coach's note on reviewing ``action`` (a gift in the exchange: ``GIFT_NOTE``)."""
    return GIFT_NOTE if getattr(action, "kind", None) == _DOG_GIVE else None




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
