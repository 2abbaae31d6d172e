"""The pool's borrow check (companion/core/db_pool.py): skipped only for a connection that came
back from a working use a moment ago."""

import time

import pytest

from companion.core import db_pool


class FakeConnection:
    def __init__(self) -> None:
        self.autocommit = True
        self.broken = self.closed = False
        self.executed: list[str] = []

    def execute(self, query: str) -> None:
        self.executed.append(query)


def test_a_connection_returned_a_moment_ago_is_not_checked_again():
    conn = FakeConnection()
    db_pool.check(conn)  # never returned yet: checked
    assert conn.executed == [""]
    db_pool.returned(conn)
    db_pool.check(conn)
    assert conn.executed == [""]


def test_a_connection_idle_for_longer_is_checked(monkeypatch):
    conn = FakeConnection()
    db_pool.returned(conn)
    later = time.monotonic() + db_pool.FRESH_S + 0.01
    monkeypatch.setattr(db_pool.time, "monotonic", lambda: later)
    db_pool.check(conn)
    assert conn.executed == [""]


def test_a_closed_or_broken_connection_is_refused_even_when_fresh():
    for attribute in ("closed", "broken"):
        conn = FakeConnection()
        db_pool.returned(conn)
        setattr(conn, attribute, True)
        with pytest.raises(ConnectionError):
            db_pool.check(conn)
