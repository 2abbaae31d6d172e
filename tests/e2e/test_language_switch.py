"""A phone switches language mid-game on a DOG table: the page, the play entry, the referee and
the live updates pushed over the websocket come in the new language on that phone only; the
other phone stays in its own language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.faces import enter_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

NAMES = ["Ann", "Ben", "Cid", "Dan"]


def join(page, server_url: str, code: str, seat: int) -> None:
    page.goto(server_url + "/t/join")
    page.fill("#code", code)
    page.click("main button[type=submit]")
    page.locator(".seat-list form").filter(
        has=page.locator(f"input[name=seat][value='{seat}']")
    ).locator("button").click()
    page.wait_for_selector("#board svg")


def switch(page, lang: str) -> None:
    page.locator(f"form.lang-switch button[value='{lang}']").click()
    page.wait_for_selector(f"html[lang='{lang}']")
    page.wait_for_selector("body:not(.offline) #status")


def test_switching_language_mid_game(server, phone, screenshot):
    ann, ben = phone(), phone()
    for page in (ann, ben):
        page.on("dialog", lambda dialog: dialog.accept())

    ann.goto(server.url + "/t/new")
    for i, name in enumerate(NAMES):
        ann.fill(f"input[name=name{i}]", name)
    ann.click("main button[type=submit]")
    ann.wait_for_selector("#board svg")
    code = ann.locator(".invite .join-code").inner_text()
    join(ann, server.url, code, 0)
    join(ben, server.url, code, 1)
    expect(ann.locator("#entry")).to_contain_text("Cards are dealt")

    # Ann switches to German: the whole page, the board's description and the entry.
    switch(ann, "de")
    assert ann.url.rstrip("/").endswith(ann.url.rstrip("/").split("/")[-1])  # same table page
    expect(ann.locator("#status")).to_contain_text("Der Tisch teilt aus.")
    expect(ann.locator("#status")).to_contain_text("Du: Ann")
    expect(ann.locator("#entry")).to_contain_text("Karten sind ausgeteilt")
    expect(ann.locator("#board-title")).to_have_text("DOG-Spielbrett")
    expect(ann.locator("#board-desc")).to_contain_text("4 im Zwinger")
    expect(ann.locator("#history")).to_contain_text("Verlauf")
    screenshot(ann, "german")

    # Ben (still English) reports the deal: Ann's phone gets the update live, in German.
    ben.click("text=Cards are dealt")
    ann.wait_for_selector('#status[data-seq="1"]')
    expect(ann.locator("#status")).to_contain_text(
        re.compile(r"Du bist an der Reihe.*, eine Karte zu tauschen\.")
    )
    expect(ann.locator("#entry")).to_contain_text("Gib deinem Partner eine Karte")
    expect(ben.locator("#status")).to_contain_text("to exchange")
    screenshot(ann, "german-live")

    # The referee answers Ann in German, with the German rulebook's section.
    ann.click("summary:has-text('Schiedsrichter')")
    ann.click("#referee details.notation summary")
    ann.fill("#whatif-action", "5 T0-T5")
    ann.click("button:has-text('Frag den Schiedsrichter')")
    ann.wait_for_selector("#referee-ruling.whatif")
    ruling = ann.locator("#referee-ruling").inner_text()
    assert "Jetzt ist die Phase „Kartentausch“" in ruling, ruling
    assert "Regel: Spielablauf" in ruling
    assert ann.locator("#referee-ruling li[data-code='dog.wrong_phase']").count() == 1

    # Ben enters his hand; Ann's phone (now Italian) reads the private line in Italian.
    switch(ann, "it")
    expect(ann.locator("#entry")).to_contain_text("Passa una carta al tuo compagno")
    enter_hand(ben, {"1": 6})
    ann.wait_for_selector('#status[data-seq="2"]')
    expect(ann.locator("#history")).to_contain_text("inserisce la mano (6 carte)")
    expect(ben.locator("#history")).to_contain_text("enters the hand: 1 / 11, 1 / 11")

    # And back to English.
    switch(ann, "en")
    expect(ann.locator("#history")).to_contain_text("enters the hand (6 cards)")
    assert re.search(r"to exchange", ann.locator("#status").inner_text())
