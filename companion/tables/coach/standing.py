"""Which of a seat's coach reviews still stand: the log's one reading decides (issue #36).

A review is of one play at one seq. It stands while that play counts in the log's one reading
(``event_log.effective_events`` of the cached log): not taken back, not corrected into another
play, and entered by the seat itself (not by the scribe for it: issue #30's tally, #27's
authors); a review the coach dropped (too busy) is no review. The coach box (its last review
and its count), the reviews page, the labels in the seat's history and replay, and the summary
all read `standing`, so the count is the list's length and a corrected or undone play's review
goes with the play.
"""

from __future__ import annotations

from companion.tables.models import CoachReview, Event, Table
from companion.tables.play.event_log import effective_events
from companion.tables.play.state_cache import load_events


def standing(table: Table, seat: int) -> list[CoachReview]:
    """The seat's standing reviews at the table's seq, in the order of play."""
    events = load_events(table)
    own = {item.event.seq: item.action for item in effective_events(events)
           if item.event.seat == seat}
    if not own:
        return []
    corrected = {e.payload.get("replaces") for e in events if e.kind == Event.Kind.CORRECT}
    return [
        review
        for review in CoachReview.objects.filter(table=table, seat=seat, seq__in=list(own))
        .exclude(label=CoachReview.Label.DROPPED)
        .order_by("seq")
        # a review made after the correction judged the corrected play: it stands
        if review.seq not in corrected or own[review.seq] == review.played
    ]


def standing_seqs(table: Table, seat: int) -> set[int]:
    """The seqs of the seat's `standing` reviews."""
    return {review.seq for review in standing(table, seat)}
