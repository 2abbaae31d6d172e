"""A phone that stays open all evening (issue #36): what its scripts keep is the decision's own.

- Life is Life: the hand form of round 2 starts empty on a phone that entered its hand in
  round 1 and never reloaded (the card faces keep what was tapped by the decision the server
  names in the form, and drop it once that decision is gone);
- DOG and HIT: the referee's answer never blocks the entry: after it, the phone's own cards
  take taps at once (no Cancel needed).

Every phone here is opened once and never reloaded, at 390x844 with touch, and reaches the
table as the phones at a table do: by the machine's LAN name (``tablehost``, `make run`'s
server; tests/e2e/test_network_lan.py); the other seats play through the API.
"""

from __future__ import annotations

import os
import re
import urllib.error
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.engines import get_game
from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.faces import enter_hand
from tests.e2e.test_network_lan import lan, lan_browser, lan_phone  # noqa: F401 - fixtures
from tests.services import http_json

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SHOTS = SCREENSHOTS


def shot(page, name: str) -> None:
    """The phone's screen as its player sees it (also under $TABLE_SHOTS, to look at)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"open-all-evening-{name}.png"))
    if os.environ.get("TABLE_SHOTS"):
        Path(os.environ["TABLE_SHOTS"]).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(os.environ["TABLE_SHOTS"]) / f"{name}.png"))


def api(server, method: str, path: str, body=None, token: str | None = None) -> dict:
    try:
        return http_json(server.url, method, path, body, token)
    except urllib.error.HTTPError as refused:
        raise AssertionError(f"{method} {path} {body}: {refused.read().decode()}") from None


def new_table(server, game: str, names: list[str], browser_seat: int = 0,
              options: dict | None = None) -> dict:
    """A table made through the API; every seat but ``browser_seat`` joined there."""
    made = api(server, "POST", "/api/tables", {"game": game, "names": names,
                                                "options": options})
    table = {"id": made["id"], "host": made["host_token"], "tokens": {}}
    for seat in range(len(names)):
        if seat != browser_seat:
            joined = api(server, "POST", f"/api/tables/{table['id']}/join", {"seat": seat},
                         table["host"])
            table["tokens"][seat] = joined["token"]
    return table


def seq_of(server, table: dict) -> int:
    return api(server, "GET", f"/api/tables/{table['id']}")["seq"]


def play(server, table: dict, action: str, token: str | None = None) -> None:
    body = {"action": action, "expected_seq": seq_of(server, table)}
    api(server, "POST", f"/api/tables/{table['id']}/plays", body, token or table["host"])


@pytest.fixture
def phone(lan_phone):  # noqa: F811
    """A phone at the table (tablehost), in the given language."""
    return lambda locale="en": lan_phone(locale)[1]


@pytest.fixture
def server(lan):  # noqa: F811
    return lan


def take_seat(page, server, table: dict, seat: int) -> None:
    page.goto(f"{server.http}/t/{table['id']}/seats")
    page.locator(".seat-list form").filter(
        has=page.locator(f"input[name=seat][value='{seat}']")
    ).locator("button").click()
    page.wait_for_selector("#status")
    page.wait_for_function(
        "() => { const d = document.getElementById('live')['htmx-internal-data'];"
        " return d && d.webSocket && d.webSocket.socket && d.webSocket.socket.readyState === 1; }"
    )


def wait_seq(page, seq: int) -> None:
    page.wait_for_selector(f'#status[data-seq="{seq}"]', timeout=10_000)


# --- Life is Life: round 2's hand form starts empty ------------------------------------------

LIL_NAMES = ["Tim", "Mia", "Lino"]
DEAL = "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep"
TIM = {"giraffe": 3, "bear": 2, "mole": 1, "goat": 1, "sheep": 1, "dog": 1, "cat": 1}
OTHERS = {1: "giraffe*2,bear*2,mole*2,goat*2,hare*2",
          2: "giraffe,bear,mole,goat,sheep*2,dog*2,hare,mouse"}
ROUND = ["swap 3: bear,bear,cat", "swap 1: hare", "swap 2: sheep,sheep", "knock",
         "swap 2: goat,goat", "swap 4: mouse,dog,dog,hare"]
ROUND2 = "deal rows hare/pig,cat/mouse,mouse,dog/sheep,goat,bear,mole"


def shown_hands() -> list[str]:
    """Each hand at the round's end, as the engine has them after ROUND (to show them)."""
    game = get_game("lifeislife")
    state = game.new_game({"players": 3})
    tim = ",".join(f"{a}*{n}" for a, n in TIM.items())
    for text in [DEAL, f"hand 0 {tim}", *(f"hand {s} {h}" for s, h in OTHERS.items()), *ROUND]:
        state = game.apply(state, game.parse_action(state, text))
    hands = game.to_json(state)["hands"]
    return [f"hand {seat} {','.join(cards)}" for seat, cards in enumerate(hands)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_round_two_hand_form_starts_empty_on_a_phone_never_reloaded(server, phone, lang):
    table = new_table(server, "lifeislife", LIL_NAMES, options={"players": 3})
    tim = phone(locale=lang)
    take_seat(tim, server, table, 0)
    play(server, table, DEAL)
    wait_seq(tim, 1)
    enter_hand(tim, TIM)  # round 1's hand, tapped on this phone
    wait_seq(tim, 2)
    for seat, hand in OTHERS.items():
        play(server, table, f"hand {seat} {hand}", table["tokens"][seat])
    for action in ROUND:  # the scribe enters the round's plays: pushes redraw Tim's forms
        play(server, table, action)
    tim.wait_for_selector("#entry[data-mode='reveal']")
    for shown in shown_hands():
        play(server, table, shown)
    tim.wait_for_selector("#entry[data-mode='deal']")
    play(server, table, ROUND2)
    wait_seq(tim, seq_of(server, table))
    form = tim.locator("details.hand-entry form.hand-form").last
    box = form.locator(".card-faces")
    expect(box).to_have_attribute("data-decision", f"{table['id']}:0:round-1-turn-")
    count = box.locator(".faces-count")
    expect(count).to_have_text("0 of 10" if lang == "en" else "0 von 10")
    expect(form.locator("button.save-hand")).to_be_disabled()
    assert box.locator(".face.picked").count() == 0
    # the real cards take taps (round 1's "All 10 are chosen" never comes)
    if not form.is_visible():
        tim.locator("details.hand-entry > summary").last.click()
    box.locator(".hand-faces .face[data-card='hare']").click()
    expect(count).to_have_text("1 of 10" if lang == "en" else "1 von 10")
    expect(box.locator(".faces-error")).to_be_hidden()
    shot(tim, f"{lang}-lil-round2-hand-empty")


# --- DOG and HIT: the referee's answer never blocks the entry ---------------------------------

DOG_NAMES = ["Ann", "Ben", "Cid", "Dan"]
DOG_HANDS = {1: ["1", "2", "3", "8", "9", "10"], 2: ["13", "12", "6", "6", "2", "3"],
             3: ["1", "5", "5", "8", "9", "3"]}
ANN = {"1": 2, "7": 1, "4": 1, "8": 1, "10": 1}
DOG_GIVE = {1: "3", 2: "2", 3: "9"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_referees_answer_leaves_the_dog_entry_free(server, phone, lang):
    table = new_table(server, "dog", DOG_NAMES)
    ann = phone(locale=lang)
    take_seat(ann, server, table, 0)
    play(server, table, "deal")
    wait_seq(ann, 1)
    enter_hand(ann, ANN)
    wait_seq(ann, 2)
    for seat, cards in DOG_HANDS.items():
        body = {"cards": cards, "expected_seq": seq_of(server, table)}
        api(server, "PUT", f"/api/tables/{table['id']}/hand", body, table["tokens"][seat])
    wait_seq(ann, 5)
    ann.locator('#entry button[name=action][value="give 10"]').click()
    ann.locator("#inline-confirm button.confirm-yes").click()
    wait_seq(ann, 6)
    for seat, card in DOG_GIVE.items():
        play(server, table, f"give {card}", table["tokens"][seat])
    wait_seq(ann, 9)
    expect(ann.locator("#status")).to_have_attribute("data-yours", "1")

    taps = 0
    ann.click("details#referee > summary")
    ann.check("#referee-form input[name=seat][value='0']")
    ann.check("#referee-form input[name=card][value='1']")
    ann.locator("#board g.figure[data-seat='0']").first.click()
    ann.click("#referee-form > button[type=submit]")
    taps += 4
    expect(ann.locator("#referee-ruling")).to_contain_text("Allowed" if lang == "en" else "Erlaubt")
    # the answer stays; the entry is Ann's again: not greyed, not waiting, cards take taps
    expect(ann.locator("body")).not_to_have_class("refereeing")
    expect(ann.locator("#entry fieldset.entry-controls")).to_be_enabled()
    shot(ann, f"{lang}-dog-after-referee")
    card = ann.locator("#entry button.card").first
    card.click()
    taps += 1
    ann.wait_for_function(
        "() => document.querySelector('#entry').dataset.step !== 'cards'"
        " || !!document.querySelector('#inline-confirm')")
    shot(ann, f"{lang}-dog-card-tapped-after-referee")
    assert taps == 5


# --- a wrongly entered hand, put right by tapping its history line ------------------------------

WRONG = {"1": 2, "7": 1, "4": 1, "joker": 1, "10": 1}  # a joker where the 8 is


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_wrong_hand_is_put_right_by_tapping_its_line(server, phone, lang):
    table = new_table(server, "dog", DOG_NAMES)
    ann = phone(locale=lang)
    take_seat(ann, server, table, 0)
    play(server, table, "deal")
    wait_seq(ann, 1)
    enter_hand(ann, WRONG)
    wait_seq(ann, 2)
    play(server, table, "hand 1 1,2,3,8,9,10", table["tokens"][1])  # the table goes on
    wait_seq(ann, 3)

    taps = 0
    ann.locator("#history li[value='2']").click()  # her hand's line
    taps += 1
    hand = ann.locator("#correct-hand .card-faces")
    expect(hand).to_be_visible()
    count = hand.locator(".faces-count")
    expect(count).to_have_text("6 of 6" if lang == "en" else "6 von 6")  # as she entered it
    shot(ann, f"{lang}-hand-line-tapped")
    hand.locator(".faces-chosen button[data-card='joker']").click()
    hand.locator(".hand-faces .face[data-card='8']").click()
    taps += 2
    expect(count).to_have_text("6 of 6" if lang == "en" else "6 von 6")
    ann.locator("#correct-form .correct-submit").click()
    taps += 1
    expect(ann.locator("#ruling.corrected")).to_be_visible()
    wait_seq(ann, 4)
    shot(ann, f"{lang}-hand-corrected")
    assert taps == 4
    # the hand counts as entered: nothing asks for it again, and it is the corrected one
    expect(ann.locator("#notices .notice")).to_have_count(0)
    state = api(server, "GET", f"/api/tables/{table['id']}")
    assert state["seq"] == 4


# --- HIT: the referee judges Ben's play out of turn, and its answer leaves the entry free -------

HIT_NAMES = ["Ann", "Ben"]


def ben_play_out_of_turn() -> str:
    """A play of Ben's with a move after the set-up, judged where he could play it (the
    engine's own list; his hand is not entered: any of his start cards)."""
    game = get_game("hit")
    made = game.new_game({"players": 2})
    for text in ("draw", "draw", "market 4,5,hunt,coins5,jump"):
        made = game.apply(made, game.parse_action(made, text))
    judged = game.with_mover(made, 1)
    for action in game.legal_actions(judged):
        text = game.format_action(judged, action)
        if game.card_of(judged, action) and "-" in text:
            return text
    raise AssertionError("Ben has no play with a move")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hit_referee_judges_out_of_turn_and_leaves_the_entry_free(server, phone, lang):
    table = new_table(server, "hit", HIT_NAMES, options={"players": 2})
    ann = phone(lang)
    take_seat(ann, server, table, 0)
    for action in ("draw", "draw", "market 4,5,hunt,coins5,jump"):
        play(server, table, action)
    wait_seq(ann, 3)
    enter_hand(ann, {"s6": 1, "s3": 1, "scoins": 1})
    wait_seq(ann, 4)
    expect(ann.locator("#status")).to_have_attribute("data-yours", "1")

    # Ann asks whether Ben may play this now, out of turn: judged, in words
    taps = 0
    ann.click("details#referee > summary")
    ann.check("#referee-form input[name=seat][value='1']")
    ann.click("#referee-form details.notation > summary")
    ann.fill("#whatif-action", ben_play_out_of_turn())
    ann.click("#referee-form > button[type=submit]")
    taps += 4
    ruling = ann.locator("#referee-ruling")
    expect(ruling).to_have_class(re.compile(r"\bwhatif\b"))
    assert not re.search(r"\bphase\b|«\s*play\s*»", ruling.inner_text()), ruling.inner_text()
    shot(ann, f"{lang}-hit-referee-out-of-turn")

    # her own question with a card picked: the entry waits; the answer frees it at once
    ann.check("#referee-form input[name=seat][value='0']")
    ann.check("#referee-form input[name=card][value='s3']")
    expect(ann.locator("body")).to_have_class(re.compile(r"\brefereeing\b"))
    ann.fill("#whatif-action", "s3 T0-T3")
    ann.click("#referee-form > button[type=submit]")
    taps += 3
    expect(ruling).to_contain_text("Allowed" if lang == "en" else "Erlaubt")
    expect(ann.locator("body")).not_to_have_class(re.compile(r"\brefereeing\b"))
    expect(ann.locator("#entry fieldset.entry-controls")).to_be_enabled()
    ann.locator("#entry button.hit-card-pick[data-card='s3']").click()
    taps += 1
    ann.wait_for_selector("#entry[data-step='moves'], #entry[data-step='confirm']")
    shot(ann, f"{lang}-hit-card-tapped-after-referee")
    assert taps == 8
