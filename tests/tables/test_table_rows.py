"""The play transaction's statements (companion/tables/play/table_rows.py) give the same rows and
model instances the ORM gives. Runs on SQLite here and on PostgreSQL in the second pass
(tests/tables/test_concurrency.py calls ``same_as_the_orm``)."""

import pytest
from django.db import connection, transaction
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext

from companion.tables.models import CoachSwitch, Event, HintLog, Seat, Table
from companion.tables.play import realtime, services, table_rows

pytestmark = pytest.mark.django_db


def same_as_the_orm(table_id: str) -> None:
    orm = Table.objects.prefetch_related("seats").get(id=table_id)
    with transaction.atomic():
        mine = table_rows.read_table(table_id, lock=True)
    fields = [f.attname for f in Table._meta.concrete_fields]
    assert {f: getattr(mine, f) for f in fields} == {f: getattr(orm, f) for f in fields}
    assert mine.snapshot and isinstance(mine.snapshot, dict)  # JSON decoded, not text
    with CaptureQueriesContext(connection) as queries:
        seats = list(mine.seats.all())
        assert all(seat.table is mine for seat in seats)
    assert not queries.captured_queries  # the seats came with the row
    seat_fields = [f.attname for f in seats[0]._meta.concrete_fields]
    assert [[getattr(s, f) for f in seat_fields] for s in seats] == [
        [getattr(s, f) for f in seat_fields] for s in orm.seats.all()
    ]
    assert [s.index for s in seats] == sorted(s.index for s in seats)
    assert mine.coach_on is CoachSwitch.objects.filter(table_id=table_id, on=True).exists()
    assert mine.hint_asked is HintLog.objects.filter(table_id=table_id, seq=orm.seq).exists()

    saved = []

    def receiver(sender, instance, created, **kwargs):
        saved.append((instance, created))

    post_save.connect(receiver, sender=Event)
    try:
        with transaction.atomic():
            mine.seq += 1
            mine.snapshot = {"changed": True}
            event = table_rows.append_event(mine, "action", {"action": "x", "n": [1]}, 2, None)
    finally:
        post_save.disconnect(receiver, sender=Event)
    assert saved == [(event, True)] and event.table is mine
    stored = Event.objects.get(id=event.id)
    assert (stored.table_id, stored.seq, stored.kind, stored.payload, stored.seat,
            stored.private_to, stored.created_at) == (
        mine.id, mine.seq, "action", {"action": "x", "n": [1]}, 2, None, event.created_at)
    row = Table.objects.get(id=table_id)
    assert (row.seq, row.snapshot, row.updated_at) == (mine.seq, {"changed": True},
                                                       mine.updated_at)


def test_the_statements_give_what_the_orm_gives(api_table):
    same_as_the_orm(api_table.id)


def test_the_row_tells_whether_a_seat_has_the_coach_on(api_table):
    assert table_rows.read_table(api_table.id).coach_on is False
    CoachSwitch.objects.create(table_id=api_table.id, seat=1, on=False)
    assert table_rows.read_table(api_table.id).coach_on is False
    CoachSwitch.objects.create(table_id=api_table.id, seat=2, on=True)
    assert table_rows.read_table(api_table.id).coach_on is True
    same_as_the_orm(api_table.id)


def test_no_such_table():
    assert table_rows.read_table("nosuchtable") is None


def _verb(logged: str) -> str:
    """The statement's first word as Django's query log shows it (a prepared statement is
    logged as ``QUERY = '…' - PARAMS = …``)."""
    if logged.startswith("QUERY = "):
        logged = logged[len("QUERY = ") + 1:]
    return logged.split()[0]


def a_play_reads_and_writes_with_two_statements_on_postgresql(dealt_table) -> None:
    """The locked row with its seats, then the event with the row's new seq (no coach query,
    no hint mark, no more): two statements on PostgreSQL, and the event's insert apart
    elsewhere."""
    t = dealt_table
    seq = t.seq()
    with CaptureQueriesContext(connection) as queries:
        answer = t.call("post", "/plays?state=0", {"action": "1 K", "expected_seq": seq},
                        t.tokens[0])
        assert answer.status_code == 201
    statements = [_verb(q["sql"]) for q in queries.captured_queries
                  if not q["sql"].startswith(("SAVEPOINT", "RELEASE", "BEGIN", "COMMIT"))]
    expected = ["SELECT", "WITH"] if connection.vendor == "postgresql" else [
        "SELECT", "INSERT", "UPDATE"]
    assert statements == expected, [
        q["sql"][-150:] for q in queries.captured_queries]
    if connection.vendor == "postgresql":  # both prepared on the connection, planned once
        services.record_action(t.id, services.Actor(1, False), "1 K", t.seq())
        with connection.cursor() as cursor:  # the same connection (no request ended it)
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            prepared = [row[0] for row in cursor.fetchall()]
        # the read (locked or not) and the write (one per set of parameter types: a seat or
        # none, a private entry or not); nothing of Django's own, which binds on the client
        assert {p.split()[0] for p in prepared} == {"SELECT", "WITH"}, prepared
        assert all(p.startswith((f'SELECT "{Table._meta.db_table}"', "WITH e AS (INSERT"))
                   for p in prepared), prepared


def test_a_play_reads_and_writes_with_few_statements(dealt_table):
    a_play_reads_and_writes_with_two_statements_on_postgresql(dealt_table)


def test_the_row_tells_whether_a_hint_was_asked_at_its_seq(api_table):
    assert table_rows.read_table(api_table.id).hint_asked is False
    HintLog.objects.create(table_id=api_table.id, seat=0, seq=api_table.seq() + 1)  # not yet
    assert table_rows.read_table(api_table.id).hint_asked is False
    HintLog.objects.create(table_id=api_table.id, seat=1, seq=api_table.seq())
    assert table_rows.read_table(api_table.id).hint_asked is True
    same_as_the_orm(api_table.id)


def test_a_table_without_seats_is_read_with_none():
    table = Table.objects.create(game="dog", config={}, host_token_hash="x", snapshot={"a": 1})
    mine = table_rows.read_table(table.id)
    assert mine is not None and mine.id == table.id and list(mine.seats.all()) == []
    Seat.objects.create(table=table, index=0, name="Ann", colour="red")
    assert [s.name for s in table_rows.read_table(table.id).seats.all()] == ["Ann"]


def test_a_play_stops_a_search_only_where_a_hint_was_asked(
    dealt_table, monkeypatch, django_capture_on_commit_callbacks
):
    """The hint-cancellation mark (a Redis command) is written by the play that leaves a
    position a seat asked a hint at, and by no other play."""
    marked = []
    monkeypatch.setattr(realtime, "note_table_seq", lambda table_id, seq: marked.append(seq))
    t = dealt_table

    def play(action: str, token: str) -> int:
        with django_capture_on_commit_callbacks(execute=True):
            answer = t.call("post", "/plays?state=0",
                            {"action": action, "expected_seq": t.seq()}, token)
        assert answer.status_code == 201, answer.content
        return answer.json()["seq"]

    play("1 K", t.tokens[0])
    assert marked == []
    HintLog.objects.create(table_id=t.id, seat=1, seq=t.seq())  # as services.request_hint logs
    seq = play("1 K", t.tokens[1])
    assert marked == [seq]
    play("13 K", t.tokens[2])
    assert marked == [seq]
