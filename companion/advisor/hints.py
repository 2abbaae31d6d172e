"""Asking for a hint: rate limits, one search per seat, cached answers, then the Celery task.

The web layer passes the asking seat's *view* of the position (never the full state), so the
search cannot know anything the seat does not. Progress and answers go to the seat's own channel
group only (``seat_group``).
"""

from __future__ import annotations

import functools
import logging
import secrets
import time
import zlib
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from companion.core.outages import REDIS_DOWN
from companion.core.realtime import group_send_sync

log = logging.getLogger(__name__)
RESULT_TTL = 3600
FINAL = frozenset({"done", "failed", "cancelled"})
#: a coach review travels the same seat channel (companion/tables/coach/reviews.py): no clock on it
UNWATCHED = FINAL | {"review"}
QUEUE_MARGIN_S = 2
SUGGEST_TASK = "advisor.suggest"  # advisor/tasks.py
SHARD_TASK = "advisor.search_shard"  # the watchdog waits a little longer than a queued task lives


class HintRefused(Exception):
    """The hint cannot be computed now; the message says why (shown on the phone)."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def send_task(name: str, kwargs: dict[str, Any], **options: Any) -> None:
    """Hand a task to the broker by its name (tests replace this to keep a hint from any
    worker)."""
    from companion.celery import app

    app.send_task(name, kwargs=kwargs, **options)


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


def analysis_key(table_id: str, seat: int, fingerprint: str) -> str:
    return _key("analysis", table_id, seat, fingerprint)


def keep_analysis(table_id: str, seat: int, fingerprint: str, data: dict[str, Any]) -> None:
    """A finished hint's root statistics at this position (advisor/analysis.py), for the
    coach's review of the play made there: it continues this search."""
    cache.set(analysis_key(table_id, seat, fingerprint), data, timeout=RESULT_TTL)


def shared_analysis(table_id: str, seat: int, game: Any, view: Any) -> Any:
    """The analysis a hint left for ``seat``'s ``view`` at this table (an
    `analysis.Analysis`), or None: no hint was asked at this position (or the store is
    down: the review then searches on its own)."""
    from .analysis import Analysis, fingerprint

    try:
        data = cache.get(analysis_key(table_id, seat, fingerprint(game, view)))
    except REDIS_DOWN:
        return None
    return None if data is None else Analysis.from_json(game, view, data)


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


def _refused_while_store_down[**P, R](ask: Callable[P, R]) -> Callable[P, R]:
    """``ask``, with the cache (Redis) being down answered as a refusal: the seat is told
    hints are unavailable, the table keeps working."""

    @functools.wraps(ask)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return ask(*args, **kwargs)
        except REDIS_DOWN as exc:
            raise HintRefused(
                _("hints are unavailable right now (the advisor's store is not answering)"),
                "unavailable",
            ) from exc

    return guarded


@_refused_while_store_down
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
    # Held as long as the hint can legitimately live (queued, then up to its hard time limit);
    # the task frees it when it ends, the watchdog when its worker died.
    hard_limit = budget / 1000 + 20
    lock_ttl = round(settings.HINT_QUEUE_TIMEOUT_S + hard_limit)
    if not cache.add(lock_key(table_id, seat), hint_id, timeout=lock_ttl):
        raise HintRefused(_("a hint is already being computed for you"), "busy")
    job = {
        "table_id": table_id,
        "seat": seat,
        "seq": seq,
        "game": game,
        "view": view,
        "names": names,
        "budget_ms": budget,
        "requested_at": time.time(),  # the budget counts from here (advisor/tasks.py)
        "hint_id": hint_id,
        "seed": seed_for(table_id, seq, seat),
        "shards": max(1, settings.HINT_SHARDS),
    }
    limits = {
        "soft_time_limit": budget / 1000 + 10,
        "time_limit": hard_limit,
        "expires": settings.HINT_QUEUE_TIMEOUT_S,  # a worker that takes it later drops it
    }
    try:
        # By name: the tasks module imports this one, not the other way round.
        for shard in range(1, job["shards"]):
            send_task(SHARD_TASK, {**job, "shard": shard}, **limits)
        send_task(SUGGEST_TASK, job, **limits)
    except Exception as exc:  # the broker is down: say so, keep the table working
        cache.delete(lock_key(table_id, seat))
        raise HintRefused(
            _("hints are unavailable right now (no worker reachable)"), "unavailable"
        ) from exc
    _watch(
        table_id, seat, {"hint_id": hint_id, "seq": seq, "budget_ms": budget, "status": "queued"}
    )
    return {"status": "started", "hint_id": hint_id}


# --- the watchdog: a worker killed mid-search tells no one, so the seat's phones keep time ------


def _watch(table_id: str, seat: int, hint: dict[str, Any]) -> None:
    """Tell the seat's connections that a hint is queued: each starts the clock on it
    (``patience``); the worker's own messages restart it."""
    try:
        group_send_sync(seat_group(table_id, seat), {"type": "hint.watch", "hint": hint})
    except Exception:  # no live connection to warn: the lock's expiry frees the seat
        log.warning("hint watch for table %s seat %s not sent", table_id, seat, exc_info=True)


def patience(hint: dict[str, Any]) -> float | None:
    """Seconds to wait for the next message of ``hint`` before giving it up (None: it ended).
    A queued hint may wait for a worker as long as its task lives; a running search reports
    about every 250 ms, so a long silence means its worker is gone."""
    status = hint.get("status")
    if status in UNWATCHED:
        return None
    if status == "queued":
        return settings.HINT_QUEUE_TIMEOUT_S + QUEUE_MARGIN_S
    return settings.HINT_SILENCE_S


def abandon(table_id: str, seat: int, hint: dict[str, Any]) -> dict[str, Any]:
    """The verdict on a hint that went silent: its answer if it was stored after all (only the
    message was lost), else "failed", with the seat's lock freed so that asking again works."""
    hint_id, seq = hint.get("hint_id"), hint.get("seq")
    try:
        stored = cache.get(result_key(table_id, seq, seat))
        if stored is not None and stored.get("hint_id") == hint_id:
            return stored
        if cache.get(lock_key(table_id, seat)) == hint_id:
            cache.delete(lock_key(table_id, seat))
    except REDIS_DOWN:
        log.warning("hint %s given up; its lock could not be freed", hint_id, exc_info=True)
    log.warning("hint %s for table %s seat %s: no word from its worker", hint_id, table_id, seat)
    return {
        "hint_id": hint_id,
        "seq": seq,
        "budget_ms": hint.get("budget_ms") or 1,
        "status": "failed",
        "message": N_("No answer from the advisor (its worker stopped); try again."),
    }
