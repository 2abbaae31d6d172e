"""Correct an earlier entry without notation (issue #28): the line is tapped in the history
(its number goes in the form), then what really happened is said as the referee is told: the
card, then the fields tapped on the board (DOG, HIT), or Life is Life's row and the animals
laid down. The correction form is the referee's compose, posted to the correction; typed
notation stays as the expert's way, folded."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion.tables.models import Event, Table
from companion.tables.tokens import cookie_name, cookie_value
from tests.games.hit import test_views as hit

from .test_presenter_result import Phone, enter_hands, lay_rows, new_table

pytestmark = pytest.mark.django_db


def _form(page: str) -> str:
    found = re.search(r'<form id="correct-form".*?</form>\s*</details>', page, re.S)
    assert found, "no correction form"
    return found.group(0)


def _correct(client: Client, table_id: str, **fields: str) -> str:
    seq = str(Table.objects.get(id=table_id).seq)
    response = client.post(f"/t/{table_id}/correct", {"expected_seq": seq, **fields})
    assert response.status_code == 200, response.content
    return response.content.decode()


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def _history(client: Client, table_id: str) -> str:
    page = client.get(f"/t/{table_id}/").content.decode()
    return _text(re.search(r'<section id="history".*?</section>', page, re.S).group(0))


def test_a_dog_play_corrected_by_its_card_and_taps(client, dealt_table):
    t = dealt_table
    client.cookies[cookie_name(t.id, "seat")] = cookie_value(t.id, t.tokens[0])
    assert t.play("1 K", t.tokens[0]).status_code == 201
    seq = t.seq()
    page = client.get(f"/t/{t.id}/").content.decode()
    form = _form(page)
    # the referee's compose: the cards, the joker's value, the board's taps; no number field
    assert 'name="card" value="13"' in form and 'name="taps"' in form and 'name="joker_as"' in form
    assert 'type="number"' not in form and "Entry number" not in page
    # the entry is chosen by tapping its line, or from a list in words (keyboards)
    assert re.search(rf'<option value="{seq}">#{seq} Ann \(red\) plays 1 / 11: a figure', form)
    # the history's line is what is tapped: it carries the entry's number
    assert re.search(rf'<li value="{seq}"', page)
    said = _correct(client, t.id, seq=str(seq), card="13", taps="K@0")
    assert "Entry #10 corrected: Play 13: a figure of Ann out of the kennel" in _text(said)
    event = Event.objects.filter(table_id=t.id, kind=Event.Kind.CORRECT).get()
    assert event.payload["replaces"] == seq and event.payload["action"] == "13 K"
    assert "Ann corrects #10: Ann (red) plays 13: a figure of Ann out" in _history(client, t.id)
    # what is missing is said, and nothing changes
    refused = _correct(client, t.id, seq=str(seq), card="13")
    assert "tap the figure on the board" in refused
    assert Event.objects.filter(table_id=t.id, kind=Event.Kind.CORRECT).count() == 1


def test_a_hit_play_corrected_by_its_card_and_taps(client):
    table = hit.new_table(client)
    hit.set_up(client, table)
    ann = hit.sit(table, 0)
    hit.post(ann, table, "hand", **{"count-s6": "1", "count-s3": "1", "count-scoins": "1"})
    assert hit.recorded(hit.post(ann, table, "play", action="s3 T0-T3"))
    seq = Table.objects.get(id=table.id).seq
    form = _form(ann.get(f"/t/{table.id}/").content.decode())
    assert 'name="compose" value="play"' in form and 'name="taps"' in form
    # it was her 6 she played with that figure: the card, then the figure's field and where
    # it went, tapped on the board
    said = _correct(ann, table.id, seq=str(seq), compose="play", card="s6", taps="T0 T6")
    assert "ruling corrected" in said, re.sub(r"<[^>]+>", "", said)
    event = Event.objects.filter(table_id=table.id, kind=Event.Kind.CORRECT).get()
    assert event.payload["action"] == "s6 T0-T6"


def test_a_life_is_life_swap_corrected_by_its_row_and_animals(client):
    table = new_table(client)
    lay_rows(Phone(table, client=client))
    phones = [Phone(table, seat) for seat in range(3)]
    enter_hands(table, phones)
    tim = phones[0]
    seq = str(Table.objects.get(id=table.id).seq)
    r = tim.client.post(f"/t/{table.id}/play", {"action": "swap 3: bear,bear,cat",
                                                "expected_seq": seq})
    assert "✓" in r.content.decode()
    entry = Table.objects.get(id=table.id).seq
    form = _form(tim.page())
    assert 'name="compose" value="swap"' in form and 'name="row" value="1"' in form
    # it was row 1 he took (its giraffe), laying down a bear
    said = _correct(tim.client, table.id, seq=str(entry), compose="swap", row="1",
                    **{"lay-bear": "1"})
    assert "ruling corrected" in said, re.sub(r"<[^>]+>", "", said)
    event = Event.objects.filter(table_id=table.id, kind=Event.Kind.CORRECT).get()
    assert event.payload["action"] == "swap 1: bear"
