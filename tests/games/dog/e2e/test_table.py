"""Four phones track a DOG table through the real UI: create, join by code, deal, enter hands,
exchange, play the whole first round (a refused play, a 7 split and an undo on the way)."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.faces import enter_hand
from tests.services import http_json

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

NAMES = ["Ann", "Ben", "Cid", "Dan"]
HANDS = {  # entered by each phone; seat 0 holds the 7 for the split
    0: {"1": 2, "7": 1, "4": 1, "8": 1, "10": 1},
    1: {"1": 1, "2": 1, "3": 1, "8": 1, "9": 1, "10": 1},
    2: {"13": 1, "12": 1, "6": 2, "2": 1, "3": 1},
    3: {"1": 1, "5": 2, "8": 1, "9": 1, "3": 1},
}
GIVE = {0: "10", 1: "3", 2: "2", 3: "9"}


def api_state(server, table_id: str) -> dict:
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}", timeout=10) as r:
        return json.load(r)


def wait_seq(pages, seq: int) -> None:
    for page in pages:
        try:
            page.wait_for_selector(f'#status[data-seq="{seq}"]', timeout=10_000)
        except Exception:
            for i, p in enumerate(pages):  # what each phone showed, for the failure report
                p.screenshot(
                    path=str(SCREENSHOTS / f"timeout-seq{seq}-phone{i}.png"), full_page=True
                )
            raise


def seat_page(pages, state) -> object:
    return pages[state["to_move"]]


def step_of(page) -> str:
    return page.locator("#entry").get_attribute("data-step")


def tap_and_wait(page, locator) -> None:
    """Tap a button of the entry and wait until htmx has swapped the next step in."""
    before = page.locator("#entry").evaluate("e => e.dataset.swaps = (e.dataset.swaps || 0)")
    locator.click()
    page.wait_for_function("b => !document.querySelector('#entry').dataset.swaps", arg=before)


def confirm_in_page(page) -> None:
    """Answer the in-page confirmation (give, fold) that replaced the browser's confirm()."""
    page.locator("#inline-confirm button.confirm-yes").click()


def play_first_legal(page) -> str:
    """Tap cards until one has a legal move, tap the move, confirm; or fold."""
    page.wait_for_selector("#entry[data-step='cards']")
    for i in range(page.locator("#entry button.card").count()):
        tap_and_wait(page, page.locator("#entry button.card").nth(i))
        if step_of(page) == "joker":
            tap_and_wait(page, page.locator("#entry button.card").first)  # the joker as a 1
        while step_of(page).startswith("seven-"):  # the 7's last step leads to the confirm
            if page.locator("#entry button.move").count():
                tap_and_wait(page, page.locator("#entry button.move").first)
            else:
                break
        if step_of(page) == "moves" and page.locator("#entry button.move").count():
            tap_and_wait(page, page.locator("#entry button.move").first)
        if step_of(page) == "confirm":
            action = page.locator("#entry input[name=action]").get_attribute("value")
            page.locator("#entry button.confirm-play").click()
            return action
        back = page.locator("#entry button.secondary", has_text=re.compile("Back|Start again"))
        tap_and_wait(page, back)
    page.locator("#entry button", has_text="fold").click()
    confirm_in_page(page)
    return "fold"


def test_four_phones_play_the_first_round(server, phone, screenshot):
    pages = [phone() for _ in range(4)]
    for page in pages:
        page.on("dialog", lambda dialog: dialog.accept())
    ann = pages[0]

    # Ann creates the table (she is the host) and sits down herself.
    ann.goto(server.url + "/t/new")
    for i, name in enumerate(NAMES):
        ann.fill(f"input[name=name{i}]", name)
    ann.click("button[type=submit]")
    ann.wait_for_selector("#board svg")
    table_id = ann.url.rstrip("/").split("/")[-1]
    code = ann.locator(".invite .join-code").inner_text()
    assert re.fullmatch(r"[A-Z2-9]{6}", code)
    screenshot(ann, "host")

    # Everyone joins with the code (Ann too, to take her seat as well as the host's role).
    for seat, page in enumerate(pages):
        page.goto(server.url + "/t/join")
        page.fill("#code", code.lower())
        page.click("button[type=submit]")
        page.locator(".seat-list form").filter(
            has=page.locator(f"input[name=seat][value='{seat}']")
        ).locator("button").click()
        page.wait_for_selector("#board svg")
        assert page.locator(".status .you b").inner_text() == NAMES[seat]
    for page in pages:
        page.wait_for_selector("#live")
    # The figures of four colours are on the board (in the kennels).
    assert ann.locator("#board g.figure").count() == 16

    # The table deals; each phone enters its hand (private), then the exchange.
    ann.click("text=Cards are dealt")
    wait_seq(pages, 1)
    seq = 1
    for seat, page in enumerate(pages):
        enter_hand(page, HANDS[seat])
        seq += 1
        wait_seq(pages, seq)
    for seat, page in enumerate(pages):
        page.locator("#entry button.card", has_text=re.compile(rf"^{GIVE[seat]}\b")).click()
        confirm_in_page(page)
        seq += 1
        wait_seq(pages, seq)
    screenshot(pages[1], "after-exchange")

    # Ann: 1 → out of the kennel, in three taps (card, move, confirm).
    ann.locator("#entry button.card", has_text="1 / 11").click()
    ann.locator("#entry button.move", has_text="start field").click()
    ann.locator("#entry button.confirm-play").click()
    seq += 1
    wait_seq(pages, seq)
    for page in pages:  # every phone shows Ann's figure on her start field
        assert page.locator("#board g.figure[data-seat='0'][data-field='T0']").count() == 1

    # Ben comes out; then a refused play through the referee box, with its reason and rule.
    ben = pages[1]
    ben.locator("#entry button.card", has_text="1 / 11").click()
    ben.locator("#entry button.move", has_text="start field").click()
    ben.locator("#entry button.confirm-play").click()
    seq += 1
    wait_seq(pages, seq)
    cid = pages[2]
    cid.click("summary:has-text('Ask the referee')")
    cid.click("summary:has-text('Or type the play in notation')")
    cid.fill("#whatif-action", "12 T16-T28")  # Ben's figure is not Cid's to move
    cid.click("button:has-text('Record it')")
    cid.wait_for_selector("#ruling.refused")
    ruling = cid.locator("#ruling").inner_text()
    assert "Not allowed" in ruling and "Rule:" in ruling and "nothing was recorded" in ruling
    screenshot(cid, "refused")
    assert api_state(server, table_id)["seq"] == seq

    # Cid comes out with the 13, Dan with the 1.
    cid.locator("#entry button.card", has_text="13").click()
    cid.locator("#entry button.move", has_text="start field").click()
    cid.locator("#entry button.confirm-play").click()
    seq += 1
    wait_seq(pages, seq)
    dan = pages[3]
    dan.locator("#entry button.card", has_text="1 / 11").click()
    dan.locator("#entry button.move").first.click()
    dan.locator("#entry button.confirm-play").click()
    seq += 1
    wait_seq(pages, seq)

    def tap_play(page, card: str, move: str) -> None:
        page.locator("#entry button.card", has_text=card).click()
        page.locator("#entry button.move", has_text=move).click()
        page.locator("#entry button.confirm-play").click()

    def others_play() -> int:
        nonlocal seq
        for page in pages[1:]:
            play_first_legal(page)
            seq += 1
            wait_seq(pages, seq)
        return seq

    # Ann moves on with the 8; Ben plays and takes it back (undo is an event everyone sees).
    tap_play(ann, "8", "8 past Ann's start")
    seq += 1
    wait_seq(pages, seq)
    action = play_first_legal(ben)
    seq += 1
    wait_seq(pages, seq)
    ben.click("#history .history-head button")
    seq += 1
    wait_seq(pages, seq)
    expect(ben.locator("#ruling")).to_contain_text("Taken back")
    expect(ann.locator("#history li.undone")).to_have_count(1)
    assert api_state(server, table_id)["to_move"] == 1
    others_play()

    # Ann's second figure comes out, then she splits her 7 step by step.
    tap_play(ann, "1 / 11", "start field")
    seq += 1
    wait_seq(pages, seq)
    others_play()
    ann.locator("#entry button.card", has_text="7 split").click()
    expect(ann.locator("#entry h3")).to_contain_text("7 points left")
    first = ann.locator("#entry button.move").first.get_attribute("data-seven")
    tap_and_wait(ann, ann.locator("#entry button.move").first)
    expect(ann.locator("#entry h3")).not_to_contain_text("7 points left")
    while step_of(ann).startswith("seven-"):  # then the other figure, until all 7 are used
        moves = ann.locator("#entry button.move")
        other = [
            i
            for i in range(moves.count())
            if moves.nth(i).get_attribute("data-seven").split()[-1].split("-")[0]
            != first.split("-")[0]
        ]
        tap_and_wait(ann, moves.nth(other[0] if other else 0))
    seven = ann.locator("#entry input[name=action]").get_attribute("value")
    assert seven.startswith("7 ") and len(seven.split()) >= 3, seven
    ann.locator("#entry button.confirm-play").click()
    seq += 1
    wait_seq(pages, seq)
    screenshot(ann, "after-seven")

    # The rest of the round: whoever is to move plays their first legal card (or folds).
    state = api_state(server, table_id)
    plays = 0
    while state["phase"] in ("play", "drawn") and state["score"]["round"] == 0 and plays < 40:
        page = seat_page(pages, state)
        play_first_legal(page)
        seq += 1
        wait_seq(pages, seq)
        state = api_state(server, table_id)
        plays += 1
    assert state["phase"] == "deal" and state["score"]["round"] == 1, state["phase"]
    for page in pages:
        assert page.locator("#entry button", has_text="Cards are dealt").count() == 1
    screenshot(ann, "round-over")
    # Privacy on the page: Ben's phone never shows Ann's cards in the hand entry.
    assert action


def test_server_restart_mid_game(server, phone, screenshot):
    request = urllib.request.Request(
        server.url + "/api/tables",
        data=json.dumps({"game": "dog"}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as r:
        table = json.load(r)
    page = phone()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{server.url}/t/{table['id']}/seats")
    page.locator(".seat-list form").first.locator("button").click()
    page.wait_for_selector("#status[data-seq='0']")
    token_play = urllib.request.Request(
        f"{server.url}/api/tables/{table['id']}/plays",
        data=json.dumps({"action": "deal", "expected_seq": 0}).encode(),
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {table['host_token']}",
        },
        method="POST",
    )
    urllib.request.urlopen(token_play, timeout=10).close()
    page.wait_for_selector("#status[data-seq='1']")

    server.stop()
    page.wait_for_selector("#offline", state="visible", timeout=15_000)
    # The entry stays usable: a play confirmed now is kept and sent when the table is back
    # (static/js/offline.js; tests/e2e/test_network_lan.py).
    assert page.locator("#entry button").first.is_enabled()
    screenshot(page, "offline")
    server.start()
    # The socket reconnects by itself; the state is rebuilt from the event log.
    page.wait_for_selector("#offline", state="hidden", timeout=30_000)
    page.wait_for_selector("#status[data-seq='1'][data-phase='exchange']")
    page.reload()
    assert page.locator(".status .you b").inner_text() == "Player 1"  # still in the same seat
    # the exchange's give buttons (the entry's first cards are the hand's faces now, #28)
    page.locator('#entry button[name=action][value^="give "]').first.click()
    confirm_in_page(page)
    page.wait_for_selector("#status[data-seq='2']")


def api(server, method: str, path: str, body=None, token=None) -> dict:
    return http_json(server.url, method, path, body, token)


def test_hint_then_play_this(server, phone, screenshot):
    table = api(server, "POST", "/api/tables", {"game": "dog", "names": NAMES})
    tid, host = table["id"], table["host_token"]
    page = phone()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{server.url}/t/{tid}/seats")
    page.locator(".seat-list form").first.locator("button").click()
    page.wait_for_selector("#status[data-seq='0']")
    seq = api(
        server, "POST", f"/api/tables/{tid}/plays", {"action": "deal", "expected_seq": 0}, host
    )["seq"]
    for seat, cards in HANDS.items():
        text = f"hand {seat} " + ",".join(c for c, n in cards.items() for _ in range(n))
        seq = api(
            server, "POST", f"/api/tables/{tid}/plays", {"action": text, "expected_seq": seq}, host
        )["seq"]
    for card in GIVE.values():
        seq = api(
            server,
            "POST",
            f"/api/tables/{tid}/plays",
            {"action": f"give {card}", "expected_seq": seq},
            host,
        )["seq"]
    page.wait_for_selector(f"#status[data-seq='{seq}']")

    page.click("button.hint-button")
    page.wait_for_selector("#hint[data-status='progress'], #hint[data-status='done']")
    page.wait_for_selector("#hint[data-status='done']", timeout=15_000)
    choices = page.locator("#hint .hint-choices li")
    assert 1 <= choices.count() <= 3
    # the win chance shows only where the suggestions' chances differ (docs/hints.md)
    assert "of the search" in choices.first.inner_text()
    assert page.locator("#board .field.lit").count() >= 1  # the best play drawn on the board
    screenshot(page, "hint")
    suggested = page.locator("#hint button", has_text="Play this").first.get_attribute(
        "data-action"
    )
    page.locator("#hint button", has_text="Play this").first.click()
    page.wait_for_selector("#entry[data-step='confirm']")
    assert page.locator("#entry input[name=action]").get_attribute("value") == suggested
    page.locator("#entry button.confirm-play").click()
    page.wait_for_selector(f"#status[data-seq='{seq + 1}']")
    assert api(server, "GET", f"/api/tables/{tid}")["history"][-1]["text"] == suggested
