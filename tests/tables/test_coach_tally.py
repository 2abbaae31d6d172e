"""The coach's tally counts the learner's own decisions only (issues #27 and #30): not a play
taken back, not a play the scribe entered for the seat."""

from __future__ import annotations

import pytest

from companion.tables.coach import reviews as coach
from companion.tables.models import CoachReview, Table
from companion.tables.play import services

pytestmark = pytest.mark.django_db


def _reviewed(table: Table, seq: int, seat: int, played: str) -> None:
    CoachReview.objects.create(table=table, seat=seat, seq=seq, played=played, best=played,
                               label=CoachReview.Label.GOOD)


def test_the_tally_counts_own_decisions_that_still_count(dealt_table):
    t = dealt_table
    table = Table.objects.get(id=t.id)
    ann = services.Actor(0, False)
    host = services.Actor(None, True)
    own = services.record_action(t.id, ann, "1 K", t.seq())  # Ann's own: counts
    _reviewed(table, own.event.seq, 0, "1 K")
    for seat, text in ((1, "1 K"), (2, "13 K"), (3, "1 K")):
        services.record_action(t.id, services.Actor(seat, False), text, t.seq())
    taken_back = services.record_action(t.id, ann, "4 T0-T4", t.seq())
    _reviewed(table, taken_back.event.seq, 0, "4 T0-T4")
    services.undo(t.id, ann, t.seq())  # taken back: not counted
    by_scribe = services.record_action(t.id, host, "4 T0-T4", t.seq())
    _reviewed(table, by_scribe.event.seq, 0, "4 T0-T4")  # the scribe's entry: not counted
    assert coach.tally(Table.objects.get(id=t.id), 0)["reviewed"] == 1
