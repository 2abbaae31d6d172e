"""HIT decisions in words, for screen readers and the "All legal plays" list: "Play Start 3:
the figure from blue's start field to 3 fields past blue's start field; hits Ben's figure",
"Buy Hunt for 6 coins". Places are said by the board's landmarks (``places``), never by a
number: the real board numbers none of its fields.

Only describes: the plays come from the engine (``legal_actions``), and so does what a play
hits (the position after ``apply``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext

from companion.engines.base import Game
from companion.games.hit.engine.actions import BUY, DISCARD, END, PLAY, SHUFFLE, HitAction
from companion.games.hit.engine.board import WAIT
from companion.games.hit.engine.cards import TOKEN
from companion.games.hit.engine.state import HitState
from companion.tables.presenters.legal_plays import PlayWords

from .names import card_label, table_cards
from .places import goal_place, token_place


def field_words(name: str, state: HitState | None = None) -> str:
    """The mover's field as written in the notation ("T20", "G2", "W") in words, by the
    board's landmarks ("3 fields past blue's start field", "the second goal field", "a
    waiting field"); without the position, which board it is on is unknown: "a track field"."""
    if state is not None:
        return token_place(state, name)
    if name.startswith("T") and name[1:].isdigit():
        return _("a track field")
    if name.startswith("G") and name[1:].isdigit():
        return goal_place(int(name[1:]) - 1)
    return _("a waiting field")


def _moves(state: HitState, text: str) -> list[str]:
    parts = []
    for segment in text.split()[1:]:
        frm, _sep, to = segment.partition("-")
        if frm == "W":
            parts.append(_("a figure comes out onto %(to)s") % {"to": token_place(state, to)})
        else:
            parts.append(
                _("the figure from %(from)s to %(to)s")
                % {"from": token_place(state, frm), "to": token_place(state, to)}
            )
    return parts


def _hits(game: Game, state: HitState, action: HitAction, names: list[str]) -> str:
    """ "hits Ben's figure", from the engine's position after the play."""
    try:
        after = game.apply(state, action)
    except Exception:  # a play the view cannot replay is still offered, without the note
        return ""
    hit = []
    for seat, (before, now) in enumerate(zip(state.figures, after.figures, strict=True)):
        count = now.count(WAIT) - before.count(WAIT)
        if count > 0 and seat != state.turn:
            hit.append(
                npgettext("HIT", "%(name)s's figure", "%(count)s figures of %(name)s", count)
                % {"name": names[seat], "count": count}
            )
    return _("hits %(figures)s") % {"figures": _(", ").join(hit)} if hit else ""


def _play_what(game: Game, state: HitState, action: HitAction, names: list[str]) -> str:
    """What playing a card does: the coins it gives, or the figures it moves and hits."""
    text = game.format_action(state, action)
    token = TOKEN[action.card]
    if not action.moves:
        coins = table_cards(state)[token]["coins"]
        if len(text.split()) == 1:
            return _("take %(coins)s coins") % {"coins": coins}
        if coins:
            return ngettext(
                "lay it down unused (+%(coins)s coin)",
                "lay it down unused (+%(coins)s coins)",
                coins,
            ) % {"coins": coins}
        return _("lay it down unused")
    what = _(", ").join(_moves(state, text))
    hits = _hits(game, state, action, names)
    if hits:
        what = _("%(moves)s; %(hits)s") % {"moves": what, "hits": hits}
    return what


def describe(game: Game, state: HitState, action: HitAction, names: list[str]) -> PlayWords:
    """One legal decision of the seat to move in words, with its group (the card played, laying
    down two, buying, the reshuffle)."""
    text = game.format_action(state, action)
    if action.kind == PLAY:
        token = TOKEN[action.card]
        card = card_label(token)
        what = _play_what(game, state, action, names)
        return PlayWords(token, card, _("Play %(card)s: %(what)s") % {"card": card, "what": what})
    if action.kind == DISCARD:
        under, top = (card_label(TOKEN[c]) for c in action.cards)
        return PlayWords(
            "discard",
            _("Lay down 2 to bring a figure out"),
            _("Lay down %(under)s, then %(top)s on top: a figure comes out")
            % {"under": under, "top": top},
        )
    if action.kind == BUY:
        token = TOKEN[action.card]
        cost = table_cards(state)[token]["cost"]
        return PlayWords(
            "buy",
            _("Buy"),
            _("Buy %(card)s for %(cost)s coins") % {"card": card_label(token), "cost": cost},
        )
    if action.kind == END:
        return PlayWords("buy", _("Buy"), _("Done buying: end the turn"))
    if action.kind == SHUFFLE:
        label = (
            _("Shuffle the discard pile, keeping the shield card on it")
            if action.keep
            else _("Shuffle the whole discard pile, the shield card too")
        )
        return PlayWords("shuffle", _("Shuffle the discard pile"), label)
    # the table's reports (a draw, the market) and hand entries: a sentence, never notation
    del text
    return PlayWords("other", _("Other"), whole_line(game, state, action, names))


def whole_line(game: Game, state: HitState, action: HitAction, names: list[str]) -> str:
    """An action as a sentence with its subject, as its author reads it ("Ben draws Start 6,
    Start 1–5", "The table lays out the market: 8, To start, …")."""
    who = actor_seat(state, action)
    subject = names[who] if who is not None and 0 <= who < len(names) else _("The table")
    return _("%(who)s %(what)s") % {
        "who": subject,
        "what": action_words(game, state, action, names, visible=True),
    }


# --- the history: any action said as what its seat did ("buys Hunt for 6 coins") ------------


#: the kinds of action that the summary counts as a seat's play (its own decisions; not the
#: table's reports, hand entries or the market)
PLAY_KINDS = frozenset((PLAY, DISCARD))


def actor_seat(state: HitState, action: HitAction) -> int | None:
    """Whose action it is (a hand entry: its seat), None for the table's market report."""
    from companion.games.hit.engine.actions import HAND, MARKET

    if action.kind == HAND:
        return action.seat
    if action.kind == MARKET:
        return None
    return state.turn


def _cards(codes: tuple[int, ...]) -> str:
    return _(", ").join(card_label(TOKEN[c]) for c in codes)


def action_words(
    game: Game, state: HitState, action: HitAction, names: list[str], visible: bool
) -> str:
    """The predicate of an action's history line ("plays Start 3: …", "buys Hunt for 6 coins",
    "draws 2 cards"); without ``visible`` (a private entry read by the others) no card it
    keeps hidden is named."""
    from companion.games.hit.engine.actions import DRAW, HAND, MARKET

    kind = action.kind
    if kind == PLAY:
        what = _play_what(game, state, action, names)
        return _("plays %(card)s: %(moves)s") % {
            "card": card_label(TOKEN[action.card]),
            "moves": what,
        }
    if kind == DISCARD:
        under, top = (card_label(TOKEN[c]) for c in action.cards)
        return _("lays down %(under)s, then %(top)s on top: a figure comes out") % {
            "under": under,
            "top": top,
        }
    if kind == BUY:
        token = TOKEN[action.card]
        return _("buys %(card)s for %(cost)s coins") % {
            "card": card_label(token),
            "cost": table_cards(state)[token]["cost"],
        }
    if kind == END:
        return _("ends the turn")
    if kind == SHUFFLE:
        from companion.games.hit.engine.state import protected

        if action.keep:
            return _("shuffles the discard pile, keeping the shield card on it")
        if not protected(state, state.turn):  # no shield card on top: nothing to keep
            return _("shuffles the discard pile")
        return _("shuffles the whole discard pile, the shield card too")
    if kind == DRAW:
        named = [c for c in action.cards if c]
        if visible and named and len(named) == len(action.cards):
            return _("draws %(cards)s") % {"cards": _cards(action.cards)}
        count = len(action.cards)
        if count == 0:  # only the cards bought, lying known on top of the pile
            return _("draws the cards bought")
        return ngettext("draws %(count)s card", "draws %(count)s cards", count) % {"count": count}
    if kind == MARKET:
        return _("lays out the market: %(cards)s") % {"cards": _cards(action.cards)}
    if kind == HAND:
        if visible:
            return _("enters the hand: %(cards)s") % {"cards": _cards(action.cards)}
        count = len(action.cards)
        return ngettext(
            "enters the hand (%(count)s card)", "enters the hand (%(count)s cards)", count
        ) % {"count": count}
    return _("makes a move")


# --- referee messages: fields and example plays in words (presenters/localize.py) -----------


def token_field(state: HitState, token: str, names: list[str]) -> str:
    """A field of a referee message ("T3") in words ("3 fields past blue's start field")."""
    del names
    return token_place(state, token)


def example_words(game: Game, state: HitState, example: str, names: list[str]) -> str:
    """An example play of a referee message ("s3 T0-T3") in words."""
    return str(describe(game, state, game.parse_action(state, example), names).label)
