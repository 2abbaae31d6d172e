"""The pool's borrow check (companion/core/db_pool.py): the round trip is skipped only for a
connection that came back from a working use a moment ago and whose socket is quiet."""

import socket
import time

import pytest

from companion.core import db_pool


class FakeConnection:
    """What the check reads of a psycopg connection, on a real socket pair: ``server`` is the
    database's end."""

    def __init__(self) -> None:
        self.autocommit = True
        self.broken = self.closed = False
        self.executed: list[str] = []
        self.client, self.server = socket.socketpair()
        self.pgconn = type("PGconn", (), {"socket": self.client.fileno()})()

    def execute(self, query: str) -> None:
        self.executed.append(query)


@pytest.fixture
def conn():
    made = FakeConnection()
    yield made
    made.client.close()
    made.server.close()


def test_a_connection_returned_a_moment_ago_is_not_checked_again(conn):
    db_pool.check(conn)  # never returned yet: checked
    assert conn.executed == [""]
    db_pool.returned(conn)
    db_pool.check(conn)
    assert conn.executed == [""]


def test_a_connection_idle_for_longer_is_checked(conn, monkeypatch):
    db_pool.returned(conn)
    later = time.monotonic() + db_pool.FRESH_S + 0.01
    monkeypatch.setattr(db_pool.time, "monotonic", lambda: later)
    db_pool.check(conn)
    assert conn.executed == [""]


def test_a_fresh_connection_that_the_server_closed_is_checked(conn):
    """A database restart or a cut network closes the server's end: the socket reads EOF."""
    db_pool.returned(conn)
    conn.server.close()
    db_pool.check(conn)
    assert conn.executed == [""]


def test_a_closed_or_broken_connection_is_refused_even_when_fresh(conn):
    for attribute in ("closed", "broken"):
        setattr(conn, attribute, True)
        db_pool.returned(conn)
        with pytest.raises(ConnectionError):
            db_pool.check(conn)
        setattr(conn, attribute, False)
