"""One hand, one glance (TABLE_UX principle 9, issue #28): plays and hands of every game on a
390×844 phone, counting the taps AND the scrolls each needs. Before every tap the target's
centre must be on screen and not under the sticky bars (`document.elementFromPoint` hits it);
where it is not, the phone would have had to scroll: the scroll is counted, done, and the tap
goes on. The figures are printed (`-s`) and held to the goals: no scroll in an ordinary play,
hands by tapping card faces.

    .venv/bin/pytest tests/e2e/test_one_hand.py -s -p no:cacheprovider
"""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS
from tests.games.dog.e2e.test_table import wait_seq
from tests.services import http_json

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LOCALES = {"en": "en-GB", "de": "de-DE"}
#: Is the target on screen and the topmost thing at its centre? (A lit figure: its ring.)
ON_SCREEN_JS = """el => {
  const ring = el.querySelector && el.querySelector(':scope > .ring');
  const r = (ring || el).getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && (el === hit || el.contains(hit));
}"""
FIGURES: dict[str, dict[str, tuple[int, int]]] = {}


class Glance:
    """A phone's taps and the scrolls it would have needed before them."""

    def __init__(self, page) -> None:
        self.page = page
        self.taps = 0
        self.scrolls = 0

    def reset(self) -> None:
        self.taps = self.scrolls = 0

    def look(self, locator) -> None:
        """Is `locator` in view? If not, count a scroll and bring it into view."""
        try:
            locator.wait_for(state="visible")
        except Exception:
            self.page.screenshot(path=str(SCREENSHOTS / "one-hand-missing.png"))
            raise
        self.page.wait_for_function(
            "() => !document.querySelector('.htmx-settling, .htmx-swapping, .htmx-request')"
        )
        if not locator.evaluate(ON_SCREEN_JS):
            self.scrolls += 1
            if os.environ.get("ONE_HAND_SHOTS"):  # where a scroll was needed, for a look
                name = f"one-hand-scroll-{id(self)}-{self.taps}.png"
                self.page.screenshot(path=str(SCREENSHOTS / name))
            locator.evaluate("el => el.scrollIntoView({block: 'center'})")

    def tap(self, locator, *, swaps_entry: bool = True) -> None:
        self.look(locator)
        if swaps_entry:
            self.page.locator("#entry").evaluate("e => { e.dataset.old = '1'; }")
        locator.tap()
        self.taps += 1
        if swaps_entry:
            self.page.wait_for_selector("#entry:not([data-old])")

    def type(self, locator, text: str, *, prefilled: bool) -> None:
        """A number field: tap it, (clear the 0), type the digits."""
        self.look(locator)
        locator.fill(text)
        self.taps += 1 + len(text) + (1 if prefilled else 0)

    def choose(self, locator, value: str) -> None:
        """A dropdown: open it, pick."""
        self.look(locator)
        locator.select_option(value)
        self.taps += 2

    def note(self, game: str, what: str) -> None:
        FIGURES.setdefault(game, {})[what] = (self.taps, self.scrolls)
        self.reset()


def ordinary(figures: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """The figures of ordinary plays and hands: not the corrections test_correct_by_tapping.py
    notes in the same table (one scroll down to the history is theirs by design)."""
    return {what: f for what, f in figures.items() if not what.startswith("correct ")}


def seat_page(server, phone, tid: str, seat: int, lang: str):
    """A seated phone, once its live connection has sent the whole view (a tap before that
    would be undone by it)."""
    page = phone(locale=LOCALES[lang])
    page.goto(f"{server.url}/t/{tid}/seats")
    pushed: list[int] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda _frame: pushed.append(1)))
    page.locator(".seat-list form").filter(
        has=page.locator(f"input[name=seat][value='{seat}']")
    ).locator("button").click()
    page.wait_for_selector("#live")
    for _wait in range(200):
        if pushed:
            break
        page.wait_for_timeout(50)
    assert pushed, "the phone's live connection did not open"
    return page


def api_plays(server, tid: str, host: str, actions: list[str], seq: int) -> int:
    for action in actions:
        body = {"action": action, "expected_seq": seq}
        seq = http_json(server.url, "POST", f"/api/tables/{tid}/plays", body, host)["seq"]
    return seq


def enter_hand(g: Glance, cards: list[str], section: str = "#hand-entry") -> None:
    """Enter a hand: by tapping card faces where the form has them, else number fields."""
    page = g.page
    open_now = page.locator("#entry details.hand-entry[open]")
    if open_now.count():  # offered open in the tray: no tap to open it
        section = "#entry details.hand-entry[open]"
    else:
        g.tap(page.locator(f"{section} summary").first, swaps_entry=False)
    faces = page.locator(f"{section} .hand-faces button.face")
    if faces.count():
        for card in cards:
            g.tap(
                page.locator(f"{section} .hand-faces button.face[data-card='{card}']"),
                swaps_entry=False,
            )
        save = page.locator(f"{section} button.save-hand")
        expect(save).to_be_enabled()
    else:
        counts: dict[str, int] = {}
        for card in cards:
            counts[card] = counts.get(card, 0) + 1
        for card, n in counts.items():
            g.type(page.locator(f"{section} input[name='count-{card}']"), str(n), prefilled=True)
        save = page.locator(f"{section} button[type=submit]").first
    g.tap(save, swaps_entry=False)


def print_figures() -> None:
    for game, plays in FIGURES.items():
        for what, (taps, scrolls) in plays.items():
            print(f"  {game:12} {what:34} taps {taps:3}  scrolls {scrolls}")


# --- DOG -----------------------------------------------------------------------------------

NAMES = ["Ann", "Ben", "Cid", "Dan"]
OPENING = [
    "deal", "give ?", "give ?", "give ?", "give ?",
    "1 K", "1 K", "13 K", "1 K",
    "8 T0-T8", "3 T16-T19", "2 T32-T34", "5 T48-T53",
    "1 K",
]  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dog_plays_and_hand_at_a_glance(server, phone, lang):
    # A hand and the exchange on their own table: Ben enters 6 cards and gives one.
    table = http_json(server.url, "POST", "/api/tables", {"game": "dog", "names": NAMES})
    tid, host = table["id"], table["host_token"]
    ben_page = seat_page(server, phone, tid, 1, lang)
    seq = api_plays(server, tid, host, ["deal"], 0)
    wait_seq([ben_page], seq)
    ben = Glance(ben_page)
    enter_hand(ben, ["2", "5", "5", "7", "10", "joker"])
    seq += 1
    wait_seq([ben_page], seq)
    ben.note("DOG", "hand of 6 cards")
    # The exchange: the turn bar is Ben's colour on Ben's phone while his card is still to give.
    expect(ben_page.locator("#status")).to_have_class("status yours")
    ben_letter = ben_page.locator("#board g.figure[data-seat='1'] text").first.text_content()
    expect(ben_page.locator("#status .chip-letter")).to_have_text(ben_letter)  # not Ann's R
    ben.tap(ben_page.locator("#entry button.card").first, swaps_entry=False)
    ben.tap(ben_page.locator("#inline-confirm button.confirm-yes"))
    seq += 1
    wait_seq([ben_page], seq)
    ben.note("DOG", "exchange: give a card")

    # The plays of tests/games/dog/e2e/test_tap_entry.py: a 5, a 7 split in two, a swap.
    table = http_json(server.url, "POST", "/api/tables", {"game": "dog", "names": NAMES})
    tid, host = table["id"], table["host_token"]
    ann_page = seat_page(server, phone, tid, 0, lang)
    ben_page = seat_page(server, phone, tid, 1, lang)
    seq = api_plays(server, tid, host, OPENING, 0)
    wait_seq([ann_page, ben_page], seq)
    ann, ben = Glance(ann_page), Glance(ben_page)

    def card(g: Glance, token: str) -> None:
        g.tap(g.page.locator(f"#entry button.card[hx-get$='card={token}']").first)

    def board(g: Glance, field: str, kind: str = "") -> None:
        g.tap(g.page.locator(f"#board .tap-layer g.tap{kind}[data-field='{field}']"))

    def confirm(g: Glance) -> None:
        g.tap(g.page.locator("#entry button.confirm-play"), swaps_entry=False)

    card(ben, "5")
    board(ben, "T19")
    confirm(ben)
    seq += 1
    wait_seq([ann_page, ben_page], seq)
    ben.note("DOG", "a 5")
    seq = api_plays(server, tid, host, ["2 T34-T36", "2 T53-T55"], seq)
    wait_seq([ann_page], seq)
    card(ann, "7")
    board(ann, "T8", ".tap-figure")
    board(ann, "T12", ".tap-destination")
    board(ann, "T0", ".tap-figure")
    board(ann, "T3", ".tap-destination")
    confirm(ann)
    seq += 1
    wait_seq([ann_page, ben_page], seq)
    ann.note("DOG", "a 7 split in two")
    card(ben, "swap")
    board(ben, "T24", ".tap-figure")
    board(ben, "T36", ".tap-destination")
    confirm(ben)
    seq += 1
    wait_seq([ann_page, ben_page], seq)
    ben.note("DOG", "a swap")
    # Correcting an earlier entry starts by tapping its line in the history (no number typed).
    ann_page.locator("#history li[value='10']").tap()
    expect(ann_page.locator("details.correct")).to_have_attribute("open", "")
    expect(ann_page.locator("details.correct [name=seq]")).to_have_value("10")
    print(f"\n[{lang}]")
    print_figures()
    dog = FIGURES["DOG"]
    assert dog["hand of 6 cards"][0] <= 7, dog
    assert {what: t for what, (t, _s) in dog.items() if what.startswith("a ")} == {
        "a 5": 3,
        "a 7 split in two": 6,
        "a swap": 4,
    }, dog
    assert all(scrolls == 0 for _t, scrolls in ordinary(dog).values()), dog


# --- Life is Life --------------------------------------------------------------------------

LIL_ROWS = [["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"], ["mouse", "dog", "goat", "sheep"]]
TIM_HAND = ["giraffe", "giraffe", "giraffe", "bear", "bear", "mole", "goat", "sheep", "dog", "cat"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lifeislife_rows_hand_and_take_at_a_glance(server, phone, lang):
    body = {"game": "lifeislife", "names": ["Tim", "Mia", "Lino"], "options": {"players": 3}}
    table = http_json(server.url, "POST", "/api/tables", body)
    tid = table["id"]
    tim_page = seat_page(server, phone, tid, 0, lang)
    tim = Glance(tim_page)
    for row in LIL_ROWS:
        for animal in row:
            tim.tap(tim_page.locator(f"#entry .animal-pick[data-animal='{animal}']"))
    tim.tap(tim_page.locator("#entry button.deal-done"), swaps_entry=False)
    wait_seq([tim_page], 1)
    tim.note("Life is Life", "lay out the rows")
    enter_hand(tim, TIM_HAND)
    wait_seq([tim_page], 2)
    tim.note("Life is Life", "hand of 10 cards")
    tim.tap(tim_page.locator("#entry button.row-pick[hx-get$='row=3']"))
    for animal in ["bear", "bear", "cat"]:
        tim.tap(tim_page.locator(f"#entry .take-card[data-animal='{animal}']"))
    tim.tap(tim_page.locator("#entry button.confirm-play"), swaps_entry=False)
    wait_seq([tim_page], 3)
    tim.note("Life is Life", "take row 3 (3 cards)")
    print(f"\n[{lang}]")
    print_figures()
    lil = FIGURES["Life is Life"]
    assert lil["lay out the rows"][0] == 11 and lil["hand of 10 cards"][0] <= 11, lil
    assert lil["take row 3 (3 cards)"][0] == 5, lil
    assert all(scrolls == 0 for _t, scrolls in ordinary(lil).values()), lil


# --- HIT -----------------------------------------------------------------------------------

MARKET = ["4", "5", "hunt", "coins5", "jump"]


def name_cards(g: Glance, scope: str, cards: list[str], submit: str) -> None:
    """Name cards: by tapping faces where the form has them, else one dropdown per card."""
    page = g.page
    faces = page.locator(f"{scope} .hand-faces button.face")
    if faces.count():
        for card in cards:
            g.tap(
                page.locator(f"{scope} .hand-faces button.face[data-card='{card}']"),
                swaps_entry=False,
            )
        g.tap(page.locator(f"{scope} button.save-hand"), swaps_entry=False)
        return
    for i, card in enumerate(cards):
        g.choose(page.locator(f"{scope} select[name=card{i}]"), card)
    g.tap(page.locator(f"{scope} button[type=submit]"), swaps_entry=False)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hit_draws_market_and_plays_at_a_glance(server, phone, lang):
    body = {"game": "hit", "names": ["Ann", "Ben"], "options": {"players": 2}}
    table = http_json(server.url, "POST", "/api/tables", body)
    tid, host = table["id"], table["host_token"]
    ann_page = seat_page(server, phone, tid, 0, lang)
    ben_page = seat_page(server, phone, tid, 1, lang)
    pages = [ann_page, ben_page]
    seq = api_plays(server, tid, host, ["draw"], 0)
    wait_seq(pages, seq)
    ben = Glance(ben_page)
    if not ben_page.locator("#entry details.name-draw[open]").count():
        ben.tap(ben_page.locator("#entry details.name-draw summary"), swaps_entry=False)
    name_cards(ben, "#entry .name-draw", ["s1", "s1-5", "scorner"], "I drew these")
    seq += 1
    wait_seq(pages, seq)
    ben.note("HIT", "name 3 drawn cards")
    ann = Glance(ann_page)
    name_cards(ann, "#entry .market-picker", MARKET, "These were revealed")
    seq += 1
    wait_seq(pages, seq)
    ann.note("HIT", "lay out the market (5)")
    enter_hand(ann, ["s6", "s3", "scoins"], "#entry .hand-entry")
    seq += 1
    wait_seq(pages, seq)
    ann.note("HIT", "hand of 3 cards")

    def card(g: Glance, token: str) -> None:
        g.tap(g.page.locator(f"#entry button.hit-card-pick[data-card='{token}']"))

    def move(g: Glance, action: str) -> None:
        if g.page.locator("#entry[data-step='confirm']").count():
            return  # one choice: no tap
        g.tap(g.page.locator(f"#entry button.move[data-action='{action}']"))

    def confirm(g: Glance) -> None:
        g.tap(g.page.locator("#entry button.confirm-play"), swaps_entry=False)

    card(ann, "s3")
    move(ann, "s3 T0-T3")
    confirm(ann)
    seq += 1
    wait_seq(pages, seq)
    ann.note("HIT", "a card with one play")
    card(ann, "s6")
    move(ann, "s6 W-T0")
    confirm(ann)
    seq += 1
    wait_seq(pages, seq)
    ann.note("HIT", "a card with two plays")
    card(ann, "scoins")
    move(ann, "scoins")
    confirm(ann)
    seq += 1
    wait_seq(pages, seq)
    ann.note("HIT", "coins")
    ann.tap(ann_page.locator("#entry button.buy[data-card='hunt']"), swaps_entry=False)
    seq += 1
    wait_seq(pages, seq)
    ann.tap(ann_page.locator("#entry button.end-turn"), swaps_entry=False)
    seq += 1
    wait_seq(pages, seq)
    ann.note("HIT", "buy one card and end")
    ben.tap(ben_page.locator("#entry button.report-draw"), swaps_entry=False)
    seq += 1
    wait_seq(pages, seq)
    ben_page.wait_for_selector("#entry[data-mode='market']")
    ben.reset()
    name_cards(ben, "#entry .market-picker", ["7"], "These were revealed")
    seq += 1
    wait_seq(pages, seq)
    ben.note("HIT", "refill the market (1)")
    print(f"\n[{lang}]")
    print_figures()
    hit = FIGURES["HIT"]
    assert hit["name 3 drawn cards"][0] <= 4 and hit["refill the market (1)"][0] <= 2, hit
    assert hit["lay out the market (5)"][0] <= 6 and hit["hand of 3 cards"][0] <= 5, hit
    assert hit["a card with one play"][0] == 2 and hit["coins"][0] == 2, hit  # no choice to tap
    assert hit["a card with two plays"][0] == 3, hit
    assert all(scrolls == 0 for _t, scrolls in ordinary(hit).values()), hit


def test_nobody_is_offered_what_they_cannot_do(server, phone):
    """Life is Life's lobby shows a name row per player chosen; the host takes a seat in one
    tap from the table page."""
    page = phone(locale="en-GB")
    page.goto(server.url + "/t/new/lifeislife")
    page.select_option("select[name=players]", "3")
    expect(page.locator("form.lobby .players .player-row:visible")).to_have_count(3)
    page.select_option("select[name=players]", "5")
    expect(page.locator("form.lobby .players .player-row:visible")).to_have_count(5)
    page.select_option("select[name=players]", "3")
    for i, name in enumerate(["Tim", "Mia", "Lino"]):
        page.fill(f"input[name=name{i}]", name)
    page.click("form.lobby button[type=submit]")
    page.wait_for_selector("#live")
    expect(page.locator("#status .you")).to_have_text("Scribe")
    page.locator(".take-seat button", has_text="I am Mia").click()  # one tap
    page.wait_for_selector("#live")
    expect(page.locator("#status .you")).to_contain_text("Mia")
