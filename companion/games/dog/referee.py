"""DOG's referee by tapping: the play composed from the referee's picks, so that a dispute is
settled without typing notation: whose play, the card, then the fields tapped on the board
(the figure, where it went; for the 7 each part; for the swap both figures). Only builds the
engine's notation; the engine parses and judges it (a malformed tap sequence is the engine's
notation error). The DOG presenter offers it (``referee_cards``, ``referee_compose``)."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from companion.tables.errors import BadInput

#: a field as the board's data-field attributes name it (docs/notation.md)
FIELD = re.compile(r"^(T\d{1,3}|G[1-4](@\d)?|K(@\d)?)$")
#: DOG card tokens a referee may pick (the engine reads each)
DOG_CARDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13", "swap", "joker")
MAX_TAPS = 16


def compose(card: str | None, joker_as: str | None, taps: str | None) -> str:
    """The notation of a DOG play built from the referee's picks (BadInput naming what is
    missing or malformed)."""
    if not card:
        raise BadInput(_("pick the card that was played"), code="bad_card")
    if card not in DOG_CARDS:
        raise BadInput(_("%(card)r is not a DOG card") % {"card": card}, code="bad_card")
    prefix = card
    if card == "joker":
        if not joker_as or joker_as not in DOG_CARDS or joker_as == "joker":
            raise BadInput(_("say which card the joker was played as"), code="bad_card")
        prefix = f"joker={joker_as}"
        card = joker_as
    fields = (taps or "").split()
    if len(fields) > MAX_TAPS or not all(FIELD.match(f) for f in fields):
        raise BadInput(_("the tapped fields are not fields of the board"), code="bad_taps")
    if not fields:
        raise BadInput(_("tap the figure on the board, then where it went"), code="bad_taps")
    if card == "swap":
        if len(fields) != 2:
            raise BadInput(_("tap the two figures that were swapped"), code="bad_taps")
        return f"{prefix} {fields[0]} {fields[1]}"
    if fields[0].startswith("K") and len(fields) <= 2 and card in ("1", "13"):
        return f"{prefix} K"  # out of the kennel onto the own start field
    if len(fields) % 2:
        raise BadInput(_("tap where the figure went"), code="bad_taps")
    segments = [f"{fields[i]}-{fields[i + 1]}" for i in range(0, len(fields), 2)]
    return f"{prefix} {' '.join(segments)}"
