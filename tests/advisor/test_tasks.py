"""Hints through the real embedded path: service → Celery task on the in-process worker →
ISMCTS on the seat's view → channel layer → the asking seat's websocket, and nobody else's."""

import json

import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache

from companion.advisor import hints
from companion.engines import get_game
from companion.tables.errors import TableError
from companion.tables.models import HintLog, Table
from companion.tables.play import seating, services

from .hint_helpers import ask, connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("clear_cache")]


async def hint_messages(communicator, until=("done", "failed", "cancelled")) -> list[dict]:
    messages = []
    while True:
        message = json.loads(await communicator.receive_from(timeout=10))
        if message["type"] != "hint":
            continue
        messages.append(message)
        if message["status"] in until:
            return messages


@database_sync_to_async
def play(table_id: str, seat: int, text: str) -> None:
    seq = Table.objects.get(id=table_id).seq
    services.record_action(table_id, services.Actor(seat, False), text, seq)


@database_sync_to_async
def position(table_id: str):
    return services.load_state(Table.objects.get(id=table_id))


async def test_hint_streams_to_the_asking_seat_only(dealt_table, embedded_worker, settings):
    # a report every 10 ms: a search of at least 100 ms (tasks.MIN_SEARCH_S) always sends one
    settings.HINT_PROGRESS_S = 0.01
    t = dealt_table
    asking, other, partner = [await connect(t.id, t.tokens[i]) for i in (0, 1, 2)]
    started = await ask(t.id, 0)
    assert started["status"] == "started"
    messages = await hint_messages(asking)
    statuses = [m["status"] for m in messages]
    assert statuses[0] == "started" and statuses[-1] == "done"
    assert "progress" in statuses
    done = messages[-1]
    assert 1 <= len(done["choices"]) <= 3 and done["iterations"] > 0
    game = get_game("dog")
    state = await position(t.id)
    for choice in done["choices"]:
        action = game.parse_action(state, choice["action"])
        assert game.check(state, action) == []
        assert 0 <= choice["win"] <= 1 and 0 < choice["share"] <= 1
        assert choice["reason"]
    # each share is rounded to 3 decimals: half a thousandth of slack per choice
    assert sum(c["share"] for c in done["choices"]) <= 1 + 0.0005 * len(done["choices"]) + 1e-9
    for communicator in (other, partner):
        assert await communicator.receive_nothing(timeout=0.3)
    # The same position again: answered from the cache at once, with the same suggestion.
    again = await ask(t.id, 0)
    assert again["status"] == "cached" and again["hint"]["choices"] == done["choices"]
    for communicator in (asking, other, partner):
        await communicator.disconnect()


async def test_hint_is_cancelled_when_the_table_moves_on(dealt_table, embedded_worker):
    t = dealt_table
    asking = await connect(t.id, t.tokens[0])
    await ask(t.id, 0, budget_ms=4000)
    first = json.loads(await asking.receive_from(timeout=5))
    assert first["type"] == "hint" and first["status"] == "started"
    await play(t.id, 0, "1 K")
    messages = await hint_messages(asking)
    assert messages[-1]["status"] == "cancelled"
    assert "moved on" in messages[-1]["message"]
    await asking.disconnect()


@database_sync_to_async
def refused(table_id: str, seat: int, budget_ms: int = 2000) -> tuple[int, str]:
    try:
        services.request_hint(table_id, services.Actor(seat, False), budget_ms)
    except TableError as exc:
        return exc.status, exc.code
    return 0, "started"


async def test_one_search_per_seat_and_rate_limits(dealt_table, settings, monkeypatch):
    # The limits' logic, with the broker taking the tasks and no worker running them: no
    # search can end (and free its seat or leave an answer) in the middle of the test.
    sent: list[str] = []
    monkeypatch.setattr(hints, "send_task", lambda name, kwargs, **_: sent.append(name))
    t = dealt_table
    assert await refused(t.id, 0) == (0, "started")
    assert await refused(t.id, 0) == (409, "busy")
    assert await refused(t.id, 1) == (409, "not_your_turn")
    assert await refused(t.id, 0, budget_ms=10) == (400, "bad_budget")
    cache.clear()
    settings.HINT_RATE_PER_SEAT = 1
    assert await refused(t.id, 0, budget_ms=200) == (0, "started")
    cache.delete(f"hint:lock:{t.id}:0")
    assert await refused(t.id, 0, budget_ms=200) == (429, "rate_seat")
    settings.HINT_RATE_PER_SEAT, settings.HINT_RATE_PER_TABLE = 10, 2
    cache.clear()
    for _ in range(2):
        assert await refused(t.id, 0, budget_ms=200) == (0, "started")
        cache.delete(f"hint:lock:{t.id}:0")
    assert await refused(t.id, 0, budget_ms=200) == (429, "rate_table")
    assert sent == [hints.SUGGEST_TASK] * 4
    # the hints got are logged (the summary counts them; the next play reads them), the
    # refused ones are not
    logged = await database_sync_to_async(HintLog.objects.filter(table_id=t.id).count)()
    assert logged == 4


async def test_no_hint_without_the_own_hand_or_a_seat(api_table, embedded_worker):
    t = api_table
    table = await database_sync_to_async(Table.objects.get)(id=t.id)
    await database_sync_to_async(services.record_action)(
        t.id, services.Actor(None, True), "deal", table.seq
    )
    assert await refused(t.id, 0) == (409, "hand_unknown")

    @database_sync_to_async
    def as_host():
        try:
            services.request_hint(t.id, services.Actor(None, True), 500)
        except TableError as exc:
            return exc.status, exc.code

    assert await as_host() == (403, "not_a_seat")


async def test_root_parallel_shards_are_merged(dealt_table, embedded_worker, settings):
    settings.HINT_SHARDS = 3
    settings.HINT_SHARD_GRACE_S = 30  # the merge's logic: it waits for every shard here
    t = dealt_table
    asking = await connect(t.id, t.tokens[0])
    await ask(t.id, 0, budget_ms=400)
    done = (await hint_messages(asking))[-1]
    assert done["status"] == "done" and done["shards"] == 3
    await asking.disconnect()


@database_sync_to_async
def life_table() -> tuple[str, list[str]]:
    table, _ = services.create_table("lifeislife", {"players": 3}, ["Tim", "Mia", "Lino"])
    tokens = [seating.claim_seat(table.id, seat).token for seat in range(3)]
    host_actor = services.Actor(None, True)
    services.record_action(
        table.id, host_actor, "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep", 0
    )
    services.record_action(
        table.id, services.Actor(0, False), "hand 0 giraffe*3,bear*2,mole,goat,sheep,dog,cat", 1
    )
    return table.id, tokens


async def test_life_is_life_hint(embedded_worker):
    table_id, tokens = await life_table()
    asking = await connect(table_id, tokens[0])
    other = await connect(table_id, tokens[1])
    await ask(table_id, 0, budget_ms=400)
    done = (await hint_messages(asking))[-1]
    assert done["status"] == "done" and done["choices"]
    game = get_game("lifeislife")
    state = await position(table_id)
    for choice in done["choices"]:
        assert game.check(state, game.parse_action(state, choice["action"])) == []
        assert choice["reason"].startswith("takes ")
        assert 0.0 <= choice["outcome"] <= 1.0  # the chance to survive the round
    assert await other.receive_nothing(timeout=0.3)
    await asking.disconnect()
    await other.disconnect()


def test_the_hint_box_shows_the_chance_to_survive_the_round() -> None:
    from django.template.loader import render_to_string

    from companion.tables.pages.rendering import PAGE, hint_context

    table, _ = services.create_table("lifeislife", {"players": 3}, ["Tim", "Mia", "Lino"])
    hint = {"status": "done", "seq": 2, "budget_ms": 500, "elapsed_ms": 500, "iterations": 900,
            "choices": [{"action": "knock", "share": 0.6, "win": 0.41, "outcome": 0.724,
                         "reason": "ends the round"}]}
    html = render_to_string(f"{PAGE}#hint", {"table": table, "hint": hint_context(hint, table)})
    assert "survives the round ≈ 72%" in html and "win ≈ 41%" in html
