"""The admission gate (companion/core/admission.py): plays before openings, each in arrival
order, openings capped, nothing lost when a waiter goes away; and the bridge's use of it."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from companion.core import admission
from companion.core.admission import PriorityGate
from companion.core.http_bridge import ThreadedWsgiHttp
from companion.tables.play.urgency import is_urgent


async def _holder(gate: PriorityGate, urgent: bool, name: str, order: list[str],
                  release: asyncio.Event) -> None:
    async with gate.held(urgent):
        order.append(name)
        await release.wait()


def _run(scenario: Any) -> Any:
    """``asyncio.run`` on a thread of its own: an earlier test's browser (Playwright's sync
    API) may keep an event loop running on this one."""
    with ThreadPoolExecutor(1) as own:
        return own.submit(asyncio.run, scenario).result(60)


async def _settle() -> None:
    """Let every task that can run, run (the gate wakes waiters by resolving futures)."""
    for _ in range(5):
        await asyncio.sleep(0)


def test_urgent_work_is_served_before_background_work_that_waited_longer() -> None:
    async def scenario() -> list[str]:
        gate, order, release = PriorityGate(slots=1, background=1), [], asyncio.Event()
        first = asyncio.create_task(_holder(gate, True, "running", order, release))
        await _settle()
        tasks = [asyncio.create_task(_holder(gate, urgent, name, order, release))
                 for urgent, name in ((False, "open 1"), (False, "open 2"), (True, "play 1"),
                                      (True, "play 2"))]
        await _settle()
        assert order == ["running"]  # one slot: the others wait
        release.set()
        await asyncio.gather(first, *tasks)
        assert (gate.running, gate.running_background) == (0, 0)
        return order

    assert _run(scenario()) == ["running", "play 1", "play 2", "open 1", "open 2"]


def test_background_work_holds_at_most_its_share_of_the_slots() -> None:
    async def scenario() -> None:
        gate, order, release = PriorityGate(slots=4, background=2), [], asyncio.Event()
        opens = [asyncio.create_task(_holder(gate, False, f"open {i}", order, release))
                 for i in range(4)]
        await _settle()
        assert order == ["open 0", "open 1"] and gate.running_background == 2
        plays = [asyncio.create_task(_holder(gate, True, f"play {i}", order, release))
                 for i in range(3)]
        await _settle()
        # two slots were free for plays at once; the third play waits for a slot, and is
        # served before the openings that waited before it
        assert order[2:] == ["play 0", "play 1"] and gate.running == 4
        release.set()
        await asyncio.gather(*opens, *plays)
        assert order[4] == "play 2" and sorted(order[5:]) == ["open 2", "open 3"]
        assert (gate.running, gate.running_background) == (0, 0)

    _run(scenario())


def test_a_waiter_that_goes_away_takes_no_slot_and_leaves_the_counts_right() -> None:
    async def scenario() -> None:
        gate, order, release = PriorityGate(slots=1, background=1), [], asyncio.Event()
        first = asyncio.create_task(_holder(gate, True, "running", order, release))
        await _settle()
        gone = asyncio.create_task(_holder(gate, True, "gone", order, release))
        after = asyncio.create_task(_holder(gate, False, "after", order, release))
        await _settle()
        gone.cancel()  # the client hung up while its request waited
        await _settle()
        release.set()
        await asyncio.gather(first, after)
        with pytest.raises(asyncio.CancelledError):
            await gone
        assert order == ["running", "after"]
        assert (gate.running, gate.running_background) == (0, 0)

    _run(scenario())


def test_a_waiter_cancelled_after_its_slot_was_granted_gives_the_slot_back() -> None:
    async def scenario() -> None:
        gate, order, release = PriorityGate(slots=1, background=1), [], asyncio.Event()
        holding = gate.held(True)
        await holding.__aenter__()
        granted = asyncio.create_task(_holder(gate, True, "granted", order, release))
        await _settle()
        await holding.__aexit__(None, None, None)  # hands the slot over, without a loop turn
        assert gate.running == 1
        granted.cancel()  # before the waiter could run
        with pytest.raises(asyncio.CancelledError):
            await granted
        assert order == [] and (gate.running, gate.running_background) == (0, 0)
        async with gate.held(False):  # and the slot is free again
            assert gate.running == 1

    _run(scenario())


def test_a_gate_with_no_room_for_background_work_is_refused() -> None:
    with pytest.raises(ValueError, match="background slots"):
        PriorityGate(slots=4, background=0)
    with pytest.raises(ValueError, match="background slots"):
        PriorityGate(slots=4, background=5)


@pytest.mark.parametrize(
    ("method", "path", "urgent"),
    [
        ("POST", "/api/tables/abc/plays", True),
        ("PUT", "/api/tables/abc/hand", True),
        ("POST", "/api/tables/abc/undo", True),
        ("POST", "/api/tables/abc/corrections", True),
        ("GET", "/api/tables/abc", True),
        ("POST", "/t/abc/play", True),
        ("POST", "/t/abc/compose/deal", True),
        ("POST", "/api/tables", False),
        ("POST", "/api/tables/abc/join", False),
        ("GET", "/t/abc/", False),
        ("POST", "/t/new", False),
        ("GET", "/api/tables/abc/plays", False),
        ("GET", "/static/app.js", False),
    ],
)
def test_the_live_moves_of_a_table_are_urgent_and_openings_are_not(
    method: str, path: str, urgent: bool
) -> None:
    assert is_urgent({"type": "http", "method": method, "path": path}) is urgent


def _scope(method: str, path: str) -> dict[str, Any]:
    return {"type": "http", "http_version": "1.1", "method": method, "path": path,
            "raw_path": path.encode(), "root_path": "", "query_string": b"", "headers": [],
            "scheme": "http", "server": ("testserver", 80), "client": ("127.0.0.1", 5000)}


def test_the_bridge_runs_a_play_while_openings_fill_their_share_of_the_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Through the real bridge: openings that hold every background slot (their threads
    blocked) leave a play's request free to run and answer; a further opening waits."""
    gate = PriorityGate(slots=4, background=2)
    monkeypatch.setattr(admission, "_gate", gate)
    unblock, two_opening = threading.Event(), threading.Event()
    ran: list[str] = []

    def app(environ: dict[str, Any], start_response) -> list[bytes]:
        ran.append(environ["PATH_INFO"])
        if environ["PATH_INFO"] == "/api/tables":
            if ran.count("/api/tables") == 2:
                two_opening.set()
            assert unblock.wait(10)
        start_response("201 Created", [("Content-Type", "application/json")])
        return [b"{}"]

    bridge = ThreadedWsgiHttp(app, urgent=is_urgent)

    async def request(method: str, path: str) -> int:
        messages = [{"type": "http.request", "body": b"{}", "more_body": False}]
        status: list[int] = []

        async def receive() -> dict:
            return messages.pop(0)

        async def send(message: dict) -> None:
            if message["type"] == "http.response.start":
                status.append(message["status"])

        await bridge(_scope(method, path), receive, send)
        return status[0]

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        opens = [asyncio.create_task(request("POST", "/api/tables")) for _ in range(3)]
        assert await loop.run_in_executor(None, two_opening.wait, 10)
        assert await asyncio.wait_for(request("POST", "/api/tables/x/plays"), 10) == 201
        assert ran.count("/api/tables") == 2  # the third opening still waits for a slot
        await loop.run_in_executor(None, unblock.set)
        assert await asyncio.gather(*opens) == [201, 201, 201]
        assert (gate.running, gate.running_background) == (0, 0)

    _run(scenario())
