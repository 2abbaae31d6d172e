"""One full HIT turn entered through the UI on phones: a 2-player table created in the lobby,
seats joined by code, the set-up reported (draws, one of them named privately, the market laid
out with the card picker), a hand entered privately, three cards played in an order of the
player's choice (card → its legal plays → confirm), a buy, the end, the draw and the market
refill — and every phone (two seats and a spectator) shows the result."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.faces import tap_cards
from tests.games.dog.e2e.test_table import wait_seq

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

MARKET = ["4", "5", "hunt", "coins5", "jump"]


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing overflows


def play(page, card: str, action: str) -> None:
    """Tap the card, then its play (only the legal ones are offered; one alone needs no tap),
    then confirm."""
    page.locator(f"#entry button.hit-card-pick[data-card='{card}']").click()
    page.wait_for_selector("#entry[data-step='moves'], #entry[data-step='confirm']")
    if page.locator("#entry[data-step='moves']").count():
        page.locator(f"#entry button.move[data-action='{action}']").click()
    page.wait_for_selector("#entry[data-step='confirm']")
    expect(page.locator("#entry input[name=action]")).to_have_value(action)
    page.locator("#entry button.confirm-play").click()


def test_one_hit_turn_through_the_ui(server, phone, screenshot):
    ann, ben, watcher = phone(), phone(), phone()
    ann.goto(server.url + "/")
    ann.locator("#game-hit a.button").click()
    ann.wait_for_selector("form.hit-lobby")
    ann.check("#hit-players-2")
    expect(ann.locator(".hit-row[data-index='1'] .col-2")).to_have_text("green")
    expect(ann.locator(".hit-row[data-index='2']")).to_be_hidden()
    ann.fill("input[name=name0]", "Ann")
    ann.fill("input[name=name1]", "Ben")
    # "Who begins" names the players as they are typed
    expect(ann.locator("select[name=first_player] option[value='2']")).to_have_text("Ben")
    screenshot(ann, "lobby")
    fits(ann)
    ann.click("button:has-text('Create the table')")
    ann.wait_for_selector("#board.hit-board svg")
    expect(ann.locator("body")).not_to_contain_text(".toml")  # no developer's note, no path
    code = ann.locator(".invite .join-code").inner_text()
    table_url = ann.url
    for seat, page in enumerate((ann, ben)):
        page.goto(server.url + f"/t/join?code={code}")
        page.locator(".seat-list form").filter(
            has=page.locator(f"input[name=seat][value='{seat}']")
        ).locator("button").click()
        page.wait_for_selector("#board.hit-board svg")
    watcher.goto(table_url)
    watcher.wait_for_selector("#board.hit-board svg")
    pages = [ann, ben, watcher]
    expect(watcher.locator("#status .you")).to_have_text("Spectator")

    # The set-up: Ann's first hand is reported drawn from Ben's phone; Ben names his own.
    expect(ben.locator("#status")).to_contain_text("Ann draws the first hand: 3 cards")
    ben.locator("#entry button.report-draw").click()
    wait_seq(pages, 1)
    tap_cards(ben, "#entry .name-draw", ["s1", "s1-5", "scorner"])
    screenshot(ben, "name-draw")
    ben.click("#entry button:has-text('I drew these')")
    wait_seq(pages, 2)
    expect(ann.locator("#history li[value='2']")).to_contain_text("Ben")
    expect(ann.locator("#history li[value='2']")).to_contain_text("draws 3 cards")
    expect(ben.locator("#history li[value='2']")).to_contain_text(
        "draws Start 1, Start 1–5, Start corner"
    )
    # The market laid out with the card picker on Ann's phone.
    ann.wait_for_selector("#entry[data-mode='market']")
    tap_cards(ann, "#entry .market-picker", MARKET)
    screenshot(ann, "market-picker")
    ann.click("#entry button:has-text('These were revealed')")
    wait_seq(pages, 3)
    for page in pages:
        expect(page.locator(".hit-market .hit-card")).to_have_count(5)

    # Ann enters her hand privately.
    ann.click("#entry summary:has-text('Enter my hand')")
    tap_cards(ann, "#entry .hand-entry", ["s6", "s3", "scoins"])
    screenshot(ann, "hand-form")
    ann.click("#entry button:has-text('Save my hand')")
    wait_seq(pages, 4)
    expect(ann.locator(".own-hand")).to_contain_text("Start 6")
    for page in (ben, watcher):
        expect(page.locator("#history li[value='4']")).to_contain_text("Ann")
        expect(page.locator("#history li[value='4']")).to_contain_text("enters the hand (3 cards)")
    assert "Start 6" not in watcher.locator("#score").inner_text()

    # On Ann's turn her entry is the tray at the bottom of the screen, in view with the board.
    tray = ann.locator("#entry").bounding_box()
    assert tray["y"] < 844 and tray["y"] + tray["height"] <= 844 + 1, tray
    expect(ben.locator("#entry")).to_contain_text("Waiting for Ann")
    screenshot(ann, "entry-first")
    # Three cards in Ann's order: the 3 first (a shield), then the 6 brings a figure out
    # onto the freed start field, then the coins.
    # The 3 has one play: no choice to tap, straight to the confirm (2 taps).
    ann.locator("#entry button.hit-card-pick[data-card='s3']").click()
    ann.wait_for_selector("#entry[data-step='confirm']")
    expect(ann.locator("#board .field.lit")).to_have_count(2)  # T0 and T3 lit
    screenshot(ann, "moves")
    expect(ann.locator("#entry .confirm-said")).to_have_text(
        "Play Start 3: the figure from blue's start field to 3 fields past blue's start field?"
    )
    ann.locator("#entry button.confirm-play").click()
    wait_seq(pages, 5)
    expect(ben.locator(".hit-player[data-seat='0'] .shield")).to_be_visible()  # s3 on top
    ann.locator("#entry button.hit-card-pick[data-card='s6']").click()
    ann.wait_for_selector("#entry[data-step='moves']")
    said = sorted(ann.locator("#entry button.move").all_inner_texts())
    assert said[0] == "a figure comes out onto blue's start field", said
    assert said[1].startswith("from 3 fields past blue's start field to "), said
    assert said[1].endswith("red's barrier"), said
    ann.locator("#entry button.secondary:has-text('Back')").click()
    ann.wait_for_selector("#entry[data-step='cards']")
    play(ann, "s6", "s6 W-T0")
    wait_seq(pages, 6)
    play(ann, "scoins", "scoins")
    wait_seq(pages, 7)
    for page in pages:
        expect(page.locator("#board .figure[data-seat='0'][data-field='T3']")).to_have_count(1)
        expect(page.locator("#board .figure[data-seat='0'][data-field='T0']")).to_have_count(1)
        expect(page.locator(".hit-player[data-seat='0'] .coin-count")).to_have_text("11")

    # Buying: the market cards with their cost, the affordable ones highlighted; then end.
    ann.wait_for_selector("#entry[data-mode='buy']")
    expect(ann.locator("#entry button.buy.affordable")).to_have_count(5)
    expect(ben.locator(".hit-market .hit-card.affordable")).to_have_count(5)
    screenshot(ann, "buy")
    fits(ann)
    ann.locator("#entry button.buy[data-card='hunt']").click()
    wait_seq(pages, 8)
    expect(ann.locator("#entry h3")).to_contain_text("5 coins")
    expect(ann.locator("#entry button.buy.affordable")).to_have_count(4)
    ann.locator("#entry button.end-turn").click()
    wait_seq(pages, 9)

    # The table reports the draw (the bought hunt comes first, known to all) and the refill.
    expect(watcher.locator("#entry")).to_contain_text("known to all: Hunt")
    ben.locator("#entry button.report-draw").click()
    wait_seq(pages, 10)
    ben.wait_for_selector("#entry[data-mode='market']")
    expect(ben.locator("#entry h3")).to_contain_text("Refill the market: 1 card")
    tap_cards(ben, "#entry .market-picker", ["7"])
    ben.click("#entry button:has-text('These were revealed')")
    wait_seq(pages, 11)

    # Every phone: Ben's turn, the refilled market, Ann's coins, deck and figures.
    for page in pages:
        expect(page.locator("#status")).to_contain_text(
            re.compile(r"Ben\b.* to play|Your turn.* to play")  # Ben's own phone: "Your turn"
        )
        expect(page.locator(".hit-market .hit-card[data-card='7']")).to_have_count(1)
        expect(page.locator(".hit-market .hit-card[data-card='hunt']")).to_have_count(0)
        ann_row = page.locator(".hit-player[data-seat='0']")
        expect(ann_row.locator(".coin-count")).to_have_text("5")
        expect(ann_row.locator(".deck")).to_have_text("7")
        expect(ann_row).to_contain_text("discard: Start 3 coins")
        fits(page)
    expect(ben.locator("#entry[data-step='cards']")).to_be_visible()
    # Ann's phone created the table but has a seat: it enters Ann's plays only, until she
    # switches to entering for the others (the scribe).
    expect(ann.locator("#entry")).to_contain_text("Waiting for Ben")
    ann.locator(".scribe-switch").click()
    expect(ann.locator("#entry")).to_contain_text("Which card does Ben play?")
    expect(ben.locator(".hit-player[data-seat='0']")).to_contain_text("known in hand: Hunt")
    assert watcher.locator("text=Enter my hand").count() == 0
    screenshot(ann, "ann-after-turn")
    screenshot(ben, "ben-to-play")
    screenshot(watcher, "spectator")
