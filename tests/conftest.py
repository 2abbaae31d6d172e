import json
from dataclasses import dataclass, field

import pytest
from django.utils import translation

from companion.tables.play import state_cache


def _read_uncommitted(sender, connection, **kwargs) -> None:
    """Django's SQLite test database lives in memory with a shared cache, where a read of a
    table that another connection is writing fails at once with "database table is locked"
    (SQLite's busy timeout does not apply to shared-cache locks; the embedded default's file
    database waits instead). The embedded worker thread writes coach reviews while the tests'
    requests read: let those reads go through, as they would on the file."""
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA read_uncommitted = 1")


def pytest_sessionstart(session):
    from django.db.backends.signals import connection_created

    connection_created.connect(_read_uncommitted, dispatch_uid="tests-read-uncommitted")


@pytest.fixture(scope="session")
def embedded_worker():
    """The in-process Celery worker of the embedded default, as `make run` starts it."""
    from companion.core import embedded_worker

    return embedded_worker.start()


def pytest_configure(config):
    """The PostgreSQL pass needs the server: skip it locally when it is down, fail it in CI."""
    from django.conf import settings

    if "postgres" not in (config.getoption("-m") or "") or "not postgres" in config.getoption("-m"):
        return
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise pytest.UsageError("the postgres pass needs DATABASE_URL=postgres://...")
    from tests.services import reachable

    url = settings.DATABASE_URL
    if not reachable(url, 5432):
        import os

        if os.environ.get("CI"):
            raise pytest.UsageError(f"PostgreSQL is not answering at {url} (CI must run it)")
        pytest.exit(f"PostgreSQL is not answering at {url}: skipped the postgres pass", 0)


HANDS = {  # a first deal entered by each seat (8 copies of each card exist, so this is possible)
    0: ["1", "13", "7", "4", "5", "joker"],
    1: ["1", "2", "3", "8", "9", "10"],
    2: ["13", "12", "6", "6", "swap", "2"],
    3: ["1", "5", "5", "8", "9", "3"],
}


@dataclass
class ApiTable:
    client: object
    id: str
    host: str
    tokens: list[str] = field(default_factory=list)

    def call(self, method: str, path: str, body=None, token: str | None = None):
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        return getattr(self.client, method)(
            f"/api/tables/{self.id}{path}",
            json.dumps(body) if body is not None else None,
            content_type="application/json",
            **headers,
        )

    def seq(self) -> int:
        return self.call("get", "").json()["seq"]

    def play(self, action: str, token: str, seq: int | None = None):
        return self.call(
            "post",
            "/plays",
            {"action": action, "expected_seq": self.seq() if seq is None else seq},
            token,
        )


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's default language: a page an earlier test asked for in
    another language (the LocaleMiddleware) leaves that language active in this thread."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_state_cache():
    state_cache.clear()
    yield
    state_cache.clear()


@pytest.fixture
def api_table(client) -> ApiTable:
    response = client.post(
        "/api/tables",
        json.dumps({"game": "dog", "names": ["Ann", "Ben", "Cid", "Dan"]}),
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    table = ApiTable(client, body["id"], body["host_token"])
    for seat in range(4):
        joined = table.call("post", "/join", {"seat": seat})
        assert joined.status_code == 201, joined.content
        table.tokens.append(joined.json()["token"])
    return table


@pytest.fixture
def dealt_table(api_table: ApiTable) -> ApiTable:
    """Dealt, every hand entered, cards exchanged: seat 0 to play."""
    t = api_table
    assert t.play("deal", t.host).status_code == 201
    for seat, cards in HANDS.items():
        r = t.call("put", "/hand", {"cards": cards, "expected_seq": t.seq()}, t.tokens[seat])
        assert r.status_code == 201, r.content
    for seat, card in enumerate(["5", "3", "2", "9"]):
        r = t.play(f"give {card}", t.tokens[seat])
        assert r.status_code == 201, r.content
    return t


@pytest.fixture(scope="module")
def topology(tmp_path_factory):
    """The production topology (docker-compose.yml's commands) on the local PostgreSQL and
    Redis, for the tests marked `production`."""
    from tests.services import require
    from tests.topology import running_topology

    with running_topology(
        require("postgres"), require("redis"), tmp_path_factory.mktemp("topology")
    ) as running:
        yield running


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium through Playwright, one per test session: the browser tests and the
    fault tests share it (a second sync Playwright in the same thread refuses to start, and
    one left running breaks asyncio.run in later tests)."""
    import os
    from pathlib import Path

    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

    if not Path(CHROMIUM).exists():
        message = f"Debian chromium not installed at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
