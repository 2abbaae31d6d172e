"""Web basics (issue #28) on the real embedded server: pages and static files go compressed to a
browser that accepts it, and the header's language switch reads at AA contrast."""

from __future__ import annotations

import gzip
import re
import urllib.request

import pytest

from companion.tables.presenters.colours import contrast
from tests.e2e.conftest import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def fetch(url: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=15) as response:
        return {k.lower(): v for k, v in response.headers.items()}, response.read()


def test_pages_and_static_files_are_compressed(server):
    headers, body = fetch(server.url + "/")
    assert headers.get("content-encoding") == "gzip", headers
    assert "Accept-Encoding" in headers.get("vary", "")
    page = gzip.decompress(body).decode()
    for path in re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', page):
        static_headers, _body = fetch(server.url + path)
        assert static_headers.get("content-encoding") == "gzip", (path, static_headers)


def test_the_language_switch_reads_at_aa_contrast():
    """White on the header's blue, and the current language inverted (it was white on a
    translucent white over the blue: #4c7fa2, 4.31:1)."""
    assert contrast("#ffffff", "#1f5f8b") >= 4.5
    assert contrast("#0d1b26", "#6fb3e0") >= 4.5  # dark mode: --on-accent on --accent
    css = (ROOT / "static" / "css" / "site.css").read_text()
    current = re.search(r"\.lang-switch button\.current \{([^}]*)\}", css).group(1)
    assert "rgba" not in current and "opacity" not in current
