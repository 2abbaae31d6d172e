"""The hint watchdog over the in-process layer: a hint whose worker never starts it, or goes
silent in the middle, is reported failed to the asking seat (and only to it) in bounded time,
and the seat may ask again at once. The same with a real worker killed in the production
topology: tests/hardening/test_faults.py."""

import json

import pytest
from django.core.cache import cache

from companion.advisor import hints, tasks

from .hint_helpers import ask, connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("clear_cache")]


async def next_hint(communicator, timeout: float) -> dict:
    while True:
        message = json.loads(await communicator.receive_from(timeout=timeout))
        if message["type"] == "hint":
            return message


def lost_worker(monkeypatch, say_started: bool) -> list[dict]:
    """The broker takes the task and no worker ever answers (say_started: one starts it and
    dies at once). Returns the jobs handed over."""
    jobs: list[dict] = []

    def send_task(name, kwargs, **options):
        assert name == hints.SUGGEST_TASK
        jobs.append(kwargs)
        if say_started:
            base = {"hint_id": kwargs["hint_id"], "seq": kwargs["seq"], "budget_ms": 400}
            tasks.publish(kwargs["table_id"], kwargs["seat"], {**base, "status": "started"})

    monkeypatch.setattr(hints, "send_task", send_task)
    return jobs


@pytest.mark.parametrize("say_started", [False, True], ids=["never-started", "died-searching"])
async def test_a_hint_without_a_worker_fails_and_frees_the_seat(
    dealt_table, settings, monkeypatch, say_started
):
    # Each case can only pass by its own clock: the queue's when the search never started,
    # the silence's (much shorter than the queue's here) when it started and went quiet.
    settings.HINT_QUEUE_TIMEOUT_S = 30 if say_started else 0.2
    settings.HINT_SILENCE_S = 0.5 if say_started else 30
    jobs = lost_worker(monkeypatch, say_started)
    t = dealt_table
    asking, other = await connect(t.id, t.tokens[0]), await connect(t.id, t.tokens[1])
    started = await ask(t.id, 0)
    assert started["status"] == "started" and len(jobs) == 1
    if say_started:
        assert (await next_hint(asking, 5))["status"] == "started"
    verdict = await next_hint(asking, timeout=hints.QUEUE_MARGIN_S + 5)
    assert verdict["hint_id"] == started["hint_id"]
    assert verdict["status"] == "failed" and "try again" in verdict["message"]
    assert await other.receive_nothing(timeout=0.3)  # another seat hears nothing of it
    # The seat's lock is free: asking again starts a new search instead of "busy".
    again = await ask(t.id, 0)
    assert again["status"] == "started" and again["hint_id"] != started["hint_id"]
    for communicator in (asking, other):
        await communicator.disconnect()


async def test_a_hint_that_ends_is_not_given_up_afterwards(dealt_table, embedded_worker, settings):
    settings.HINT_QUEUE_TIMEOUT_S = 0.2  # the clock started when it was queued runs out soon
    t = dealt_table
    asking = await connect(t.id, t.tokens[0])
    started = await ask(t.id, 0, budget_ms=200)
    while (message := await next_hint(asking, 30))["status"] not in hints.FINAL:
        pass
    assert message["status"] == "done" and message["hint_id"] == started["hint_id"]
    assert await asking.receive_nothing(timeout=hints.QUEUE_MARGIN_S + 1)
    await asking.disconnect()


def test_abandon_prefers_a_stored_answer_and_frees_only_its_own_lock():
    hint = {"hint_id": "abc", "seq": 7, "budget_ms": 500, "status": "progress"}
    cache.set(hints.lock_key("T", 1), "someone-else")
    verdict = hints.abandon("T", 1, hint)
    assert verdict["status"] == "failed" and verdict["hint_id"] == "abc"
    assert cache.get(hints.lock_key("T", 1)) == "someone-else"
    cache.set(hints.lock_key("T", 1), "abc")
    hints.abandon("T", 1, hint)
    assert cache.get(hints.lock_key("T", 1)) is None
    answer = {**hint, "status": "done", "choices": []}
    cache.set(hints.result_key("T", 7, 1), answer)
    assert hints.abandon("T", 1, hint) == answer  # the answer came; only its message was lost


def test_patience_per_status(settings):
    settings.HINT_QUEUE_TIMEOUT_S, settings.HINT_SILENCE_S = 30, 10
    assert hints.patience({"status": "queued"}) == 30 + hints.QUEUE_MARGIN_S
    assert hints.patience({"status": "started"}) == hints.patience({"status": "progress"}) == 10
    assert all(hints.patience({"status": s}) is None for s in hints.FINAL)
