"""Life is Life decisions in words, for screen readers and the "All legal plays" list: "Take
row 3, laying down bear, mole, pig", "Knock: announce the last round"."""

from __future__ import annotations

from django.utils.translation import gettext as _

from companion.engines.base import Game
from companion.engines.lifeislife.actions import KNOCK, SWAP, LifeAction
from companion.engines.lifeislife.state import LifeState

from .legal_plays import PlayWords
from .lifeislife_names import animal_name


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
            label = _("Knock: announce the last round")
        return PlayWords("knock", _("Knock"), label)
    return PlayWords("other", _("Other"), text)
