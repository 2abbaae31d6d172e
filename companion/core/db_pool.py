"""The PostgreSQL pool's check of a borrowed connection, skipped for one returned a moment ago.

psycopg_pool's ``check_connection`` sends an empty query on every borrow: a round trip and,
under load, about 4 % of a web process's CPU (py-spy, bench/ws_load.py), paid by every request
and render. A connection that came back from a successful use less than ``FRESH_S`` ago is
handed out without it (HikariCP skips its check the same way, within 500 ms of the last use).
One left longer — in particular every connection across a database restart or a dropped
network, which last longer than that — is still checked, and replaced if broken. No Django
here: the settings import it.
"""

from __future__ import annotations

import time
from typing import Any

from psycopg_pool import ConnectionPool

FRESH_S = 0.5


def returned(conn: Any) -> None:
    """The pool's ``reset`` callback: when the connection came back in a working state."""
    conn._companion_returned_at = time.monotonic()


def check(conn: Any) -> None:
    """The pool's ``check`` callback: raise when the connection does not work."""
    if conn.broken or conn.closed:
        raise ConnectionError("the connection is closed")
    last = getattr(conn, "_companion_returned_at", None)
    if last is not None and time.monotonic() - last < FRESH_S:
        return
    ConnectionPool.check_connection(conn)
