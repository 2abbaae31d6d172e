"""HIT's "Check your box" on a phone, in English and German: the host corrects one card's price
and one board value against the box, an unplayable board is refused with its reason, the
set-up is saved and chosen in the lobby, and the table plays with it: the market shows the
corrected price, the board the corrected corner, and the players read only "Board as checked
by Ann" (never a file path)."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext as _
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.faces import tap_cards
from tests.games.dog.e2e.test_table import wait_seq

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_table_from_a_corrected_set_up(server, phone, screenshot, lang):
    ann, ben = phone(locale=lang), phone(locale=lang)
    ann.goto(server.url + "/t/new/hit")
    ann.locator("a.check-box").click()
    ann.wait_for_selector("form.hit-setup-form")
    expect(ann.locator(".setup-board svg")).to_have_count(2)  # both sides drawn
    screenshot(ann, f"check-{lang}")
    shots = SCREENSHOTS / f"hit-setup-{lang}"
    ann.screenshot(path=f"{shots}-first-screen.png")  # what the host sees first
    ann.locator(".setup-card[data-card='5']").screenshot(path=f"{shots}-card.png")
    assert ann.evaluate("document.documentElement.scrollWidth") <= 390

    # An unplayable board: a barrier right after the start field.
    ann.fill("input[name=name]", "Our box")
    ann.fill("input[name=checked_by]", "Ann")
    ann.fill("input[name='side-2-4-barriers']", "5, 11, 23, 35")
    ann.fill("input[name='card-5-cost']", "2")
    ann.locator("form.hit-setup-form button[type=submit]").click()
    with translation.override(lang):
        reason = _("the board cannot be played: on the %(side)s side the way from start field "
                   "%(start)s to barrier %(barrier)s is %(lap)s fields, less than half the board")
        side = translation.pgettext("HIT board side", "front (2 and 4 players)")
        reason %= {"side": side, "start": 0, "barrier": 5, "lap": 6}
        note = _("Board as checked by %(name)s") % {"name": "Ann"}
    expect(ann.locator(".setup-error")).to_have_text(reason)
    screenshot(ann, f"refused-{lang}")

    # Corrected: the 5 costs 2 coins, and field 2 is a corner field.
    ann.fill("input[name=name]", "Our box")
    ann.fill("input[name=checked_by]", "Ann")
    ann.fill("input[name='side-2-4-barriers']", "47, 11, 23, 35")
    ann.fill("input[name='side-2-4-corners']", "0, 2, 5, 10, 12, 17, 22, 24, 29, 34, 36, 41, 46")
    ann.fill("input[name='card-5-cost']", "2")
    ann.locator("form.hit-setup-form button[type=submit]").click()
    ann.wait_for_selector("form.hit-lobby")
    expect(ann.locator("select[name=setup] option:checked")).to_contain_text("Our box")
    ann.check("#hit-players-2")
    ann.fill("input[name=name0]", "Ann")
    ann.fill("input[name=name1]", "Ben")
    ann.locator("form.hit-lobby button[type=submit]").click()
    ann.wait_for_selector("#board.hit-board svg")
    code = ann.locator(".invite .join-code").inner_text()
    for seat, page in enumerate((ann, ben)):
        page.goto(server.url + f"/t/join?code={code}")
        page.locator(".seat-list form").filter(
            has=page.locator(f"input[name=seat][value='{seat}']")
        ).locator("button").click()
        page.wait_for_selector("#board.hit-board svg")
    for page in (ann, ben):
        expect(page.locator(".hit-setup-note")).to_have_text(note)
        expect(page.locator("#board .field.corner[data-field='T2']")).to_have_count(1)
        body = page.locator("body").inner_text()
        assert ".toml" not in body and "companion/" not in body

    # The set-up reported: the market shows the 5 at its corrected price.
    pages = [ann, ben]
    for seq in (1, 2):
        ann.locator("#entry button.report-draw").click()
        wait_seq(pages, seq)
    ann.wait_for_selector("#entry[data-mode='market']")
    tap_cards(ann, "#entry .market-picker", ["5", "4", "hunt", "coins5", "jump"])
    ann.locator("#entry form.market-picker button[type=submit]").click()
    wait_seq(pages, 3)
    for page in pages:
        expect(page.locator(".hit-market .hit-card[data-card='5'] .cost")).to_have_text("2")
        expect(page.locator(".hit-market .hit-card[data-card='4'] .cost")).to_have_text("3")
    screenshot(ben, f"table-{lang}")
