"""The embedded default (`make run`) serves phones on a network: DEBUG off unless asked for, a
secret key made once and kept, the machine's own hosts, and the websocket's Origin checked
whatever ALLOWED_HOSTS says."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from channels.testing import WebsocketCommunicator

from companion.core.ws_origin import origin_allowed

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'debug': settings.DEBUG, 'hosts': settings.ALLOWED_HOSTS, "
    "'key': settings.SECRET_KEY, 'secure': settings.SESSION_COOKIE_SECURE, "
    "'static': settings.STORAGES['staticfiles']['BACKEND']}))"
)


def embedded_settings(tmp_path: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "REDIS_URL",
                                                                    "DATABASE_URL"))}
    env.update({"DJANGO_SETTINGS_MODULE": "companion.settings",
                "DJANGO_SECRET_KEY_FILE": str(tmp_path / "key"), **extra})
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True, timeout=120)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_make_run_starts_with_debug_off_and_a_kept_key(tmp_path):
    first = embedded_settings(tmp_path)
    assert first["debug"] is False
    assert "*" not in first["hosts"] and {"localhost", "127.0.0.1"} <= set(first["hosts"])
    assert len(first["key"]) >= 50 and "insecure" not in first["key"]
    assert (tmp_path / "key").stat().st_mode & 0o077 == 0  # the owner's alone
    assert embedded_settings(tmp_path)["key"] == first["key"]  # kept across starts
    assert first["secure"] is False  # plain http on a home network: cookies must come back
    assert first["static"].endswith("StaticFilesStorage")  # served from static/, no collect
    assert embedded_settings(tmp_path, DJANGO_DEBUG="1")["debug"] is True
    configured = embedded_settings(tmp_path, DJANGO_ALLOWED_HOSTS="table.example.org")
    assert "table.example.org" in configured["hosts"] and "localhost" in configured["hosts"]


@pytest.mark.parametrize(
    ("origin", "host", "scheme", "allowed"),
    [
        ("http://localhost:8000", "localhost:8000", "ws", True),
        ("https://localhost:8443", "localhost:8443", "wss", True),
        ("http://evil.example", "localhost:8000", "ws", False),
        ("http://evil.example", "evil.example", "ws", False),  # DNS rebinding: Host not allowed
        ("null", "localhost:8000", "ws", False),
        # the same host on another port or scheme is another site (issue #27)
        ("http://localhost:9999", "localhost:8000", "ws", False),
        ("https://localhost:8000", "localhost:8000", "ws", False),
        ("http://localhost:8443", "localhost:8443", "wss", False),
        ("https://table.example.org", "localhost:8000", "ws", True),  # configured in full
    ],
)
def test_origin_rules(settings, origin, host, scheme, allowed):
    settings.ALLOWED_HOSTS = ["localhost"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://table.example.org"]
    assert origin_allowed(origin, host, scheme) is allowed


@pytest.mark.django_db(transaction=True)
async def test_a_foreign_origin_is_refused_even_with_every_host_allowed(settings, dealt_table):
    from companion.asgi import application
    from companion.tables.tokens import cookie_name, cookie_value

    settings.ALLOWED_HOSTS = ["*"]
    cookie = f"{cookie_name(dealt_table.id)}={cookie_value(dealt_table.id, dealt_table.tokens[0])}"
    for origin, host, accepted in (
        (b"http://evil.example", b"table.local:8000", False),
        (b"http://table.local:8000", b"table.local:8000", True),
        (b"http://table.local:8101", b"table.local:8000", False),  # another port
        (b"https://table.local:8000", b"table.local:8000", False),  # another scheme
    ):
        socket = WebsocketCommunicator(
            application,
            f"/ws/tables/{dealt_table.id}/",
            headers=[(b"origin", origin), (b"host", host), (b"cookie", cookie.encode())],
        )
        connected, _ = await socket.connect()
        assert connected is accepted, origin
        await socket.disconnect()
