"""DOG plays in words, as a person at the table says them: who (name and colour), which figure
by where it stands on the real board ("3 past Ben's start", "on Ann's start field", "in Ann's
goal, field 2", "in Cid's kennel"), the card, and what happened because of it ("sends Dan's
figure home", "burned by the 7", "reaches the goal"). Nobody at a real board says "T29".

Used by the entry's choices and confirm, the "All legal plays" list, the history
(``history_words``), the board's text alternative, the referee and the hints. Only describes:
which plays exist comes from the engine (``legal_actions``), and so does what a play knocks home
(the position after ``apply``)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from companion.engines.base import Game
from companion.games.dog.engine.actions import (
    DEAL,
    DISCARD,
    DRAW,
    FOLD,
    GIVE,
    HAND,
    PLAY,
    RESHUFFLE,
    DogAction,
)
from companion.games.dog.engine.board import kennel_seat
from companion.games.dog.engine.cards import FOUR, JOKER, SEVEN, SWAP, TOKEN, UNKNOWN
from companion.games.dog.engine.state import DogState
from companion.tables.presenters.colours import player
from companion.tables.presenters.euphony import euphony
from companion.tables.presenters.legal_plays import PlayWords


def card_name(code: int) -> str:
    if code == SWAP:
        return pgettext("DOG card", "swap card")
    if code == JOKER:
        return _("joker")
    if code == 1:
        return _("1 / 11")
    return TOKEN[code]


# --- where a figure stands ------------------------------------------------------------------


def _nearest_start(state: DogState, code: int) -> tuple[str, int, int]:
    """A track field by the seats' start fields: ("on", seat, 0), ("past", seat, n) or
    ("before", seat, n), whichever start is nearest (ties: past)."""
    geo = state.cfg.geo
    length = geo.length
    starts = list(enumerate(geo.start))
    seat_past, start_past = min(starts, key=lambda s: (code - s[1]) % length)
    past = (code - start_past) % length
    if past == 0:
        return "on", seat_past, 0
    seat_before, start_before = min(starts, key=lambda s: (s[1] - code) % length)
    before = (start_before - code) % length
    if before < past:
        return "before", seat_before, before
    return "past", seat_past, past


def field_name(state: DogState, code: int, names: Sequence[str]) -> str:
    """A place on the board without a preposition, as a move's end: "Ben's start field",
    "3 past Ben's start", "2 before Cat's start", "Ann's goal, field 2", "Cid's kennel"."""
    geo = state.cfg.geo
    if code < 0:
        return _("%(name)s's kennel") % {"name": names[kennel_seat(code)]}
    if geo.is_goal(code):
        return _("%(name)s's goal, field %(number)s") % {
            "name": names[geo.goal_owner(code)],
            "number": geo.goal_index(code) + 1,
        }
    where, seat, count = _nearest_start(state, code)
    values = {"name": names[seat], "count": count}
    if where == "on":
        return _("%(name)s's start field") % values
    if where == "before":
        return (
            ngettext(
                "%(count)s before %(name)s's start", "%(count)s before %(name)s's start", count
            )
            % values
        )
    return ngettext("%(count)s past %(name)s's start", "%(count)s past %(name)s's start", count) % (
        values
    )


def figure_place(state: DogState, code: int, names: Sequence[str]) -> str:
    """Where a figure stands, in words: "in Cid's kennel", "on Ben's start field",
    "3 past Ben's start", "2 before Cat's start", "in Ann's goal, field 2"."""
    geo = state.cfg.geo
    if code < 0:
        return _("in %(name)s's kennel") % {"name": names[kennel_seat(code)]}
    if geo.is_goal(code):
        return _("in %(name)s's goal, field %(number)s") % {
            "name": names[geo.goal_owner(code)],
            "number": geo.goal_index(code) + 1,
        }
    where, seat, _steps_away = _nearest_start(state, code)
    if where == "on":
        return _("on %(name)s's start field") % {"name": names[seat]}
    return field_name(state, code, names)


def token_place(state: DogState, seat: int, token: str, names: Sequence[str]) -> str:
    """A figure of ``seat`` as the position's JSON writes it ("T12", "G2", "K") in words."""
    geo = state.cfg.geo
    if token == "K":
        return figure_place(state, -1 - seat, names)
    if token.startswith("G"):
        return figure_place(state, geo.goal(seat, int(token[1:]) - 1), names)
    return figure_place(state, int(token[1:]), names)


# --- plays ----------------------------------------------------------------------------------


def _owner_at(state: DogState) -> dict[int, int]:
    """Track and goal field → the seat whose figure stands there."""
    return {code: seat for seat, codes in enumerate(state.figures) for code in codes if code >= 0}


def _figures(seat: int, count: int, names: Sequence[str]) -> str:
    return ngettext("%(name)s's figure", "%(count)s figures of %(name)s", count) % {
        "name": names[seat],
        "count": count,
    }


def _figure(state: DogState, owner: int, mover: int, names: Sequence[str]) -> str:
    if owner != mover and owner == state.cfg.partner[mover]:
        return _("partner %(name)s's figure") % {"name": names[owner]}
    return _figures(owner, 1, names)


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


def _moves(state: DogState, action: DogAction, names: Sequence[str]) -> list[str]:
    geo = state.cfg.geo
    mover = state.turn
    owner_at = _owner_at(state)
    parts: list[str] = []
    for frm, to in action.segs:
        if frm < 0:
            owner = kennel_seat(frm)
            parts.append(
                _("a figure of %(name)s out of the kennel onto %(field)s")
                % {"name": names[owner], "field": field_name(state, to, names)}
            )
            owner_at[to] = owner
            continue
        owner = owner_at.pop(frm, mover)
        owner_at[to] = owner
        values = {
            "figure": _figure(state, owner, mover, names),
            "from": field_name(state, frm, names),
            "to": field_name(state, to, names),
        }
        if action.as_card == FOUR and geo.is_track(to) and (frm - to) % geo.length == 4:
            parts.append(_("%(figure)s 4 back from %(from)s to %(to)s") % values)
        elif action.as_card == SEVEN:
            steps = _steps(state, frm, to)
            values["steps"] = steps
            parts.append(
                ngettext(
                    "%(figure)s %(steps)s step from %(from)s to %(to)s",
                    "%(figure)s %(steps)s steps from %(from)s to %(to)s",
                    steps,
                )
                % values
            )
        else:
            parts.append(_("%(figure)s from %(from)s to %(to)s") % values)
    return parts


def _swap(state: DogState, action: DogAction, names: Sequence[str]) -> str:
    if not action.segs:
        return _("without effect (no swap is possible)")
    own, other = action.segs[0]
    owner_at = _owner_at(state)
    mover = state.turn
    return _("%(own)s at %(own_place)s swaps with %(other)s at %(other_place)s") % {
        "own": _figure(state, owner_at.get(own, mover), mover, names),
        "own_place": field_name(state, own, names),
        "other": _figure(state, owner_at.get(other, mover), mover, names),
        "other_place": field_name(state, other, names),
    }


def _consequences(game: Game, state: DogState, action: DogAction, names: Sequence[str]) -> list:
    """What happened because of the play, from the engine's position after it: figures sent
    home (landed on) or burned (passed by a 7), figures that reached the goal."""
    try:
        after = game.apply(state, action)
    except Exception:  # a play the view cannot replay: described without its consequences
        return []
    geo = state.cfg.geo
    landed = {to for _frm, to in action.segs}
    sent, burned = [], []
    for seat, (before, now) in enumerate(zip(state.figures, after.figures, strict=True)):
        home = sum(1 for c in now if c < 0) - sum(1 for c in before if c < 0)
        if home <= 0:
            continue
        gone = [c for c in before if c >= 0 and c not in now]
        if action.as_card == SEVEN:
            hit = sum(1 for c in gone if c in landed)
            if hit:
                sent.append(_figures(seat, hit, names))
            if home - hit > 0:
                burned.append(_figures(seat, home - hit, names))
        else:
            sent.append(_figures(seat, home, names))
    parts = []
    if sent:
        parts.append(_("sends home %(figures)s") % {"figures": _(", ").join(sent)})
    if burned:
        parts.append(_("burns %(figures)s (passed by the 7)") % {"figures": _(", ").join(burned)})
    for seat, (before, now) in enumerate(zip(state.figures, after.figures, strict=True)):
        arrived = sum(1 for c in now if geo.is_goal(c)) - sum(1 for c in before if geo.is_goal(c))
        if arrived > 0 and action.as_card != SWAP:
            parts.append(
                ngettext("%(figures)s reaches the goal", "%(figures)s reach the goal", arrived)
                % {"figures": _figures(seat, arrived, names)}
            )
    return parts


def _card_words(action: DogAction) -> tuple[str, str, str]:
    """(group key, group title, the card as a sentence names it)."""
    if action.card == JOKER:
        key = f"joker={TOKEN[action.as_card]}"
        title = _("Joker as %(card)s") % {"card": card_name(action.as_card)}
        return key, title, _("the joker as %(card)s") % {"card": card_name(action.as_card)}
    title = card_name(action.card)
    if action.card == SWAP:
        return TOKEN[action.card], title, _("the swap card")
    return TOKEN[action.card], title, title


def play_words(game: Game, state: DogState, action: DogAction, names: Sequence[str]) -> str:
    """What a play does, without who plays it or the card: "Ann's figure from 3 past Ben's
    start to 8 past Ben's start; sends home Dan's figure"."""
    if action.as_card == SWAP:
        what = _swap(state, action, names)
    else:
        what = _(", ").join(_moves(state, action, names))
    more = _consequences(game, state, action, names) if action.segs else []
    return _("; ").join([what, *more])  # French: " ; "


def describe(game: Game, state: DogState, action: DogAction, names: list[str]) -> PlayWords:
    """One legal play in words ("Play 5: Ann's figure …"), with the group (the card, or the
    joker as a card) it is listed under."""
    kind = action.kind
    if kind == FOLD:
        return PlayWords("fold", _("Nothing playable"), _("Fold: lay down the whole hand"))
    if kind == DISCARD:
        card = _("an unnamed card") if action.card == UNKNOWN else card_name(action.card)
        label = _("Discard %(card)s (no card can be played)") % {"card": card}
        return PlayWords("discard", _("Nothing playable"), label)
    if kind == GIVE:
        receiver = names[state.cfg.receiver[actor_seat(state, action)]]
        if action.card == UNKNOWN:
            label = _("Give a card to %(name)s (without naming it)") % {"name": receiver}
        else:
            label = _("Give %(card)s to %(name)s") % {
                "card": card_name(action.card),
                "name": receiver,
            }
        return PlayWords("give", _("Give a card"), label)
    if kind != PLAY:
        return PlayWords("other", _("Other"), describe_action(game, state, action, names))
    key, title, card = _card_words(action)
    what = play_words(game, state, action, names)
    return PlayWords(key, title, _("Play %(card)s: %(moves)s") % {"card": card, "moves": what})


def _cards(codes: Sequence[int]) -> str:
    return _(", ").join(card_name(c) for c in codes)


def describe_action(
    game: Game,
    state: DogState,
    action: DogAction,
    names: Sequence[str],
    colours: Sequence[str] | None = None,
) -> str:
    """Any DOG action as one sentence naming the player (and colour): "Ann (red) plays 5:
    Ann's figure from 3 past Ben's start to 8 past Ben's start; sends home Dan's figure." The state
    is the position before the action (what the engine's ``apply`` takes)."""
    return _("%(player)s %(does)s.") % {
        "player": subject(state, action, names, colours),
        "does": action_words(game, state, action, names, visible=True),
    }


def subject(
    state: DogState, action: DogAction, names: Sequence[str], colours: Sequence[str] | None
) -> str:
    """Who the action is of: the seat to move, the seat of a hand entry, or the table."""
    seat = actor_seat(state, action)
    return _("The table") if seat is None else player(names, colours, seat)


#: the kinds of action that the summary counts as a seat's play (its own decisions; not the
#: table's reports, hand entries or the market)
PLAY_KINDS = frozenset((PLAY, FOLD, DISCARD, GIVE))


def actor_seat(state: DogState, action: DogAction) -> int | None:
    """The seat whose action it is (a hand entry: its seat), None for the table's reports."""
    if action.kind == HAND:
        return action.seat
    if action.kind in (DEAL, RESHUFFLE):
        return None
    if action.kind == GIVE and action.seat >= 0:  # the exchange: everyone gives at once
        return action.seat
    return state.turn


def action_words(
    game: Game, state: DogState, action: DogAction, names: Sequence[str], visible: bool
) -> str:
    """The predicate of an action's sentence ("plays 5: …", "gives a card to Cid"); without
    ``visible`` (a private event read by the others) no hidden card is named."""
    kind = action.kind
    if kind == PLAY:
        _key, _title, card = _card_words(action)
        return _("plays %(card)s: %(moves)s") % {
            "card": card,
            "moves": play_words(game, state, action, names),
        }
    if kind == GIVE:
        receiver = names[state.cfg.receiver[actor_seat(state, action)]]
        if visible and action.card != UNKNOWN:
            return _("gives %(card)s face down to %(name)s") % {
                "card": card_name(action.card),
                "name": receiver,
            }
        return _("gives a card face down to %(name)s") % {"name": receiver}
    if kind == FOLD:
        shown = action.cards[0] if action.cards else ()
        if visible and shown and UNKNOWN not in shown:
            return _("cannot play and folds: %(cards)s") % {"cards": _cards(shown)}
        return _("cannot play and folds")
    if kind == DISCARD:
        if visible and action.card != UNKNOWN:
            return _("cannot play and discards %(card)s") % {"card": card_name(action.card)}
        return _("cannot play and discards a card")
    if kind == DRAW:
        if visible and action.card:
            return _("draws %(card)s") % {"card": card_name(action.card)}
        return _("draws a card")
    if kind == DEAL:
        return _("deals the cards (round %(round)s)") % {"round": state.round + 1}
    if kind == RESHUFFLE:
        return _("shuffles the discard pile into a new stock")
    if kind == HAND:
        cards = action.cards[0] if action.cards else ()
        if visible:
            return _("enters the hand: %(cards)s") % {"cards": _cards(cards)}
        return ngettext(
            "enters the hand (%(count)s card)", "enters the hand (%(count)s cards)", len(cards)
        ) % {"count": len(cards)}
    return _("makes a move")


def token_field(state: DogState, token: str, names: Sequence[str]) -> str:
    """A field as the notation writes it (T12, G2, G1@2, K@1; colours relative to the seat to
    move) in words: "3 past Ben's start", "Ann's goal, field 2"."""
    from companion.games.dog.engine.notation import parse_position

    code, _explicit = parse_position(state.cfg, token.strip(), state.turn)
    return field_name(state, code, names)


def example_words(game: Game, state: DogState, text: str, names: Sequence[str]) -> str:
    """A play in notation ("5 T12-T17") as a referee's example names it: "5 (Ann's figure from
    … to …)"."""
    action = game.parse_action(state, text)
    if action.kind != PLAY:
        return describe(game, state, action, list(names)).label
    _key, _title, card = _card_words(action)
    return _("%(card)s (%(moves)s)") % {
        "card": card,
        "moves": play_words(game, state, action, names),
    }


def _mended(function: Callable[..., Any]) -> Callable[..., Any]:
    """A function of this module whose words are mended before a name that begins with a vowel
    (French "le pion d'Ann", Italian "ad Ann"): the same sentence wherever it is read."""

    @functools.wraps(function)
    def said(*args: Any, **kwargs: Any) -> Any:
        words = function(*args, **kwargs)
        if isinstance(words, PlayWords):
            return words._replace(title=euphony(words.title), label=euphony(words.label))
        return euphony(words)

    return said


field_name = _mended(field_name)
figure_place = _mended(figure_place)
token_place = _mended(token_place)
play_words = _mended(play_words)
describe = _mended(describe)
describe_action = _mended(describe_action)
action_words = _mended(action_words)
token_field = _mended(token_field)
example_words = _mended(example_words)
