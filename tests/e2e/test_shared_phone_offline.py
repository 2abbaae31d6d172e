"""A phone passed round the table (issue #37, F2): it held Ann's seat, read her page and her
record, then took Ben's seat by the host's invitation and lost the connection. Offline it must
not show Ann's record or her page: the service worker (static/js/sw.js) keeps only a table's
page per reader and never a record. On 127.0.0.1, a secure context, the worker runs as on
HTTPS.

    .venv/bin/pytest tests/e2e/test_shared_phone_offline.py -p no:cacheprovider
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Error, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.services import http_json

pytestmark = pytest.mark.browser

ANN_HAND = {"count-1": "1", "count-13": "1", "count-7": "1", "count-4": "1", "count-5": "1",
            "count-joker": "1"}


def _open(page, url: str) -> str:
    """What opening ``url`` gives the phone: the file downloaded (a record is an attachment),
    else the page shown."""
    try:
        with page.expect_download(timeout=5_000) as download:
            try:
                page.goto(url)
            except Error as exc:
                if "Download is starting" not in str(exc):
                    raise
        return Path(download.value.path()).read_text()
    except PlaywrightTimeout:
        return page.content()


def _controlled(page) -> None:
    """Until the service worker is active and controls the page (a second load)."""
    page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
    page.reload()
    page.wait_for_function("!!navigator.serviceWorker.controller")


def test_a_phone_that_changed_seats_shows_nothing_of_the_last_seat_offline(server, phone):
    base = server.url
    made = http_json(base, "POST", "/api/tables",
                     {"game": "dog", "names": ["Ann", "Ben", "Cid", "Dan"]})
    tid, host = made["id"], made["host_token"]
    page = phone()
    # Ann sits down before the deal (a free claim), the host deals, she enters her hand
    page.goto(f"{base}/t/{tid}/seats")
    page.locator(".seat-list form").nth(0).locator("button").click()
    page.wait_for_url(f"{base}/t/{tid}/")
    http_json(base, "POST", f"/api/tables/{tid}/plays", {"action": "deal", "expected_seq": 0},
              host)
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    entered = page.request.post(f"{base}/t/{tid}/hand",
                                form={"expected_seq": "1", **ANN_HAND},
                                headers={"X-CSRFToken": csrf, "Referer": f"{base}/t/{tid}/"})
    assert entered.ok, entered.text()
    _controlled(page)
    expect(page.locator("#status .you")).to_contain_text("Ann")
    record = _open(page, f"{base}/t/{tid}/record.json")
    assert "hand 0" in record  # her own record, her hand in it

    # The host gives Ben's seat to this phone (an invitation); the phone reads Ben's page
    invitation = http_json(base, "POST", f"/api/tables/{tid}/invitations", {"seat": 1}, host)
    page.goto(base + invitation["url"])
    page.locator("form.invited button").click()
    page.wait_for_url(f"{base}/t/{tid}/")
    expect(page.locator("#status .you")).to_contain_text("Ben")

    # Offline: neither Ann's record nor her page comes back
    page.context.set_offline(True)
    try:
        text = _open(page, f"{base}/t/{tid}/record.json")
        assert "hand 0" not in text and "joker" not in text
        assert "was not opened on this phone" in text
        page.goto(f"{base}/t/{tid}/")
        expect(page.locator("#status .you")).to_contain_text("Ben")
        assert "Ann" not in page.locator("#status .you").inner_text()
        keys = page.evaluate(
            "caches.open('pages-by-reader').then(c => c.keys()).then(k => k.map(r => r.url))"
        )
        assert not any("record.json" in key for key in keys), keys
    finally:
        page.context.set_offline(False)
