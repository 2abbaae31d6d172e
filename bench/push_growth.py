"""Push growth: does a play cost more late in a long game than early on?

The embedded default (`make run`: one Daphne process, SQLite, the in-process channel layer and
worker) runs as a subprocess. A random but legal DOG game (`tests.tables.simulated.table_log`:
the engines pick the plays and the deals, each hand entered) is recorded through the JSON API by
the host, one play at a time, while two phones follow it live: seat 0 with `?format=json` and
seat 1 as the page's htmx connection (HTML fragments). After each play the driver waits until
both phones have its seq, then counts:

- the bytes each phone received for that play (every websocket message since the last play);
- the web process's CPU (user + system from /proc, the play's request and its pushes);
- the submit time (POST → answer).

Figures are averaged early (plays 20–40) and late (the last 20 plays). Last line:
`json_bytes_late=<B> html_bytes_late=<B> json_ratio=<late/early> html_ratio=<late/early>
cpu_ratio=<late/early> submit_ratio=<late/early>`.

    .venv/bin/python bench/push_growth.py [--plays 260] [--seed 7] [--state 0|1]

``--state 0`` posts the plays with ``?state=0`` (the answer leaves out the full state, for
clients that follow the websocket); ``--state 1`` asks for the full state in every answer.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.asyncio.client import connect

from tests.services import free_port
from tests.services import http_json as call
from tests.tables.simulated import table_log

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
#: the seq a message brings the phone to: a full state or a delta ({"type": …, "base": …,
#: "seq": …} first), or the page's full view (<!--live-seq:N-->)
JSON_SEQ = re.compile(r'^\{"type": "(?:state|delta)".{0,300}?"seq": (\d+)', re.S)
HTML_SEQ = re.compile(r'^<!--live-seq:(\d+)-->|^\{"type": "delta", "base": \d+, "seq": (\d+)')
EARLY = (20, 40)
LATE = 20


def cpu_seconds(pid: int) -> float:
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Phone:
    name: str
    pattern: re.Pattern
    seq: int = -1
    bytes: int = 0  # received since the last reset
    messages: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    async def listen(self, ws) -> None:
        async for raw in ws:
            text = raw if isinstance(raw, str) else raw.decode()
            self.bytes += len(text.encode())
            self.messages += 1
            match = self.pattern.match(text)
            if match:
                self.seq = max(self.seq, int(next(g for g in match.groups() if g)))
            self.changed.set()

    async def wait_for(self, seq: int, timeout: float = 30) -> None:
        deadline = time.perf_counter() + timeout
        while self.seq < seq:
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"{self.name} phone never got #{seq} (has #{self.seq})")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)


def start_server(workdir: Path) -> tuple[subprocess.Popen, str, dict[str, str]]:
    """The embedded default: one Daphne process, SQLite in ``workdir``."""
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")},
        "SQLITE_PATH": str(workdir / "db.sqlite3"),
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_COOKIES": "0",
        "STATIC_ROOT": str(workdir / "static"),
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("DJANGO_DEBUG", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT,
                   env=env, check=True, timeout=300)
    port = free_port()
    log = open(workdir / "web.log", "wb")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(
        [str(BIN / "daphne"), "--bind", "127.0.0.1", "--port", str(port),
         "--websocket-max-message-size", "1048576", "--websocket-max-frame-size", "1048576",
         "companion.asgi:application"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            raise RuntimeError((workdir / "web.log").read_text()[-3000:])
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=5):
                break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)
    return proc, base, env


@dataclass
class Row:
    play: int
    seq: int
    submit_s: float
    cpu_s: float
    json_bytes: int
    html_bytes: int


async def drive(base: str, pid: int, plays: int, seed: int, with_state: bool) -> list[Row]:
    created = call(base, "POST", "/api/tables", {"game": "dog", "names": ["Ann", "Ben", "Cid",
                                                                           "Dan"]})
    tid, host = created["id"], created["host_token"]
    tokens = [call(base, "POST", f"/api/tables/{tid}/join", {"seat": s})["token"]
              for s in range(2)]
    ws_base = base.replace("http://", "ws://")
    json_phone, html_phone = Phone("json", JSON_SEQ), Phone("htmx", HTML_SEQ)
    sockets = [
        await connect(f"{ws_base}/ws/tables/{tid}/?format=json", origin=base, max_size=None,
                      additional_headers={"Authorization": f"Bearer {tokens[0]}"}),
        await connect(f"{ws_base}/ws/tables/{tid}/", origin=base, max_size=None,
                      additional_headers={"Authorization": f"Bearer {tokens[1]}"}),
    ]
    listeners = [asyncio.create_task(p.listen(ws))
                 for p, ws in zip((json_phone, html_phone), sockets, strict=True)]
    await json_phone.wait_for(0)
    await html_phone.wait_for(0)
    log = table_log("dog", {"seats": 4}, seed, plays)
    if len(log) < plays:
        raise SystemExit(f"seed {seed} ends the game after {len(log)} entries; take another")
    loop = asyncio.get_running_loop()
    pool = ThreadPoolExecutor(1)
    path = f"/api/tables/{tid}/plays" + ("" if with_state else "?state=0")
    rows: list[Row] = []
    seq = 0
    for number, text in enumerate(log, 1):
        json_phone.bytes = html_phone.bytes = 0
        c0 = cpu_seconds(pid)
        t0 = time.perf_counter()
        answer = await loop.run_in_executor(
            pool, lambda t=text, s=seq: call(base, "POST", path,
                                             {"action": t, "expected_seq": s}, host))
        submit = time.perf_counter() - t0
        seq = answer["seq"]
        await json_phone.wait_for(seq)
        await html_phone.wait_for(seq)
        await asyncio.sleep(0.005)  # let a push that comes in several messages finish
        rows.append(Row(number, seq, submit, cpu_seconds(pid) - c0, json_phone.bytes,
                        html_phone.bytes))
    for ws in sockets:
        await ws.close()
    for task in listeners:
        task.cancel()
    return rows


def window(rows: list[Row]) -> dict[str, float]:
    return {
        "json_bytes": statistics.mean(r.json_bytes for r in rows),
        "html_bytes": statistics.mean(r.html_bytes for r in rows),
        "cpu_ms": 1000 * statistics.mean(r.cpu_s for r in rows),
        "submit_ms": 1000 * statistics.median(r.submit_s for r in rows),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=260)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--state", type=int, choices=(0, 1), default=0,
                        help="1: every answer carries the full state")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        proc, base, _env = start_server(Path(workdir))
        try:
            rows = asyncio.run(drive(base, proc.pid, args.plays, args.seed, bool(args.state)))
        finally:
            proc.terminate()
            proc.wait(timeout=15)
    early = window(rows[EARLY[0] - 1:EARLY[1]])
    late = window(rows[-LATE:])
    total_json = sum(r.json_bytes for r in rows)
    total_html = sum(r.html_bytes for r in rows)
    print(f"{len(rows)} plays of a random DOG game (seed {args.seed}) through the API"
          f"{'' if args.state else ' (?state=0)'}, one JSON and one htmx phone live, "
          f"embedded default")
    print(f"{'per play, per phone':<22s} {'plays 20-40':>12s} {'last 20':>12s} {'ratio':>7s}")
    for key, label, unit in (("json_bytes", "JSON push", "B"), ("html_bytes", "htmx push", "B"),
                             ("cpu_ms", "web CPU (mean)", "ms"),
                             ("submit_ms", "submit (median)", "ms")):
        ratio = late[key] / early[key] if early[key] else float("inf")
        print(f"{label:<22s} {early[key]:10.1f}{unit:>2s} {late[key]:10.1f}{unit:>2s} "
              f"{ratio:6.2f}x")
    print(f"whole game: JSON {total_json / 1024:.0f} KiB, htmx {total_html / 1024:.0f} KiB "
          f"per phone")

    def ratio(key: str) -> float:
        return late[key] / early[key] if early[key] else float("inf")

    print(f"json_bytes_late={late['json_bytes']:.0f} html_bytes_late={late['html_bytes']:.0f} "
          f"json_ratio={ratio('json_bytes'):.2f} html_ratio={ratio('html_bytes'):.2f} "
          f"cpu_ratio={ratio('cpu_ms'):.2f} submit_ratio={ratio('submit_ms'):.2f}")


if __name__ == "__main__":
    main()
