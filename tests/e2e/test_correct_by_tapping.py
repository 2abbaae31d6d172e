"""Correct an earlier entry without notation, on a 390×844 phone (issue #28): the line is
tapped in the history, then what really happened is said as the referee is told (the card,
then the figure and where it went, tapped on the board), and "Correct it" on the board's
banner records it. Every target must be on screen when it is tapped (the scrolls a phone would
have needed are counted, `test_one_hand.Glance`).

    .venv/bin/pytest tests/e2e/test_correct_by_tapping.py -s -p no:cacheprovider
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_one_hand import FIGURES, NAMES, OPENING, Glance, api_plays, seat_page
from tests.games.dog.e2e.test_table import wait_seq
from tests.services import http_json

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

REFEREEING = re.compile(r"\brefereeing\b")
BANNER = {"en": "Correcting the entry: #15", "de": "Korrektur des Eintrags: #15"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_dog_play_corrected_by_tapping(server, phone, lang):
    table = http_json(server.url, "POST", "/api/tables", {"game": "dog", "names": NAMES})
    tid, host = table["id"], table["host_token"]
    page = seat_page(server, phone, tid, 1, lang)
    seq = api_plays(server, tid, host, OPENING, 0)
    wait_seq([page], seq)
    ben = Glance(page)
    # Ben enters a 5 (his figure from 3 past Ben's start) ...
    ben.tap(page.locator("#entry button.card[hx-get$='card=5']").first)
    ben.tap(page.locator("#board .tap-layer g.tap[data-field='T19']"))
    ben.tap(page.locator("#entry button.confirm-play"), swaps_entry=False)
    seq += 1
    wait_seq([page], seq)
    ben.reset()
    # ... but it was a 4: the line, the card, the figure, where it went, Correct it.
    ben.tap(page.locator(f"#history li[value='{seq}']"), swaps_entry=False)
    expect(page.locator("details#correct")).to_have_attribute("open", "")
    expect(page.locator("#correct-form [name=seq]")).to_have_value(str(seq))
    ben.tap(page.locator("#correct-form .referee-card label.choice", has=page.locator(
        "input[value='4']")), swaps_entry=False)
    expect(page.locator("body")).to_have_class(REFEREEING)
    # the entry waits while the board's taps are the correction's
    expect(page.locator("#entry fieldset.entry-controls")).to_have_attribute("disabled", "")
    for field in ("T19", "T23"):
        ben.tap(page.locator(f"#board svg:not(.tap-layer) [data-field='{field}']").first,
                swaps_entry=False)
    banner = page.locator(".referee-banner")
    expect(banner.locator(".said")).to_contain_text(BANNER[lang])
    expect(banner.locator("[data-banner-ask]")).to_be_hidden()
    ben.tap(banner.locator("[data-banner-correct]"), swaps_entry=False)
    seq += 1
    wait_seq([page], seq)
    expect(page.locator("#ruling.corrected")).to_be_visible()
    expect(page.locator("details#correct")).not_to_have_attribute("open", "")
    expect(page.locator("body")).not_to_have_class(REFEREEING)
    expect(page.locator("#entry fieldset.entry-controls")).not_to_have_attribute("disabled", "")
    history = page.locator("#history li").first.text_content()
    assert f"#{seq - 1}" in history and "T2" not in history, history
    ben.note("DOG", "correct a play by tapping")
    taps, scrolls = FIGURES["DOG"]["correct a play by tapping"]
    print(f"\n[{lang}] DOG correct a play by tapping: taps {taps}, scrolls {scrolls}")
    assert taps == 5, taps  # the line, the card, 2 fields, Correct it
    assert scrolls <= 1, scrolls  # down to the history; the card, board, Correct it on screen


def test_a_hit_play_corrected_by_tapping(server, phone):
    """HIT: Ann's 3 was her 6 — the line, the card, the figure's field and where it went."""
    body = {"game": "hit", "names": ["Ann", "Ben"], "options": {"players": 2}}
    table = http_json(server.url, "POST", "/api/tables", body)
    tid, host = table["id"], table["host_token"]
    page = seat_page(server, phone, tid, 0, "en")  # a free seat: before the first entry
    seq = api_plays(server, tid, host, ["draw", "draw", "market 4,5,hunt,coins5,jump"], 0)
    wait_seq([page], seq)
    ann = Glance(page)
    ann.tap(page.locator("#entry button.hit-card-pick[data-card='s3']"))
    if not page.locator("#entry[data-step='confirm']").count():
        ann.tap(page.locator("#entry button.move[data-action='s3 T0-T3']"))
    ann.tap(page.locator("#entry button.confirm-play"), swaps_entry=False)
    seq += 1
    wait_seq([page], seq)
    ann.reset()
    ann.tap(page.locator(f"#history li[value='{seq}']"), swaps_entry=False)
    ann.tap(page.locator("#correct-form .referee-card label.choice", has=page.locator(
        "input[value='s6']")), swaps_entry=False)
    expect(page.locator("body")).to_have_class(REFEREEING)
    for field in ("T0", "T6"):
        ann.tap(page.locator(f"#board svg:not(.tap-layer) [data-field='{field}']").first,
                swaps_entry=False)
    ann.tap(page.locator(".referee-banner [data-banner-correct]"), swaps_entry=False)
    seq += 1
    wait_seq([page], seq)
    expect(page.locator("#ruling.corrected")).to_be_visible()
    history = page.locator("#history li").first.text_content()
    assert f"corrects #{seq - 1}" in history and "T0" not in history, history
    ann.note("HIT", "correct a play by tapping")
    taps, scrolls = FIGURES["HIT"]["correct a play by tapping"]
    print(f"\n[en] HIT correct a play by tapping: taps {taps}, scrolls {scrolls}")
    assert taps == 5 and scrolls <= 1, (taps, scrolls)


def test_a_life_is_life_swap_corrected_into_a_knock(server, phone):
    """Life is Life: Tim's second swap was a knock — its line, then "It was a knock"."""
    body = {"game": "lifeislife", "names": ["Tim", "Mia", "Lino"], "options": {"players": 3}}
    table = http_json(server.url, "POST", "/api/tables", body)
    tid, host = table["id"], table["host_token"]
    page = seat_page(server, phone, tid, 0, "en")  # a free seat: before the first entry
    seq = api_plays(server, tid, host,
                    ["deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep"], 0)
    wait_seq([page], seq)
    tim = Glance(page)

    def swap_row_one(animal: str) -> None:
        tim.tap(page.locator("#entry button.row-pick[hx-get$='row=1']"))
        tim.tap(page.locator(f"#entry .lil-swap .hand-faces button.face[data-card='{animal}']"),
                swaps_entry=False)
        tim.tap(page.locator("#entry .lil-swap button.save-hand"), swaps_entry=False)
        tim.tap(page.locator("#inline-confirm button.confirm-yes"), swaps_entry=False)

    swap_row_one("bear")
    seq += 1
    wait_seq([page], seq)
    seq = api_plays(server, tid, host, ["swap 1: goat", "swap 1: sheep"], seq)
    wait_seq([page], seq)
    swap_row_one("dog")
    seq += 1
    wait_seq([page], seq)
    tim.reset()
    tim.tap(page.locator(f"#history li[value='{seq}']"), swaps_entry=False)
    tim.tap(page.locator("#correct-form button.correct-knock"), swaps_entry=False)
    seq += 1
    wait_seq([page], seq)
    expect(page.locator("#ruling.corrected")).to_be_visible()
    history = page.locator("#history li").first.text_content()
    assert f"corrects #{seq - 1}" in history and "knocks" in history, history
    tim.note("Life is Life", "correct a swap into a knock")
    taps, scrolls = FIGURES["Life is Life"]["correct a swap into a knock"]
    print(f"\n[en] Life is Life correct a swap into a knock: taps {taps}, scrolls {scrolls}")
    assert taps == 2 and scrolls <= 2, (taps, scrolls)


def test_a_life_is_life_deal_corrected_by_tapping_the_rows(server, phone):
    """Life is Life: the host laid out row 1's giraffe and row 2's mole the wrong way round.
    The deal's line, "The rows were laid out differently", the 10 animals row by row and
    "Correct it": no notation, every target on screen when tapped."""
    page = phone(locale="en-GB")
    page.goto(server.url + "/t/new/lifeislife")
    page.select_option("select[name=players]", "3")
    for i, name in enumerate(["Tim", "Mia", "Lino"]):
        page.fill(f"input[name=name{i}]", name)
    page.click("form.lobby button[type=submit]")
    page.wait_for_selector("#live")
    host = Glance(page)
    palette = "#entry .lil-palette button.animal-pick"
    wrong = ["giraffe", "mole", "bear", "pig", "pig", "cat", "mouse", "dog", "goat", "sheep"]
    for animal in wrong:  # the deal as entered (wrongly), from the tray's palette
        host.tap(page.locator(f"{palette}[data-animal='{animal}']"))
    host.tap(page.locator("#entry form.lil-deal button.deal-done"), swaps_entry=False)
    wait_seq([page], 1)
    host.reset()
    host.tap(page.locator("#history li[value='1']"), swaps_entry=False)
    deal = page.locator("#correct-form details.referee-deal")
    host.tap(deal.locator("summary"), swaps_entry=False)
    expect(page.locator("#correct-form input[name=compose]")).to_have_value("deal")
    real = [["mole"], ["giraffe", "bear"], ["pig", "pig", "cat"], ["mouse", "dog", "goat", "sheep"]]
    for animal in (a for row in real for a in row):
        host.tap(deal.locator(f".hand-faces button.face[data-card='{animal}']"), swaps_entry=False)
    # the rows as tapped, each under its name; the count says all 10 are there
    expect(deal.locator(".faces-count")).to_have_text("10 of 10")
    chosen = deal.locator(".faces-chosen").inner_text().lower()
    assert chosen.index("row 1") < chosen.index("mole") < chosen.index("row 2"), repr(chosen)
    page.screenshot(path="/tmp/shots/lil-en-correct-deal.png")
    host.tap(page.locator("#correct-form button.correct-submit"), swaps_entry=False)
    wait_seq([page], 2)
    expect(page.locator("#ruling.corrected")).to_be_visible()
    history = page.locator("#history li").first.text_content()
    assert "corrects #1" in history and "/" not in history, history
    # the swap's pickers are back for the next correction
    expect(page.locator("#correct-form input[name=compose]")).to_have_value("swap")
    host.note("Life is Life", "correct the deal")
    taps, scrolls = FIGURES["Life is Life"]["correct the deal"]
    print(f"\n[en] Life is Life correct the deal: taps {taps}, scrolls {scrolls}")
    assert taps == 13, taps  # its line, the summary, 10 animals, Correct it
    assert scrolls <= 1, scrolls  # down to the history, as every correction
