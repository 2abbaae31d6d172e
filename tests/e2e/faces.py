"""Entering cards by tapping their faces (templates/tables/card_faces.html) in browser tests."""

from __future__ import annotations

from playwright.sync_api import expect


def expand(counts: dict[str, int]) -> list[str]:
    return [card for card, n in counts.items() for _ in range(n)]


def tap_cards(page, scope: str, cards: list[str]) -> None:
    """Tap each card's face in `scope` (once per copy)."""
    for card in cards:
        page.locator(f"{scope} .hand-faces button.face[data-card='{card}']").click()


def enter_hand(page, counts: dict[str, int] | list[str]) -> None:
    """Enter the phone's hand: in the form the entry offers open, else the one under the table
    (opened); tap the faces, save."""
    cards = expand(counts) if isinstance(counts, dict) else counts
    scope = "#entry details.hand-entry[open]"
    if not page.locator(scope).count():
        page.locator("details.hand-entry > summary").last.click()
        scope = "details.hand-entry[open]"
    tap_cards(page, scope, cards)
    save = page.locator(f"{scope} button.save-hand")
    expect(save).to_be_enabled()
    save.click()
