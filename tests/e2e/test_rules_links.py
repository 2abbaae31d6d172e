"""A referee message's rule link in a real browser: it opens the rule, in the phone's language,
in a new tab (the table stays open), scrolled to and marked as the target."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.mark.parametrize(
    ("locale", "heading"),
    [("en-GB", "Exchanging a card with the partner"), ("fr-FR", "L'échange d'une carte")],
)
def test_rule_link_of_a_ruling_opens_the_rule(server, phone, screenshot, locale, heading):
    page = phone(locale=locale)
    page.set_default_timeout(30_000)
    page.goto(server.url + "/t/new/dog")
    page.click("form.lobby button[type=submit]")
    page.wait_for_selector("#board svg")
    assert page.locator("header a.rules-link").get_attribute("href") == "/rules/dog/"

    # Before the deal no card can be played: the referee's "what if?" says why, with the rule.
    page.click("details.referee > summary")
    page.click("details.referee details.notation > summary")
    page.fill("#whatif-action", "1 K")
    page.locator("#referee-form > button[type=submit]").click()
    link = page.locator("#referee-ruling a.rule-ref").first
    link.wait_for()
    assert link.get_attribute("href") == "/rules/dog/#exchange"

    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url == f"{server.url}/rules/dog/#exchange"
    assert rules.evaluate("document.querySelector(':target').id") == "exchange"
    target = rules.locator("#exchange")
    assert heading in target.locator("h3").inner_text()
    assert rules.locator("article.rules-page").get_attribute("lang") == locale[:2]
    box = target.bounding_box()  # scrolled into view on a 844 px high phone
    assert box is not None and 0 <= box["y"] < 844
    assert rules.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(rules, f"rule-{locale}")
    assert "/t/" in page.url and link.is_visible()  # the table page stayed where it was
