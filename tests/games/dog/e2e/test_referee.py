"""A dispute at a DOG table settled on the phones without notation, in English and German:
whose play, the card, taps on the board; the answer where the phone asked, with its reason,
what the board cannot tell (another player's hand), and "record it" when it is that seat's
turn. Then the scribe switch of the host's own phone."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import ROOT, SCREENSHOTS
from tests.e2e.faces import enter_hand
from tests.games.dog.e2e.test_table import GIVE, HANDS, NAMES, confirm_in_page, wait_seq

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

NOTATION = re.compile(r"\b(T\d{1,2}|G[1-4])\b")
WORDS = {
    "en": {"caveat": "only Dan's phone knows", "allowed": "Allowed.", "not": "Not allowed.",
           "entering": "You are entering"},
    "de": {"caveat": "nur das Handy von Dan", "allowed": "Erlaubt.", "not": "Nicht erlaubt.",
           "entering": "Du trägst den Zug von"},
}


def seat_phones(server, phone, locale: str) -> tuple[list, str]:
    pages = [phone(locale=locale) for _ in range(4)]
    ann = pages[0]
    ann.goto(server.url + "/t/new")
    # A name row per player chosen (4 by default; 6 rows exist for 6 players).
    expect(ann.locator(".players .player-row:visible")).to_have_count(4)
    ann.select_option("#seats", "6")
    expect(ann.locator(".players .player-row:visible")).to_have_count(6)
    ann.select_option("#seats", "4")
    for i, name in enumerate(NAMES):
        ann.fill(f"input[name=name{i}]", name)
    ann.click("form.lobby button[type=submit]")
    ann.wait_for_selector("#board svg")
    code = ann.locator(".invite .join-code").inner_text()
    for seat, page in enumerate(pages):
        page.goto(server.url + "/t/join")
        page.fill("#code", code)
        page.click("button[type=submit]")
        page.locator(".seat-list form").filter(
            has=page.locator(f"input[name=seat][value='{seat}']")
        ).locator("button").click()
        page.wait_for_selector("#board svg")
    table_id = ann.url.rstrip("/").split("/")[-1]
    return pages, table_id


def deal_and_exchange(pages) -> int:
    pages[0].click("button[value=deal]")
    wait_seq(pages, 1)
    seq = 1
    for seat, page in enumerate(pages):
        enter_hand(page, HANDS[seat])
        seq += 1
        wait_seq(pages, seq)
    # The exchange at once: everyone gives from their own phone, in any order (Cid first,
    # Ann, the seat "to move", third); each phone says who still has to give.
    for seat in (2, 1, 0, 3):
        page = pages[seat]
        card = GIVE[seat]
        page.locator(f"#entry button.card[value^='give'][value$=' {card}']").click()
        confirm_in_page(page)
        seq += 1
        wait_seq(pages, seq)
        if seat == 1:
            expect(pages[1].locator("#entry")).to_contain_text(NAMES[0])  # Ann, Dan to give
            expect(pages[1].locator("#entry")).to_contain_text(NAMES[3])
    return seq


def ask(page, seat: int, card: str, taps: list[str]) -> None:
    """Whose play, the card, the taps on the board, then ask."""
    if not page.locator("details#referee").get_attribute("open") is not None:
        page.click("details#referee > summary")
    page.check(f"#referee-form input[name=seat][value='{seat}']")
    page.check(f"#referee-form input[name=card][value='{card}']")
    page.click("#referee-form [data-referee-clear]")
    for selector in taps:
        page.locator(selector).first.click()
    page.click("#referee-form > button[type=submit]")


def seen(page, name: str) -> None:
    """What the phone's screen shows now (not the whole page): where the eyes are."""
    page.screenshot(path=str(SCREENSHOTS / f"referee-{name}.png"))


def visible_notation(page) -> list[str]:
    return NOTATION.findall(page.locator("body").inner_text())


@pytest.mark.parametrize("locale", ["en", "de"])
def test_a_dispute_is_settled_by_tapping(server, phone, screenshot, locale):
    words = WORDS[locale]
    pages, _ = seat_phones(server, phone, locale)
    ann, ben, cid, _dan = pages
    seq = deal_and_exchange(pages)

    # Ann asks whether she may come out with her 1: allowed (her own hand), and she records
    # it from the answer: card, figure, ask, record = 4 taps after opening the referee.
    ask(ann, 0, "1", ["#board g.figure[data-seat='0']"])
    ruling = ann.locator("#referee-ruling")
    expect(ruling).to_contain_text(words["allowed"])
    assert ann.evaluate("document.activeElement.id") == "referee-ruling"
    screenshot(ann, f"{locale}-own-allowed")
    seen(ann, f"{locale}-own-allowed")
    started = time.monotonic()
    ruling.locator("button[type=submit]").click()
    seq += 1
    wait_seq(pages, seq)
    delay = time.monotonic() - started
    for page in pages:
        page.wait_for_selector("#board g.figure[data-seat='0'][data-field='T0']")

    # Cid disputes what Dan (not to move: it is Ben's turn) may do with a 13: the board allows
    # it; whether Dan holds one only Dan's phone knows.
    ask(cid, 3, "13", ["#board g.figure[data-seat='3']"])
    ruling = cid.locator("#referee-ruling")
    expect(ruling).to_contain_text(words["caveat"])
    assert cid.evaluate("document.activeElement.id") == "referee-ruling"
    box = ruling.bounding_box()
    assert box is not None and 0 <= box["y"] < 844, box  # where Cid is looking
    screenshot(cid, f"{locale}-dispute-other-seat")
    seen(cid, f"{locale}-dispute-other-seat")

    # Cid: may Ben move Ann's figure with a 5? No, with the reason and its rule.
    ask(cid, 1, "5", ["#board g.figure[data-seat='0'][data-field='T0']",
                      "#board circle.field[data-field='T5']"])
    expect(ruling).to_contain_text(words["not"])
    assert ruling.locator("a.rule-ref").count() >= 1
    assert visible_notation(cid) == [], visible_notation(cid)
    screenshot(cid, f"{locale}-dispute-refused")
    seen(cid, f"{locale}-dispute-refused")
    assert ben.locator("#status").get_attribute("data-seq") == str(seq)  # nothing recorded

    # The scribe switch: Ann's phone (host and seat) waits for Ben until she switches.
    expect(ann.locator("#entry")).to_contain_text("Ben")
    assert ann.locator("#entry button.card").count() == 0
    ann.click(".scribe-switch")
    ann.wait_for_selector("#status .entering-for")
    expect(ann.locator("#status .entering-for")).to_contain_text("Ben")
    expect(ann.locator("#status .entering-for")).to_contain_text(words["entering"])
    assert ann.locator("#entry button.card").count() > 0
    screenshot(ann, f"{locale}-scribe")
    seen(ann, f"{locale}-scribe")
    ann.click(".scribe-switch")
    ann.wait_for_selector("#status:not(:has(.entering-for))")

    out = Path(ROOT / "test-output")
    out.mkdir(exist_ok=True)
    with open(out / "referee-timings.txt", "a") as f:
        f.write(f"{locale}: record from the ruling -> 3 other phones at the new seq: "
                f"{delay * 1000:.0f} ms\n")
