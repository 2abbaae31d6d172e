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


def test_the_box_the_list_and_the_labels_are_the_tallys_reviews(dealt_table):
    """Issue #36: the coach box's last review, the reviews page's list and the history's labels
    are the tally's own reviews (the log's one reading): a play taken back or corrected loses
    its review everywhere, and the count is the list's length."""
    t = dealt_table
    ann = services.Actor(0, False)
    coach.switch(Table.objects.get(id=t.id), 0, True)
    kept = services.record_action(t.id, ann, "1 K", t.seq())
    _reviewed(Table.objects.get(id=t.id), kept.event.seq, 0, "1 K")
    for seat, text in ((1, "1 K"), (2, "13 K"), (3, "1 K")):
        services.record_action(t.id, services.Actor(seat, False), text, t.seq())
    wrong = services.record_action(t.id, ann, "4 T0-T4", t.seq())
    _reviewed(Table.objects.get(id=t.id), wrong.event.seq, 0, "4 T0-T4")
    table = Table.objects.get(id=t.id)
    assert [r["seq"] for r in coach.reviews_of(table, 0)] == [kept.event.seq, wrong.event.seq]
    assert coach.panel_context(table, 0)["coach"]["last"]["seq"] == wrong.event.seq

    services.correct(t.id, ann, wrong.event.seq, "2 T0-T2", t.seq())  # it was another play
    table = Table.objects.get(id=t.id)
    box = coach.panel_context(table, 0)["coach"]
    listed = coach.reviews_of(table, 0)
    assert [r["seq"] for r in listed] == [kept.event.seq]
    assert box["tally"]["reviewed"] == len(listed) == 1
    assert box["last"]["seq"] == kept.event.seq  # not the corrected play's praise
    labels = coach.history_labels(table, 0, range(1, table.seq + 1), fresh=True)
    assert labels == {kept.event.seq: "good"}

