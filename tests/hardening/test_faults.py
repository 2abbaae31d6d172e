"""Faults in the real production topology: a Celery worker killed mid-hint, a web process
restarted mid-game, Redis stopped, the database connection dropped.

The topology is docker-compose.yml's (two Daphne processes, a Celery worker, migrate) on a
scratch PostgreSQL database, but on this module's own redis-server and behind its own TCP proxy
to PostgreSQL (tests/hardening/outages.py): the machine's Redis and PostgreSQL serve other tests
at the same time and are never touched. Each test leaves everything running again, and an
autouse fixture repairs what a failed test left broken. What each fault does to the site is
written down in docs/operations.md ("Faults").
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import urlparse

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from tests.conftest import HANDS
from tests.e2e.conftest import PHONE
from tests.hardening.outages import REDIS_SERVER, CuttableProxy, RedisServer, kill_tree
from tests.services import require
from tests.topology import Topology, running_topology

pytestmark = pytest.mark.production

HINT_QUEUE_TIMEOUT_S = 10  # shorter than the default 30 s, to keep the test short
HINT_SILENCE_S = 10  # the default
FINAL = ("done", "failed", "cancelled")
SLACK_S = 30  # the machine is busy: every bound below gets this much on top


# --- the topology on breakable services -------------------------------------------------------


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory) -> Iterator[RedisServer]:
    if not REDIS_SERVER:
        message = "redis-server is not installed (the fault tests start their own)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def db_proxy() -> Iterator[CuttableProxy]:
    postgres = urlparse(require("postgres"))
    proxy = CuttableProxy((postgres.hostname or "127.0.0.1", postgres.port or 5432))
    yield proxy
    proxy.close()


@pytest.fixture(scope="module")
def faulty(redis_server, db_proxy, tmp_path_factory) -> Iterator[Topology]:
    postgres = urlparse(require("postgres"))
    credentials, at, _ = postgres.netloc.rpartition("@")
    through_proxy = postgres._replace(netloc=f"{credentials}{at}127.0.0.1:{db_proxy.port}")
    with running_topology(
        through_proxy.geturl(),
        redis_server.url,
        tmp_path_factory.mktemp("faults"),
        webs=2,
        extra_env={
            "HINT_QUEUE_TIMEOUT_S": str(HINT_QUEUE_TIMEOUT_S),
            "HINT_SILENCE_S": str(HINT_SILENCE_S),
        },
    ) as top:
        yield top


@pytest.fixture(autouse=True)
def healthy(faulty, redis_server, db_proxy) -> Topology:
    """Every test starts on a whole topology, whatever the one before it left behind."""
    db_proxy.restore()
    if not redis_server.running:
        redis_server.start()
    for name, proc in list(faulty.procs.items()):
        if proc.poll() is not None:
            faulty.start(name)
    for url in faulty.base_urls:
        wait_green(url)
    return faulty


# --- clients ----------------------------------------------------------------------------------


def call(base_url: str, method: str, path: str, body=None, token=None, headers=None):
    """(status, headers, body): JSON decoded when it is JSON, else text. Never raises on 4xx/5xx."""
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base_url + path, method=method, headers=sent, data=data)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, answer, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as exc:
        status, answer, raw = exc.code, exc.headers, exc.read()
    text = raw.decode()
    if answer.get_content_type() == "application/json":
        return status, answer, json.loads(text)
    return status, answer, text


def get(base_url: str, path: str, token=None):
    status, _, body = call(base_url, "GET", path, token=token)
    return status, body


def wait_until(check, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            result = check()
        except OSError:
            result = None
        if result:
            return result
        time.sleep(0.5)
    raise AssertionError(f"not within {timeout} s: {what() if callable(what) else what}")


def wait_green(base_url: str, timeout: float = 120) -> None:
    last: list = []

    def green() -> bool:
        last[:] = [get(base_url, "/healthz")]
        return last[0][0] == 200

    wait_until(green, timeout, lambda: f"{base_url}/healthz green (last: {last})")


@dataclass
class Game:
    """A dealt DOG table (every hand entered, cards exchanged: seat 0 to play)."""

    id: str
    host: str
    tokens: list[str] = field(default_factory=list)

    @classmethod
    def dealt(cls, base_url: str) -> Game:
        _, _, table = call(base_url, "POST", "/api/tables", {"game": "dog"})
        game = cls(table["id"], table["host_token"])
        for seat in range(4):
            _, _, joined = call(base_url, "POST", f"/api/tables/{game.id}/join", {"seat": seat})
            game.tokens.append(joined["token"])
        seq = game.play(base_url, "deal", game.host, 0)
        for seat, cards in HANDS.items():
            body = {"cards": cards, "expected_seq": seq}
            status, _, answer = call(
                base_url, "PUT", f"/api/tables/{game.id}/hand", body, game.tokens[seat]
            )
            assert status == 201, answer
            seq = answer["seq"]
        for seat, card in enumerate(["5", "3", "2", "9"]):
            seq = game.play(base_url, f"give {card}", game.tokens[seat], seq)
        return game

    def play(self, base_url: str, action: str, token: str, seq: int) -> int:
        status, answer = self.try_play(base_url, action, token, seq)
        assert status == 201, (status, answer)
        return answer["seq"]

    def try_play(self, base_url: str, action: str, token: str, seq: int):
        body = {"action": action, "expected_seq": seq}
        status, _, answer = call(base_url, "POST", f"/api/tables/{self.id}/plays", body, token)
        return status, answer

    def state(self, base_url: str, token: str | None = None) -> dict:
        status, answer = get(base_url, f"/api/tables/{self.id}", token)
        assert status == 200, (status, answer)
        return answer

    def hint(self, base_url: str, token: str, budget_ms: int):
        body = {"budget_ms": budget_ms}
        status, _, answer = call(base_url, "POST", f"/api/tables/{self.id}/hints", body, token)
        return status, answer


def phone(ws_url: str, game: Game, seat: int, origin: str) -> ClientConnection:
    """A seat's live JSON connection, after its first state message."""
    ws = connect(
        f"{ws_url}/ws/tables/{game.id}/?format=json",
        origin=origin,
        additional_headers={"Authorization": f"Bearer {game.tokens[seat]}"},
        open_timeout=30,
    )
    first = json.loads(ws.recv(timeout=30))
    assert first["type"] == "state", first
    ws.first = first  # type: ignore[attr-defined]
    return ws


def dealt_with_phone(top: Topology) -> tuple[Game, int, ClientConnection]:
    """A dealt table made on the first web process, its seq, and seat 0's live connection to
    the first Daphne."""
    web = top.base_urls[0]
    game = Game.dealt(web)
    seq = game.state(web)["seq"]
    return game, seq, phone(top.ws_urls[0], game, 0, web)


def next_message(ws: ClientConnection, accept, timeout: float) -> dict:
    """The next message for which ``accept(message)`` holds (others are skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no such message within {timeout} s")
        message = json.loads(ws.recv(timeout=left))
        if accept(message):
            return message


def state_at(ws: ClientConnection, seq: int, timeout: float = SLACK_S) -> dict:
    """The message (the whole state, or a delta after a play) that brings the phone to
    ``seq`` or later."""
    return next_message(
        ws, lambda m: m["type"] in ("state", "delta") and m["seq"] >= seq, timeout
    )


def hint_message(ws: ClientConnection, hint_id: str, statuses, timeout: float) -> dict:
    return next_message(
        ws,
        lambda m: m["type"] == "hint" and m["hint_id"] == hint_id and m["status"] in statuses,
        timeout,
    )


def reconnect(ws_url: str, game: Game, seat: int, origin: str, timeout: float) -> ClientConnection:
    """What a phone's client does: try again until the server takes the connection."""

    def attempt():
        try:
            return phone(ws_url, game, seat, origin)
        except (InvalidStatus, ConnectionClosed, TimeoutError):
            return None

    return wait_until(attempt, timeout, f"a websocket to {ws_url}")


def closed(ws: ClientConnection, timeout: float) -> bool:
    """True once the server has closed the connection (messages before that are skipped)."""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ws.recv(timeout=max(0.1, deadline - time.monotonic()))
    except ConnectionClosed:
        return True
    except TimeoutError:
        return False
    return False


def database_row(top: Topology, sql: str, params=()) -> tuple:
    """A query on the topology's database straight to PostgreSQL (past the proxy)."""
    import psycopg

    database = urlparse(top.env["DATABASE_URL"]).path.lstrip("/")
    direct = urlparse(require("postgres"))._replace(path=f"/{database}").geturl()
    with psycopg.connect(direct, autocommit=True) as conn:
        return conn.execute(sql, params).fetchone()


def assert_log_whole(top: Topology, game: Game) -> int:
    """Nothing half-written: the table's seq is its last event, and the events are 1..seq."""
    seq, events, first, last = database_row(
        top,
        "SELECT t.seq, count(e.id), min(e.seq), max(e.seq) FROM tables_table t "
        "LEFT JOIN tables_event e ON e.table_id = t.id WHERE t.id = %s GROUP BY t.seq",
        (game.id,),
    )
    assert (events, first, last) == (seq, 1, seq), (seq, events, first, last)
    return seq


# --- 1. a Celery worker killed in the middle of a hint -----------------------------------------


def test_worker_killed_mid_hint_fails_the_hint_and_spares_the_table(healthy: Topology):
    top = healthy
    web, web2 = top.base_urls
    game = Game.dealt(web)
    asking = phone(top.ws_urls[0], game, 0, web)
    other = phone(top.ws_urls[1], game, 1, web)  # another seat, on the other web process
    try:
        status, started = game.hint(web, game.tokens[0], budget_ms=5000)
        assert status == 202 and started["status"] == "started", started
        hint_id = started["hint_id"]
        hint_message(asking, hint_id, ("progress",), SLACK_S)  # the worker is searching

        worker = top.procs["worker"]
        kill_tree(worker.pid, lambda: top.kill("worker"))
        killed_at = time.monotonic()
        verdict = hint_message(asking, hint_id, FINAL, HINT_SILENCE_S + SLACK_S)
        waited = time.monotonic() - killed_at
        assert verdict["status"] == "failed", verdict
        assert "try again" in verdict["message"]
        assert HINT_SILENCE_S - 2 < waited < HINT_SILENCE_S + SLACK_S, waited

        # The table does not need the worker: the play is recorded and reaches both processes.
        seq = game.state(web)["seq"]
        seq = game.play(web, "1 K", game.tokens[0], seq)
        assert state_at(asking, seq)["seq"] == seq
        assert state_at(other, seq)["seq"] == seq

        # A hint asked while no worker runs waits in the queue, then fails, in bounded time.
        status, queued = game.hint(web2, game.tokens[1], budget_ms=800)
        assert status == 202, queued
        asked_at = time.monotonic()
        verdict = hint_message(other, queued["hint_id"], FINAL, HINT_QUEUE_TIMEOUT_S + SLACK_S)
        assert verdict["status"] == "failed", verdict
        assert time.monotonic() - asked_at >= HINT_QUEUE_TIMEOUT_S

        # A new worker answers the next hint (the failed ones freed the seat's lock).
        top.start("worker")
        wait_until(
            lambda: get(web, "/healthz")[1]["components"]["celery"]["ok"], 120, "worker back"
        )
        status, again = game.hint(web2, game.tokens[1], budget_ms=800)
        assert status == 202, again
        answer = hint_message(other, again["hint_id"], FINAL, SLACK_S)
        assert answer["status"] == "done" and answer["choices"], answer
    finally:
        asking.close()
        other.close()


# --- 2. a web process restarted mid-game ----------------------------------------------------


def test_web_restart_rebuilds_from_the_log_and_phones_resync(healthy: Topology):
    top = healthy
    web, web2 = top.base_urls
    game = Game.dealt(web)
    seq = game.play(web, "1 K", game.tokens[0], game.state(web)["seq"])
    before = {seat: game.state(web, game.tokens[seat]) for seat in range(4)}
    ann = phone(top.ws_urls[0], game, 0, web)
    ben = phone(top.ws_urls[1], game, 1, web)
    try:
        top.kill("web")  # a crash: no clean shutdown
        assert closed(ann, SLACK_S), "the phone on the dead process noticed nothing"

        # The game goes on through the other process.
        seq = game.play(web2, "1 K", game.tokens[1], seq)
        assert state_at(ben, seq)["seq"] == seq
        survivor = {seat: game.state(web2, game.tokens[seat]) for seat in range(4)}

        # Without its snapshot the restarted process must replay the event log.
        database_row(
            top, "UPDATE tables_table SET snapshot = NULL WHERE id = %s RETURNING id", (game.id,)
        )
        top.start("web")
        after = {seat: game.state(web, game.tokens[seat]) for seat in range(4)}
        assert after == survivor  # the replay agrees with the process that never went down
        for seat in range(4):  # and with what the dead process showed before the crash
            assert after[seat]["history"][: len(before[seat]["history"])] == before[seat]["history"]

        # The phone reconnects and gets the latest state at once.
        ann.close()
        ann = reconnect(top.ws_urls[0], game, 0, web, SLACK_S)
        assert ann.first["seq"] == seq  # type: ignore[attr-defined]
        # A play on the restarted process reaches the phones on both.
        seq = game.play(web, "13 K", game.tokens[2], seq)
        assert state_at(ann, seq)["seq"] == seq
        assert state_at(ben, seq)["seq"] == seq
        assert assert_log_whole(top, game) == seq
    finally:
        ann.close()
        ben.close()

    # Browsers reconnect by themselves: the page uses htmx's ws extension, which retries after
    # an abnormal close (1006: the server went away or refused it) or a 1011, with our backoff.
    status, page = get(web, f"/t/{game.id}/")
    assert status == 200 and f'ws-connect="/ws/tables/{game.id}/"' in page
    sources = re.findall(r'<script src="([^"]+)"', page)
    scripts = {
        name: get(web, next(src for src in sources if marker in src))[1]
        for name, marker in (("ext", "htmx-ext-ws"), ("table", "/js/table"))
    }
    assert "[1006,1011,1012,1013].indexOf(e.code)" in scripts["ext"]
    assert "htmx.config.wsReconnectDelay = function" in scripts["table"]


# --- 3. Redis stopped ---------------------------------------------------------------------------


def test_redis_down_keeps_the_table_and_live_updates_resume(
    healthy: Topology, redis_server: RedisServer
):
    top = healthy
    web, web2 = top.base_urls
    game, seq, ann = dealt_with_phone(top)
    try:
        redis_server.stop()
        # The live connection goes (the phone will reconnect); nothing else does.
        assert closed(ann, SLACK_S), "the phone was not told that live updates stopped"

        seq = game.play(web, "1 K", game.tokens[0], seq)
        seq = game.play(web2, "1 K", game.tokens[1], seq)
        for url in (web, web2):
            assert game.state(url, game.tokens[2])["seq"] == seq
            status, page = get(url, f"/t/{game.id}/")
            assert status == 200 and f'data-seq="{seq}"' in page
        assert get(web, "/")[0] == 200

        status, refused = game.hint(web, game.tokens[2], budget_ms=800)
        assert status == 503, refused
        assert refused["error"]["code"] == "unavailable"
        assert "unavailable" in refused["error"]["message"]

        status, health = get(web2, "/healthz")
        assert status == 503
        components = health["components"]
        assert components["database"]["ok"] is True
        for name in ("channel_layer", "cache", "celery"):
            assert components[name]["ok"] is False, components
        assert str(redis_server.port) in components["channel_layer"]["error"]
    finally:
        ann.close()
        redis_server.start()

    # Redis is back (empty, like a new container): nothing is restarted, live updates resume.
    ann = reconnect(top.ws_urls[0], game, 0, web, SLACK_S)
    ben = reconnect(top.ws_urls[1], game, 1, web, SLACK_S)
    try:
        assert ann.first["seq"] == ben.first["seq"] == seq  # type: ignore[attr-defined]
        seq = game.play(web2, "13 K", game.tokens[2], seq)
        assert state_at(ann, seq)["seq"] == seq
        assert state_at(ben, seq)["seq"] == seq
        for url in (web, web2):
            wait_green(url)
        status, started = game.hint(web, game.tokens[3], budget_ms=800)
        assert status == 202, started
    finally:
        ann.close()
        ben.close()
    assert assert_log_whole(top, game) == seq


# --- 4. the database connection dropped ----------------------------------------------------


def test_database_drop_answers_503_writes_nothing_and_recovers(
    healthy: Topology, db_proxy: CuttableProxy
):
    top = healthy
    web, web2 = top.base_urls
    game, seq, ann = dealt_with_phone(top)
    try:
        # The connection drops just as a play commits: the play is not half-written, it is
        # not written at all, and the phone hears a 503 with a reason.
        # Watched by the event's payload: the play's write is a prepared statement, whose
        # text crosses only the first time on a connection; its parameters cross every time.
        db_proxy.cut_at_commit(b'"by_seat"')
        status, answer = game.try_play(web, "1 K", game.tokens[0], seq)
        assert db_proxy.trapped.is_set(), "the play never reached its commit"
        assert status == 503, answer
        assert answer["error"]["code"] == "unavailable"
        assert "database" in answer["error"]["message"]

        # While it is down, every request says so instead of failing with a traceback.
        for url in (web, web2):
            status, answer = get(url, f"/api/tables/{game.id}")
            assert status == 503 and answer["error"]["code"] == "unavailable", answer
            status, answer = game.try_play(url, "1 K", game.tokens[0], seq)
            assert status == 503, answer
        status, headers, page = call(web2, "GET", f"/t/{game.id}/")
        assert status == 503 and headers["Retry-After"]
        assert "database is not answering" in page and "Traceback" not in page
        status, headers, text = call(
            web, "GET", f"/t/{game.id}/entry?card=1", headers={"HX-Request": "true"}
        )
        assert status == 503 and headers.get_content_type() == "text/plain"
        assert "database is not answering" in text  # what table.js shows on the phone
        status, health = get(web, "/healthz")
        assert status == 503 and health["components"]["database"]["ok"] is False
        assert health["components"]["channel_layer"]["ok"] is True
        # A JSON client connecting now is told to come back later (the page's htmx client is
        # refused instead, and retries by itself).
        late = connect(
            f"{top.ws_urls[1]}/ws/tables/{game.id}/?format=json", origin=web, open_timeout=30
        )
        assert json.loads(late.recv(timeout=SLACK_S))["type"] == "error"
        with pytest.raises(ConnectionClosed) as closing:
            late.recv(timeout=SLACK_S)
        assert closing.value.rcvd is not None and closing.value.rcvd.code == 4503
        with pytest.raises(InvalidStatus):
            connect(f"{top.ws_urls[1]}/ws/tables/{game.id}/", origin=web, open_timeout=30)
    finally:
        db_proxy.restore()

    try:
        # Back, with no restart: the very first request to each process works.
        for url in (web2, web):
            assert game.state(url, game.tokens[0])["seq"] == seq  # the cut play is not there
        assert assert_log_whole(top, game) == seq
        seq = game.play(web2, "1 K", game.tokens[0], seq)  # the same play, entered again
        assert state_at(ann, seq)["seq"] == seq
        assert get(web, "/healthz")[0] == 200
        assert assert_log_whole(top, game) == seq
    finally:
        ann.close()


# --- a phone's page through the outages (Chromium) ------------------------------------------


# The page's CSP forbids eval (so no wait_for_function); the count of live connections opened
# since the page loaded is kept on <html data-ws-opens> instead (init scripts are not eval).
COUNT_WS_OPENS = """
document.addEventListener("htmx:wsOpen", () => {
  const html = document.documentElement;
  html.dataset.wsOpens = String(Number(html.dataset.wsOpens || 0) + 1);
});
"""
LIVE = "html[data-ws-opens]"


def seat_page(browser, top: Topology, game: Game, seat: int):
    """Seat ``seat``'s phone: its signed seat cookie, as joining in the browser would set."""
    from django.core import signing

    from companion.tables.tokens import COOKIE_SALT, cookie_name

    context = browser.new_context(**PHONE)
    context.set_default_timeout(SLACK_S * 1000)
    value = signing.dumps(
        [game.id, game.tokens[seat]], key=top.env["DJANGO_SECRET_KEY"], salt=COOKIE_SALT
    )
    context.add_cookies([{"name": cookie_name(game.id), "value": value, "url": top.base_url}])
    page = context.new_page()
    page.add_init_script(COUNT_WS_OPENS)
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def enter_play(page, card: str) -> None:
    """Card → its first legal move → Confirm, as a player taps it."""
    page.locator(f'#entry button.card[hx-get$="card={card}"]').click()
    page.locator("#entry[data-step='moves'] button.move").first.click()
    page.locator("#entry[data-step='confirm'] button.confirm-play").click()


@pytest.mark.browser
def test_a_phone_page_through_redis_and_database_outages(
    healthy: Topology, redis_server: RedisServer, db_proxy: CuttableProxy, browser
):
    from playwright.sync_api import expect

    top = healthy
    web, web2 = top.base_urls
    game = Game.dealt(web)
    seq = game.state(web)["seq"]
    page = seat_page(browser, top, game, 0)
    try:
        page.goto(f"{web}/t/{game.id}/")
        page.wait_for_selector(LIVE)

        # Redis stops: the page loses its live connection and says so; the entry stays usable
        # (a play is sent over HTTP, or kept until the table is back: static/js/offline.js).
        redis_server.stop()
        expect(page.locator("#offline")).to_be_visible()
        expect(page.locator("#entry button.card").first).to_be_enabled()
        # Reloaded, the page is current: the player enters the play; the page says that live
        # updates are off.
        page.reload()
        expect(page.locator("#no-live")).to_be_visible()
        expect(page.locator("#offline")).to_be_hidden()
        enter_play(page, "1")
        seq += 1
        page.wait_for_selector(f'#status[data-seq="{seq}"]')
        assert game.state(web2)["seq"] == seq

        # Redis returns: the page reconnects by itself and is live again.
        redis_server.start()
        page.wait_for_selector(LIVE, timeout=60_000)
        expect(page.locator("#no-live")).to_be_hidden()
        seq = game.play(web2, "1 K", game.tokens[1], seq)
        page.wait_for_selector(f'#status[data-seq="{seq}"]')

        # The database drops: a tap says why instead of doing nothing; once it is back, the
        # next tap clears the message.
        page.locator("details.referee > summary").click()
        page.locator("details.referee details.notation > summary").click()
        page.locator("#whatif-action").fill("13 K")
        db_proxy.cut()
        page.locator("#referee-form button[type=submit]").first.click()
        expect(page.locator("#trouble")).to_be_visible()
        expect(page.locator("#trouble")).to_contain_text("database is not answering")
        db_proxy.restore()
        page.locator("#referee-form button[type=submit]").first.click()
        expect(page.locator("#trouble")).to_be_hidden()
    finally:
        page.context.close()
