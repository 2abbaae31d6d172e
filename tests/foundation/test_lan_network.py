"""The table's network (issue #29) below the browser: the certificate `make run` serves HTTPS
with, the HTTPS address the pages offer, the installable app's manifest and service worker, the
live socket's ping, and a play sent again with its idempotency key."""

from __future__ import annotations

import datetime
import json
import re
import stat

import pytest
from cryptography import x509
from django.test import Client, RequestFactory

from companion.core import app_shell, lan_tls
from companion.core.context_processors import lan_https
from companion.core.management.commands.serve import tls_options
from companion.tables.models import Event
from companion.tables.tokens import cookie_name, cookie_value

HOSTS = ["localhost", "127.0.0.1", "[::1]", "laptop", "laptop.local", "192.168.1.20", ".example"]


def leaf(files: lan_tls.TlsFiles) -> x509.Certificate:
    return x509.load_pem_x509_certificate(files.cert.read_bytes())


# --- the certificate ---------------------------------------------------------------------------


def test_the_certificate_covers_the_names_and_addresses_and_is_signed_by_its_authority(tmp_path):
    files = lan_tls.TlsFiles(tmp_path / ".tls")
    assert lan_tls.ensure_certificate(files, HOSTS) is True
    cert = leaf(files)
    ca = x509.load_pem_x509_certificate(files.ca_cert.read_bytes())
    cert.verify_directly_issued_by(ca)  # raises if not
    assert sorted(lan_tls.certificate_names(files.cert)) == sorted(
        ["localhost", "laptop", "laptop.local", "127.0.0.1", "::1", "192.168.1.20"]
    )
    assert cert.not_valid_after_utc - cert.not_valid_before_utc <= datetime.timedelta(days=398)
    for secret in (files.key, files.ca_key):
        assert stat.S_IMODE(secret.stat().st_mode) == 0o600


def test_it_is_kept_while_the_names_stay_and_renewed_when_they_change(tmp_path):
    files = lan_tls.TlsFiles(tmp_path / ".tls")
    lan_tls.ensure_certificate(files, HOSTS)
    first, ca = files.cert.read_bytes(), files.ca_cert.read_bytes()
    assert lan_tls.ensure_certificate(files, list(reversed(HOSTS))) is False
    assert files.cert.read_bytes() == first
    # The laptop joins another network: a new address, a new certificate, the same authority
    # (a phone that trusts it keeps trusting the laptop).
    assert lan_tls.ensure_certificate(files, [*HOSTS, "10.0.0.7"]) is True
    assert "10.0.0.7" in lan_tls.certificate_names(files.cert)
    assert files.ca_cert.read_bytes() == ca


def test_it_is_renewed_a_month_before_it_expires(tmp_path):
    files = lan_tls.TlsFiles(tmp_path / ".tls")
    lan_tls.ensure_certificate(files, HOSTS)
    expires = leaf(files).not_valid_after_utc
    days = datetime.timedelta(days=1)
    assert lan_tls.ensure_certificate(files, HOSTS, now=expires - 40 * days) is False
    assert lan_tls.ensure_certificate(files, HOSTS, now=expires - 20 * days) is True
    assert leaf(files).not_valid_after_utc > expires


def test_the_tls_options_serve_the_chain_from_a_path_with_colons(tmp_path):
    """The certificate and its authority, read from files (no endpoint string to escape);
    tests/foundation/test_lan_https.py holds the server to TLS 1.2+ and AEAD suites."""
    files = lan_tls.TlsFiles(tmp_path / "c:d" / ".tls")
    lan_tls.ensure_certificate(files, HOSTS)
    options = tls_options(files)
    assert options.certificate.to_cryptography() == leaf(files)
    assert [c.to_cryptography() for c in options.extraCertChain] == [
        x509.load_pem_x509_certificate(files.ca_cert.read_bytes())
    ]


# --- the HTTPS address the pages offer -------------------------------------------------------


def test_a_plain_http_page_is_offered_at_the_https_port_only_when_it_is_served(
    monkeypatch, settings
):
    settings.ALLOWED_HOSTS = ["laptop.local", "[::1]"]
    factory = RequestFactory()
    request = factory.get("/t/abc/?x=1", HTTP_HOST="laptop.local:8000")
    monkeypatch.setattr(lan_tls, "SERVING_PORT", 0)
    assert lan_https(request) == {"lan_https_url": ""}
    monkeypatch.setattr(lan_tls, "SERVING_PORT", 8443)
    assert lan_https(request) == {"lan_https_url": "https://laptop.local:8443/t/abc/?x=1"}
    ipv6 = factory.get("/", HTTP_HOST="[::1]:8000")
    assert lan_https(ipv6)["lan_https_url"] == "https://[::1]:8443/"
    secure = factory.get("/", HTTP_HOST="laptop.local:8443", secure=True)
    assert lan_https(secure) == {"lan_https_url": ""}


def test_the_join_link_stays_on_plain_http_on_the_https_page(monkeypatch, settings):
    from companion.core.context_processors import plain_http_url

    settings.ALLOWED_HOSTS = ["laptop.local"]
    monkeypatch.setattr(lan_tls, "SERVING_PORT", 8443)
    monkeypatch.setattr(lan_tls, "HTTP_PORT", 8000)
    factory = RequestFactory()
    secure = factory.get("/", HTTP_HOST="laptop.local:8443", secure=True, SERVER_PORT="8443")
    assert plain_http_url(secure, "/t/x/seats") == "http://laptop.local:8000/t/x/seats"
    plain = factory.get("/", HTTP_HOST="laptop.local:8000", SERVER_PORT="8000")
    assert plain_http_url(plain, "/t/x/seats") == "http://laptop.local:8000/t/x/seats"
    monkeypatch.setattr(lan_tls, "SERVING_PORT", 0)  # production behind TLS: as it came
    proxied = factory.get("/", HTTP_HOST="laptop.local", secure=True)
    assert plain_http_url(proxied, "/t/x/seats") == "https://laptop.local/t/x/seats"


def test_the_authority_is_offered_without_its_key_only_where_https_is_served(
    client: Client, tmp_path, monkeypatch
):
    monkeypatch.setattr(lan_tls, "SERVING_FILES", None)
    assert client.get("/lan-certificate.crt").status_code == 404
    files = lan_tls.TlsFiles(tmp_path / ".tls")
    lan_tls.ensure_certificate(files, HOSTS)
    monkeypatch.setattr(lan_tls, "SERVING_FILES", files)
    response = client.get("/lan-certificate.crt")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-x509-ca-cert"
    assert response.content == files.ca_cert.read_bytes()
    assert b"PRIVATE KEY" not in response.content
    assert x509.load_pem_x509_certificate(response.content).extensions.get_extension_for_class(
        x509.BasicConstraints
    ).value.ca


def test_a_socket_on_the_https_port_is_wss_for_the_origin_check(monkeypatch, settings):
    from companion.core.ws_origin import _scheme, origin_allowed

    settings.ALLOWED_HOSTS = ["laptop.local"]
    monkeypatch.setattr(lan_tls, "SERVING_PORT", 8443)
    scope = {"type": "websocket", "server": ["0.0.0.0", 8443]}  # Daphne: no "scheme"
    assert _scheme(scope, {}) == "wss"
    assert origin_allowed("https://laptop.local:8443", "laptop.local:8443", _scheme(scope, {}))
    plain = {"type": "websocket", "server": ["0.0.0.0", 8000]}
    assert _scheme(plain, {}) == "ws"
    assert not origin_allowed("https://laptop.local:8443", "laptop.local:8000", "ws")


# --- the installable app -------------------------------------------------------------------------


def test_the_manifest_has_the_tables_colours_icons_and_start(client: Client):
    response = client.get("/manifest.webmanifest?start=/t/AbC-12_x/")
    assert response["Content-Type"] == "application/manifest+json"
    body = response.json()
    assert body["theme_color"] == "#1f5f8b" and body["background_color"] == "#f7f5f0"
    assert body["display"] == "standalone" and body["scope"] == "/" and body["id"] == "/"
    assert body["start_url"] == "/t/AbC-12_x/"
    for icon in body["icons"]:
        assert client.get(icon["src"]).status_code == 200
    for start in ("https://evil.example/", "//evil.example/t/x/", "/t/../admin/", "/admin/"):
        assert client.get("/manifest.webmanifest", {"start": start}).json()["start_url"] == "/"


def test_the_service_worker_is_served_at_the_root_with_the_shell_it_keeps(client: Client):
    response = client.get("/sw.js")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    assert response["Content-Type"].startswith("text/javascript")
    source = response.content.decode()
    shell = json.loads(re.match(r"var SHELL = (.*);\n", source).group(1))
    assert len(shell["version"]) == 16 and shell["offline"]
    assert set(shell["files"]) >= {"/static/js/offline.js", "/static/css/site.css"}
    for path in shell["files"]:
        assert client.get(path).status_code == 200, path
    assert 'addEventListener("fetch"' in source
    assert app_shell.SHELL_FILES  # every file of the shell exists (above)


def test_every_page_links_the_manifest_and_registers_the_worker(client: Client):
    page = client.get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert "js/app.js" in page


# --- a play sent again with its key ----------------------------------------------------------


def seat_client(table_id: str, token: str) -> Client:
    phone = Client()
    phone.cookies[cookie_name(table_id, "seat")] = cookie_value(table_id, token)
    return phone


@pytest.mark.django_db
def test_a_repeated_play_is_answered_with_its_first_outcome_and_recorded_once(api_table):
    t = api_table
    assert t.play("deal", t.host).status_code == 201
    phone = seat_client(t.id, t.tokens[0])
    key = "0f0e0d0c-0b0a-4908-8706-050403020100"
    form = {"action": "give 5", "expected_seq": "1", "idempotency_key": key}
    first = phone.post(f"/t/{t.id}/play", form, HTTP_HX_REQUEST="true")
    assert 'class="ruling recorded"' in first.content.decode()
    again = phone.post(f"/t/{t.id}/play", form, HTTP_HX_REQUEST="true")
    html = again.content.decode()
    assert 'class="ruling recorded"' in html and 'data-seq="2"' in html, html[:500]
    events = Event.objects.filter(table_id=t.id, seq__gt=1)
    assert [e.payload.get("key") for e in events] == [key]
    # Without the key, or with another seat's phone, the repeat is stale as before.
    form.pop("idempotency_key")
    assert 'class="ruling stale"' in phone.post(f"/t/{t.id}/play", form).content.decode()
    ben = seat_client(t.id, t.tokens[1])
    form["idempotency_key"] = key
    assert 'class="ruling stale"' in ben.post(f"/t/{t.id}/play", form).content.decode()
    assert t.seq() == 2


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_repeated_play_is_recorded_once_on_postgresql(api_table):
    """The same on PostgreSQL, where the play is written by fixed prepared statements."""
    test_a_repeated_play_is_answered_with_its_first_outcome_and_recorded_once(api_table)


@pytest.mark.django_db
def test_a_malformed_key_is_not_kept(api_table):
    t = api_table
    t.play("deal", t.host)
    phone = seat_client(t.id, t.tokens[0])
    form = {"action": "give 5", "expected_seq": "1", "idempotency_key": "x' OR 1=1 --"}
    assert 'ruling recorded' in phone.post(f"/t/{t.id}/play", form).content.decode()
    assert "key" not in Event.objects.get(table_id=t.id, seq=2).payload


# --- the live socket's ping ----------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_the_live_socket_answers_a_ping(api_table):
    from channels.testing import WebsocketCommunicator

    from companion.asgi import application

    t = api_table
    communicator = WebsocketCommunicator(
        application,
        f"/ws/tables/{t.id}/",
        headers=[
            (b"origin", b"http://testserver"),
            (b"authorization", f"Bearer {t.tokens[0]}".encode()),
        ],
    )
    connected, _ = await communicator.connect()
    assert connected
    await communicator.receive_from(timeout=10)  # the whole view first
    await communicator.send_to(text_data='{"type": "ping"}')
    assert await communicator.receive_from(timeout=5) == '{"type": "pong"}'
    await communicator.disconnect()
