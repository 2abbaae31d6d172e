"""Hint → "Play this" → the coach's quiet "good play": one analysis per position.

Ann has the coach on, asks for a hint, taps "Play this" on its first suggestion and confirms:
the coach reviews that play by continuing the hint's own search (advisor/shared.py) and shows
"✓ good play" in her coach box and her history line — never an "inaccuracy" for the play the
hint told her to make (unless a deeper look shows one, and then it says so: the test prints
it). A phone of 390×844 with touch reaches the site by a name, http://tablehost:PORT
(Chromium's --host-resolver-rules), in English and German; screenshots in
test-output/screenshots/hint-coach-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core import signing
from playwright.sync_api import expect

from companion.tables.tokens import COOKIE_SALT, cookie_name
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, SCREENSHOTS, Server
from tests.e2e.test_coach import dealt_dog_table
from tests.services import http_json

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

NAME = "tablehost"
LOCALES = {"en": "en-GB", "de": "de-DE"}
GOOD = {"en": ("✓ good play", "Good play: “"), "de": ("✓ guter Zug", "Guter Zug: „")}
DEEPER = {"en": "A deeper look prefers", "de": "Ein genauerer Blick bevorzugt"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The embedded server answering to the name ``tablehost`` too; room for a review on a
    loaded machine (a review waiting longer than COACH_MAX_WAIT_S is dropped, unlabelled)."""
    srv = Server(tmp_path_factory.mktemp("server"))
    srv.env["DJANGO_ALLOWED_HOSTS"] = NAME
    srv.env["DJANGO_ALLOW_LOCAL_HOSTS"] = "1"  # the API calls of the test go to 127.0.0.1
    srv.env["COACH_MAX_WAIT_S"] = "60"
    srv.start()
    srv.named = f"http://{NAME}:{srv.port}"
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def named_browser(browser):
    """A Chromium of the session's Playwright to which ``tablehost`` is this machine."""
    chromium = browser.browser_type.launch(
        executable_path=CHROMIUM, headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"],
    )
    yield chromium
    chromium.close()


def ann_phone(browser, server, tid: str, token: str, lang: str):
    key = Path(server.env["DJANGO_SECRET_KEY_FILE"]).read_text().strip()
    context = browser.new_context(**PHONE, locale=LOCALES[lang])
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": cookie_name(tid, "seat"),
                          "value": signing.dumps([tid, token], key=key, salt=COOKIE_SALT),
                          "url": server.named}])
    page = context.new_page()
    page.goto(f"{server.named}/t/{tid}/")
    page.wait_for_selector("#coach")
    return context, page


def tap(page, locator) -> None:
    """A touch, once htmx has settled the last swap (new content gets its listeners then)."""
    page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-swapping')")
    locator.tap()


def shot(page, name: str, locator=None) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (locator or page).screenshot(path=str(SCREENSHOTS / f"hint-coach-{name}.png"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hints_first_suggestion_played_is_a_good_play(server, named_browser, lang):
    tid, tokens = dealt_dog_table(server.url)
    context, ann = ann_phone(named_browser, server, tid, tokens[0], lang)
    try:
        seq = http_json(server.url, "GET", f"/api/tables/{tid}")["seq"]
        ann.wait_for_selector(f'#status[data-seq="{seq}"]')
        tap(ann, ann.locator("#coach .coach-switch button"))
        expect(ann.locator("#coach .coach-switch button")).to_have_attribute(
            "aria-pressed", "true")

        tap(ann, ann.locator("button.hint-button"))
        expect(ann.locator("#hint")).to_have_attribute("data-status", "done", timeout=30_000)
        first = ann.locator("#hint .hint-choices li").first
        suggested = first.locator("button[data-action]").get_attribute("data-action")
        shot(ann, f"{lang}-hint", ann.locator("#hint"))
        tap(ann, first.locator("button[data-action]"))
        expect(ann.locator("#entry")).to_have_attribute("data-step", "confirm")
        assert ann.locator("#entry input[name=action]").get_attribute("value") == suggested
        tap(ann, ann.locator("#entry button.confirm-play"))
        seq += 1

        review = ann.locator("#coach .coach-review")
        expect(review).to_have_attribute("data-seq", str(seq), timeout=30_000)
        label, text = review.get_attribute("data-label"), review.inner_text()
        shot(ann, f"{lang}-coach", ann.locator("#coach"))
        shot(ann, f"{lang}-page")
        print(f"\n[{lang}] played the hint's first suggestion {suggested!r}: {label}: {text}")
        # the consistency rule: the hint's own first suggestion is a good play, unless the
        # deeper look (the hint's search continued) shows otherwise and says so
        assert label == "good" or DEEPER[lang] in text, text
        assert label == "good", f"a deeper look overruled the hint here: {text}"
        words, sentence = GOOD[lang]
        assert sentence in text
        expect(ann.locator(f"#history #review-{seq}")).to_have_text(words)
        assert http_json(server.url, "GET", f"/api/tables/{tid}")["history"][-1][
            "text"] == suggested
    finally:
        context.close()
