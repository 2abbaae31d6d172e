"""The per-process caches behind the live pushes (state, event log, table row per seq): a play
fills them without queries, a rolled-back play leaves nothing in them, and a claimed seat
(which keeps the seq) reaches every phone anyway."""

import json
import threading
import time

import pytest
from channels.db import database_sync_to_async
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from companion.tables.models import Table
from companion.tables.play import seating, selectors, services, state_cache

from .test_consumers import connect, play, receive_state


@pytest.mark.django_db(transaction=True)  # the caches are filled when the play commits
def test_a_play_leaves_its_events_and_state_cached_for_the_pushes(dealt_table):
    t = dealt_table
    table = Table.objects.get(id=t.id)
    selectors.history(table, 0)  # the log up to now is cached, as after any push
    seq = services.record_action(t.id, services.Actor(0, False), "1 K", table.seq).event.seq
    table = Table.objects.get(id=t.id)
    with CaptureQueriesContext(connection) as queries:
        lines = selectors.history(table, 1)
        state_cache.load_state(table)
    assert not queries.captured_queries
    assert lines[-1]["seq"] == seq and lines[-1]["text"] == "1 K"
    assert [line["seq"] for line in lines] == list(range(1, seq + 1))


@pytest.mark.django_db(transaction=True)
def test_a_new_seq_reads_only_the_events_after_the_cached_ones(dealt_table):
    t = dealt_table
    table = Table.objects.get(id=t.id)
    selectors.history(table, 0)  # this process pushed the position so far
    pushed = state_cache._events[(t.id, table.seq)]
    for seat in (0, 1):
        current = Table.objects.get(id=t.id)
        services.record_action(t.id, services.Actor(seat, False), "1 K", current.seq)
    # ...and the two plays were recorded by another process: this one never saw them
    state_cache._events.pop((t.id, table.seq + 1))
    state_cache._events.pop((t.id, table.seq + 2))
    state_cache._events[(t.id, table.seq)] = pushed
    state_cache._newest_events[t.id] = table.seq
    table = Table.objects.get(id=t.id)
    with CaptureQueriesContext(connection) as queries:
        lines = selectors.history(table, 0)
    [query] = queries.captured_queries
    assert f'"tables_event"."seq" > {table.seq - 2}' in query["sql"]
    assert [line["seq"] for line in lines] == list(range(1, table.seq + 1))
    assert [line["text"] for line in lines[-2:]] == ["1 K", "1 K"]


@pytest.mark.django_db(transaction=True)
def test_a_table_keeps_the_log_and_row_of_its_last_two_seqs_only(dealt_table):
    """Older seqs are not asked for again; kept, they were half of a busy process's tracked
    objects (every full collection walks them)."""
    t = dealt_table
    first = Table.objects.get(id=t.id).seq
    for seat, action in enumerate(["1 K", "1 K", "13 K", "1 K"]):
        current = Table.objects.get(id=t.id)
        selectors.history(current, 0)
        services.record_action(t.id, services.Actor(seat, False), action, current.seq)
    table = Table.objects.get(id=t.id)
    assert table.seq == first + 4
    assert sorted(s for (i, s) in state_cache._events if i == t.id) == [table.seq - 1, table.seq]
    assert sorted(s for (i, s) in state_cache._tables if i == t.id) == [table.seq - 1, table.seq]
    with CaptureQueriesContext(connection) as queries:
        lines = selectors.history(table, 0)
    assert not queries.captured_queries
    assert [line["seq"] for line in lines] == list(range(1, table.seq + 1))


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_play_leaves_nothing_in_the_caches(dealt_table):
    t = dealt_table
    table = Table.objects.get(id=t.id)
    selectors.history(table, 0)
    next_seq = table.seq + 1
    with pytest.raises(RuntimeError), transaction.atomic():
        services.record_action(t.id, services.Actor(0, False), "1 K", table.seq)
        raise RuntimeError("the commit fails")  # as when the database drops at COMMIT
    assert state_cache._cache.get((t.id, next_seq)) is None
    assert state_cache._events.get((t.id, next_seq)) is None
    # the seq is free again: another play takes it, and the caches hold that one
    services.record_action(t.id, services.Actor(0, False), "13 K", table.seq)
    table = Table.objects.get(id=t.id)
    assert selectors.history(table, 0)[-1]["text"] == "13 K"
    assert state_cache.load_state(table).figures[0].count(0) == 1


@pytest.mark.django_db(transaction=True)
async def test_a_claimed_seat_reaches_the_phones_although_the_seq_stays():
    table, _host = await database_sync_to_async(services.create_table)(
        "dog", {"seats": 4}, ["Ann", "Ben", "Cid", "Dan"])
    token = (await database_sync_to_async(seating.claim_seat)(table.id, 0)).token
    phone = await connect(table.id, token)
    first = await receive_state(phone)
    assert [s["claimed"] for s in first["seats"]] == [True, False, False, False]
    await database_sync_to_async(seating.claim_seat)(table.id, 2, "Zoe")
    pushed = await receive_state(phone)
    assert pushed["seq"] == first["seq"]
    assert [s["claimed"] for s in pushed["seats"]] == [True, False, True, False]
    assert pushed["seats"][2]["name"] == "Zoe"
    # the next play's push reads the table again: the new seats stay
    seq = await play(table.id, None, "deal")
    state = await receive_state(phone)
    assert state["seq"] == seq and state["seats"][2]["name"] == "Zoe"
    assert json.dumps(state).count("Zoe") == 1
    await phone.disconnect()


def test_phones_rendering_the_same_seq_side_by_side_load_the_row_once():
    loads = []
    release = threading.Event()

    class Row:
        id, seq = "side-by-side", 7

    def load():
        loads.append(1)
        release.wait(2)  # the other phones ask meanwhile
        return Row()

    got: list = []
    threads = [threading.Thread(target=lambda: got.append(state_cache.table_at("side-by-side", 7,
                                                                                load)))
               for _ in range(4)]
    for t in threads:
        t.start()
    time.sleep(0.2)
    release.set()
    for t in threads:
        t.join()
    assert len(loads) == 1 and len(got) == 4 and len({id(row) for row in got}) == 1
    assert state_cache.table_at("side-by-side", 7, load) is got[0]  # and it stays cached
    assert len(loads) == 1


@pytest.mark.django_db(transaction=True)
def test_a_replay_remembers_the_log_it_read_only_once_its_transaction_commits(dealt_table):
    """An undo or a correction replays inside its transaction: the events it read are cached
    for the next phones only when that transaction commits."""
    from companion.tables.play import event_log

    t = dealt_table
    state_cache.clear()
    with pytest.raises(RuntimeError), transaction.atomic():
        table = Table.objects.select_for_update().get(id=t.id)
        event_log.replay_log(table)
        raise RuntimeError("rolled back")
    assert (t.id, table.seq) not in state_cache._events
    with transaction.atomic():
        table = Table.objects.select_for_update().get(id=t.id)
        state = event_log.replay_log(table)
        assert (t.id, table.seq) not in state_cache._events
    assert [e.seq for e in state_cache._events[(t.id, table.seq)].events] == list(
        range(1, table.seq + 1)
    )
    assert state == state_cache.load_state(table)  # the replay agrees with the snapshot


@pytest.mark.django_db(transaction=True)
def test_another_process_renders_a_play_from_its_announcement_without_a_query(
    dealt_table, monkeypatch
):
    """The announcement of a play carries the committed row and event (`state_cache.news`): a
    web process that holds the table at the seq before builds the new seq from it, and every
    phone's push — JSON and page, seated or not — then reads nothing from the database, with
    the same text as a push rendered from the database."""
    from companion.tables.live import pushes as live
    from companion.tables.play import realtime

    t = dealt_table
    sent: list[dict] = []
    monkeypatch.setattr(realtime, "group_send_sync", lambda group, message: sent.append(message))
    views = [(fmt, seat) for fmt in ("json", "html") for seat in (0, 1, None)]

    def load() -> Table:
        return Table.objects.prefetch_related("seats").get(id=t.id)

    def base_frames(before: Table) -> None:
        """What this process pushed at the seq before (its phones' last frames)."""
        state_cache.remember_table(before)
        for fmt, seat in views:
            actor = services.Actor(seat, False) if seat is not None else None
            live.frame(before, actor, live.View.of(t.id, fmt, actor, "en"))

    def pushes(seq: int, base: int) -> list[dict]:
        table = state_cache.table_at(t.id, seq, load)
        out = []
        for fmt, seat in views:
            actor = services.Actor(seat, False) if seat is not None else None
            view = live.View.of(t.id, fmt, actor, "en")
            out.append(json.loads(live.delta(table, actor, view, base)))
        return out

    before = load()
    base_frames(before)
    seq = services.record_action(t.id, services.Actor(0, False), "1 K", before.seq).event.seq
    [message] = sent
    assert message["seq"] == seq and message["news"]["event"]["seq"] == seq
    # another process: it never saw the play's commit, only its announcement (through Redis)
    for cache in (state_cache._tables, state_cache._events, state_cache._cache):
        cache.pop((t.id, seq))
    state_cache._newest_events[t.id] = before.seq
    state_cache.absorb(t.id, seq, json.loads(json.dumps(message["news"])))
    with CaptureQueriesContext(connection) as queries:
        absorbed = pushes(seq, before.seq)
    assert not queries.captured_queries

    state_cache.clear()
    live.forget(t.id)
    base_frames(before)
    assert pushes(seq, before.seq) == absorbed  # as rendered from the database
    assert all(push["seq"] == seq and push["base"] == before.seq for push in absorbed)


@pytest.mark.django_db(transaction=True)
async def test_a_json_phone_gets_a_play_rendered_on_the_loop_or_else_in_a_thread(
    dealt_table, monkeypatch
):
    """With the row, log and state of the new seq in the process's caches (the play was
    recorded here, or its announcement brought them), a JSON phone's delta is rendered on the
    event loop (no thread hop). When they are not there the render would read the database,
    which Django refuses on the loop: it runs in a thread then, and the phone gets the same."""
    from companion.tables.live import consumers
    from companion.tables.live import pushes as live
    from companion.tables.play import realtime

    t = dealt_table
    threaded: list[tuple] = []
    in_thread = consumers.TableConsumer.__dict__["_render"]  # the unbound SyncToAsync

    async def counted(self, *args):
        threaded.append(args)
        return await in_thread(self, *args)

    monkeypatch.setattr(consumers.TableConsumer, "_render", counted)
    phone = await connect(t.id, t.tokens[1])
    first = await receive_state(phone)
    threaded.clear()

    seq = await play(t.id, 0, "1 K")
    warm = await receive_state(phone)
    assert warm["seq"] == seq and phone.last["type"] == "delta"
    assert threaded == []  # rendered on the loop

    send = realtime.group_send_sync

    def cold(group, message):  # as if another process had recorded it, its message lost
        state_cache.clear()
        live.forget(t.id)
        message = {k: v for k, v in message.items() if k != "news"}
        send(group, message)

    monkeypatch.setattr(realtime, "group_send_sync", cold)
    seq = await play(t.id, 1, "1 K")
    state = await receive_state(phone)
    assert state["seq"] == seq and len(threaded) == 1  # in a thread, from the database
    assert state["history"][-1]["seq"] == seq and first["seq"] < warm["seq"] < seq
    await phone.disconnect()


def test_a_render_on_the_event_loop_never_waits_for_another_thread():
    """SingleFlight: a follower on an event loop makes the thing itself instead of blocking the
    loop until the leading thread is done."""
    import asyncio

    from companion.tables.play.single_flight import SingleFlight

    flights = SingleFlight(wait_s=30)
    started, release = threading.Event(), threading.Event()

    def slow():
        started.set()
        release.wait(30)
        return "from the thread"

    leader = threading.Thread(target=lambda: flights.run("k", lambda: None, slow))
    leader.start()
    started.wait(5)

    async def on_the_loop():
        return flights.run("k", lambda: None, lambda: "made on the loop")

    got: list = []  # on a thread of its own: Playwright may hold the main thread's loop
    runner = threading.Thread(target=lambda: got.append(asyncio.run(on_the_loop())))
    try:
        runner.start()
        runner.join(10)
        assert got == ["made on the loop"]
    finally:
        release.set()
        leader.join()
