"""A recorded game is loaded from its file on the new-table page, then stepped through on the
presenter's replay: buttons, arrow keys, the slider; the summary with its BG Stats button."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.tables.simulated import CONFIGS, table_log

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

NAMES = ["Tim", "Mia", "Lino", "Ada"]


def _record(tmp_path) -> tuple[str, list[str]]:
    log = table_log("lifeislife", CONFIGS["lifeislife"], seed=7)
    record = {
        "format": "table-companion-record",
        "version": 1,
        "game": "lifeislife",
        "config": CONFIGS["lifeislife"],
        "seats": [
            {"name": name, "colour": colour}
            for name, colour in zip(NAMES, ["red", "blue", "green", "yellow"], strict=True)
        ],
        "events": [
            {"action": text, "at": f"2025-03-01T20:{i:02d}:00+00:00"} for i, text in enumerate(log)
        ],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    return str(path), log


def test_load_a_record_and_step_through_its_replay(server, phone, screenshot, tmp_path):
    path, log = _record(tmp_path)
    n = len(log)
    host = phone()
    host.goto(server.url + "/t/new/lifeislife")
    host.set_input_files(".load-record input[name=record]", path)
    host.locator(".load-record button[type=submit]").click()
    host.wait_for_selector("#board .lil-rows")
    # the game is over: the status line loads the summary into the page
    expect(host.locator("#summary")).to_contain_text("Game summary", timeout=20_000)
    expect(host.locator("#summary a.bgstats")).to_have_attribute(
        "href", re.compile(r"^https://app\.bgstatsapp\.com/createPlay\.html\?data=")
    )
    screenshot(host, "summary")
    assert host.evaluate("document.documentElement.scrollWidth") <= 390  # fits the phone
    table_url = host.url

    big_screen = phone(viewport={"width": 1280, "height": 900}, is_mobile=False, has_touch=False)
    big_screen.goto(table_url.rstrip("/") + "/present")
    expect(big_screen.locator("#summary")).to_contain_text("Winner", timeout=20_000)
    big_screen.locator("#summary a.button", has_text="Replay").click()
    counter = big_screen.locator("#replay-step .replay-counter")
    expect(counter).to_have_text(f"Step {n} of {n}")

    big_screen.locator("#replay-step [data-replay=first]").click()
    expect(counter).to_have_text(f"Step 0 of {n}")
    expect(big_screen.locator(".replay-move")).to_contain_text("Before the first entry")

    # → steps forward: the rows are laid out, then the hands are entered (never shown)
    big_screen.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Step 1 of {n}")
    expect(big_screen.locator(".replay-move")).to_contain_text("lays out the rows")
    expect(big_screen.locator("#replay-position")).to_have_value("1")
    big_screen.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Step 2 of {n}")
    expect(big_screen.locator(".replay-move")).to_contain_text("enters the hand (")
    hand = log[1].split(" ", 2)[2]
    expect(big_screen.locator("#replay-step")).not_to_contain_text(hand)

    # the first swap, with the row it took
    swap = next(i for i, text in enumerate(log) if text.startswith("swap"))
    big_screen.locator("#replay-position").fill(str(swap + 1))
    expect(counter).to_have_text(f"Step {swap + 1} of {n}")
    row = log[swap].split(":")[0].split()[1]
    expect(big_screen.locator(".replay-move")).to_contain_text(f"takes row {row}")
    screenshot(big_screen, "swap")

    big_screen.locator("#replay-step [data-replay=previous]").click()
    expect(counter).to_have_text(f"Step {swap} of {n}")
    big_screen.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(f"Step {swap - 1} of {n}")
    big_screen.keyboard.press("End")
    expect(counter).to_have_text(f"Step {n} of {n}")
    expect(big_screen.locator("#replay-step")).to_contain_text("Game over")
    big_screen.keyboard.press("Home")
    expect(counter).to_have_text(f"Step 0 of {n}")
    screenshot(big_screen, "start")
