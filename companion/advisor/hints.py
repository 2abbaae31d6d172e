"""Asking for a hint: rate limits, one search per seat, cached answers, then the Celery task.

The web layer passes the asking seat's *view* of the position (never the full state), so the
search cannot know anything the seat does not. Progress and answers go to the seat's own channel
group only (``seat_group``).
"""

from __future__ import annotations

import secrets
import zlib
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

RESULT_TTL = 3600


class HintRefused(Exception):
    """The hint cannot be computed now; the message says why (shown on the phone)."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def seat_group(table_id: str, seat: int) -> str:
    return f"seat-{table_id}-{seat}"


def _key(*parts: Any) -> str:
    return "hint:" + ":".join(str(p) for p in parts)


def result_key(table_id: str, seq: int, seat: int) -> str:
    return _key("result", table_id, seq, seat)


def lock_key(table_id: str, seat: int) -> str:
    return _key("lock", table_id, seat)


def seq_key(table_id: str) -> str:
    return _key("seq", table_id)


def note_table_seq(table_id: str, seq: int) -> None:
    """The table moved on: running searches for older positions stop at their next check."""
    cache.set(seq_key(table_id), seq, timeout=24 * 3600)


def current_seq(table_id: str) -> int | None:
    return cache.get(seq_key(table_id))


def seed_for(table_id: str, seq: int, seat: int) -> int:
    """The same position asked twice searches the same way (reproducible hints)."""
    return zlib.crc32(f"{table_id}:{seq}:{seat}".encode())


def _count(key: str, limit: int, window: int = 60) -> bool:
    """A fixed-window counter; False once `limit` is exceeded in the window."""
    if cache.add(key, 1, timeout=window):
        return True
    try:
        return cache.incr(key) <= limit
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=window)
        return True


def request_hint(
    *,
    table_id: str,
    seat: int,
    seq: int,
    game: str,
    view: dict[str, Any],
    names: list[str],
    budget_ms: int | None = None,
) -> dict[str, Any]:
    """Start (or answer from cache) a hint for ``seat`` at ``seq``. Raises HintRefused."""
    from companion.advisor import tasks

    budget = settings.HINT_BUDGET_MS if budget_ms is None else budget_ms
    if not 100 <= budget <= settings.HINT_MAX_BUDGET_MS:
        raise HintRefused(
            _("the thinking time must be 100 to %(max)s ms") % {"max": settings.HINT_MAX_BUDGET_MS},
            "bad_budget",
        )
    note_table_seq(table_id, seq)
    cached = cache.get(result_key(table_id, seq, seat))
    if cached is not None:
        return {"status": "cached", "hint_id": cached["hint_id"], "hint": cached}
    if not _count(_key("rate-seat", table_id, seat), settings.HINT_RATE_PER_SEAT):
        raise HintRefused(_("too many hints from this seat; try again in a minute"), "rate_seat")
    if not _count(_key("rate-table", table_id), settings.HINT_RATE_PER_TABLE):
        raise HintRefused(_("too many hints at this table; try again in a minute"), "rate_table")
    hint_id = secrets.token_hex(6)
    if not cache.add(lock_key(table_id, seat), hint_id, timeout=budget // 1000 + 30):
        raise HintRefused(_("a hint is already being computed for you"), "busy")
    job = {
        "table_id": table_id,
        "seat": seat,
        "seq": seq,
        "game": game,
        "view": view,
        "names": names,
        "budget_ms": budget,
        "hint_id": hint_id,
        "seed": seed_for(table_id, seq, seat),
        "shards": max(1, settings.HINT_SHARDS),
    }
    limits = {
        "soft_time_limit": budget / 1000 + 10,
        "time_limit": budget / 1000 + 20,
        "expires": 30,
    }
    try:
        for shard in range(1, job["shards"]):
            tasks.search_shard.apply_async(kwargs={**job, "shard": shard}, **limits)
        tasks.suggest.apply_async(kwargs=job, **limits)
    except Exception as exc:  # the broker is down: say so, keep the table working
        cache.delete(lock_key(table_id, seat))
        raise HintRefused(
            _("hints are unavailable right now (no worker reachable)"), "unavailable"
        ) from exc
    return {"status": "started", "hint_id": hint_id}
