"""Coach mode in the browser: Ann switches it on on her phone, plays, and her phone shows the
review of that play; Ben's phone, at the same table, shows no review."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core import signing
from playwright.sync_api import expect

from companion.tables.tokens import COOKIE_SALT, cookie_name
from tests.conftest import HANDS
from tests.services import http_json

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def dealt_dog_table(url: str) -> tuple[str, list[str]]:
    """A DOG table with every seat joined, dealt, hands entered and cards exchanged (API)."""
    table = http_json(url, "POST", "/api/tables", {"game": "dog"})
    tid, host = table["id"], table["host_token"]
    tokens = [
        http_json(url, "POST", f"/api/tables/{tid}/join", {"seat": s})["token"] for s in range(4)
    ]
    seq = http_json(url, "POST", f"/api/tables/{tid}/plays", {"action": "deal",
                                                              "expected_seq": 0}, host)["seq"]
    for seat, cards in HANDS.items():
        seq = http_json(url, "PUT", f"/api/tables/{tid}/hand",
                        {"cards": cards, "expected_seq": seq}, tokens[seat])["seq"]
    for seat, card in enumerate(["5", "3", "2", "9"]):
        seq = http_json(url, "POST", f"/api/tables/{tid}/plays",
                        {"action": f"give {card}", "expected_seq": seq}, tokens[seat])["seq"]
    return tid, tokens


def seat_phone(phone, server, tid: str, token: str):
    """A phone holding the seat's cookie, signed with the server's own key."""
    key = Path(server.env["DJANGO_SECRET_KEY_FILE"]).read_text().strip()
    value = signing.dumps([tid, token], key=key, salt=COOKIE_SALT)
    page = phone()
    page.context.add_cookies(
        [{"name": cookie_name(tid, "seat"), "value": value, "url": server.url}]
    )
    page.goto(f"{server.url}/t/{tid}/")
    page.wait_for_selector("#coach")
    return page


def test_coach_mode_reviews_a_play_on_the_own_phone_only(server, phone, screenshot):
    tid, tokens = dealt_dog_table(server.url)
    ann = seat_phone(phone, server, tid, tokens[0])
    ben = seat_phone(phone, server, tid, tokens[1])
    switch = ann.locator("#coach .coach-switch button")
    expect(switch).to_have_attribute("aria-pressed", "false")  # off by default
    switch.click()
    expect(ann.locator("#coach .coach-switch button")).to_have_attribute("aria-pressed", "true")
    expect(ben.locator("#coach .coach-switch button")).to_have_attribute("aria-pressed", "false")

    seq = http_json(server.url, "GET", f"/api/tables/{tid}")["seq"]
    http_json(server.url, "POST", f"/api/tables/{tid}/plays",
              {"action": "1 K", "expected_seq": seq}, tokens[0])
    review = ann.locator("#coach .coach-review")
    expect(review).to_be_visible(timeout=20_000)
    expect(review).to_have_attribute("data-seq", str(seq + 1))
    assert review.get_attribute("data-label") in ("good", "inaccuracy", "mistake")
    expect(ann.locator("#coach .coach-tally")).to_contain_text("1 play reviewed")
    screenshot(ann, "ann-review")
    # Ben's phone has moved on to the same position and shows no review at all.
    ben.wait_for_selector(f'#status[data-seq="{seq + 1}"]')
    assert ben.locator(".coach-review").count() == 0
    assert "reviewed" not in ben.locator("#coach").inner_text()
    # Ann's own reviews page lists the play; Ben's lists none.
    ann.goto(f"{server.url}/t/{tid}/coach/reviews")
    expect(ann.locator(".coach-reviews li[data-label]")).to_have_count(1)
    ben.goto(f"{server.url}/t/{tid}/coach/reviews")
    expect(ben.locator(".coach-reviews li[data-label]")).to_have_count(0)
    screenshot(ben, "ben-reviews")
