"""Accessibility in a real browser: a DOG play reached and recorded with the keyboard only (Tab
and Enter), once from the "All legal plays" list and once through the card → move → confirm
steps; accessible names checked through the accessibility tree (``get_by_role``); figures
carrying their colour's letter; and nothing moving when the phone asks for reduced motion."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.services import http_json

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

NAMES = ["Ann", "Ben", "Cid", "Dan"]
HANDS = {
    0: ["1", "1", "7", "4", "8", "10"],
    1: ["1", "2", "3", "8", "9", "10"],
    2: ["13", "12", "6", "6", "2", "3"],
    3: ["1", "5", "5", "8", "9", "3"],
}
GIVE = {0: "10", 1: "3", 2: "2", 3: "9"}
LETTERS = {0: "R", 1: "B", 2: "G", 3: "Y"}  # red, blue, green, yellow: the default colours
SLOW = 30_000  # the machine is busy with strength matches: generous waits


def api(server, method: str, path: str, body=None, token=None) -> dict:
    return http_json(server.url, method, path, body, token)


def play(server, tid: str, host: str, action: str, seq: int) -> int:
    body = {"action": action, "expected_seq": seq}
    return api(server, "POST", f"/api/tables/{tid}/plays", body, host)["seq"]


def seat_zero_to_play(server, page) -> tuple[str, str, int]:
    """A DOG table dealt, hands entered and cards exchanged by the scribe (API); the browser
    sits in seat 0, whose turn it is. Returns (table id, host token, seq)."""
    table = api(server, "POST", "/api/tables", {"game": "dog", "names": NAMES})
    tid, host = table["id"], table["host_token"]
    page.goto(f"{server.url}/t/{tid}/seats")
    page.locator(".seat-list form").first.locator("button").click()
    page.wait_for_selector("#status[data-seq='0']", timeout=SLOW)
    seq = play(server, tid, host, "deal", 0)
    for seat, cards in HANDS.items():
        seq = play(server, tid, host, f"hand {seat} " + ",".join(cards), seq)
    for card in GIVE.values():
        seq = play(server, tid, host, f"give {card}", seq)
    # The last update arrived over the socket (the page loaded at #0): nothing else will
    # replace the fragments while the keyboard walks the page.
    page.wait_for_selector(f"#status[data-seq='{seq}']", timeout=SLOW)
    return tid, host, seq


def focused(page, selector: str) -> bool:
    return page.evaluate(
        "s => !!document.activeElement && document.activeElement.matches(s)", selector
    )


def tab_to(page, selector: str, limit: int = 150) -> None:
    """Press Tab until the focus is on an element matching ``selector``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def last_play(server, tid: str) -> str:
    return api(server, "GET", f"/api/tables/{tid}")["history"][-1]["text"]


def test_a_play_with_the_keyboard_only(server, phone, screenshot):
    page = phone(is_mobile=False, has_touch=False, viewport={"width": 1024, "height": 900})
    tid, host, seq = seat_zero_to_play(server, page)

    # The board: a named image with a text alternative; every figure carries its letter.
    board = page.get_by_role("img", name="DOG board")
    expect(board).to_be_visible()
    assert "Ann (red, letter R): 4 in the kennel." in page.locator("#board-desc").text_content()
    figures = page.locator("#board g.figure")
    expect(figures).to_have_count(16)
    for i in range(16):
        figure = figures.nth(i)
        seat = int(figure.get_attribute("data-seat"))
        assert figure.locator("text").text_content() == LETTERS[seat]
    expect(page.locator("#status .chip-letter")).to_have_text("R")

    # 1. From the list: Tab to "All legal plays", Enter, Tab to the card, Enter, Tab, Enter.
    tab_to(page, "#plays details.all-plays-list > summary")
    page.keyboard.press("Enter")
    expect(page.locator("#plays details.all-plays-list")).to_have_attribute("open", "")
    tab_to(page, "#plays details.play-group > summary")
    expect(page.locator("#plays details.play-group > summary").first).to_contain_text("1 / 11")
    page.keyboard.press("Enter")
    button = page.get_by_role(
        "button", name="Play 1 / 11: a figure of Ann out of the kennel onto Ann's start field"
    )
    expect(button).to_be_visible()
    tab_to(page, "#plays button.legal-play")
    expect(button).to_be_focused()
    screenshot(page, "list-focused")
    page.keyboard.press("Enter")
    seq += 1
    page.wait_for_selector(f"#status[data-seq='{seq}']", timeout=SLOW)
    expect(page.locator("#ruling")).to_contain_text("Recorded")
    expect(page.locator("#ruling")).to_be_focused()  # the answer is read out and focused
    assert last_play(server, tid) == "1 K"

    # The others come out (the scribe); then Ann again, through the steps of the entry.
    for action in ("1 K", "13 K", "1 K"):
        seq = play(server, tid, host, action, seq)
    page.wait_for_selector(f"#status[data-seq='{seq}']", timeout=SLOW)
    tab_to(page, "#entry button.card[hx-get$='card=8']")
    expect(page.get_by_role("button", name="8", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_selector("#entry[data-step='moves']", timeout=SLOW)
    expect(page.locator("#entry h3")).to_be_focused()  # the new step, not the page's top
    page.keyboard.press("Tab")
    move = page.locator("#entry").get_by_role(
        "button", name="Play 8: Ann's figure from Ann's start field to 8 past Ann's start"
    )
    expect(move).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_selector("#entry[data-step='confirm']", timeout=SLOW)
    # table.js puts the focus on the question once the step has settled; Tab only after that
    expect(page.locator("#entry .confirm p")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Confirm")).to_be_focused()
    page.keyboard.press("Enter")
    seq += 1
    page.wait_for_selector(f"#status[data-seq='{seq}']", timeout=SLOW)
    expect(page.locator("#ruling")).to_be_focused()
    assert last_play(server, tid) == "8 T0-T8"
    screenshot(page, "steps-done")


MOTION = """() => {
  const moving = [];
  for (const el of document.querySelectorAll('*')) {
    for (const pseudo of [null, '::before', '::after']) {
      const style = getComputedStyle(el, pseudo);
      const transition = style.transitionDuration.split(',').some(d => parseFloat(d) > 0);
      const animation = style.animationName !== 'none' &&
        style.animationDuration.split(',').some(d => parseFloat(d) > 0);
      const name = el.tagName.toUpperCase() + '.' + (el.getAttribute('class') || '');
      if (transition || animation) moving.push(name);
    }
  }
  return {moving: [...new Set(moving)], running: document.getAnimations().length};
}"""


def test_reduced_motion_leaves_nothing_moving(server, phone, screenshot):
    page = phone()
    _tid, _host, seq = seat_zero_to_play(server, page)

    def lit_board() -> None:
        """Tap the 1 / 11: its move is lit (pulsing) on the board."""
        page.locator("#entry button.card", has_text="1 / 11").click()
        page.wait_for_selector("#entry[data-step='moves']", timeout=SLOW)
        expect(page.locator("#board .field.lit").first).to_be_attached()

    # Without a preference the page does move (so the check below can fail).
    page.emulate_media(reduced_motion="no-preference")
    lit_board()
    motion = page.evaluate(MOTION)
    assert any(re.search(r"lit", m) for m in motion["moving"]), motion
    assert any(m.startswith("BUTTON") for m in motion["moving"]), motion

    # Reduced motion: no transition or animation anywhere, none running, after a swap too.
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    motion = page.evaluate(MOTION)
    assert motion == {"moving": [], "running": 0}, motion
    page.locator("#entry button.secondary", has_text="Back").click()
    page.wait_for_selector("#entry[data-step='cards']", timeout=SLOW)
    lit_board()
    page.locator("#entry button.move").first.click()
    page.locator("#entry button.confirm-play").click()
    page.wait_for_selector(f"#status[data-seq='{seq + 1}']", timeout=SLOW)
    expect(page.locator("#ruling")).to_contain_text("Recorded")
    assert page.evaluate(MOTION) == {"moving": [], "running": 0}
    screenshot(page, "reduced-motion")


def test_live_updates_keep_the_list_open_and_the_focus(server, phone):
    """The scribe has the list open on a play when another phone's entry changes the table:
    the list comes back open, on the same play."""
    page = phone(is_mobile=False, has_touch=False)
    page.goto(server.url + "/t/new")
    page.click("button:has-text('Create the table')")
    page.wait_for_selector("#status[data-seq='0']", timeout=SLOW)
    tid = page.url.rstrip("/").split("/")[-1]
    ben = api(server, "POST", f"/api/tables/{tid}/join", {"seat": 1})["token"]  # before the deal
    page.locator("#entry button", has_text="Cards are dealt").click()
    page.wait_for_selector("#status[data-seq='1']", timeout=SLOW)
    page.locator("#plays details.all-plays-list > summary").click()
    page.locator("#plays details.play-group > summary").first.click()
    page.locator("#plays button.legal-play").first.focus()
    focused_play = page.evaluate("document.activeElement.value")
    page.evaluate("document.getElementById('plays').dataset.old = '1'")
    body = {"cards": HANDS[1], "expected_seq": 1}
    api(server, "PUT", f"/api/tables/{tid}/hand", body, ben)  # private: the scribe's list stays
    page.wait_for_selector("#status[data-seq='2']", timeout=SLOW)
    page.wait_for_selector("#plays:not([data-old])", state="attached", timeout=SLOW)
    expect(page.locator("#plays details.all-plays-list")).to_have_attribute("open", "")
    expect(page.locator("#plays details.play-group").first).to_have_attribute("open", "")
    assert page.evaluate("document.activeElement.value") == focused_play
