"""Whole rounds on 390×844 phones with touch (issue #28, TABLE_UX 9), reached as a phone at the
table reaches the host's laptop: ``http://tablehost:PORT`` (Chromium maps the name to this
machine), `make run`'s own server (``manage.py serve``).

- a DOG round: four phones enter their hands by tapping card faces, give their cards in the
  exchange, then play until the round is over (each phone taps its own plays);
- a Life is Life round: the rows laid out, three hands entered, swaps until a knock and the
  last turns, the hands shown;
- HIT turns: the set-up reported, both hands entered, two turns each (plays, buying, the draw,
  the market refilled).

Before every tap the target must be on screen and the topmost thing at its centre
(`test_one_hand.Glance`); where it is not, the scroll a phone would have needed is counted,
done, and the tap goes on. The taps and scrolls of every play and hand are printed per game
(``-s``) and held to the goals: no scroll in an ordinary play. EN and DE.

    .venv/bin/pytest tests/e2e/test_whole_rounds.py -s -p no:cacheprovider
"""

from __future__ import annotations

import json
import os
import re
from collections import defaultdict
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.e2e.test_network_lan import NAME, LanServer
from tests.e2e.test_one_hand import Glance, enter_hand
from tests.services import http_json

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

LOCALES = {"en": "en-GB", "de": "de-DE", "fr": "fr-FR", "it": "it-IT"}
#: the phones' screen: 390×844 unless WHOLE_ROUND_VIEWPORT says otherwise (e.g. 360x740)
VIEWPORT = dict(zip(("width", "height"), map(int, os.environ.get(
    "WHOLE_ROUND_VIEWPORT", f"{PHONE['viewport']['width']}x{PHONE['viewport']['height']}"
).split("x")), strict=True))
SHOTS = Path(os.environ.get("WHOLE_ROUND_SHOTS", "/tmp/shots"))
#: (game, language) → what → [(taps, scrolls), …]
FIGURES: dict[tuple[str, str], dict[str, list[tuple[int, int]]]] = defaultdict(
    lambda: defaultdict(list)
)


@pytest.fixture(scope="module")
def table_host(tmp_path_factory):
    server = LanServer(tmp_path_factory.mktemp("tablehost"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def host_browser(browser, table_host):
    """Chromium for which ``tablehost`` is this machine (plain http: no certificate)."""
    chromium = browser.browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"],
    )
    yield chromium
    chromium.close()


@pytest.fixture
def phones(host_browser):
    contexts = []

    def make(lang: str, **extra):
        context = host_browser.new_context(
            **{**PHONE, "viewport": VIEWPORT, "locale": LOCALES[lang], **extra}
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # every console error fails, Chromium's own too: over plain http to this name the
        # Cross-Origin-Opener-Policy header is no longer sent (it was ignored with an error)
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.errors = errors
        return page

    yield make
    for context in contexts:
        context.close()


def seated(table_host, make, tid: str, seat: int, lang: str):
    """A phone that took its seat from the seats page (the QR code's link) and whose live
    connection has sent the whole view."""
    page = make(lang)
    pushed: list[int] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda _f: pushed.append(1)))
    page.goto(f"{table_host.http}/t/{tid}/seats")
    assert page.url.startswith(f"http://{NAME}:")
    page.locator(".seat-list form").filter(
        has=page.locator(f"input[name=seat][value='{seat}']")
    ).locator("button").click()
    page.wait_for_selector("#live")
    page.wait_for_function("() => document.querySelector('#status')")
    for _ in range(200):
        if pushed:
            break
        page.wait_for_timeout(50)
    assert pushed, "the live connection did not open"
    return page


def presenter(table_host, make, tid: str, lang: str):
    """The room's screen: a 1920×1080 television showing the presenter page."""
    page = make(lang, viewport={"width": 1920, "height": 1080}, is_mobile=False,
                has_touch=False, device_scale_factor=1)
    page.goto(f"{table_host.http}/t/{tid}/present")
    page.wait_for_selector("#live.presenter #status")
    return page


def seq_of(page) -> int:
    return int(page.locator("#status").get_attribute("data-seq"))


def wait_all(pages, seq: int) -> None:
    for page in pages:
        page.wait_for_selector(f'#status[data-seq="{seq}"]', timeout=15_000)


def settle(page) -> None:
    page.wait_for_function(
        "() => !document.querySelector('.htmx-settling, .htmx-swapping, .htmx-request')"
    )


def mover(pages) -> int | None:
    for i, page in enumerate(pages):
        if page.locator("#status").get_attribute("data-yours") == "1":
            return i
    return None


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def note(game: str, lang: str, what: str, g: Glance) -> None:
    FIGURES[(game, lang)][what].append((g.taps, g.scrolls))
    g.reset()


def report(game: str, lang: str) -> dict[str, list[tuple[int, int]]]:
    figures = FIGURES[(game, lang)]
    print(f"\n[{game}, {lang}] what: count, taps (min-max, mean), scrolls (total)")
    for what, runs in figures.items():
        taps = [t for t, _s in runs]
        print(f"  {what:34} {len(runs):3}  taps {min(taps)}-{max(taps)} "
              f"(mean {sum(taps) / len(taps):.1f})  scrolls {sum(s for _t, s in runs)}")
    out = SHOTS / "whole-round-figures.json"
    SHOTS.mkdir(parents=True, exist_ok=True)
    kept = json.loads(out.read_text()) if out.exists() else {}
    kept[f"{game}/{lang}"] = figures
    out.write_text(json.dumps(kept, indent=1))
    return figures


# --- DOG -----------------------------------------------------------------------------------

DOG_NAMES = ["Ann", "Ben", "Cid", "Dan"]
DOG_HANDS = [
    ["1", "13", "7", "4", "5", "joker"],
    ["1", "2", "3", "8", "9", "10"],
    ["13", "12", "6", "6", "swap", "2"],
    ["1", "5", "5", "8", "9", "3"],
]


DOG_HANDS_2 = [
    ["2", "3", "4", "8", "9"],
    ["10", "12", "13", "1", "5"],
    ["6", "7", "8", "9", "10"],
    ["12", "13", "2", "3", "4"],
]


def dog_turn(g: Glance) -> str:
    """One play on the mover's phone, by its taps: the first card with a move, the lit figure
    and the lit place on the board (the move list only where the board lights nothing),
    Confirm; a hand without a move folds. Returns what kind of play it was."""
    page = g.page
    kind = "play"
    for _ in range(20):
        settle(page)
        entry = page.locator("#entry")
        step = entry.get_attribute("data-step") or ""
        if step == "confirm":
            g.tap(page.locator("#entry button.confirm-play"), swaps_entry=False)
            return kind
        if step == "cards":
            playable = page.locator("#entry .cards button.card:not(.no-move)")
            if playable.count():
                label = playable.first.get_attribute("hx-get") or ""
                card = label.rsplit("card=", 1)[-1]
                kind = {"7": "a 7", "swap": "a swap", "joker": "the joker"}.get(card, "a card")
                g.tap(playable.first)
                continue
            g.tap(page.locator("#entry button[value=fold]"), swaps_entry=False)
            g.tap(page.locator("#inline-confirm button.confirm-yes"), swaps_entry=False)
            return "fold"
        if step == "joker":
            g.tap(page.locator("#entry .cards button.card").first)
            continue
        destinations = page.locator("#board .tap-layer g.tap.tap-destination")
        figures = page.locator("#board .tap-layer g.tap.tap-figure")
        if destinations.count():
            g.tap(destinations.first)
        elif figures.count():
            g.tap(figures.first)
        else:
            g.tap(page.locator("#entry button.move").first)
    raise AssertionError(f"no play after 20 taps: {page.locator('#entry').inner_text()[:300]}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_dog_round(table_host, phones, lang):
    table = http_json(table_host.url, "POST", "/api/tables", {"game": "dog", "names": DOG_NAMES})
    tid, host = table["id"], table["host_token"]
    pages = [seated(table_host, phones, tid, seat, lang) for seat in range(4)]
    room = presenter(table_host, phones, tid, lang)
    glances = [Glance(p) for p in pages]
    http_json(table_host.url, "POST", f"/api/tables/{tid}/plays",
              {"action": "deal", "expected_seq": 0}, host)
    seq = 1
    wait_all(pages, seq)
    for seat, g in enumerate(glances):
        g.reset()
        enter_hand(g, DOG_HANDS[seat])
        seq += 1
        wait_all(pages, seq)
        note("DOG", lang, "hand of 6 cards", g)
    shot(pages[0], f"dog-{lang}-exchange")
    for g in glances:
        g.tap(g.page.locator("#entry button.card").first, swaps_entry=False)
        g.tap(g.page.locator("#inline-confirm button.confirm-yes"), swaps_entry=False)
        seq += 1
        wait_all(pages, seq)
        note("DOG", lang, "exchange: give a card", g)
    plays = 0
    while pages[0].locator("#status").get_attribute("data-phase") not in ("deal", "over"):
        who = mover(pages)
        assert who is not None, pages[0].locator("#status").inner_text()
        g = glances[who]
        g.reset()
        kind = dog_turn(g)
        seq += 1
        wait_all(pages, seq)
        note("DOG", lang, kind, g)
        plays += 1
        if plays == 3:
            shot(pages[who], f"dog-{lang}-after-a-play")
            wait_all([room], seq)
            shot(room, f"dog-{lang}-presenter")
        assert plays < 60
    shot(pages[0], f"dog-{lang}-round-over")
    # round 2 begins: a phone says the cards are dealt, each phone enters its 5 cards
    g = glances[0]
    g.reset()
    g.tap(pages[0].locator("#entry button[value=deal]"), swaps_entry=False)
    seq += 1
    wait_all(pages, seq)
    note("DOG", lang, "the next deal", g)
    for seat, g in enumerate(glances):
        g.reset()
        enter_hand(g, DOG_HANDS_2[seat])
        seq += 1
        wait_all(pages, seq)
        note("DOG", lang, "hand of 5 cards", g)
    shot(pages[1], f"dog-{lang}-round-two")
    figures = report("DOG", lang)
    wait_all([room], seq)  # the presenter followed every play without a resync error
    for page in [*pages, room]:
        assert not page.errors, page.errors
    assert plays >= 8  # every seat played or folded its cards
    assert max(t for t, _s in figures["hand of 6 cards"]) <= 7, figures
    assert max(t for t, _s in figures["hand of 5 cards"]) <= 6, figures
    # no scroll anywhere: hands, the exchange, every play and the fold
    assert all(s == 0 for runs in figures.values() for _t, s in runs), figures
    assert all(t <= 4 for t, _s in figures.get("a card", [])), figures


# --- Life is Life --------------------------------------------------------------------------

LIL_NAMES = ["Tim", "Mia", "Lino"]
LIL_ROWS = [["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"], ["mouse", "dog", "goat", "sheep"]]
LIL_HANDS = [
    ["giraffe", "giraffe", "giraffe", "bear", "bear", "mole", "goat", "sheep", "dog", "cat"],
    ["giraffe", "giraffe", "bear", "bear", "mole", "mole", "goat", "goat", "hare", "hare"],
    ["giraffe", "bear", "mole", "goat", "sheep", "sheep", "dog", "dog", "hare", "mouse"],
]


def lil_swap(g: Glance) -> None:
    """Take a row: the first row the hand can take, its first legal cards, Confirm."""
    page = g.page
    for row in (3, 2, 4, 1):
        settle(page)
        g.tap(page.locator(f"#entry button.row-pick[hx-get$='row={row}']"))
        for _ in range(6):
            settle(page)
            if page.locator("#entry[data-step='confirm']").count():
                g.tap(page.locator("#entry button.confirm-play"), swaps_entry=False)
                return
            cards = page.locator("#entry button.take-card:not([disabled])")
            if not cards.count():
                break
            g.tap(cards.first)
        g.tap(page.locator("#entry button.secondary", has_text=re.compile(".")).last)
    raise AssertionError("no row could be taken")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_life_is_life_round(table_host, phones, lang):
    body = {"game": "lifeislife", "names": LIL_NAMES, "options": {"players": 3}}
    table = http_json(table_host.url, "POST", "/api/tables", body)
    tid = table["id"]
    pages = [seated(table_host, phones, tid, seat, lang) for seat in range(3)]
    room = presenter(table_host, phones, tid, lang)
    glances = [Glance(p) for p in pages]
    tim = glances[0]
    for row in LIL_ROWS:
        for animal in row:
            tim.tap(pages[0].locator(f"#entry .animal-pick[data-animal='{animal}']"))
    tim.tap(pages[0].locator("#entry button.deal-done"), swaps_entry=False)
    seq = 1
    wait_all(pages, seq)
    note("Life is Life", lang, "lay out the rows", tim)
    for seat, g in enumerate(glances):
        enter_hand(g, LIL_HANDS[seat])
        seq += 1
        wait_all(pages, seq)
        note("Life is Life", lang, "hand of 10 cards", g)
    shot(pages[0], f"lil-{lang}-turn")
    turns = 0
    knocked = False
    while pages[0].locator("#status").get_attribute("data-phase") == "play":
        who = mover(pages)
        assert who is not None
        g = glances[who]
        g.reset()
        if turns == 3 and not knocked:  # Tim knocks at his second turn
            g.tap(pages[who].locator("#entry button.knock"), swaps_entry=False)
            g.tap(pages[who].locator("#inline-confirm button.confirm-yes"), swaps_entry=False)
            knocked = True
            what = "knock"
        else:
            lil_swap(g)
            what = "take a row"
        seq += 1
        wait_all(pages, seq)
        note("Life is Life", lang, what, g)
        turns += 1
        assert turns < 12
    # the round's end: each phone shows its own hand where the table asks for it
    for g in glances:
        settle(g.page)
        show = g.page.locator("#entry form.lil-reveal button[type=submit]")
        if g.page.locator("#status").get_attribute("data-phase") != "reveal" or not show.count():
            continue
        g.reset()
        if g is glances[0]:
            shot(g.page, f"lil-{lang}-show-hand")
        g.tap(show.first, swaps_entry=False)
        seq += 1
        wait_all(pages, seq)
        note("Life is Life", lang, "show my hand", g)
    expect(pages[0].locator("#entry section.lil-result")).to_be_attached()
    shot(pages[0], f"lil-{lang}-round-result")
    # the next round's rows: the palette comes first in the tray, the result below it
    tim.reset()
    for row in LIL_ROWS:
        for animal in row:
            tim.tap(pages[0].locator(f"#entry .animal-pick[data-animal='{animal}']"))
    tim.tap(pages[0].locator("#entry button.deal-done"), swaps_entry=False)
    seq += 1
    wait_all(pages, seq)
    note("Life is Life", lang, "lay out the next round's rows", tim)
    wait_all([room], seq)
    # the presenter keeps the round's result under the score, large enough for two metres
    result = room.locator("#score section.lil-result")
    expect(result).to_be_visible()
    size = float(result.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 24, size
    shot(room, f"lil-{lang}-presenter-result")
    figures = report("Life is Life", lang)
    for page in [*pages, room]:
        assert not page.errors, page.errors
    assert knocked and turns >= 6
    assert max(t for t, _s in figures["hand of 10 cards"]) <= 11, figures
    assert figures["lay out the rows"] == [(11, 0)], figures
    assert all(s == 0 for runs in figures.values() for _t, s in runs), figures


# --- HIT -----------------------------------------------------------------------------------

HIT_NAMES = ["Ann", "Ben"]
MARKET = ["4", "5", "hunt", "coins5", "jump"]


def hit_step(g: Glance, buy: bool) -> str:
    """One entry on the phone whose decision it is: a card and its move (Confirm), buying
    nothing (end), the cards drawn, the market refilled by tapping faces."""
    page = g.page
    settle(page)
    mode = page.locator("#entry").get_attribute("data-mode")
    if mode == "draw":
        g.tap(page.locator("#entry button.report-draw"), swaps_entry=False)
        return "report the draw"
    if mode == "market":
        faces = page.locator("#entry .market-picker .hand-faces button.face:not([disabled])")
        count = int(page.locator("#entry .market-picker input[name=slots]").get_attribute("value"))
        for i in range(count):
            g.tap(faces.nth(i), swaps_entry=False)
        g.tap(page.locator("#entry .market-picker button.save-hand"), swaps_entry=False)
        return "refill the market"
    if mode in ("shuffle", "keep"):
        g.tap(page.locator("#entry button.big").first, swaps_entry=False)
        return "shuffle"
    if mode == "buy":
        affordable = page.locator("#entry button.card.buy.affordable")
        if buy and affordable.count():
            g.tap(affordable.first, swaps_entry=False)
            return "buy a card"
        g.tap(page.locator("#entry button.end-turn"), swaps_entry=False)
        return "end the turn"
    assert mode == "play", mode
    for _ in range(12):
        settle(page)
        if page.locator("#entry[data-step='confirm']").count():
            g.tap(page.locator("#entry button.confirm-play"), swaps_entry=False)
            return "play a card"
        split = page.locator("#entry button.split-part")
        if page.locator("#entry button.big:not(.confirm-play)").count() and not split.count():
            g.tap(page.locator("#entry button.big").first)
            continue
        moves = page.locator("#entry button.move")
        if moves.count():
            g.tap(moves.first)
            continue
        g.tap(page.locator("#entry button.hit-card-pick").first)
    raise AssertionError(page.locator("#entry").inner_text()[:300])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hit_turns(table_host, phones, lang):
    hit_turns(table_host, phones, lang)


#: the issue's smaller phone: its tray is about 280 px, where the market's faces and the hand's
#: Save were below the fold (1 and 2 scrolls before the tray could take the screen)
SMALL_PHONE = {"width": 360, "height": 740}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hit_turns_on_a_small_phone(table_host, phones, lang):
    """The same turns at 360×740: the market laid out, the hand of 3 and every play, buy,
    draw and refill with no scroll either."""

    def small(lang: str, **extra):
        return phones(lang, **{"viewport": SMALL_PHONE, **extra})

    hit_turns(table_host, small, lang, game="HIT 360x740")


def hit_turns(table_host, phones, lang: str, game: str = "HIT") -> None:
    prefix = game.lower().replace(" ", "-")  # the screenshots' names: hit-en-turn, …
    body = {"game": "hit", "names": HIT_NAMES, "options": {"players": 2}}
    table = http_json(table_host.url, "POST", "/api/tables", body)
    tid, host = table["id"], table["host_token"]
    pages = [seated(table_host, phones, tid, seat, lang) for seat in range(2)]
    room = presenter(table_host, phones, tid, lang)
    ann, ben = (Glance(p) for p in pages)
    seq = 0
    for _ in range(2):  # the first hands drawn (reported by the host)
        seq = http_json(table_host.url, "POST", f"/api/tables/{tid}/plays",
                        {"action": "draw", "expected_seq": seq}, host)["seq"]
    wait_all(pages, seq)
    ann.reset()
    faces = "#entry .market-picker .hand-faces button.face"
    for card in MARKET:
        ann.tap(pages[0].locator(f"{faces}[data-card='{card}']"), swaps_entry=False)
    shot(pages[0], f"{prefix}-{lang}-market")
    ann.tap(pages[0].locator("#entry .market-picker button.save-hand"), swaps_entry=False)
    seq += 1
    wait_all(pages, seq)
    note(game, lang, "lay out the market (5)", ann)
    enter_hand(ann, ["s6", "s3", "scoins"], "#entry .hand-entry")
    seq += 1
    wait_all(pages, seq)
    note(game, lang, "hand of 3 cards", ann)
    shot(pages[0], f"{prefix}-{lang}-turn")
    turns = 0
    steps = 0
    bought = False  # one card bought per turn, where the coins allow
    while turns < 4:
        who = mover(pages)
        g = (ann, ben)[who if who is not None else 0]
        g.reset()
        what = hit_step(g, buy=not bought)
        seq += 1
        wait_all(pages, seq)
        note(game, lang, what, g)
        bought = bought or what == "buy a card"
        if what == "end the turn":
            turns += 1
            bought = False
        steps += 1
        assert steps < 60
    shot(pages[0], f"{prefix}-{lang}-after-turns")
    wait_all([room], seq)
    shot(room, f"{prefix}-{lang}-presenter")
    figures = report(game, lang)
    for page in [*pages, room]:
        assert not page.errors, page.errors
    assert all(s == 0 for _t, s in figures["play a card"]), figures
    assert all(t <= 3 for t, _s in figures["play a card"]), figures
    assert all(t == 1 for t, _s in figures["end the turn"]), figures
    assert figures["hand of 3 cards"][0][0] <= 5 and figures["buy a card"], figures
    assert all(s == 0 for runs in figures.values() for _t, s in runs), figures


# --- key screens in four languages (looked at, not only tested) ------------------------------

DOG_OPENING = [
    "deal", "give ?", "give ?", "give ?", "give ?",
    "1 K", "1 K", "13 K", "1 K",
    "8 T0-T8", "3 T16-T19", "2 T32-T34", "5 T48-T53",
    "1 K",
]  # fmt: skip


def api_plays(table_host, tid: str, token: str, actions: list[str], seq: int) -> int:
    for action in actions:
        body = {"action": action, "expected_seq": seq}
        seq = http_json(table_host.url, "POST", f"/api/tables/{tid}/plays", body, token)["seq"]
    return seq


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_key_screens(table_host, phones, lang):
    """A DOG play half entered (the card tapped, its figure lit), the correction by tapping,
    Life is Life's and HIT's turn, each presenter at 1920×1080: saved to /tmp/shots."""
    table = http_json(table_host.url, "POST", "/api/tables", {"game": "dog", "names": DOG_NAMES})
    tid, host = table["id"], table["host_token"]
    ben = seated(table_host, phones, tid, 1, lang)  # seats are free until the first entry (#37)
    seq = api_plays(table_host, tid, host, DOG_OPENING, 0)
    wait_all([ben], seq)
    ben.locator("#entry button.card[hx-get$='card=5']").first.tap()
    ben.wait_for_selector("#entry[data-step='moves'], #entry[data-step='destination']")
    settle(ben)
    shot(ben, f"key-{lang}-dog-card-tapped")
    ben.locator("#entry button.secondary").last.tap()
    settle(ben)
    ben.locator("#history li").first.tap()
    settle(ben)
    shot(ben, f"key-{lang}-dog-correct-form")
    ben.locator("#correct-form .referee-card label.choice").nth(3).tap()
    settle(ben)
    shot(ben, f"key-{lang}-dog-correcting")
    room = presenter(table_host, phones, tid, lang)
    shot(room, f"key-{lang}-dog-presenter")

    body = {"game": "lifeislife", "names": LIL_NAMES, "options": {"players": 3}}
    table = http_json(table_host.url, "POST", "/api/tables", body)
    rows = "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep"
    tim = seated(table_host, phones, table["id"], 0, lang)
    wait_all([tim], api_plays(table_host, table["id"], table["host_token"], [rows], 0))
    shot(tim, f"key-{lang}-lil-turn")
    shot(presenter(table_host, phones, table["id"], lang), f"key-{lang}-lil-presenter")

    body = {"game": "hit", "names": HIT_NAMES, "options": {"players": 2}}
    table = http_json(table_host.url, "POST", "/api/tables", body)
    ann = seated(table_host, phones, table["id"], 0, lang)
    wait_all([ann], api_plays(table_host, table["id"], table["host_token"],
                              ["draw", "draw", "market " + ",".join(MARKET)], 0))
    shot(ann, f"key-{lang}-hit-turn")
    shot(presenter(table_host, phones, table["id"], lang), f"key-{lang}-hit-presenter")
    for page in (ben, tim, ann):
        assert not page.errors, page.errors
