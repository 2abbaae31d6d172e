"""The play transaction's statements (companion/tables/table_rows.py) give the same rows and
model instances the ORM gives. Runs on SQLite here and on PostgreSQL in the second pass
(tests/tables/test_concurrency.py calls ``same_as_the_orm``)."""

import pytest
from django.db import connection, transaction
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext

from companion.tables import table_rows
from companion.tables.models import CoachSwitch, Event, Table

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

    saved = []

    def receiver(sender, instance, created, **kwargs):
        saved.append((instance, created))

    post_save.connect(receiver, sender=Event)
    try:
        with transaction.atomic():
            mine.seq += 1
            event = table_rows.append_event(mine, mine.seq, "action", {"action": "x", "n": [1]},
                                            2, None)
            mine.snapshot = {"changed": True}
            table_rows.save_progress(mine)
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


def test_a_play_reads_and_writes_with_four_statements(dealt_table):
    """The locked row, its seats, the event, the row's new seq (no coach query, no more)."""
    t = dealt_table
    seq = t.seq()
    with CaptureQueriesContext(connection) as queries:
        answer = t.call("post", "/plays?state=0", {"action": "1 K", "expected_seq": seq},
                        t.tokens[0])
        assert answer.status_code == 201
    statements = [q["sql"].split()[0] for q in queries.captured_queries
                  if not q["sql"].startswith(("SAVEPOINT", "RELEASE", "BEGIN", "COMMIT"))]
    assert statements == ["SELECT", "SELECT", "INSERT", "UPDATE"], [
        q["sql"][-150:] for q in queries.captured_queries]
