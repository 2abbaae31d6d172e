"""The API's interactive docs page (/api/docs, Swagger UI) in a real browser: it draws every
operation of the generated document under the site's Content-Security-Policy, loading its
scripts and styles from the site itself (the ninja package's static files), nothing from a CDN."""

from __future__ import annotations

import json
import urllib.request
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def test_the_docs_page_draws_every_operation_from_local_files(server, phone, screenshot):
    with urllib.request.urlopen(f"{server.url}/api/openapi.json", timeout=15) as response:
        document = json.load(response)
    operations = sum(len(methods) for methods in document["paths"].values())
    page = phone()
    requested: list[str] = []
    refused: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on(
        "console",
        lambda message: refused.append(message.text)
        if message.type == "error" and "Content Security Policy" in message.text
        else None,
    )
    page.goto(f"{server.url}/api/docs")
    expect(page.locator(".opblock")).to_have_count(operations, timeout=30_000)
    expect(page.locator(".opblock-summary-path").first).to_contain_text("/api/")
    screenshot(page, "api-docs")
    own = urlsplit(server.url).netloc
    assert {urlsplit(url).netloc for url in requested if url.startswith("http")} == {own}
    assert not refused, refused
