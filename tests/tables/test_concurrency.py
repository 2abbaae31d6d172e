"""Four phones submitting at the same instant: exactly one play per seq (real PostgreSQL).

Runs in the second pytest pass of `make test` (DATABASE_URL pointing at the local PostgreSQL),
where `select_for_update` really locks the table row.
"""

import threading

import pytest
from django.db import connection, connections

from companion.tables.errors import StaleSeq
from companion.tables.models import Event, Table
from companion.tables.play import services
from tests.tables.test_table_rows import (
    a_play_reads_and_writes_with_two_statements_on_postgresql,
    same_as_the_orm,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_runs_on_postgresql():
    assert connection.vendor == "postgresql"


def _submit(table_id, actor, action, seq, barrier, results, lock) -> None:
    try:
        barrier.wait()
        services.record_action(table_id, actor, action, seq)
        outcome = "recorded"
    except StaleSeq:
        outcome = "stale"
    finally:
        connections.close_all()
    with lock:
        results.append(outcome)


def test_four_threads_one_winner_per_seq(dealt_table):
    table_id = dealt_table.id
    host = services.Actor(None, True)
    plays = ["1 K", "1 K", "13 K", "1 K"]  # the seats' legal first plays, in turn
    for round_no, action in enumerate(plays):
        seq = Table.objects.get(id=table_id).seq
        barrier, lock, results = threading.Barrier(4), threading.Lock(), []
        threads = [
            threading.Thread(
                target=_submit, args=(table_id, host, action, seq, barrier, results, lock)
            )
            for _ in range(4)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(results) == ["recorded", "stale", "stale", "stale"], round_no
        assert Event.objects.filter(table_id=table_id, seq=seq + 1).count() == 1
    table = Table.objects.get(id=table_id)
    seqs = list(Event.objects.filter(table_id=table_id).values_list("seq", flat=True))
    assert seqs == list(range(1, table.seq + 1))  # no gap, no double
    assert services.replay(table) == services.load_state(table)


def test_the_play_statements_give_what_the_orm_gives_on_postgresql(api_table):
    same_as_the_orm(api_table.id)


def test_a_play_reads_and_writes_with_two_statements(dealt_table):
    a_play_reads_and_writes_with_two_statements_on_postgresql(dealt_table)
