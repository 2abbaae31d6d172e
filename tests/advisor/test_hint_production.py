"""A hint in the production topology: Daphne + a separate Celery worker process + Redis +
PostgreSQL. The answer reaches the asking seat's websocket, and no other seat's."""

from __future__ import annotations

import json
import time

import pytest
from websockets.sync.client import connect

from tests.conftest import HANDS
from tests.services import http_json
from tests.topology import Topology

pytestmark = pytest.mark.production


def call(topology: Topology, method: str, path: str, body=None, token=None) -> dict:
    return http_json(topology.base_url, method, path, body, token)


def dealt_table(topology: Topology) -> tuple[str, str, list[str]]:
    table = call(topology, "POST", "/api/tables", {"game": "dog"})
    tid, host = table["id"], table["host_token"]
    tokens = [
        call(topology, "POST", f"/api/tables/{tid}/join", {"seat": s})["token"] for s in range(4)
    ]
    seq = call(
        topology, "POST", f"/api/tables/{tid}/plays", {"action": "deal", "expected_seq": 0}, host
    )["seq"]
    for seat, cards in HANDS.items():
        seq = call(
            topology,
            "PUT",
            f"/api/tables/{tid}/hand",
            {"cards": cards, "expected_seq": seq},
            tokens[seat],
        )["seq"]
    for seat, card in enumerate(["5", "3", "2", "9"]):
        seq = call(
            topology,
            "POST",
            f"/api/tables/{tid}/plays",
            {"action": f"give {card}", "expected_seq": seq},
            tokens[seat],
        )["seq"]
    return tid, host, tokens


def socket(topology: Topology, tid: str, token: str):
    ws = connect(
        f"{topology.ws_url}/ws/tables/{tid}/?format=json",
        origin=topology.base_url,
        additional_headers={"Authorization": f"Bearer {token}"},
        open_timeout=10,
    )
    assert json.loads(ws.recv(timeout=10))["type"] == "state"
    return ws


def test_hint_computed_by_the_worker_reaches_only_the_asking_seat(topology: Topology):
    tid, _, tokens = dealt_table(topology)
    asking, other = socket(topology, tid, tokens[0]), socket(topology, tid, tokens[1])
    try:
        started = call(topology, "POST", f"/api/tables/{tid}/hints", {"budget_ms": 800}, tokens[0])
        assert started["status"] == "started"
        asked_at = time.perf_counter()
        statuses = []
        while not statuses or statuses[-1] not in ("done", "failed", "cancelled"):
            message = json.loads(asking.recv(timeout=15))
            if message["type"] == "hint":
                statuses.append(message["status"])
        assert statuses[0] == "started" and statuses[-1] == "done", statuses
        assert message["choices"] and message["iterations"] > 0
        assert time.perf_counter() - asked_at < 10
        # Seat 1 got nothing at all in the meantime: no hint, no state.
        with pytest.raises(TimeoutError):
            other.recv(timeout=0.5)
    finally:
        asking.close()
        other.close()
