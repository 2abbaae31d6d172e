"""Cross-Origin-Opener-Policy is sent only where the browser honours it (issue #28, web basics).

On plain http at a LAN name (the embedded default's phones) Chromium ignores the header and logs
a console error on every page, which Lighthouse counts against best practices; over https and on
localhost the header is kept.
"""

from __future__ import annotations

import pytest
from django.test import override_settings

HEADER = "Cross-Origin-Opener-Policy"
HOSTS = ["tablehost", "192.168.1.20", "localhost", "game.localhost", "127.0.0.1", "[::1]"]


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=HOSTS)
@pytest.mark.parametrize("host", ["tablehost:8000", "192.168.1.20:8000"])
def test_plain_http_to_a_lan_name_gets_no_opener_policy(client, host):
    for path in ["/", "/rules/", "/t/new/dog"]:
        response = client.get(path, HTTP_HOST=host)
        assert response.status_code == 200, path
        assert HEADER not in response, (host, path)
        # the other security headers stay
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Referrer-Policy"] == "same-origin"


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=HOSTS)
@pytest.mark.parametrize(
    "host", ["localhost:8000", "game.localhost", "127.0.0.1:8000", "[::1]:8000"]
)
def test_localhost_keeps_the_opener_policy(client, host):
    response = client.get("/", HTTP_HOST=host)
    assert response[HEADER] == "same-origin"


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=HOSTS)
def test_https_keeps_the_opener_policy(client):
    response = client.get("/", HTTP_HOST="tablehost:8443", secure=True)
    assert response[HEADER] == "same-origin"
