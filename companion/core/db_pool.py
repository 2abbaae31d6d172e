"""The PostgreSQL pool's check of a borrowed connection, without a round trip for one returned
a moment ago.

psycopg_pool's ``check_connection`` sends an empty query on every borrow: a round trip and,
under load, about 4 % of a web process's CPU (py-spy, bench/ws_load.py), paid by every request
and render. A connection that came back from a working use less than ``FRESH_S`` ago is handed
out after a look at its socket instead (HikariCP skips its check within 500 ms of the last use):
an idle PostgreSQL connection has nothing to read, so a readable socket means the server closed
it (a restart, a cut network: EOF) or said something unasked — then the full check runs, and a
broken connection is replaced, not handed out. One left longer is always checked fully. No
Django here: the settings import it.
"""

from __future__ import annotations

import select
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
    if last is not None and time.monotonic() - last < FRESH_S and _quiet(conn):
        return
    ConnectionPool.check_connection(conn)


def _quiet(conn: Any) -> bool:
    """Nothing to read on the connection's socket (the server has not closed it)."""
    try:
        poller = select.poll()
        poller.register(conn.pgconn.socket, select.POLLIN | select.POLLPRI)
        return not poller.poll(0)
    except Exception:  # no socket any more, or another failure: check it the long way
        return False
