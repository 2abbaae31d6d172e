"""The real local services the integration tests use, and the rule for when they are missing.

Locally a missing PostgreSQL or Redis skips the tests that need it; in CI (``CI`` set) it fails
them, because .ci/run starts both services and an integration test must never be skipped there.
"""

from __future__ import annotations

import json
import os
import socket
import urllib.request
from urllib.parse import urlparse

import pytest

POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/9")


def reachable(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname, parsed.port or default_port), timeout=2):
            return True
    except OSError:
        return False


def require(service: str) -> str:
    """Return the URL of ``service`` ("postgres" or "redis"), or skip/fail when it is down."""
    url, port = {"postgres": (POSTGRES_URL, 5432), "redis": (REDIS_URL, 6379)}[service]
    if not reachable(url, port):
        message = f"{service} is not answering at {url}"
        if os.environ.get("CI"):
            pytest.fail(f"{message} (CI must run the integration tests; .ci/run starts it)")
        pytest.skip(message)
    return url


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def http_json(base_url: str, method: str, path: str, body=None, token: str | None = None) -> dict:
    """One JSON API call against a running server (the browser and production tests)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base_url + path, method=method, headers=headers, data=data)
    with urllib.request.urlopen(request, timeout=15) as response:
        return json.load(response)
