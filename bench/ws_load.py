"""Load: N DOG tables × 4 phones against the production topology with two Daphne processes.

PostgreSQL, Redis (channel layer, broker, cache), a separate Celery worker and **two** Daphne
processes sharing the channel layer (as behind a load balancer), started with the commands of
docker-compose.yml (tests/topology.py). Each table has four real websocket clients
(`?format=json`), spread over both Daphne processes, and a driver that submits its game
through the JSON API, round after round — the deal (after a reshuffle when the stock is
short), each seat's hand drawn from the stock as a real deck deals it, the exchange, then the
card plays, each chosen from the mover's own view as the server pushed it — one every
`--pace` seconds (a human pace is a few seconds; 0 is as fast as the server answers). The API
calls alternate between the two Daphne processes too. N tables stay busy until `--seconds`
have passed, as tables in the middle of their games. ``--rounds 1`` closes a table after its
first round and opens a new one instead (the benchmark before 2026-11-25: a new table and four
new websockets every round, about every 40 s per table at pace 2). ``--ramp S`` opens the
tables one after another over S seconds instead of all in the same second (as a load test's
ramp-up; 0, the default, is the start-up storm of every figure before 2026-11-25's), and
``--timeline`` prints the submit latency per 10 s, which shows where a tail comes from.
``--webs N`` runs N Daphne processes instead of two (the capacity model's "a third process").

Measured: play submit latency (POST → response: from writing the request to reading the whole
answer, timed in the driver's thread since 2026-11-25, session 8; the figure as the load
generator's own event loop saw it, with its waits for a free driver thread and for the loop that
also serves all the phones, as every figure before was timed, is printed beside it: 2–11 ms more
at p95 at N = 200, 0.4 s more at N = 400 where that loop is busy itself),
fan-out latency (the response → the moment
the last of the table's four phones has a state at least that new; an update that arrives
before the response counts as 0), updates lost (a phone that did not get a state at least as
new as an accepted play within 30 s) and duplicated (the same state pushed twice to a phone),
and the CPU and memory of the server processes. Last line:
`tables=<n> submit_p95_ms=<float> fanout_p95_ms=<float> lost=<int> duplicated=<int>`.

    .venv/bin/python bench/ws_load.py --tables 100 --seconds 60 --pace 2
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

import http.client
import threading
import urllib.error
import urllib.parse

from websockets.asyncio.client import connect
from websockets.exceptions import InvalidHandshake

from companion.engines import get_game
from companion.games.dog.engine.cards import DECK, TOKEN
from companion.games.dog.engine.state import deal_size
from tests.services import POSTGRES_URL, http_json
from tests.topology import Topology, running_topology

DOG = get_game("dog")
#: the first deal each seat enters (tests.conftest.HANDS: importing it loads the models, so
#: main() sets Django up first)
HANDS: dict[int, list[str]] = {}
GIFTS = ["5", "3", "2", "9"]  # one card of each seat's HANDS for the exchange
GRACE_S = 30.0
KINDS = ("deal", "reshuffle", "hand", "give")
CONNECT_ATTEMPTS = 8  # how long a phone may take to get a play before it counts as lost


class KeptAlive(threading.local):
    """One persistent HTTP/1.1 connection per driver thread and server, as a phone's browser
    (or a bot's HTTP client) keeps its connection open between plays. ``--connection close``
    opens one per call instead (urllib), as the benchmark did before."""

    def __init__(self) -> None:
        self.conns: dict[str, http.client.HTTPConnection] = {}

    def call(self, base: str, method: str, path: str, body=None, token=None
             ) -> tuple[dict, float, float]:
        """(answer, seconds from writing the request to reading the whole answer, the
        ``perf_counter`` when it was read), timed in this thread."""
        headers = {"Content-Type": "application/json", "Connection": "keep-alive"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        for attempt in (1, 2):
            conn = self.conns.get(base)
            if conn is None:
                conn = self.conns[base] = http.client.HTTPConnection(
                    urllib.parse.urlsplit(base).netloc, timeout=15)
            try:
                t0 = time.perf_counter()
                conn.request(method, path, body=data, headers=headers)
                response = conn.getresponse()
                raw = response.read()
                t1 = time.perf_counter()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                conn.close()  # the server closed an idle connection: once more on a new one
                del self.conns[base]
                if attempt == 2:
                    raise
                continue
            if response.status >= 400:
                raise urllib.error.HTTPError(base + path, response.status, response.reason,
                                             response.headers, io.BytesIO(raw))
            return json.loads(raw), t1 - t0, t1
        raise AssertionError("unreachable")


def _timed(call):
    """``http_json`` timed as ``KeptAlive.call`` is."""
    def timed(*args, **kwargs) -> tuple[dict, float, float]:
        t0 = time.perf_counter()
        answer = call(*args, **kwargs)
        t1 = time.perf_counter()
        return answer, t1 - t0, t1
    return timed


@dataclass(frozen=True)
class Call:
    answer: dict
    #: seconds from writing the request to reading the whole answer, in the driver's thread
    took: float
    #: the ``perf_counter`` when the answer was read (fan-out counts from here)
    at: float
    #: seconds as the load generator's event loop saw the call: ``took`` plus the wait for a
    #: free driver thread and for this process's own loop, which also serves all the phones
    looped: float


def apply_delta(state: dict, delta: dict) -> None:
    """A JSON phone's state after a delta from its seq (docs/tables.md, "Live updates")."""
    for key, value in delta.items():
        if key not in ("type", "base", "history", "history_flags"):
            state[key] = value
    if delta["history_flags"]:
        where = {line["seq"]: line for line in state["history"]}
        for flags in delta["history_flags"]:
            where[flags["seq"]].update(flags)
    state["history"].extend(delta["history"])


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class Phone:
    seat: int
    ws: object = None
    seen: dict[int, float] = field(default_factory=dict)  # seq → first arrival
    duplicates: int = 0
    state: dict | None = None  # the state as the phone keeps it (full states and deltas)
    gaps: int = 0  # deltas that did not start at the phone's seq (it asked for a resync)
    closed: str = ""  # how the server closed the connection, if it did before the end
    changed: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Stats:
    submit: list[float] = field(default_factory=list)
    submit_looped: list[float] = field(default_factory=list)  # Call.looped
    fanout: list[float] = field(default_factory=list)
    lost: int = 0
    duplicated: int = 0
    plays: int = 0
    refused: int = 0
    tables: int = 0
    rounds: int = 0
    lost_details: list[str] = field(default_factory=list)
    gaps: int = 0
    retried_connects: int = 0
    unconnected_tables: int = 0
    submit_at: list[float] = field(default_factory=list)  # when each answer came
    submit_kind: list[str] = field(default_factory=list)  # deal, hand, give… or "card play"
    fanout_at: list[float] = field(default_factory=list)
    started: float = 0.0  # perf_counter when the first table opened
    warm_from: float = 0.0  # perf_counter at the end of ``--warmup``
    #: (web CPU s, plays) after ``--warmup``: the steady state, without the tables' set-up
    warm: tuple[float, int] | None = None


class Load:
    def __init__(self, top: Topology, pace: float, seconds: float, seed: int,
                 keep_alive: bool = True, rounds: float = float("inf"),
                 ramp: float = 0.0, tables: int = 1) -> None:
        self.top = top
        self.ramp, self.tables = ramp, tables
        self.started = time.perf_counter()
        self.rounds = rounds
        self.http = KeptAlive().call if keep_alive else _timed(http_json)
        self.pace = pace
        self.until = time.perf_counter() + seconds
        self.rng = random.Random(seed)
        self.stats = Stats()
        self.pool = ThreadPoolExecutor(64)
        self.calls = 0

    async def api(self, method: str, path: str, body=None, token=None) -> Call:
        """One JSON call on the next Daphne process in turn, made in a driver thread."""
        self.calls += 1
        base = self.top.base_urls[self.calls % len(self.top.base_urls)]
        t0 = time.perf_counter()
        loop = asyncio.get_running_loop()
        answer, took, at = await loop.run_in_executor(
            self.pool, lambda: self.http(base, method, path, body, token)
        )
        return Call(answer, took, at, time.perf_counter() - t0)

    async def connect(self, url: str, token: str):
        """A phone's websocket; a handshake the server drops (its handshake timeout on a
        saturated machine) is tried again after a pause, as the page's ws extension does."""
        for attempt in range(CONNECT_ATTEMPTS):
            try:
                return await connect(url, origin=self.top.base_url, open_timeout=30,
                                     additional_headers={"Authorization": f"Bearer {token}"},
                                     max_size=None)
            except (OSError, InvalidHandshake, TimeoutError):
                self.stats.retried_connects += 1
                await asyncio.sleep(min(8.0, 0.5 * 2**attempt) * (0.5 + self.rng.random()))
        return None

    async def listen(self, phone: Phone) -> None:
        try:
            await self._listen(phone)
        finally:
            ws = phone.ws
            phone.closed = f"{ws.close_code} {ws.close_reason!r}" if ws.close_code else ""  # type: ignore[attr-defined]

    async def _listen(self, phone: Phone) -> None:
        async for raw in phone.ws:  # type: ignore[attr-defined]
            now = time.perf_counter()
            message = json.loads(raw)
            if message.get("type") == "state":
                phone.state = message
            elif message.get("type") == "delta":
                if phone.state is None or phone.state["seq"] != message["base"]:
                    # a missed message: ask for the whole state again (docs/tables.md)
                    phone.gaps += 1
                    phone.state = None
                    await phone.ws.send(json.dumps({"type": "sync"}))  # type: ignore[attr-defined]
                    continue
                apply_delta(phone.state, message)
            else:
                continue
            seq = message["seq"]
            if seq in phone.seen:
                phone.duplicates += 1
            else:
                phone.seen[seq] = now
            phone.changed.set()

    async def table(self, index: int) -> None:
        await asyncio.sleep(self.ramp * index / self.tables)  # --ramp: one after another
        while time.perf_counter() < self.until:
            await self.one_table(index)

    async def one_table(self, index: int) -> None:
        """A table: created, its four phones connected, then rounds played (``--rounds``, or
        until the time is up) before it is closed."""
        created = (await self.api("POST", "/api/tables", {"game": "dog"})).answer
        tid, host = created["id"], created["host_token"]
        tokens = []
        for s in range(4):
            joined = (await self.api("POST", f"/api/tables/{tid}/join", {"seat": s})).answer
            tokens.append(joined["token"])
        phones = [Phone(s) for s in range(4)]
        listeners = []
        for phone in phones:
            ws_url = self.top.ws_urls[(index + phone.seat) % len(self.top.ws_urls)]
            phone.ws = await self.connect(
                f"{ws_url}/ws/tables/{tid}/?format=json", tokens[phone.seat]
            )
            if phone.ws is None:  # the server refused it CONNECT_ATTEMPTS times: no round
                self.stats.unconnected_tables += 1
                for other in phones:
                    if other.ws is not None:
                        await other.ws.close()  # type: ignore[attr-defined]
                for task in listeners:
                    task.cancel()
                return
            listeners.append(asyncio.create_task(self.listen(phone)))
        self.stats.tables += 1
        accepted: list[tuple[int, float]] = []  # (seq, response time)
        try:
            seq = 0

            async def submit(path: str, body: dict, token: str, method: str = "POST") -> None:
                nonlocal seq
                try:
                    call = await self.api(method, path, body, token)
                except urllib.error.HTTPError as exc:
                    self.stats.refused += 1
                    raise RuntimeError(f"{path}: {exc.code} {exc.read()[:200]!r}") from exc
                seq = call.answer["seq"]
                self.stats.submit.append(call.took)
                self.stats.submit_looped.append(call.looped)
                self.stats.submit_at.append(call.at)
                kind = "hand" if "cards" in body else body["action"].split()[0]
                self.stats.submit_kind.append(kind if kind in KINDS else "card play")
                self.stats.plays += 1
                accepted.append((seq, call.at))
                if self.pace:
                    await asyncio.sleep(self.pace * (0.5 + self.rng.random()))

            plays = f"/api/tables/{tid}/plays?state=0"  # the phones follow the websocket
            rounds = 0
            out: Counter[str] = Counter()  # the cards dealt since the stock was last shuffled
            while time.perf_counter() < self.until and rounds < self.rounds:
                rounds += 1
                self.stats.rounds += 1
                if rounds > 1:  # the discard pile becomes the stock when the stock is short
                    before = await self.position(phones, seq)
                    if before is None:
                        break
                    first = DOG.format_action(before, DOG.legal_actions(before)[0])
                    if first == "reshuffle":
                        await submit(plays, {"action": first, "expected_seq": seq}, host)
                        out.clear()
                await submit(plays, {"action": "deal", "expected_seq": seq}, host)
                if rounds == 1:
                    hands = HANDS
                else:  # from the stock, as a real deck deals them
                    dealt = await self.position(phones, seq)
                    if dealt is None:
                        break
                    hands = self.deal(dealt, out)
                out.update(card for cards in hands.values() for card in cards)
                for s, cards in hands.items():
                    await submit(
                        f"/api/tables/{tid}/hand?state=0", {"cards": cards, "expected_seq": seq},
                        tokens[s], "PUT",
                    )
                for _ in range(4):  # the exchange, in the engine's order
                    state = await self.position(phones, seq)
                    if state is None:
                        break
                    s = DOG.to_move(state)
                    gift = GIFTS[s] if rounds == 1 else hands[s][0]
                    await submit(plays, {"action": f"give {gift}", "expected_seq": seq}, tokens[s])
                while time.perf_counter() < self.until:
                    state = await self.position(phones, seq)
                    if state is None or DOG.phase(state) != "play":
                        break  # the round is over (the next deal) or the game
                    mover = DOG.to_move(state)
                    view = await self.position([phones[mover]], seq)
                    if view is None:
                        break  # the mover's phone is 10 s behind: the round ends (counted below)
                    action = self.rng.choice(DOG.legal_actions(view))
                    text = DOG.format_action(view, action)
                    await submit(plays, {"action": text, "expected_seq": seq}, tokens[mover])
                if state is None or DOG.is_terminal(state):
                    break
            # Every phone should get the last play: wait for it (an update later than this
            # counts as lost).
            deadline = time.perf_counter() + GRACE_S
            while time.perf_counter() < deadline and any(
                max(p.seen, default=-1) < seq for p in phones
            ):
                await asyncio.sleep(0.05)
        finally:
            for phone in phones:
                await phone.ws.close()  # type: ignore[attr-defined]
            for task in listeners:
                task.cancel()
        self.account(phones, accepted)

    def deal(self, view, out: Counter[str]) -> dict[int, list[str]]:
        """Each seat's hand for the round just dealt, drawn from the stock: the deck less the
        cards dealt since it was last shuffled (every one of them is in the discard pile now,
        played or thrown away)."""
        stock = [TOKEN[k] for k in range(len(DECK)) for _ in range(DECK[k])]
        for card, count in out.items():
            for _ in range(count):
                stock.remove(card)
        self.rng.shuffle(stock)
        size = deal_size(view)
        return {s: stock[s * size:(s + 1) * size] for s in range(4)}

    async def position(self, phones: list[Phone], seq: int):
        """The engine state of the first phone once it has caught up with `seq`."""
        phone = phones[0]
        deadline = time.perf_counter() + 10
        while max(phone.seen, default=-1) < seq:
            phone.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(phone.changed.wait(), left)
            except TimeoutError:
                return None
        assert phone.state is not None
        return DOG.from_json(phone.state["position"])

    def account(self, phones: list[Phone], accepted: list[tuple[int, float]]) -> None:
        for seq, answered in accepted:
            arrivals = []
            for phone in phones:
                later = [t for s, t in phone.seen.items() if s >= seq]
                if not later:
                    self.stats.lost += 1
                    self.stats.lost_details.append(
                        f"seat {phone.seat} lacks #{seq} (newest #{max(phone.seen, default=-1)}, "
                        f"{len(phone.seen)} states, closed {phone.closed})")
                else:
                    arrivals.append(min(later))
            if len(arrivals) == len(phones):
                self.stats.fanout.append(max(0.0, max(arrivals) - answered))
                self.stats.fanout_at.append(answered)
        self.stats.duplicated += sum(p.duplicates for p in phones)
        self.stats.gaps += sum(p.gaps for p in phones)


def machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies of all cores since boot, from /proc/stat."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


def cpu_and_memory(top: Topology) -> dict[str, tuple[float, float]]:
    """Per server process: CPU seconds (user + system) and resident MB, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for name, proc in top.procs.items():
        try:
            stat = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            status = Path(f"/proc/{proc.pid}/status").read_text()
        except OSError:
            continue
        cpu = (int(stat[11]) + int(stat[12])) / tick
        rss = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
        out[name] = (cpu, rss / 1024)
    return out


async def run(top: Topology, tables: int, seconds: float, pace: float, seed: int,
              keep_alive: bool = True, rounds: float = float("inf"),
              warmup: float = 0.0, ramp: float = 0.0) -> Stats:
    load = Load(top, pace, seconds, seed, keep_alive, rounds, ramp, tables)
    load.stats.started = load.started

    async def mark() -> None:  # the web CPU and plays so far, once the tables are set up
        await asyncio.sleep(warmup)
        load.stats.warm = (web_cpu(top), load.stats.plays)
        load.stats.warm_from = time.perf_counter()

    marker = asyncio.create_task(mark()) if 0 < warmup < seconds else None
    await asyncio.gather(*(load.table(i) for i in range(tables)))
    if marker is not None:
        await marker
        cpu, plays = load.stats.warm
        load.stats.warm = (web_cpu(top) - cpu, load.stats.plays - plays)
    return load.stats


def print_timeline(stats: Stats, step: float = 10.0) -> None:
    """Submit latency per ``step`` seconds of the run: answers, p50 and p95 (ms)."""
    bins: dict[int, list[float]] = {}
    for took, at in zip(stats.submit, stats.submit_at, strict=True):
        bins.setdefault(int((at - stats.started) // step), []).append(1000 * took)
    for index in sorted(bins):
        v = bins[index]
        print(f"  {index * step:4.0f}–{(index + 1) * step:.0f} s: {len(v):5d} answers, "
              f"submit ms p50 {pct(v, 0.5):5.0f} p95 {pct(v, 0.95):5.0f}")


def web_cpu(top: Topology) -> float:
    return sum(cpu for name, (cpu, _) in cpu_and_memory(top).items() if name.startswith("web"))


def load_hands() -> None:
    import django

    django.setup()
    from tests.conftest import HANDS as hands

    HANDS.update(hands)


def main(argv: list[str] | None = None) -> Stats:
    load_hands()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between a table's plays")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--redis-url", default=os.environ.get("LOAD_REDIS_URL",
                                                              "redis://127.0.0.1:6379/12"))
    parser.add_argument("--worker-concurrency", type=int, default=1)
    parser.add_argument("--connection", choices=("keep-alive", "close"), default="keep-alive",
                        help="the drivers' HTTP connections: kept open between calls, as a "
                             "browser does, or one per call")
    parser.add_argument("--rounds", type=int, default=0,
                        help="rounds a table plays before it is closed and a new one opened "
                             "(its phones connect anew); 0: a whole game, until the time is up")
    parser.add_argument("--warmup", type=float, default=20.0,
                        help="seconds after which the web CPU per play is measured again, "
                             "for the steady state (the tables set up, their phones connected)")
    parser.add_argument("--ramp", type=float, default=0.0,
                        help="seconds over which the tables open one after another "
                             "(0: all at once)")
    parser.add_argument("--webs", type=int, default=2, help="Daphne processes")
    parser.add_argument("--timeline", action="store_true",
                        help="the submit latency per 10 s as well")
    args = parser.parse_args(argv)
    with (
        tempfile.TemporaryDirectory() as workdir,
        running_topology(POSTGRES_URL, args.redis_url, Path(workdir), args.worker_concurrency,
                         webs=args.webs) as top,
    ):
        before = cpu_and_memory(top)
        own_before = resource.getrusage(resource.RUSAGE_SELF)
        busy_before = machine_busy()
        started = time.perf_counter()
        stats = asyncio.run(run(top, args.tables, args.seconds, args.pace, args.seed,
                                args.connection == "keep-alive", args.rounds or float("inf"),
                                args.warmup, args.ramp))
        elapsed = time.perf_counter() - started
        after = cpu_and_memory(top)
        own = resource.getrusage(resource.RUSAGE_SELF)
        busy_after = machine_busy()
        own_cpu = own.ru_utime + own.ru_stime - own_before.ru_utime - own_before.ru_stime
        if stats.lost or stats.gaps:  # what the servers said about it
            for log in sorted(Path(workdir).glob("web*.log")):
                lines = log.read_text(errors="replace").splitlines()
                for line in [x for x in lines if "WARNING" in x or "ERROR" in x][-20:]:
                    print(f"{log.name}: {line[:300]}")
    submit_ms = [1000 * s for s in stats.submit]
    fanout_ms = [1000 * s for s in stats.fanout]
    each = f"{args.rounds} round(s) each" if args.rounds else "each playing until the time is up"
    ramped = f", opened over {args.ramp:.0f} s" if args.ramp else ""
    print(f"{args.tables} tables × 4 phones{ramped} on {args.webs} Daphne processes, "
          f"pace {args.pace} s, "
          f"HTTP connections {args.connection}, "
          f"{elapsed:.0f} s: {stats.plays} plays ({stats.plays / elapsed:.1f}/s), "
          f"{stats.tables} tables ({each}), {stats.rounds} rounds, {stats.refused} refused, "
          f"{stats.retried_connects} websocket handshakes tried again")
    if stats.unconnected_tables:
        print(f"{stats.unconnected_tables} tables not played: a phone's websocket was "
              f"refused {CONNECT_ATTEMPTS} times")
    print(f"submit ms: p50 {pct(submit_ms, 0.5):.1f} p95 {pct(submit_ms, 0.95):.1f} "
          f"max {max(submit_ms, default=0):.1f}")
    looped_ms = [1000 * s for s in stats.submit_looped]
    print(f"submit ms as the load generator's loop saw it (with its waits for a driver thread "
          f"and for its own loop): p50 {pct(looped_ms, 0.5):.1f} p95 {pct(looped_ms, 0.95):.1f}")
    print(f"fan-out ms (response → all 4 phones): p50 {pct(fanout_ms, 0.5):.1f} "
          f"p95 {pct(fanout_ms, 0.95):.1f} max {max(fanout_ms, default=0):.1f}")
    web_total = 0.0
    for name, (cpu, rss) in after.items():
        used = cpu - before.get(name, (0.0, 0.0))[0]
        if name.startswith("web"):
            web_total += used
        print(f"{name}: {100 * used / elapsed:.0f}% of a core, {rss:.0f} MB resident")
    # the cost that limits the load: CPU of the web processes per play (phones' connections
    # and table set-up included)
    print(f"web CPU per play: {1000 * web_total / max(stats.plays, 1):.1f} ms")
    if stats.warm is not None:
        cpu, plays = stats.warm
        print(f"web CPU per play after the first {args.warmup:.0f} s (set-up done): "
              f"{1000 * cpu / max(plays, 1):.1f} ms over {plays} plays")
        late_submit = [1000 * s for s, at in zip(stats.submit, stats.submit_at, strict=True)
                       if at >= stats.warm_from]
        late_fanout = [1000 * s for s, at in zip(stats.fanout, stats.fanout_at, strict=True)
                       if at >= stats.warm_from]
        print(f"after the first {args.warmup:.0f} s: submit ms p50 {pct(late_submit, 0.5):.1f} "
              f"p95 {pct(late_submit, 0.95):.1f}; fan-out ms p50 {pct(late_fanout, 0.5):.1f} "
              f"p95 {pct(late_fanout, 0.95):.1f}")
    by_kind = {}
    for took, kind in zip(stats.submit, stats.submit_kind, strict=True):
        by_kind.setdefault(kind, []).append(1000 * took)
    print("submit ms by kind: " + "; ".join(
        f"{kind} ×{len(v)} p50 {pct(v, 0.5):.0f} p95 {pct(v, 0.95):.0f}"
        for kind, v in sorted(by_kind.items())))
    if args.timeline:
        print_timeline(stats)
    busy = (busy_after[0] - busy_before[0]) / (busy_after[1] - busy_before[1])
    print(f"load generator (this process: phones and drivers): {100 * own_cpu / elapsed:.0f}% "
          f"of a core; the whole machine ({os.cpu_count()} cores, PostgreSQL and Redis "
          f"included): {100 * busy:.0f}% busy")
    for detail in stats.lost_details[:20]:
        print(f"lost: {detail}")
    print(f"tables={args.tables} submit_p95_ms={pct(submit_ms, 0.95):.1f} "
          f"fanout_p95_ms={pct(fanout_ms, 0.95):.1f} lost={stats.lost} "
          f"duplicated={stats.duplicated} gaps={stats.gaps}")
    return stats


if __name__ == "__main__":
    main()
