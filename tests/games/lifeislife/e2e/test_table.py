"""Three phones enter one round of Life is Life through the UI, in English and German: the rows
tapped from the animal palette, private hands, rows taken by tapping the hand's cards (row 3
in five taps), a knock with "Last round" in every phone's sticky status, and the round's
result naming each player's points, the majorities and the lives lost."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from playwright.sync_api import expect

from companion.games.lifeislife.names import animal_name
from tests.e2e.faces import enter_hand
from tests.games.dog.e2e.test_table import wait_seq

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

NAMES = ["Tim", "Mia", "Lino"]
ROWS = [["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"], ["mouse", "dog", "goat", "sheep"]]
HANDS = [
    {"giraffe": 3, "bear": 2, "mole": 1, "goat": 1, "sheep": 1, "dog": 1, "cat": 1},
    {"giraffe": 2, "bear": 2, "mole": 2, "goat": 2, "hare": 2},
    {"giraffe": 1, "bear": 1, "mole": 1, "goat": 1, "sheep": 2, "dog": 2, "hare": 1, "mouse": 1},
]


class Taps:
    """Counts the taps of one phone."""

    def __init__(self, page) -> None:
        self.page, self.count = page, 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.count += 1


def take_row(page, row: int, cards: list[str]) -> int:
    """Take `row` by tapping the hand's cards (only legal ones are offered); the last card
    opens the confirmation. Returns the taps."""
    taps = Taps(page)
    taps.tap(f"#entry button.row-pick[hx-get$='row={row}']")
    page.wait_for_selector("#entry[data-step='row']")
    for i, animal in enumerate(cards):
        if i < len(cards) - 1:
            page.wait_for_selector(f"#entry .take-card[data-animal='{animal}']:not([disabled])")
        taps.tap(f"#entry .take-card[data-animal='{animal}']")
        if i < len(cards) - 1:
            page.wait_for_selector(f"#entry .take-count >> text=/^{i + 1}\\D/")
    page.wait_for_selector("#entry[data-step='confirm']")
    taps.tap("#entry button.confirm-play")
    return taps.count


@pytest.mark.parametrize("lang", ["en", "de"])
def test_one_round_through_the_ui(server, phone, screenshot, lang):
    pages = [phone(locale=lang) for _name in NAMES]
    tim, mia, lino = pages
    tim.goto(server.url + "/t/new/lifeislife")
    tim.select_option("select[name=players]", "3")
    for i, name in enumerate(NAMES):
        tim.fill(f"input[name=name{i}]", name)
    tim.click("form.lobby button[type=submit]")
    tim.wait_for_selector("#board .lil-rows")
    code = tim.locator(".invite .join-code").inner_text()
    for seat, page in enumerate(pages):
        page.goto(server.url + f"/t/join?code={code}")
        pushed: list[int] = []  # the table's first push after the socket opened: live
        page.on("websocket", lambda ws, pushed=pushed: ws.on(
            "framereceived", lambda _frame: pushed.append(1)))
        page.locator(".seat-list form").filter(
            has=page.locator(f"input[name=seat][value='{seat}']")
        ).locator("button").click()
        page.wait_for_selector("#board .lil-rows")
        for _wait in range(200):
            if pushed:
                break
            page.wait_for_timeout(50)
        assert pushed, "the phone's live connection did not open"

    # The rows, tapped in from the palette on Tim's phone: a full row selects the next one.
    taps = Taps(tim)
    laid = 0
    for r, row in enumerate(ROWS, start=1):
        expect(tim.locator(f"#entry .deal-row[data-row='{r}']")).to_have_class(
            "deal-row selected"
        )
        for animal in row:
            taps.tap(f"#entry .animal-pick[data-animal='{animal}']")
            laid += 1
            expect(tim.locator("#entry .deal-row button.laid")).to_have_count(laid)
        if r == 3:
            screenshot(tim, f"palette-{lang}")
    taps.tap("#entry button.deal-done")
    seq = 1
    wait_seq(pages, seq)
    assert taps.count == 11, taps.count  # was 21 with a dropdown per card
    with translation.override(lang):
        pig = animal_name("pig")
    for page in pages:
        expect(page.locator(".lil-row[data-row='3']")).to_contain_text(f"{pig} ×2")

    # Each phone enters its own hand (private).
    for seat, page in enumerate(pages):
        enter_hand(page, HANDS[seat])
        seq += 1
        wait_seq(pages, seq)
    assert mia.locator(".lil-player[data-seat='0'] .known").count() == 0  # Tim's secret

    # Tim takes row 3 by tapping bear, bear, cat: row, three cards, confirm.
    tim.locator("#entry button.row-pick[hx-get$='row=3']").click()
    tim.wait_for_selector("#entry[data-step='row']")
    # only cards that complete a legal lay-down: never the pig or the cat of row 3's kind…
    expect(tim.locator("#entry .take-card")).not_to_have_count(0)
    screenshot(tim, f"take-row-{lang}")
    tim.locator("#entry button.secondary").last.click()  # back (not counted: a look around)
    tim.wait_for_selector("#entry[data-step='cards']")
    taps = take_row(tim, 3, ["bear", "bear", "cat"])
    seq += 1
    wait_seq(pages, seq)
    assert taps == 5, taps  # was 3 taps in a list of 40 buttons, 1,668 px tall
    with translation.override(lang):
        bear = animal_name("bear")
    expect(lino.locator(".lil-row[data-row='3']")).to_contain_text(f"{bear} ×2")

    take_row(mia, 1, ["hare"])
    seq += 1
    wait_seq(pages, seq)
    take_row(lino, 2, ["sheep", "sheep"])
    seq += 1
    wait_seq(pages, seq)
    tim.click("#entry button.knock")
    tim.locator("#inline-confirm button.confirm-yes").click()  # the in-page confirmation
    seq += 1
    wait_seq(pages, seq)
    with translation.override(lang):
        last = _("Last turn: %(name)s knocked") % {"name": "Tim"}
    for page in pages:
        expect(page.locator("#status .status-note")).to_have_text(last)
    screenshot(mia, f"last-round-{lang}")
    take_row(mia, 2, ["goat", "goat"])
    seq += 1
    wait_seq(pages, seq)
    take_row(lino, 4, ["mouse", "dog", "dog", "hare"])
    seq += 1
    wait_seq(pages, seq)
    # The round is over: every phone shows its own hand, its cards already there (one tap),
    # although the table knew them all (what a seat entered privately never changes this).
    with translation.override(lang):
        show_mine = _("Show my hand")
    for page in (lino, tim, mia):
        page.wait_for_selector("#entry[data-mode='reveal']")
        button = page.locator("#entry form.lil-reveal").first.locator("button.save-hand")
        expect(button).to_have_text(show_mine)
        expect(button).to_be_enabled()
        expect(button).to_be_in_viewport()
        if page is tim:
            screenshot(tim, f"reveal-{lang}")
        button.click()
        seq += 1
        wait_seq(pages, seq)

    # Scored: 9, 11, 10 points → Tim loses 2 lives, Lino 1, Mia none; said before the deal.
    with translation.override(lang):
        tim_line = "Tim: " + ngettext("%(n)s point", "%(n)s points", 9) % {"n": 9}
        fewest = _("the fewest points: loses 2 lives")
        most = _("the most points: keeps all lives")
        majority = _("%(animal)s: %(name)s with %(count)s (%(points)s points)") % {
            "animal": animal_name("pig"), "name": "Tim", "count": 2, "points": 5}
    for page in pages:
        page.wait_for_selector("#entry[data-mode='deal']")
        result = page.locator("#entry .lil-result")
        expect(result).to_contain_text(tim_line)
        expect(result).to_contain_text(fewest)
        expect(result).to_contain_text(most)
        expect(result.locator(".lil-majorities")).to_contain_text(majority)
        expect(page.locator("#status .status-note")).to_have_count(0)  # the last round is over
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # fits the phone
        assert ".toml" not in page.locator("body").inner_text()
    rows = [
        [cell.strip() for cell in row.locator("td").all_inner_texts()]
        for row in tim.locator("#score tbody tr").all()
    ]
    assert [[r[0].split()[-1], *r[1:]] for r in rows] == [
        ["Tim", "3", "9", "2"],
        ["Mia", "5", "11", "0"],
        ["Lino", "4", "10", "1"],
    ], rows
    screenshot(tim, f"result-{lang}")
    # no hand to enter before the next deal (the next round's form starts empty)
    expect(tim.locator(".hand-form")).to_have_count(0)
