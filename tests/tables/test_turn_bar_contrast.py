"""The turn bar on the seat's own turn: its text ("#12", "You: Ben") in the seat colour's ink,
at WCAG AA contrast (4.5:1) on every seat colour, and not faded (an opacity of .85 made it
3.76:1 on blue and 3.96:1 on red)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.tables.presenters.colours import COLOUR_HEX, chip, contrast

SITE_CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "site.css"
RULE = re.compile(r"([^{}]+)\{([^}]*)\}")


def _rules(selector_part: str) -> list[str]:
    """The declarations of every site.css rule whose selector names ``selector_part``."""
    css = re.sub(r"/\*.*?\*/", "", SITE_CSS.read_text(), flags=re.S)
    return [body for selector, body in RULE.findall(css) if selector_part in selector]


@pytest.mark.parametrize("colour", COLOUR_HEX)
def test_the_turn_bar_text_reads_on_every_seat_colour(colour):
    seat = chip(colour)
    assert contrast(seat["colour"], seat["ink"]) >= 4.5, seat


def test_the_turn_bar_text_is_drawn_in_the_seats_ink_unfaded():
    bar = _rules(".status-bar .status.yours ")  # the bar itself: the seat's colour and ink
    assert any("var(--mover-ink" in body for body in bar), bar
    texts = _rules(".status.yours .seq") + _rules(".status.yours .you")
    assert texts, "the rule for the turn bar's seq and name is gone"
    for body in texts:
        assert "opacity" not in body, body
        assert re.search(r"color:\s*inherit", body), body
