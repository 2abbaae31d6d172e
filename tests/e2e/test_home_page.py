"""The home page in a real phone-sized browser."""

import pytest

pytestmark = pytest.mark.browser


def test_home_page_fits_a_phone(server, phone, screenshot):
    page = phone()
    page.goto(server.url + "/")
    assert page.title().startswith("Table companion")
    cards = page.locator(".game-card h3")
    assert cards.all_inner_texts() == ["DOG", "HIT", "Life is Life – Schwimm um dein Leben"]
    # Readable at 390 px: nothing wider than the screen, body text not tiny.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    font_px = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert font_px >= 16
    # htmx and its websocket extension loaded from our own static files.
    assert page.evaluate("typeof htmx") == "object"
    assert page.evaluate("htmx.version").startswith("2.")
    screenshot(page, "home")
