"""The embedded default's https port (issue #37, F7/F8): TLS 1.2 with AEAD suites only (a
client offering nothing but CBC/SHA-1 is refused at the handshake), TLS 1.3 as OpenSSL has it,
nothing older; and the CSRF cookie Secure there, under a name of its own so that the plain-http
port beside it keeps working."""

from __future__ import annotations

import http.client
import socket
import ssl
from collections.abc import Iterator

import pytest
from django.test import Client

from companion.core.csrf import SECURE_NAME
from tests.e2e.test_network_lan import LanServer

# --- the server as `make run` starts it --------------------------------------------------------


@pytest.fixture(scope="module")
def lan(tmp_path_factory) -> Iterator[LanServer]:
    server = LanServer(tmp_path_factory.mktemp("lan-https"))
    server.start()
    yield server
    server.stop()


def handshake(port: int, *, version: ssl.TLSVersion, ciphers: str | None = None) -> str:
    """Connect with a client held to ``version`` (and ``ciphers`` on TLS 1.2); the suite the
    server chose, or raise ssl.SSLError when it refused."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    context.minimum_version = context.maximum_version = version
    if ciphers:
        context.set_ciphers(ciphers + ":@SECLEVEL=0")  # the client really offers them
    with (
        socket.create_connection(("127.0.0.1", port), timeout=10) as raw,
        context.wrap_socket(raw) as tls,
    ):
        return tls.cipher()[0]


def test_tls12_with_only_cbc_sha1_suites_is_refused(lan):
    for weak in ("ECDHE-ECDSA-AES128-SHA", "ECDHE-ECDSA-AES256-SHA", "ECDHE-ECDSA-AES128-SHA256"):
        with pytest.raises(ssl.SSLError):
            handshake(lan.tls_port, version=ssl.TLSVersion.TLSv1_2, ciphers=weak)


def test_tls12_aead_and_tls13_are_served(lan):
    for suite in ("ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-ECDSA-CHACHA20-POLY1305"):
        assert handshake(lan.tls_port, version=ssl.TLSVersion.TLSv1_2, ciphers=suite) == suite
    # any TLS 1.2 client gets an AEAD suite
    chosen = handshake(lan.tls_port, version=ssl.TLSVersion.TLSv1_2)
    assert "GCM" in chosen or "CHACHA20" in chosen, chosen
    assert handshake(lan.tls_port, version=ssl.TLSVersion.TLSv1_3).startswith("TLS_")


def test_tls11_is_refused(lan):
    with pytest.raises(ssl.SSLError):
        handshake(lan.tls_port, version=ssl.TLSVersion.TLSv1_1, ciphers="ALL")


def _set_cookies(port: int, secure: bool) -> list[str]:
    if secure:
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        connection: http.client.HTTPConnection = http.client.HTTPSConnection(
            "127.0.0.1", port, context=context, timeout=30
        )
    else:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/", headers={"Host": "tablehost"})
    response = connection.getresponse()
    response.read()
    connection.close()
    assert response.status == 200
    return response.headers.get_all("Set-Cookie") or []


def test_the_csrf_cookie_is_secure_on_the_https_port_of_the_real_server(lan):
    https = [c for c in _set_cookies(lan.tls_port, True) if "csrftoken" in c]
    assert len(https) == 1 and https[0].startswith(SECURE_NAME + "="), https
    assert "Secure" in https[0] and "Path=/" in https[0]
    http_ = [c for c in _set_cookies(lan.port, False) if "csrftoken" in c]
    assert len(http_) == 1 and http_[0].startswith("csrftoken=") and "Secure" not in http_[0]


# --- the CSRF check on both ports (Django's test client) ---------------------------------------


@pytest.mark.django_db
def test_each_port_checks_its_own_csrf_cookie():
    phone = Client(enforce_csrf_checks=True)
    plain = phone.get("/")
    http_token = plain.cookies["csrftoken"].value
    assert not plain.cookies["csrftoken"]["secure"]

    secure = phone.get("/", secure=True)
    assert "csrftoken" not in secure.cookies  # the http port's cookie is left as it is
    cookie = secure.cookies[SECURE_NAME]
    assert cookie["secure"] and cookie["path"] == "/" and not cookie["domain"]
    https_token = cookie.value
    assert https_token != http_token

    def switch_language(token: str, on_https: bool) -> int:
        return phone.post(
            "/i18n/setlang/",
            {"language": "de", "next": "/", "csrfmiddlewaretoken": token},
            secure=on_https,
            HTTP_REFERER=("https" if on_https else "http") + "://testserver/",
        ).status_code

    # The browser sends the http cookie to the https port too: only the https one counts there.
    assert switch_language(https_token, True) == 302
    assert switch_language(http_token, True) == 403
    assert switch_language(http_token, False) == 302
    assert switch_language(https_token, False) == 403
