"""Seat colours. Colour is never the only cue: every figure and seat chip also carries the
colour's mark, the initial of its name in the reader's language (R for red, "rot", "rouge",
"rosso"), drawn in the ink (black or white) that contrasts most with the colour. Where two seat
colours share an initial in a language, both take their first two letters (German grün "Gr" and
gelb "Ge"; French vert "Ve" and violet "Vi"; Italian verde "Ve" and viola "Vi"), so no two
colours of a table share a mark (docs/i18n.md)."""

from collections.abc import Mapping, Sequence

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
COLOUR_HEX = {
    "red": "#d32f2f",
    "blue": "#1976d2",
    "green": "#388e3c",
    "yellow": "#f9a825",
    "purple": "#7b1fa2",
    "orange": "#ef6c00",
    "black": "#212121",
    "white": "#eeeeee",
}
COLOUR_LETTER = {
    "red": "R",
    "blue": "B",
    "green": "G",
    "yellow": "Y",
    "purple": "P",
    "orange": "O",
    "black": "K",
    "white": "W",
}
#: the marks in the other languages (English: ``COLOUR_LETTER``); black and white are no seat's
#: colour (``COLOURS``), so only the seat colours must differ from each other
COLOUR_LETTERS: Mapping[str, Mapping[str, str]] = {
    "en": COLOUR_LETTER,
    "de": {"red": "R", "blue": "B", "green": "Gr", "yellow": "Ge", "purple": "L",
           "orange": "O", "black": "S", "white": "W"},
    "fr": {"red": "R", "blue": "B", "green": "Ve", "yellow": "J", "purple": "Vi",
           "orange": "O", "black": "N", "white": "Bc"},
    "it": {"red": "R", "blue": "B", "green": "Ve", "yellow": "G", "purple": "Vi",
           "orange": "A", "black": "N", "white": "Bi"},
}
COLOUR_NAME = {
    "red": gettext_lazy("red"),
    "blue": gettext_lazy("blue"),
    "green": gettext_lazy("green"),
    "yellow": gettext_lazy("yellow"),
    "purple": gettext_lazy("purple"),
    "orange": gettext_lazy("orange"),
    "black": gettext_lazy("black"),
    "white": gettext_lazy("white"),
}
DARK_INK = "#111111"
LIGHT_INK = "#ffffff"


def colour_letter(colour: str, language: str | None = None) -> str:
    """The mark printed on a colour's figures and chips, in the reader's language (or
    ``language``): the initial of the colour's name."""
    code = (language or get_language() or "en")[:2]
    letters = COLOUR_LETTERS.get(code, COLOUR_LETTER)
    return letters.get(colour, COLOUR_LETTER.get(colour, colour[:1].upper()))


def colour_name(colour: str) -> str:
    return str(COLOUR_NAME.get(colour, colour))


def luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb``."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink(hex_colour: str) -> str:
    """Black or white, whichever reads better on ``hex_colour`` (letters on figures, chips)."""
    if contrast(hex_colour, DARK_INK) >= contrast(hex_colour, LIGHT_INK):
        return DARK_INK
    return LIGHT_INK


def chip(colour: str) -> dict[str, str]:
    """A seat's colour as templates draw it: fill, letter, the letter's ink and the name."""
    fill = COLOUR_HEX.get(colour, "#777777")
    return {
        "colour": fill,
        "letter": colour_letter(colour),
        "ink": ink(fill),
        "name": colour_name(colour),
    }


def player(names: Sequence[str], colours: Sequence[str] | None, seat: int) -> str:
    """A seat as people say it: its name and colour, "Ann (red)"; just the name without
    colours."""
    if not colours:
        return names[seat]
    return _("%(name)s (%(colour)s)") % {"name": names[seat], "colour": colour_name(colours[seat])}
