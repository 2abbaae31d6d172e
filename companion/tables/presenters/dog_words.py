"""DOG plays in words, for screen readers and the "All legal plays" list: "Play 7: 4 steps with
the figure at field 12 to field 16, 3 steps with the figure at field 30 to field 33".

Only describes: which plays exist comes from the engine (``legal_actions``), and so does what a
play knocks home (the position after ``apply``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.engines.base import Game
from companion.engines.dog.actions import DISCARD, FOLD, GIVE, PLAY, DogAction
from companion.engines.dog.board import kennel_seat
from companion.engines.dog.cards import FOUR, JOKER, SEVEN, SWAP, TOKEN, UNKNOWN
from companion.engines.dog.state import DogState

from .legal_plays import PlayWords


def card_name(code: int) -> str:
    if code == SWAP:
        return _("swap")
    if code == JOKER:
        return _("joker")
    if code == 1:
        return _("1 / 11")
    return TOKEN[code]


def _owner_at(state: DogState) -> dict[int, int]:
    """Track and goal field → the seat whose figure stands there."""
    return {code: seat for seat, codes in enumerate(state.figures) for code in codes if code >= 0}


def _field(state: DogState, code: int, mover: int, names: list[str]) -> str:
    geo = state.cfg.geo
    if geo.is_track(code):
        return _("field %(number)s") % {"number": code}
    owner = geo.goal_owner(code)
    number = geo.goal_index(code) + 1
    if owner == mover:
        return _("goal field %(number)s") % {"number": number}
    return _("%(name)s's goal field %(number)s") % {"name": names[owner], "number": number}


def _figure(owner: int, mover: int, names: list[str]) -> str:
    if owner == mover:
        return _("the figure")
    # The same msgid is the singular of a plural entry below: gettext alone would not find it.
    return ngettext("%(name)s's figure", "%(count)s figures of %(name)s", 1) % {
        "name": names[owner],
        "count": 1,
    }


def _steps(state: DogState, frm: int, to: int) -> int:
    """How many fields a figure moves forwards from ``frm`` to ``to`` (track or goal)."""
    geo = state.cfg.geo
    if geo.is_track(to):
        return (to - frm) % geo.length
    index = geo.goal_index(to)
    if geo.is_goal(frm):
        return index - geo.goal_index(frm)
    start = geo.start[geo.goal_owner(to)]
    return (start - frm) % geo.length + index + 1


def _moves(state: DogState, action: DogAction, mover: int, names: list[str]) -> list[str]:
    geo = state.cfg.geo
    owner_at = _owner_at(state)
    parts: list[str] = []
    for frm, to in action.segs:
        if frm < 0:
            owner = kennel_seat(frm)
            where = _field(state, to, mover, names)
            if owner == mover:
                parts.append(
                    _("bring a figure out onto its start field, %(field)s") % {"field": where}
                )
            else:
                parts.append(
                    _("bring out a figure of %(name)s onto its start field, %(field)s")
                    % {"name": names[owner], "field": where}
                )
            owner_at[to] = owner
            continue
        owner = owner_at.pop(frm, mover)
        owner_at[to] = owner
        values = {
            "figure": _figure(owner, mover, names),
            "from": _field(state, frm, mover, names),
            "to": _field(state, to, mover, names),
        }
        if action.as_card == FOUR and geo.is_track(to) and (frm - to) % geo.length == 4:
            parts.append(_("%(figure)s at %(from)s 4 steps back to %(to)s") % values)
        elif action.as_card == SEVEN:
            steps = _steps(state, frm, to)
            values["steps"] = steps
            parts.append(
                ngettext(
                    "%(steps)s step with %(figure)s at %(from)s to %(to)s",
                    "%(steps)s steps with %(figure)s at %(from)s to %(to)s",
                    steps,
                )
                % values
            )
        else:
            parts.append(_("%(figure)s at %(from)s to %(to)s") % values)
    return parts


def _swap(state: DogState, action: DogAction, mover: int, names: list[str]) -> str:
    if not action.segs:
        return _("without effect (no swap is possible)")
    own, other = action.segs[0]
    owner_at = _owner_at(state)
    return _("swap your figure at %(own)s with %(figure)s at %(other)s") % {
        "own": _field(state, own, mover, names),
        "figure": _figure(owner_at.get(other, mover), mover, names),
        "other": _field(state, other, mover, names),
    }


def _knocked(game: Game, state: DogState, action: DogAction, names: list[str]) -> str:
    """ "sends Ben's figure home", from the engine's position after the play."""
    try:
        after = game.apply(state, action)
    except Exception:  # a play the view cannot replay (it is still offered, without the note)
        return ""
    sent = []
    for seat, (before, now) in enumerate(zip(state.figures, after.figures, strict=True)):
        count = sum(1 for c in now if c < 0) - sum(1 for c in before if c < 0)
        if count > 0:
            sent.append(
                ngettext("%(name)s's figure", "%(count)s figures of %(name)s", count)
                % {"count": count, "name": names[seat]}
            )
    if not sent:
        return ""
    return _("sends home %(figures)s") % {"figures": _(", ").join(sent)}


def describe(game: Game, state: DogState, action: DogAction, names: list[str]) -> PlayWords:
    """One legal play in words, with the group (the card, or the joker as a card) it is listed
    under."""
    mover = state.turn
    kind = action.kind
    if kind == FOLD:
        return PlayWords("fold", _("Nothing playable"), _("Fold: lay down the whole hand"))
    if kind == DISCARD:
        card = _("an unnamed card") if action.card == UNKNOWN else card_name(action.card)
        label = _("Discard %(card)s (no card can be played)") % {"card": card}
        return PlayWords("discard", _("Nothing playable"), label)
    if kind == GIVE:
        receiver = names[state.cfg.receiver[mover]]
        if action.card == UNKNOWN:
            label = _("Give a card to %(name)s (without naming it)") % {"name": receiver}
        else:
            label = _("Give %(card)s to %(name)s") % {
                "card": card_name(action.card),
                "name": receiver,
            }
        return PlayWords("give", _("Give a card"), label)
    if kind != PLAY:
        return PlayWords("other", _("Other"), game.format_action(state, action))
    if action.card == JOKER:
        key = f"joker={TOKEN[action.as_card]}"
        title = _("Joker as %(card)s") % {"card": card_name(action.as_card)}
        card = _("the joker as %(card)s") % {"card": card_name(action.as_card)}
    else:
        key = TOKEN[action.card]
        title = card = card_name(action.card)
    if action.as_card == SWAP:
        what = _swap(state, action, mover, names)
    else:
        what = _(", ").join(_moves(state, action, mover, names))
    knocked = _knocked(game, state, action, names) if action.segs else ""
    if knocked:
        what = _("%(moves)s; %(knocked)s") % {"moves": what, "knocked": knocked}
    return PlayWords(key, title, _("Play %(card)s: %(moves)s") % {"card": card, "moves": what})
