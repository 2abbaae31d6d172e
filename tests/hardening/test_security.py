"""Security of the table: tokens, who may act, CSRF, hint limits, time limits, deployment.

- Seat and host tokens are unguessable (192 random bits), stored only as SHA-256 hashes, and
  bound to their table: a token (or cookie) of table A is refused on table B by the API, the
  HTML forms and the websocket.
- A seat cannot act for another seat: not through the API, the forms or the websocket.
- Every HTML form POST needs the CSRF token; the JSON API is exempt because it does not read
  cookies at all (only ``Authorization: Bearer``).
- Hints are rate-limited per seat and per table, and a flood of hint requests does not starve
  play entry (a real Daphne process with its in-process worker).
- Searches have hard time limits (Celery time_limit/soft_time_limit).
- Production settings: ``check --deploy`` is clean, the admin is behind a login, cookies are
  Secure/HttpOnly/SameSite and the security headers (HSTS, CSP, ...) are sent.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

import pytest
from channels.testing import WebsocketCommunicator
from django.core import serializers
from django.test import Client
from django.urls import get_resolver

from companion.asgi import application
from companion.tables.live.consumers import MAX_FRAME, MESSAGE_TOO_BIG
from companion.tables.models import Event, Seat, Table
from companion.tables.tokens import cookie_name, cookie_value, new_token, token_from_cookie
from tests.conftest import HANDS

ROOT = Path(__file__).resolve().parents[2]
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{32}")  # 32 base64url characters: 192 bits


def _json(client, method, path, body=None, token=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return getattr(client, method)(
        path,
        json.dumps(body) if body is not None else None,
        content_type="application/json",
        **headers,
    )


def _events(table_id: str) -> int:
    return Event.objects.filter(table_id=table_id).count()


@pytest.fixture
def other_table(client):
    """A second dealt-to-nothing DOG table with its own host and seats."""
    body = _json(client, "post", "/api/tables", {"game": "dog"}).json()
    tokens = [
        _json(client, "post", f"/api/tables/{body['id']}/join", {"seat": s}).json()["token"]
        for s in range(4)
    ]
    return body["id"], body["host_token"], tokens


# --- tokens -----------------------------------------------------------------------------------


def test_tokens_are_unguessable():
    tokens = [new_token() for _ in range(3000)]
    assert len(set(tokens)) == len(tokens)
    assert all(TOKEN_RE.fullmatch(t) for t in tokens)
    # Random, not a counter or a clock: every one of the 64 symbols shows up in every position,
    # and no position is much more frequent than chance (3000 / 64 ≈ 47 per symbol).
    for position in (0, 15, 31):
        counts = Counter(t[position] for t in tokens)
        assert len(counts) == 64 if position < 31 else len(counts) >= 16, (position, counts)
        assert max(counts.values()) < 47 * 3, (position, counts)


@pytest.mark.django_db
def test_tokens_are_stored_only_as_hashes(api_table):
    t = api_table
    for index, token in enumerate(t.tokens):
        seat = Seat.objects.get(table_id=t.id, index=index)
        assert seat.token_hash == hashlib.sha256(token.encode()).hexdigest()
    table = Table.objects.get(id=t.id)
    assert table.host_token_hash == hashlib.sha256(t.host.encode()).hexdigest()
    dumped = serializers.serialize(
        "json", [table, *Seat.objects.filter(table=table), *Event.objects.filter(table=table)]
    )
    for token in (t.host, *t.tokens):
        assert token not in dumped


def test_cookies_are_signed_and_bound_to_their_table():
    token = new_token()
    value = cookie_value("tableA", token)
    assert token_from_cookie(value, "tableA") == token
    assert token_from_cookie(value, "tableB") is None  # A's cookie on table B
    assert (
        token_from_cookie(value[:-2] + ("x" if value[-2] != "x" else "y") + value[-1], "tableA")
        is None
    )
    assert token_from_cookie(token, "tableA") is None  # a raw token is not a cookie


# --- a token of table A is refused on table B ---------------------------------------------------


@pytest.mark.django_db
def test_a_token_of_another_table_is_refused_by_the_api(dealt_table, other_table, client):
    t = dealt_table
    other_id, other_host, other_tokens = other_table
    before = _events(t.id)
    for foreign in (other_host, other_tokens[0]):
        r = t.play("1 K", foreign)
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
        r = t.call("get", "", token=foreign)
        assert r.status_code == 403
        r = t.call("post", "/undo", {"expected_seq": t.seq()}, foreign)
        assert r.status_code == 403
        r = t.call("put", "/hand", {"cards": ["7"], "expected_seq": t.seq()}, foreign)
        assert r.status_code == 403
        r = t.call("post", "/hints", {}, foreign)
        assert r.status_code == 403
    # And the other way round: this table's host cannot deal at the other table.
    r = _json(
        client,
        "post",
        f"/api/tables/{other_id}/plays",
        {"action": "deal", "expected_seq": 0},
        t.host,
    )
    assert r.status_code == 403
    assert _events(t.id) == before and _events(other_id) == 0


@pytest.mark.django_db
def test_a_cookie_of_another_table_is_refused_by_the_forms(dealt_table, other_table):
    t = dealt_table
    other_id, other_host, other_tokens = other_table
    before = _events(t.id)
    for value in (
        cookie_value(other_id, other_tokens[0]),  # B's cookie renamed for A
        cookie_value(t.id, other_tokens[0]),  # as if signed for A, but B's seat token
        cookie_value(t.id, other_host),
    ):
        phone = Client()
        phone.cookies[cookie_name(t.id)] = value
        phone.cookies[cookie_name(t.id, "host")] = value
        response = phone.post(f"/t/{t.id}/play", {"action": "1 K", "expected_seq": t.seq()})
        assert "join a seat" in response.content.decode()
        response = phone.get(f"/t/{t.id}/")
        assert "Enter my hand" not in response.content.decode()
    assert _events(t.id) == before


@pytest.mark.django_db(transaction=True)
async def test_a_token_of_another_table_is_a_spectator_on_the_websocket(dealt_table, other_table):
    t = dealt_table
    other_id, other_host, other_tokens = other_table
    for headers in (
        [(b"authorization", f"Bearer {other_tokens[0]}".encode())],
        [(b"cookie", f"{cookie_name(t.id)}={cookie_value(other_id, other_tokens[0])}".encode())],
        [(b"authorization", f"Bearer {other_host}".encode())],
    ):
        communicator = WebsocketCommunicator(
            application,
            f"/ws/tables/{t.id}/?format=json",
            headers=[(b"origin", b"http://testserver"), *headers],
        )
        connected, _ = await communicator.connect()
        assert connected
        state = json.loads(await communicator.receive_from(timeout=5))
        assert state["you"] == {"seat": None, "host": False}
        assert all(card == "?" for hand in state["position"]["hands"] for card in hand)
        await communicator.disconnect()


# --- a seat cannot act for another seat ----------------------------------------------------------


@pytest.mark.django_db
def test_a_seat_cannot_act_for_another_through_the_api(dealt_table):
    t = dealt_table  # seat 0 to move
    before = _events(t.id)
    r = t.play("1 K", t.tokens[1])
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_your_turn"
    r = t.play("hand 2 7,7,7,7,7", t.tokens[1])
    assert r.status_code == 403
    r = t.call("post", "/hints", {}, t.tokens[1])
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_your_turn"
    assert _events(t.id) == before
    assert t.play("1 K", t.tokens[0]).status_code == 201
    seq = t.seq()
    r = t.call("post", "/undo", {"expected_seq": seq}, t.tokens[1])
    assert r.status_code == 403
    r = t.call(
        "post", "/corrections", {"seq": seq, "action": "13 K", "expected_seq": seq}, t.tokens[1]
    )
    assert r.status_code == 403
    assert _events(t.id) == before + 1


@pytest.mark.django_db
def test_a_seat_cannot_act_for_another_through_the_forms(dealt_table):
    t = dealt_table
    ben = Client()
    ben.cookies[cookie_name(t.id)] = cookie_value(t.id, t.tokens[1])
    before = _events(t.id)
    seq = t.seq()
    ben.post(f"/t/{t.id}/play", {"action": "1 K", "expected_seq": seq})
    ben.post(f"/t/{t.id}/hand", {"seat": "2", "count-7": "5", "expected_seq": seq})
    assert _events(t.id) == before
    assert t.play("1 K", t.tokens[0]).status_code == 201
    seq = t.seq()
    ben.post(f"/t/{t.id}/undo", {"expected_seq": seq})
    ben.post(f"/t/{t.id}/correct", {"seq": seq, "action": "13 K", "expected_seq": seq})
    assert _events(t.id) == before + 1
    # Ben's own play on his own turn goes through: the refusals above were about the seat.
    ben.post(f"/t/{t.id}/play", {"action": "1 K", "expected_seq": seq})
    assert _events(t.id) == before + 2


@pytest.mark.django_db(transaction=True)
async def test_the_websocket_accepts_no_plays(dealt_table):
    """The socket only pushes views: a play sent over it is refused and records nothing."""
    t = dealt_table
    communicator = WebsocketCommunicator(
        application,
        f"/ws/tables/{t.id}/?format=json",
        headers=[
            (b"origin", b"http://testserver"),
            (b"authorization", f"Bearer {t.tokens[1]}".encode()),
        ],
    )
    assert (await communicator.connect())[0]
    seq = json.loads(await communicator.receive_from(timeout=5))["seq"]
    for message in ({"type": "play", "action": "1 K", "seat": 0}, {"type": "sync", "seat": 0}):
        await communicator.send_to(text_data=json.dumps(message))
        answer = json.loads(await communicator.receive_from(timeout=5))
        assert answer["type"] in ("error", "state")
        if answer["type"] == "state":
            assert answer["you"]["seat"] == 1  # a "seat" field changes nothing
    await communicator.disconnect()
    assert (await Table.objects.aget(id=t.id)).seq == seq


# --- CSRF ---------------------------------------------------------------------------------------


def _html_routes(table_id: str) -> list[str]:
    """Every route of the site that is not the JSON API or the admin, as a concrete path."""
    values = {"table_id": table_id, "game": "dog", "kind": "rows", "pk": "1"}
    paths: list[str] = []

    def walk(patterns, prefix: str) -> None:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if hasattr(pattern, "url_patterns"):
                if not route.startswith(("admin/", "api/")):
                    walk(pattern.url_patterns, route)
                continue
            paths.append("/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], route))

    walk(get_resolver().url_patterns, "")
    return paths


@pytest.mark.django_db
def test_every_html_form_post_needs_the_csrf_token(dealt_table):
    t = dealt_table
    paths = _html_routes(t.id)
    assert {f"/t/{t.id}/play", f"/t/{t.id}/hand", "/t/new", "/i18n/setlang/"} <= set(paths)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies[cookie_name(t.id, "host")] = cookie_value(t.id, t.host)
    before = _events(t.id)
    for path in paths:
        response = strict.post(path, {"action": "1 K", "expected_seq": t.seq(), "seat": "0"})
        assert response.status_code == 403, path
        assert b"CSRF" in response.content, path
    assert _events(t.id) == before
    # With the token the same request gets past the check (so the 403s above were CSRF's).
    page = strict.get(f"/t/{t.id}/")
    token = strict.cookies["csrftoken"].value
    assert token and page.status_code == 200
    response = strict.post(
        f"/t/{t.id}/play", {"action": "1 K", "expected_seq": t.seq()}, HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 200 and _events(t.id) == before + 1


@pytest.mark.django_db
def test_the_api_ignores_cookies_so_it_needs_no_csrf_token(dealt_table):
    """The API is CSRF-exempt; that is safe only because a browser's cookies carry no power
    there: a cross-site form could send cookies, never an Authorization header."""
    t = dealt_table
    browser = Client(enforce_csrf_checks=True)
    browser.cookies[cookie_name(t.id)] = cookie_value(t.id, t.tokens[0])
    browser.cookies[cookie_name(t.id, "host")] = cookie_value(t.id, t.host)
    r = browser.post(
        f"/api/tables/{t.id}/plays",
        json.dumps({"action": "1 K", "expected_seq": t.seq()}),
        content_type="application/json",
    )
    assert r.status_code == 401 and r.json()["error"]["code"] == "no_token"
    assert r["WWW-Authenticate"].startswith("Bearer")
    assert browser.get(f"/api/tables/{t.id}").json()["you"] == {"seat": None, "host": False}


# --- hints: rate limits and no starvation ---------------------------------------------------------


@pytest.mark.django_db
def test_hints_are_rate_limited_per_seat(dealt_table, settings):
    settings.HINT_RATE_PER_SEAT = 3
    settings.HINT_RATE_PER_TABLE = 100
    t = dealt_table
    codes = [t.call("post", "/hints", {}, t.tokens[0]) for _ in range(5)]
    assert codes[0].status_code in (200, 202)
    assert [r.status_code for r in codes[1:3]] == [409, 409]  # busy: one search per seat
    assert [r.json()["error"]["code"] for r in codes[3:]] == ["rate_seat", "rate_seat"]
    assert all(r.status_code == 429 for r in codes[3:])


@pytest.mark.django_db
def test_hints_are_rate_limited_per_table(dealt_table, settings):
    settings.HINT_RATE_PER_SEAT = 100
    settings.HINT_RATE_PER_TABLE = 2
    t = dealt_table
    answers = [t.call("post", "/hints", {}, t.tokens[0]) for _ in range(4)]
    assert [r.json().get("error", {}).get("code") for r in answers[2:]] == ["rate_table"] * 2
    assert all(r.status_code == 429 for r in answers[2:])


def _http(base: str, method: str, path: str, body=None, token: str | None = None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, method=method, headers=headers, data=data)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as exc:
        return exc.code, json.load(exc)


def test_a_hint_flood_does_not_starve_play_entry(tmp_path):
    """Four threads ask for hints without pause while the table plays: the hints are refused
    (429/409) or answered, and every play is still recorded quickly."""
    from tests.e2e.conftest import Server

    server = Server(tmp_path)
    server.env.update({"HINT_RATE_PER_SEAT": "4", "HINT_RATE_PER_TABLE": "8"})
    server.start()
    try:
        base = server.url
        status, table = _http(base, "POST", "/api/tables", {"game": "dog"})
        assert status == 201
        tid, host = table["id"], table["host_token"]
        tokens = [
            _http(base, "POST", f"/api/tables/{tid}/join", {"seat": s})[1]["token"]
            for s in range(4)
        ]

        def play(action: str, token: str) -> float:
            seq = _http(base, "GET", f"/api/tables/{tid}")[1]["seq"]
            started = time.perf_counter()
            status, body = _http(
                base,
                "POST",
                f"/api/tables/{tid}/plays",
                {"action": action, "expected_seq": seq},
                token,
            )
            assert status == 201, body
            return time.perf_counter() - started

        baseline = [play("deal", host)]
        for seat, cards in HANDS.items():
            seq = _http(base, "GET", f"/api/tables/{tid}")[1]["seq"]
            status, body = _http(
                base,
                "PUT",
                f"/api/tables/{tid}/hand",
                {"cards": cards, "expected_seq": seq},
                tokens[seat],
            )
            assert status == 201, body
        for seat, card in enumerate(["5", "3", "2", "9"]):
            baseline.append(play(f"give {card}", tokens[seat]))

        answers: Counter[int] = Counter()
        stop = threading.Event()

        def flood(token: str) -> None:
            while not stop.is_set():
                status, _ = _http(base, "POST", f"/api/tables/{tid}/hints", {}, token)
                answers[status] += 1

        threads = [threading.Thread(target=flood, args=(tok,)) for tok in tokens]
        for thread in threads:
            thread.start()
        try:
            time.sleep(1.0)
            during = []
            for seat, action in ((0, "1 K"), (1, "1 K"), (2, "13 K"), (3, "1 K"), (0, "4 T0-T4")):
                during.append(play(action, tokens[seat]))
                time.sleep(0.3)
        finally:
            stop.set()
            for thread in threads:
                thread.join(timeout=60)
        assert answers[429] > 0, answers  # the limits bit
        assert sum(answers.values()) > 40, answers  # it was a flood
        assert set(answers) <= {200, 202, 409, 429}, answers
        # Every play answered; on this busy machine "quickly" means within a few seconds even
        # while searches run in the same process, and not far off the quiet-time median.
        assert max(during) < 5.0, (during, baseline)
        assert statistics.median(during) < max(1.5, 4 * statistics.median(baseline)), (
            during,
            baseline,
        )
    finally:
        server.stop()


# --- searches have hard time limits ---------------------------------------------------------------


def test_searches_have_hard_time_limits(monkeypatch, settings):
    from companion.advisor import hints
    from companion.celery import app

    assert 0 < app.conf.task_soft_time_limit < app.conf.task_time_limit <= 120
    sent: list[dict] = []
    monkeypatch.setattr(hints, "send_task", lambda name, kwargs, **kw: sent.append(
        {"kwargs": kwargs, **kw}))
    settings.HINT_SHARDS = 2
    table_id = "limits" + secrets.token_hex(4)
    hints.request_hint(
        table_id=table_id,
        seat=0,
        seq=1,
        game="dog",
        view={},
        names=[],
        budget_ms=settings.HINT_MAX_BUDGET_MS,
    )
    assert len(sent) == 2
    budget_s = settings.HINT_MAX_BUDGET_MS / 1000
    for call in sent:
        assert budget_s < call["soft_time_limit"] < call["time_limit"] <= budget_s + 30, call
        assert call["expires"] <= 60  # a hint nobody started soon is dropped, not run late
        assert call["kwargs"]["budget_ms"] <= settings.HINT_MAX_BUDGET_MS


@pytest.mark.django_db
def test_a_thinking_time_over_the_maximum_is_refused(dealt_table, settings):
    t = dealt_table
    r = t.call("post", "/hints", {"budget_ms": settings.HINT_MAX_BUDGET_MS + 1}, t.tokens[0])
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_budget"


# --- production settings -------------------------------------------------------------------------


def _production_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "REDIS_URL", "DJANGO_DEBUG", "DJANGO_SETTINGS_MODULE")
    }
    env.update(
        {
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "table.example.org",
            "DJANGO_SECURE_COOKIES": "1",
            "DJANGO_HSTS_SECONDS": "31536000",
            "DJANGO_SSL_REDIRECT": "1",
            "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
            "STATIC_ROOT": str(tmp_path / "static"),
            "CELERY_EMBEDDED_WORKER": "0",
            **extra,
        }
    )
    return env


def _deploy_check(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_deploy_checks_pass_with_the_production_settings(tmp_path):
    """The same check as tests/foundation/test_production.py, without PostgreSQL and Redis."""
    result = _deploy_check(_production_env(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    # ... and it does look: without HSTS the same command fails.
    result = _deploy_check(_production_env(tmp_path, DJANGO_HSTS_SECONDS="0"))
    assert result.returncode != 0 and "security.W004" in result.stdout + result.stderr


@pytest.fixture(scope="module")
def production(tmp_path_factory) -> dict:
    """Cookies and headers of real requests under the production settings (a subprocess)."""
    tmp_path = tmp_path_factory.mktemp("production")
    result = subprocess.run(
        [sys.executable, "-m", "tests.hardening.production_probe"],
        cwd=ROOT,
        env=_production_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_sends_the_security_headers(production):
    for page in ("home", "table"):
        headers = production[page]
        assert headers["status"] == 200, (page, headers)
        assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "same-origin"
        csp = dict(
            (part.split()[0], part.split()[1:])
            for part in headers["Content-Security-Policy"].split("; ")
        )
        assert csp["script-src"] == ["'self'"]  # no inline scripts, no eval
        assert csp["default-src"] == ["'self'"] and csp["frame-ancestors"] == ["'none'"]
        assert csp["object-src"] == ["'none'"]
    assert production["http"] == {"status": 301, "location": "https://table.example.org/"}


def test_production_cookies_are_secure_httponly_and_samesite(production):
    cookies = production["cookies"]
    assert production["create"]["status"] == 302 and production["join"]["status"] == 302
    assert production["admin_login"]["status"] == 302
    for name in ("host-<table>", "seat-<table>", "sessionid"):
        assert cookies[name] == {"secure": True, "httponly": True, "samesite": "Lax"}, name
    # The CSRF cookie must be readable by the page's own script in Django's design; Secure+Lax.
    assert cookies["csrftoken"]["secure"] and cookies["csrftoken"]["samesite"] == "Lax"


@pytest.mark.django_db
def test_admin_is_behind_a_login(production, client):
    assert production["admin"] == {"status": 302, "location": "/admin/login/?next=/admin/"}
    response = client.get("/admin/")
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")


@pytest.mark.django_db
def test_pages_send_a_content_security_policy_without_inline_scripts(dealt_table):
    """Also in development, so the browser tests run under the same policy. The pages a phone
    sees (as the host, so every entry and form is there) have no inline script or handler."""
    t = dealt_table
    host = Client()
    host.cookies[cookie_name(t.id, "host")] = cookie_value(t.id, t.host)
    host.cookies[cookie_name(t.id)] = cookie_value(t.id, t.tokens[0])
    pages = ["/", "/t/new", "/t/new/hit", "/t/new/lifeislife", "/t/join", "/rules/", "/rules/dog/"]
    pages += [f"/t/{t.id}/{p}" for p in ("", "present", "replay", "summary", "seats", "entry")]
    for path in pages:
        page = host.get(path, follow=True)  # a seated phone's /seats leads to its table
        assert page.status_code == 200, path
        assert "script-src 'self'" in page["Content-Security-Policy"], path
        html = page.content.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), path  # inline script
        assert not re.search(r"<[^>]+\son[a-z]+\s*=", html), path  # inline event handler
        assert "javascript:" not in html, path


# --- websocket limits on the deployed command -----------------------------------------------------


def test_daphne_as_deployed_refuses_oversized_frames_and_spares_other_phones(tmp_path):
    """docker-compose.yml's web command (Daphne with its message limit) on the embedded
    default: a frame over 1 MiB is refused by Daphne itself (1009), one over the consumer's
    4096 characters by the consumer (4009, a code Daphne lets an application send); another
    phone of the table keeps receiving updates."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from tests.e2e.conftest import Server
    from tests.topology import compose_command

    server = Server(tmp_path)  # migrates its own SQLite file
    log = open(tmp_path / "web.log", "ab")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        compose_command("web", server.port), cwd=ROOT, env=server.env, stdout=log, stderr=log
    )
    server.proc = proc
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(server.url + "/healthz", timeout=5).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "web did not start"
                time.sleep(0.3)
        base = server.url
        _, table = _http(base, "POST", "/api/tables", {"game": "dog"})
        tid, host = table["id"], table["host_token"]
        tokens = [
            _http(base, "POST", f"/api/tables/{tid}/join", {"seat": s})[1]["token"]
            for s in range(2)
        ]
        ws_url = base.replace("http", "ws") + f"/ws/tables/{tid}/?format=json"

        def phone(token: str):
            socket = connect(
                ws_url, additional_headers={"Authorization": f"Bearer {token}"}, open_timeout=20
            )
            assert json.loads(socket.recv(timeout=20))["type"] == "state"
            return socket

        other = phone(tokens[1])

        def refused(size: int) -> tuple[list[str], int | None]:
            """Send one frame of ``size`` characters: what came back, and the close code
            (None when the server dropped the connection without a close frame)."""
            socket = phone(tokens[0])
            socket.send("x" * size)
            got: list[str] = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    got.append(socket.recv(timeout=20))
            return got, closed.value.rcvd.code if closed.value.rcvd else None

        got, code = refused(MAX_FRAME + 10)  # the consumer: says why, then closes
        assert code == MESSAGE_TOO_BIG and json.loads(got[0])["type"] == "error"
        got, code = refused(1_100_000)  # Daphne: the frame never reaches Python
        assert got == [] and code in (None, 1009)
        status, _ = _http(
            base, "POST", f"/api/tables/{tid}/plays", {"action": "deal", "expected_seq": 0}, host
        )
        assert status == 201
        assert json.loads(other.recv(timeout=20))["seq"] == 1
        other.close()
    finally:
        server.stop()
        log.close()


@pytest.mark.django_db
def test_the_websocket_limit_leaves_room_for_what_the_server_sends(dealt_table, settings):
    """Daphne's message limit also holds for what it sends: a 16 KiB limit once cut off every
    page's live fragments. The deployed command, the image and runserver all leave ten times
    the fragments of a dealt table."""
    from companion.tables.pages.rendering import live_fragments
    from companion.tables.play.services import Actor
    from tests.topology import compose_command

    table = Table.objects.get(id=dealt_table.id)
    sent = len(live_fragments(table, Actor(0, True)).encode())
    command = compose_command("web")
    dockerfile = (ROOT / "Dockerfile").read_text()
    limits = {
        "runserver": settings.DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE,
        "compose": int(command[command.index("--websocket-max-message-size") + 1]),
        "image": int(re.search(r'"--websocket-max-message-size", "(\d+)"', dockerfile).group(1)),
    }
    for where, limit in limits.items():
        assert limit >= 10 * sent, (where, limit, sent)
