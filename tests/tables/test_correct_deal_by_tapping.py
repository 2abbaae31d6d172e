"""Life is Life's deal corrected without notation (issue #28): the deal's line is tapped in the
history, "It was the deal" opens the rows' animals, and the 10 animals are tapped row by row
(the one of row 1, the 2 of row 2, …) into the card faces' slots; the correction composes the
deal's notation from them (games/lifeislife/deal_taps.py)."""

from __future__ import annotations

import re

import pytest

from companion.tables.models import Event, Table
from tests.games.lifeislife.test_entry import ROWS, Phone, enter_hands, lay_rows, new_table

from .test_correct_by_tapping import _correct, _form, _history

pytestmark = pytest.mark.django_db

#: the rows as they really lay: row 1's giraffe and row 2's mole the other way round
REAL_ROWS = [
    ["mole"], ["giraffe", "bear"], ["pig", "pig", "cat"], ["mouse", "dog", "goat", "sheep"],
]


def _slots(rows: list[list[str]]) -> dict[str, str]:
    return {f"card{i}": animal for i, animal in enumerate(a for row in rows for a in row)}


def _deal_seq(table_id: str) -> int:
    for event in Event.objects.filter(table_id=table_id).order_by("seq"):
        if str(event.payload.get("action", "")).startswith("deal rows"):
            return event.seq
    raise AssertionError("no deal entry")


def test_the_correction_offers_the_rows_palette(client):
    table = new_table(client)
    lay_rows(Phone(table, client=client))
    form = _form(client.get(f"/t/{table.id}/").content.decode())
    deal = re.search(r'<details class="referee-deal".*?</details>', form, re.S)
    assert deal, "no deal palette in the correction"
    part = deal.group(0)
    # ten slots, row by row, and one face per animal with its copies in the deck
    assert [int(n) for n in re.findall(r'name="card(\d+)"', part)] == list(range(10))
    assert 'data-output="slots"' in part and 'data-size="10"' in part
    assert 'data-card="giraffe"' in part and 'data-rows="1,2,3,4"' in part
    # resting until opened: the swap is what the form says by default
    assert re.search(r'<fieldset class="referee-deal-rows" disabled', part)
    assert 'name="compose" value="swap"' in form


def test_a_deal_corrected_by_tapping_the_rows(client):
    table = new_table(client)
    lay_rows(Phone(table, client=client))
    phones = [Phone(table, seat) for seat in range(3)]
    enter_hands(table, phones)
    tim = phones[0]
    deal = _deal_seq(table.id)
    # the host laid out the rows, so the host corrects them
    said = _correct(client, table.id, seq=str(deal), compose="deal", **_slots(REAL_ROWS))
    assert "ruling corrected" in said, re.sub(r"<[^>]+>", "", said)
    event = Event.objects.filter(table_id=table.id, kind=Event.Kind.CORRECT).get()
    action = event.payload["action"]
    assert action.startswith("deal rows "), action
    rows = [sorted(row.split(",")) for row in action.removeprefix("deal rows ").split("/")]
    assert rows == [sorted(row) for row in REAL_ROWS], action  # (the engine orders a row)
    # the history says it in words, never in notation
    history = _history(tim.client, table.id)
    assert "deal rows" not in history and "mole/" not in history


def test_a_deal_tapped_short_is_refused_in_words(client):
    table = new_table(client)
    lay_rows(Phone(table, client=client))
    before = Table.objects.get(id=table.id).seq
    slots = _slots(REAL_ROWS)
    del slots["card9"]  # row 4's last animal not tapped
    response = client.post(f"/t/{table.id}/correct", {
        "expected_seq": str(before), "seq": str(_deal_seq(table.id)), "compose": "deal", **slots,
    })
    text = re.sub(r"<[^>]+>", " ", response.content.decode())
    assert "choose the 4 animals of row 4" in text, text[:400]
    assert not Event.objects.filter(table_id=table.id, kind=Event.Kind.CORRECT).exists()


def test_the_entry_rows_still_compose_as_before(client):
    """The deal's own entry (row fields, not slots) is unchanged by the tapped slots."""
    from companion.games.lifeislife.presenter import PRESENTER

    fields = {f"row{len(row)}-{i}": a for row in ROWS for i, a in enumerate(row)}
    assert PRESENTER.compose("deal", fields) == (
        "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep"
    )
    assert PRESENTER.compose("deal", _slots(REAL_ROWS)).startswith("deal rows mole/giraffe,bear/")
