"""Celery tasks of the advisor: the hint search and its root-parallel shards.

`suggest` searches the asking seat's view for the budget, reports progress about every 250 ms
and the final answer to that seat's channel group only, and stops early when the table moves on.
With ``HINT_SHARDS`` > 1, `search_shard` tasks search the same view with other seeds on other
workers; `suggest` merges their root statistics (root parallelism: more workers, stronger hint
in the same time).

The budget is a promise to the player, counted from the request (``job["requested_at"]``, wall
time): the search stops early enough that ranking, explaining and publishing the answer (timed
per process, ``FinishTime``) still fit in it, and the collection of the search's garbage waits
until the answer is out (`ismcts.gc_pause`). docs/hints.md, "Where the time goes".
"""

from __future__ import annotations

import logging
import time
from typing import Any

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext_noop as N_

from companion.advisor import hints
from companion.advisor.analysis import fingerprint
from companion.advisor.evidence import estimate
from companion.advisor.explain import distinct, english_params, explain_parts
from companion.advisor.ismcts import SearchResult, gc_pause, resolve, search
from companion.core.realtime import group_send_sync
from companion.engines import get_game
from companion.engines.base import render

log = logging.getLogger(__name__)
TOP = 3
#: a play the search gave less of its time than this is not offered beside the best one (with
#: DOG's deeper search, a third choice could have 0.04 %: "0 %" on the phone, no suggestion)
MIN_SHARE = 0.01
#: ... unless the search spread its time over so many plays that an even share is below that
#: (Life is Life: 149 ways to swap cards, each ~0.7 %): then a play is offered from this part
#: of an even share
EVEN_PART = 0.5


def offer_share(plays: int) -> float:
    """The least share of the search a play beside the best needs to be offered, among
    ``plays`` searched plays (``MIN_SHARE``, or half an even share where that is less)."""
    return min(MIN_SHARE, EVEN_PART / max(1, plays))
PROGRESS_S = 0.25  # a progress report about this often (setting HINT_PROGRESS_S)
SHARD_TTL = 120


#: the least a search gets however late its task starts (a queued hint still searches a little)
MIN_SEARCH_S = 0.1


class FinishTime:
    """How long this process takes from the search's end to the published answer (ranking,
    explanations, the cache, the channel layer): a moving estimate, so that the search leaves
    room for it on a slow machine as on a fast one. The reserve is twice the estimate, within
    [MIN_S, MAX_S]."""

    MIN_S = 0.04
    MAX_S = 0.4

    def __init__(self) -> None:
        self.estimate = 0.05

    def reserve(self) -> float:
        return min(self.MAX_S, max(self.MIN_S, 2 * self.estimate))

    def record(self, seconds: float) -> None:
        self.estimate = 0.7 * self.estimate + 0.3 * seconds


finish_time = FinishTime()


def search_deadline(job: dict[str, Any], now: float | None = None) -> float:
    """The search's deadline in ``time.perf_counter`` terms: the request's time plus the budget,
    less the reserve for finishing, but at least MIN_SEARCH_S from now and never later than a
    full budget from now (a clock that disagrees with the web process's cannot lengthen it)."""
    now = time.perf_counter() if now is None else now
    budget = job["budget_ms"] / 1000
    requested = job.get("requested_at")
    left = budget if requested is None else requested + budget - time.time()
    left = min(left, budget) - finish_time.reserve()
    return now + max(MIN_SEARCH_S, left)


class Cancelled(Exception):
    """The table moved on: the position being searched is history."""


def publish(table_id: str, seat: int, payload: dict[str, Any]) -> None:
    try:
        group_send_sync(hints.seat_group(table_id, seat), {"type": "hint.update", "hint": payload})
    except Exception:  # a dead channel layer must not turn into a task retry storm
        log.warning("hint update for table %s seat %s not delivered", table_id, seat, exc_info=True)


def _shard_key(hint_id: str, shard: int) -> str:
    return f"hint:shard:{hint_id}:{shard}"


def _stats_by_text(game, state, stats: dict) -> dict[str, list[float]]:
    """Root statistics keyed by the action's notation: [visits, reward, outcome sum]."""
    return {game.format_action(state, action): list(entry) for action, entry in stats.items()}


def _run(
    job: dict[str, Any], seed: int, on_progress=None, deadline: float | None = None
) -> tuple[Any, Any, SearchResult, dict]:
    deadline = search_deadline(job) if deadline is None else deadline
    game = get_game(job["game"])
    state = game.from_json(job["view"])
    table_id, seq = job["table_id"], job["seq"]

    def progress(result: SearchResult) -> None:
        current = hints.current_seq(table_id)
        if current is not None and current != seq:
            raise Cancelled()
        if on_progress is not None:
            on_progress(game, state, result)

    stats: dict = {}
    result = search(
        game,
        state,
        job["seat"],
        deadline=deadline,
        seed=seed,
        progress=progress,
        progress_every=getattr(settings, "HINT_PROGRESS_S", PROGRESS_S),
        stats=stats,
    )
    return game, state, result, stats


@shared_task(name=hints.SHARD_TASK, acks_late=False)
def search_shard(**job: Any) -> bool:
    """One root-parallel part of a hint: its root statistics go to the cache for `suggest`."""
    # A shard ends a little before `suggest` so that its statistics are there to merge.
    deadline = search_deadline(job) - finish_time.reserve() / 2
    with gc_pause():
        try:
            game, state, _, stats = _run(job, job["seed"] + job["shard"], deadline=deadline)
        except (Cancelled, SoftTimeLimitExceeded):
            return False
        cache.set(
            _shard_key(job["hint_id"], job["shard"]),
            _stats_by_text(game, state, stats),
            timeout=SHARD_TTL,
        )
    return True


@shared_task(name=hints.SUGGEST_TASK, acks_late=False)
def suggest(**job: Any) -> dict[str, Any]:
    table_id, seat = job["table_id"], job["seat"]
    started = time.perf_counter()
    # the seat lets each phone put the plays in words on that seat's own board
    base = {
        "hint_id": job["hint_id"],
        "seq": job["seq"],
        "seat": seat,
        "budget_ms": job["budget_ms"],
    }

    def on_progress(game, state, result: SearchResult) -> None:
        publish(
            table_id,
            seat,
            {
                **base,
                "status": "progress",
                "iterations": result.iterations,
                "elapsed_ms": round(result.elapsed * 1000),
                "plays": len(result.choices),
                "choices": [
                    _choice(
                        game,
                        state,
                        c.action,
                        c.visits / max(1, sum(x.visits for x in result.choices)),
                        c.value,
                        c.outcome,
                    )
                    for i, c in enumerate(result.choices[:TOP])
                    if i == 0 or c.visits >= offer_share(len(result.choices))
                    * sum(x.visits for x in result.choices)
                ],
            },
        )

    # The search's garbage is collected after the answer is out, not between the two.
    with gc_pause():
        payload = _suggest(job, base, on_progress, started)
        searched = payload.pop("_searched", None)
        publish(table_id, seat, payload)
        if searched is not None:
            finish_time.record(time.perf_counter() - searched)
    return payload


def _suggest(job: dict[str, Any], base: dict[str, Any], on_progress, started: float) -> dict:
    table_id, seat, seq, hint_id = job["table_id"], job["seat"], job["seq"], job["hint_id"]
    try:
        publish(table_id, seat, {**base, "status": "started", "iterations": 0, "choices": []})
        deadline = search_deadline(job)
        game, state, _, stats = _run(job, job["seed"], on_progress, deadline)
        merged = _stats_by_text(game, state, stats)
        wait = max(0.0, deadline + finish_time.reserve() / 2 - time.perf_counter())
        wait += getattr(settings, "HINT_SHARD_GRACE_S", 0.0)  # tests: wait for every shard
        shards_used = 1 + _merge_shards(merged, hint_id, job["shards"], wait)
        searched = time.perf_counter()  # what follows is what FinishTime reserves time for
        total = sum(entry[0] for entry in merged.values()) or 1
        ranked = sorted(merged.items(), key=lambda kv: (kv[1][0], kv[1][1]), reverse=True)
        # one analysis per position: the coach's review of the play made here continues it
        hints.keep_analysis(table_id, seat, fingerprint(game, state),
                            {"stats": merged, "first": ranked[0][0], "iterations": int(total)})
        has_outcome = resolve(game).outcome is not None
        choices = []
        offered = [kv for i, kv in enumerate(ranked[:TOP])
                   if i == 0 or kv[1][0] >= offer_share(len(merged)) * total]
        for text, (visits, reward, outcome, squares) in offered:
            action = game.parse_action(state, text)
            n = visits or 1
            survival = outcome / n if has_outcome else None
            choice = _choice(game, state, action, visits / total, reward / n, survival)
            # the value's own uncertainty: two plays are ranked only beyond it (evidence.py)
            choice["se"] = round(estimate(visits, reward, squares).se, 4)
            choice["visits"] = int(visits)
            choices.append((choice, explain_parts(game, state, action, seat, job["names"])))
        # what differs between the suggestions, not what all of them do alike
        for (choice, _), parts in zip(choices, distinct([p for _, p in choices]), strict=True):
            # English for JSON clients; the parts let each phone read it in its language.
            choice["reason"] = "; ".join(render(t, english_params(p)) for t, p in parts)
            choice["reasons"] = [[template, params] for template, params in parts]
        choices = [choice for choice, _ in choices]
        payload = {
            **base,
            "status": "done",
            "iterations": int(total),
            # how many plays the search spread its time over: a share means something only
            # beside an even share of them (tables/pages/hint_shares.py)
            "plays": len(merged),
            "shards": shards_used,
            "elapsed_ms": round((time.perf_counter() - started) * 1000),
            # from the request (queue and set-up included): what the budget promises
            "answered_ms": _since_request(job),
            "choices": choices,
        }
        cache.set(hints.result_key(table_id, seq, seat), payload, timeout=hints.RESULT_TTL)
        payload = {**payload, "_searched": searched}
    except Cancelled:
        payload = {**base, "status": "cancelled", "message": N_("The table moved on; ask again.")}
    except SoftTimeLimitExceeded:
        payload = {**base, "status": "failed", "message": N_("The hint took too long; try again.")}
    except Exception:
        log.exception("hint %s failed", hint_id)
        payload = {**base, "status": "failed", "message": N_("The hint failed; try again.")}
    finally:
        if cache.get(hints.lock_key(table_id, seat)) == hint_id:
            cache.delete(hints.lock_key(table_id, seat))
    return payload


def _since_request(job: dict[str, Any]) -> int | None:
    requested = job.get("requested_at")
    return None if requested is None else round((time.time() - requested) * 1000)


def _choice(
    game, state, action, share: float, value: float, outcome: float | None = None
) -> dict[str, Any]:
    choice = {
        "action": game.format_action(state, action),
        "share": round(share, 3),
        "win": round(value, 3),
    }
    if outcome is not None:  # the game's round outcome (Life is Life: survives the round)
        choice["outcome"] = round(outcome, 3)
    return choice


def _merge_shards(
    merged: dict[str, list[float]], hint_id: str, shards: int, wait: float = 0.1
) -> int:
    """Add the root statistics of the other shards (waiting up to ``wait`` seconds for late
    ones: they stop a little earlier, but on a busy worker one may report late; the answer
    is not held past its budget for them)."""
    found: set[int] = set()
    deadline = time.perf_counter() + wait
    while len(found) < shards - 1:
        for shard in range(1, shards):
            if shard in found:
                continue
            stats = cache.get(_shard_key(hint_id, shard))
            if stats is not None:
                found.add(shard)
                for text, values in stats.items():
                    entry = merged.setdefault(text, [0.0, 0.0, 0.0, 0.0])
                    for i, value in enumerate(values):
                        entry[i] += value
        if time.perf_counter() >= deadline:
            break
        time.sleep(0.02)
    return len(found)
