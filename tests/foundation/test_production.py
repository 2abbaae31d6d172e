"""The production topology, for real: PostgreSQL, Redis, Daphne and a separate Celery worker.

The web, worker and migrate commands are read from docker-compose.yml and started as
subprocesses against the local services, so this proves the commands the deployment uses.
"""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
import urllib.request

import pytest

from tests.topology import ROOT, Topology

pytestmark = pytest.mark.production


def test_healthz_green_in_production(topology: Topology):
    with urllib.request.urlopen(topology.base_url + "/healthz", timeout=15) as response:
        report = json.load(response)
        assert response.status == 200
    components = report["components"]
    assert report["ok"] is True, report
    assert components["database"]["detail"] == "postgresql"
    assert components["channel_layer"]["detail"] == "PubSubChannelLayer"
    # Answered by the separate worker process, not by a thread of the web process.
    assert components["celery"]["detail"].startswith("pong from celery@")


def test_worker_task_reaches_a_websocket_on_daphne(topology: Topology):
    from celery import Celery
    from websockets.sync.client import connect

    client_app = Celery("e2e-client", broker=topology.redis_url, backend=topology.redis_url)
    with connect(topology.ws_url + "/ws/probe/", origin=topology.base_url, open_timeout=10) as ws:
        hello = json.loads(ws.recv(timeout=10))
        assert hello["type"] == "hello"
        token = secrets.token_hex(6)
        result = client_app.send_task(
            "core.broadcast", args=[hello["group"], {"type": "probe.message", "payload": token}]
        )
        assert result.get(timeout=20) is True
        message = json.loads(ws.recv(timeout=10))
        assert message == {"type": "probe", "payload": token}


def test_production_settings_pass_deploy_checks(topology: Topology):
    env = {
        **topology.env,
        "DJANGO_SECURE_COOKIES": "1",
        "DJANGO_HSTS_SECONDS": "31536000",
        "DJANGO_SSL_REDIRECT": "1",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
