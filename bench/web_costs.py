"""Web CPU per request kind, in the production topology with one Daphne process.

What a play costs the web process decides how many tables two cores carry (bench/ws_load.py).
This measures each part alone, one request at a time (no queueing, no contention), as the
Daphne process's CPU time (user + system, /proc) per request:

- ``GET /api/tables/<id>``: the HTTP path (Daphne, middleware, a table read, the JSON answer);
- a play through the API with no phone connected, then with 4 JSON websocket phones (the
  difference is the fan-out: 4 renders and pushes);
- a websocket connect and close (a phone joining: the handshake, the Channels middleware,
  the first render).

Each play is followed by its undo, so a table keeps a short log (the undo is measured apart).

    .venv/bin/python bench/web_costs.py [--repeat 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

from websockets.asyncio.client import connect

from tests.services import POSTGRES_URL, http_json
from tests.topology import running_topology

#: the first deal each seat enters (tests.conftest.HANDS: importing it loads the models, so
#: main() sets Django up first)
HANDS: dict[int, list[str]] = {}
GIFTS = ["5", "3", "2", "9"]


def cpu_seconds(pid: int) -> float:
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


class Table:
    def __init__(self, base: str) -> None:
        self.base = base
        created = http_json(base, "POST", "/api/tables", {"game": "dog"})
        self.id, self.host = created["id"], created["host_token"]
        self.tokens = [http_json(base, "POST", f"/api/tables/{self.id}/join", {"seat": s})["token"]
                       for s in range(4)]
        self.seq = 0
        self.post("/plays", {"action": "deal"}, self.host)
        for seat, cards in HANDS.items():
            self.post("/hand", {"cards": cards}, self.tokens[seat], "PUT")
        for seat, card in enumerate(GIFTS):
            self.post("/plays", {"action": f"give {card}"}, self.tokens[seat])

    def post(self, path: str, body: dict, token: str, method: str = "POST") -> dict:
        answer = http_json(self.base, method, f"/api/tables/{self.id}{path}",
                           {**body, "expected_seq": self.seq}, token)
        self.seq = answer["seq"]
        return answer


def measure(pid: int, label: str, repeat: int, step) -> None:
    step()  # warm
    c0, t0 = cpu_seconds(pid), time.perf_counter()
    for _ in range(repeat):
        step()
    cpu, wall = cpu_seconds(pid) - c0, time.perf_counter() - t0
    print(f"{label:<46s} {1000 * cpu / repeat:7.2f} ms CPU  ({1000 * wall / repeat:6.2f} ms wall)")


async def measure_async(pid: int, label: str, repeat: int, step, per_step: int = 1) -> None:
    """`measure` for a coroutine step (the websocket parts); CPU only: the wall clock of a
    step includes the phones' own waiting."""
    await step()  # warm
    c0 = cpu_seconds(pid)
    for _ in range(repeat):
        await step()
    cpu = cpu_seconds(pid) - c0
    print(f"{label:<46s} {1000 * cpu / (per_step * repeat):7.2f} ms CPU")


async def with_phones(base_ws: str, table: Table, repeat: int, pid: int) -> None:
    phones = [await connect(f"{base_ws}/ws/tables/{table.id}/?format=json", origin=table.base,
                            additional_headers={"Authorization": f"Bearer {token}"},
                            max_size=None) for token in table.tokens]
    for phone in phones:
        await phone.recv()

    async def drain(seq: int) -> None:
        for phone in phones:
            while True:
                message = json.loads(await phone.recv())
                if message.get("seq", -1) >= seq:
                    break

    loop = asyncio.get_running_loop()

    async def round_trip() -> None:
        answer = await loop.run_in_executor(
            None, lambda: table.post("/plays", {"action": "1 K"}, table.tokens[0]))
        await drain(answer["seq"])
        answer = await loop.run_in_executor(None, lambda: table.post("/undo", {}, table.tokens[0]))
        await drain(answer["seq"])

    await measure_async(pid, "play + undo, 4 JSON phones (each of the two)", repeat, round_trip,
                        per_step=2)
    for phone in phones:
        await phone.close()

    async def connect_close() -> None:
        ws = await connect(f"{base_ws}/ws/tables/{table.id}/?format=json", origin=table.base,
                           additional_headers={"Authorization": f"Bearer {table.tokens[1]}"},
                           max_size=None)
        await ws.recv()
        await ws.close()

    await measure_async(pid, "websocket connect, first state, close", repeat, connect_close)


def load_hands() -> None:
    import django

    django.setup()
    from tests.conftest import HANDS as hands

    HANDS.update(hands)


def main() -> None:
    load_hands()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/12")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as workdir,
        running_topology(POSTGRES_URL, args.redis_url, Path(workdir), 1, webs=1) as top,
    ):
        pid = top.procs["web"].pid
        table = Table(top.base_url)
        measure(pid, "GET /api/tables/<id>", args.repeat,
                lambda: http_json(top.base_url, "GET", f"/api/tables/{table.id}"))

        spent = {"play": 0.0, "undo": 0.0}

        def play_undo() -> None:
            # CPU read around each call: the clock ticks at 10 ms, the sums come out right
            c0 = cpu_seconds(pid)
            table.post("/plays", {"action": "1 K"}, table.tokens[0])
            c1 = cpu_seconds(pid)
            table.post("/undo", {}, table.tokens[0])
            spent["play"] += c1 - c0
            spent["undo"] += cpu_seconds(pid) - c1

        measure(pid, "play + undo, no phone (each of the two)", args.repeat // 2, play_undo)
        for kind in ("play", "undo"):
            per = 1000 * spent[kind] / (args.repeat // 2 + 1)
            print(f"{'  of which ' + kind:<46s} {per:7.2f} ms CPU")
        asyncio.run(with_phones(top.ws_url, table, args.repeat // 2, pid))


if __name__ == "__main__":
    main()
