"""A loaded record's history names who entered a line only where the record says someone did
for another: the hands a table showed at a round's end (``"shown": true``; records made before
every player showed its own named the seat whose play ended the round) say no "entered by"."""

from __future__ import annotations

import json

import pytest

from companion.tables.models import Table
from companion.tables.play import selectors
from companion.tables.play.history_words import history_words
from companion.tables.records.record import build_record, load_record

from .test_presenter_result import play_round_one

pytestmark = pytest.mark.django_db


def _said(table: Table) -> list[str]:
    return [f"{line['who']} {line['text']}"
            for line in history_words(table, selectors.history(table, None), None)]


def test_hands_shown_at_the_round_end_are_not_entered_by_the_last_mover(client):
    table, _phones = play_round_one(client)
    record = build_record(Table.objects.get(id=table.id), None)
    shows = [e for e in record["events"] if e["action"].startswith("hand ")]
    assert len(shows) == 3
    for event in shows:  # as records made before 2026-11 held them: by Lino, who ended it
        event["shown"], event["by_seat"] = True, 2
    mia_swaps = next(e for e in record["events"] if e["action"] == "swap 1: hare")
    mia_swaps["by_seat"] = 0  # Tim entered Mia's play for her: that is said
    loaded, _ = load_record(json.loads(json.dumps(record)))
    said = _said(loaded)
    hands = [line for line in said if "hand" in line and "row" not in line]
    assert len(hands) == 3 and all(line.split()[0] in ("Tim", "Mia", "Lino") for line in hands)
    assert not [line for line in hands if "entered by" in line], hands
    assert [line for line in said if "entered by" in line] == [
        "Mia (blue) takes row 1, laying down hare (entered by Tim)"
    ]
    # the loaded shows are the table's: nobody's entries
    assert set(loaded.events.filter(payload__shown=True).values_list("seat", flat=True)) == {None}
