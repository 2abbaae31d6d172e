"""Life is Life decisions in words, for screen readers and the "All legal plays" list: "Take
row 3, laying down bear, mole, pig", "Knock: announce the last turn"."""

from __future__ import annotations

from django.utils.translation import gettext as _

from companion.engines.base import Game
from companion.games.lifeislife.engine.actions import KNOCK, SWAP, LifeAction
from companion.games.lifeislife.engine.state import LifeState
from companion.tables.presenters.legal_plays import PlayWords

from .names import animal_name


def describe(game: Game, state: LifeState, action: LifeAction, names: list[str]) -> PlayWords:
    """One legal decision of the seat to move in words, grouped by the row it takes."""
    text = game.format_action(state, action)
    if action.kind == SWAP:
        # "swap 3: bear,mole,pig sudden pig" → the cards and the sudden-death animal
        cards, _sep, sudden = text.partition(":")[2].strip().partition(" sudden ")
        named = ", ".join(animal_name(c) for c in cards.split(","))
        sudden = animal_name(sudden) if sudden else ""
        values = {"row": action.row, "cards": named, "sudden": sudden}
        label = _("Take row %(row)s, laying down %(cards)s") % values
        if sudden:
            label = _("%(swap)s, and call sudden death with the %(sudden)s") % {
                "swap": label,
                "sudden": sudden,
            }
        title = _("Row %(row)s") % values
        return PlayWords(f"row {action.row}", title, label)
    if action.kind == KNOCK:
        if state.knocked_by >= 0:
            label = _("Keep your cards this last turn")
        else:
            label = _("Knock: announce the last turn")
        return PlayWords("knock", _("Knock"), label)
    # the deal and hand entries: a sentence, never notation ("The table deals the cards …")
    del text
    seat = getattr(action, "seat", None)
    subject = (
        names[seat]
        if action.kind != SWAP and isinstance(seat, int) and 0 <= seat < len(names)
        else _("The table")
    )
    return PlayWords(
        "other",
        _("Other"),
        _("%(who)s %(what)s")
        % {"who": subject, "what": action_words(game, state, action, names, visible=True)},
    )


# --- the history: any action said as what its seat did ("takes row 3, laying down …") -------


#: the kinds of action that the summary counts as a seat's play (its own decisions; not the
#: table's reports, hand entries or the market)
PLAY_KINDS = frozenset((SWAP, KNOCK))


def actor_seat(state: LifeState, action: LifeAction) -> int | None:
    """Whose action it is (a hand entry: its seat), None for the table's deal."""
    from companion.games.lifeislife.engine.actions import DEAL, HAND

    if action.kind == HAND:
        return action.seat
    if action.kind == DEAL:
        return None
    return state.turn


def _animals(codes: tuple[int, ...]) -> str:
    from companion.games.lifeislife.engine.cards import TOKEN

    return _(", ").join(animal_name(TOKEN[c]) for c in codes)


def action_words(
    game: Game, state: LifeState, action: LifeAction, names: list[str], visible: bool
) -> str:
    """The predicate of an action's history line ("takes row 3, laying down bear, mole",
    "knocks: the last turn begins"); without ``visible`` no hidden animal is named."""
    from django.utils.translation import ngettext

    from companion.games.lifeislife.engine.actions import DEAL, HAND

    kind = action.kind
    if kind == SWAP:
        values = {"row": action.row, "cards": _animals(action.cards)}
        said = _("takes row %(row)s, laying down %(cards)s") % values
        if action.sudden:
            said = _("%(swap)s, and calls sudden death with the %(sudden)s") % {
                "swap": said,
                "sudden": _animals((action.sudden,)),
            }
        return said
    if kind == KNOCK:
        if state.knocked_by >= 0:
            return _("keeps the cards this last turn")
        return _("knocks: the last turn begins")
    if kind == DEAL:
        rows = _("; ").join(
            _("row %(row)s: %(cards)s") % {"row": i + 1, "cards": _animals(tuple(row))}
            for i, row in enumerate(action.rows)
        )
        return _("deals the cards and lays out the rows (%(rows)s)") % {"rows": rows}
    if kind == HAND:
        if game.phase(state) == "reveal":  # the round's end: shown to everyone
            return _("shows the hand: %(cards)s") % {"cards": _animals(action.cards)}
        if visible:
            return _("enters the hand: %(cards)s") % {"cards": _animals(action.cards)}
        count = len(action.cards)
        return ngettext(
            "enters the hand (%(count)s card)", "enters the hand (%(count)s cards)", count
        ) % {"count": count}
    return _("makes a move")
