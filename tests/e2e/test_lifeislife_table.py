"""Three phones enter one round of Life is Life through the UI: the rows, private hands,
swaps (picked from the offered lay-downs and from the animal counters), a knock, and the
round's scoring with lives lost shown on every phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_dog_table import wait_seq

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

NAMES = ["Tim", "Mia", "Lino"]
ROWS = [["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"], ["mouse", "dog", "goat", "sheep"]]
HANDS = [
    {"giraffe": 3, "bear": 2, "mole": 1, "goat": 1, "sheep": 1, "dog": 1, "cat": 1},
    {"giraffe": 2, "bear": 2, "mole": 2, "goat": 2, "hare": 2},
    {"giraffe": 1, "bear": 1, "mole": 1, "goat": 1, "sheep": 2, "dog": 2, "hare": 1, "mouse": 1},
]


def swap_by_counts(page, row: int, cards: dict[str, int]) -> None:
    page.locator("#entry button.row-pick", has_text=f"Row {row}").click()
    page.wait_for_selector("#entry[data-step='row']")
    for animal, count in cards.items():
        page.fill(f"#entry input[name='lay-{animal}']", str(count))
    page.locator("#entry button", has_text="Swap these").click()


def test_one_round_through_the_ui(server, phone, screenshot):
    pages = [phone() for _ in NAMES]
    for page in pages:
        page.on("dialog", lambda dialog: dialog.accept())
    tim = pages[0]
    tim.goto(server.url + "/t/new/lifeislife")
    tim.select_option("select[name=players]", "3")
    for i, name in enumerate(NAMES):
        tim.fill(f"input[name=name{i}]", name)
    tim.click("button[type=submit]")
    tim.wait_for_selector("#board .lil-rows")
    code = tim.locator(".invite .join-code").inner_text()
    for seat, page in enumerate(pages):
        page.goto(server.url + f"/t/join?code={code}")
        page.locator(".seat-list form").filter(
            has=page.locator(f"input[name=seat][value='{seat}']")
        ).locator("button").click()
        page.wait_for_selector("#board .lil-rows")

    # The rows, tapped in on Tim's phone.
    for r, row in enumerate(ROWS, start=1):
        for i, animal in enumerate(row):
            tim.select_option(f"select[name='row{r}-{i}']", animal)
    tim.click("button:has-text('These are the rows')")
    seq = 1
    wait_seq(pages, seq)
    for page in pages:
        expect(page.locator(".lil-row[data-row='3']")).to_contain_text("pig ×2")

    # Each phone enters its own hand (private).
    for seat, page in enumerate(pages):
        page.click("summary:has-text('Enter my hand')")
        for animal, count in HANDS[seat].items():
            page.fill(f".hand-form input[name='count-{animal}']", str(count))
        page.click("button:has-text('Save my hand')")
        seq += 1
        wait_seq(pages, seq)
    # Tim's hand is his secret: Mia's phone knows nothing of it.
    assert pages[1].locator(".lil-player[data-seat='0'] .known").count() == 0

    # Tim takes row 3 with a lay-down offered by the app (three taps: row, cards, confirm).
    tim.locator("#entry button.row-pick", has_text="Row 3").click()
    tim.locator("#entry button.move", has_text=re.compile(r"^bear, bear, cat$")).click()
    tim.locator("#entry button.confirm-play").click()
    seq += 1
    wait_seq(pages, seq)
    expect(pages[2].locator(".lil-row[data-row='3']")).to_contain_text("bear ×2")
    expect(pages[2].locator(".lil-player[data-seat='0'] .known")).to_contain_text("pig ×2")

    # A refused swap: Mia offers the same animals that lie in row 1.
    mia, lino = pages[1], pages[2]
    mia.click("summary:has-text('Ask the referee')")
    mia.fill("#whatif-action", "swap 1: giraffe")  # no board to tap: the notation is open
    mia.click("button:has-text('Record it')")
    mia.wait_for_selector("#ruling.refused")
    assert "Rule:" in mia.locator("#ruling").inner_text()
    screenshot(mia, "refused")

    swap_by_counts(mia, 1, {"hare": 1})
    seq += 1
    wait_seq(pages, seq)
    swap_by_counts(lino, 2, {"sheep": 2})
    seq += 1
    wait_seq(pages, seq)
    tim.click("#entry button.knock")
    tim.locator("#inline-confirm button.confirm-yes").click()  # the in-page confirmation
    seq += 1
    wait_seq(pages, seq)
    expect(mia.locator(".lil-player[data-seat='0']")).to_contain_text("knocked")
    swap_by_counts(mia, 2, {"goat": 2})
    seq += 1
    wait_seq(pages, seq)
    swap_by_counts(lino, 4, {"mouse": 1, "dog": 2, "hare": 1})
    seq += 1
    wait_seq(pages, seq)

    # Scored: 9, 11, 10 points → Tim loses 2 lives, Lino 1, Mia none; the next deal is due.
    for page in pages:
        rows = [
            [cell.strip() for cell in row.locator("td").all_inner_texts()]
            for row in page.locator("#score tbody tr").all()
        ]
        rows = [[r[0].split()[-1], *r[1:]] for r in rows]  # the name, after its colour letter
        assert rows == [
            ["Tim", "3", "9", "2"],
            ["Mia", "5", "11", "0"],
            ["Lino", "4", "10", "1"],
        ], rows
        page.wait_for_selector("#entry[data-mode='deal']")
    screenshot(tim, "scored")
    assert tim.evaluate("document.documentElement.scrollWidth") <= 390  # fits the phone
