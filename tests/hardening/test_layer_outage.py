"""Redis away (issue #37, F4): a websocket handshake is refused cleanly (the page's socket
retries, a JSON client is told 4503) with one WARNING and no traceback, and /healthz tells the
public only up or down; which component and where only to this machine or the operator.

The outage is real: a throw-away redis-server (tests/hardening/outages.py) killed under a Daphne
process of the production channel layer, or a channel layer pointed at a port with nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from channels.layers import channel_layers
from django.test import override_settings
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.hardening.outages import REDIS_SERVER, RedisServer
from tests.services import free_port, http_json

ROOT = Path(__file__).resolve().parents[2]
OPERATOR_TOKEN = "operator-token-for-the-test"


# --- /healthz: up or down for the public, details for the operator ---------------------------


@pytest.fixture
def layer_down(monkeypatch) -> Iterator[int]:
    """The production channel layer, on a port where no Redis answers."""
    port = free_port()
    backend = "companion.core.channel_layer.PubSubChannelLayer"
    layers = {
        "default": {
            "BACKEND": backend,
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{port}/0"], "prefix": "outage-"},
        }
    }

    async def celery_answers() -> str:  # not under test here, and slow to find a worker
        return "pong from the test"

    monkeypatch.setattr("companion.core.health.check_celery", celery_answers)
    with override_settings(CHANNEL_LAYERS=layers, COMPANION_OPERATOR_TOKEN=OPERATOR_TOKEN):
        channel_layers.backends.clear()
        try:
            yield port
        finally:
            channel_layers.backends.clear()


@pytest.mark.django_db(transaction=True)
def test_healthz_tells_the_public_only_that_something_is_down(client, layer_down):
    response = client.get("/healthz", REMOTE_ADDR="192.168.1.23")
    assert response.status_code == 503
    assert response.json() == {"ok": False}
    body = response.content.decode()
    for secret in (str(layer_down), "127.0.0.1", "channel", "redis", "Redis"):
        assert secret not in body

    # A request from this machine that came through a proxy is the proxy's client: public.
    forwarded = client.get("/healthz", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="10.0.0.9")
    assert forwarded.status_code == 503 and forwarded.json() == {"ok": False}
    wrong = client.get(
        "/healthz", REMOTE_ADDR="192.168.1.23", HTTP_X_OPERATOR_TOKEN=OPERATOR_TOKEN + "x"
    )
    assert wrong.json() == {"ok": False}


@pytest.mark.django_db(transaction=True)
def test_healthz_names_the_component_and_where_to_localhost_and_the_operator(client, layer_down):
    for extra in (
        {"REMOTE_ADDR": "127.0.0.1"},
        {"REMOTE_ADDR": "::1"},
        {"REMOTE_ADDR": "192.168.1.23", "HTTP_X_OPERATOR_TOKEN": OPERATOR_TOKEN},
    ):
        response = client.get("/healthz", **extra)
        report = response.json()
        assert response.status_code == 503, extra
        layer = report["components"]["channel_layer"]
        assert layer["ok"] is False
        assert f"127.0.0.1:{layer_down}" in layer["error"], layer
        assert report["components"]["database"]["ok"] is True


@pytest.mark.django_db(transaction=True)
def test_healthz_public_answer_when_all_is_up(client, embedded_worker):
    response = client.get("/healthz", REMOTE_ADDR="203.0.113.7")
    assert response.status_code == 200
    assert response.json() == {"ok": True}


@pytest.mark.django_db(transaction=True)
def test_no_operator_token_means_localhost_only(client, layer_down):
    with override_settings(COMPANION_OPERATOR_TOKEN=""):
        response = client.get("/healthz", REMOTE_ADDR="192.168.1.23", HTTP_X_OPERATOR_TOKEN="")
    assert response.json() == {"ok": False}


# --- a websocket handshake while Redis is down -------------------------------------------------


@pytest.fixture
def web_on_redis(tmp_path) -> Iterator[tuple[str, RedisServer, Path]]:
    """A Daphne process (SQLite, the production channel layer on a redis-server of its own)."""
    if not REDIS_SERVER:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed")
        pytest.skip("redis-server is not installed")
    redis = RedisServer(tmp_path)
    redis.start()
    env = {
        **os.environ,
        "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
        "DJANGO_SECRET_KEY_FILE": str(tmp_path / "secret_key"),
        "REDIS_URL": redis.url,
        "CHANNELS_PREFIX": "outage-test-",
        "PYTHONUNBUFFERED": "1",
    }
    for key in ("DATABASE_URL", "DJANGO_SECRET_KEY", "DJANGO_DEBUG"):
        env.pop(key, None)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT, env=env, check=True, timeout=120,
    )
    port = free_port()
    log_path = tmp_path / "web.log"
    with open(log_path, "ab") as log:
        proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "daphne"), "-b", "127.0.0.1", "-p", str(port),
             "companion.asgi:application"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                # (no page: with REDIS_URL they need collected static files)
                urllib.request.urlopen(base + "/api/openapi.json", timeout=5).close()
                break
            except OSError:
                assert proc.poll() is None, log_path.read_text()[-3000:]
                assert time.monotonic() < deadline, "web did not start"
                time.sleep(0.3)
        yield base, redis, log_path
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        redis.stop()


def test_a_handshake_while_redis_is_down_is_refused_cleanly_and_comes_back(web_on_redis):
    base, redis, log_path = web_on_redis
    table = http_json(base, "POST", "/api/tables", {"game": "dog"})
    ws = base.replace("http", "ws") + f"/ws/tables/{table['id']}/"
    origin = {"Origin": base}

    with connect(ws + "?format=json", additional_headers=origin, open_timeout=20) as live:
        assert json.loads(live.recv(timeout=20))["type"] == "state"

    redis.stop()
    for _ in range(3):  # phones retry: every attempt is refused the same way
        # The page's socket: the handshake is refused (403), not a 500. The browser reports an
        # abnormal close (1006), on which htmx's ws extension retries with backoff.
        with pytest.raises(InvalidStatus) as refused:
            connect(ws, additional_headers=origin, open_timeout=20)
        assert refused.value.response.status_code == 403
        # A JSON client is told why and to come back later.
        with connect(ws + "?format=json", additional_headers=origin, open_timeout=20) as late:
            message = json.loads(late.recv(timeout=20))
            assert message["type"] == "error" and "reconnect" in message["message"]
            with pytest.raises(ConnectionClosed) as closing:
                late.recv(timeout=20)
            assert closing.value.rcvd is not None and closing.value.rcvd.code == 4503

    redis.start()
    deadline = time.monotonic() + 30
    while True:  # the process's pool reconnects on its next use
        try:
            with connect(ws + "?format=json", additional_headers=origin, open_timeout=20) as back:
                first = json.loads(back.recv(timeout=20))
                if first["type"] == "state":
                    break
        except (InvalidStatus, ConnectionClosed):
            pass
        assert time.monotonic() < deadline, "handshakes still refused after Redis came back"
        time.sleep(0.5)

    log = log_path.read_text()
    assert "Traceback" not in log, log[-4000:]
    assert " 500" not in log and "HTTP 500" not in log
    warnings = [line for line in log.splitlines() if "handshakes are refused" in line]
    assert len(warnings) == 1 and " WARNING " in warnings[0], warnings
    assert "handshakes accepted" in log
