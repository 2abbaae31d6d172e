"""The three crashes of issue #18, each now a 400 that names what was wrong (and nothing is
created or broken by them)."""

from __future__ import annotations

import json

import pytest

from companion.tables.models import Table
from companion.tables.play import services
from companion.tables.records.record import FORMAT
from companion.tables.tokens import cookie_name, cookie_value
from tests.tables.simulated import CONFIGS, table_log

pytestmark = pytest.mark.django_db


def _record(**event_extra) -> dict:
    table, _ = services.create_table("dog", CONFIGS["dog"], ["Ann", "Ben", "Cat", "Dan"])
    seats = [{"name": s.name, "colour": s.colour} for s in table.seats.all()]
    table.delete()
    log = table_log("dog", CONFIGS["dog"], 1, 3)
    return {
        "format": FORMAT,
        "version": 1,
        "game": "dog",
        "config": CONFIGS["dog"],
        "seats": seats,
        "events": [{"action": text, **event_extra} for text in log],
    }


@pytest.mark.parametrize("at", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_a_time_the_summary_cannot_show_is_refused_at_import(client, at):
    before = Table.objects.count()
    response = client.post("/api/records", json.dumps(_record(at=at)),
                           content_type="application/json")
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["field"] == "at" and error["event"] == 1 and at in error["message"]
    assert Table.objects.count() == before


def test_a_time_in_range_still_loads_and_summarizes(client):
    response = client.post("/api/records", json.dumps(_record(at="2026-11-24T21:00:00+14:00")),
                           content_type="application/json")
    assert response.status_code == 201, response.content
    table_id = response.json()["id"]
    assert client.get(f"/t/{table_id}/summary").status_code == 200
    assert client.get(f"/api/tables/{table_id}/summary").status_code == 200


@pytest.mark.parametrize("levels", [1_000, 100_000])
def test_deep_nesting_is_refused_before_parsing(client, levels):
    record = json.dumps(_record())
    deep = "[" * levels + "]" * levels
    body = record.replace('"config": {"seats": 4}', f'"config": {{"seats": 4, "x": {deep}}}')
    assert deep in body
    response = client.post("/api/records", body, content_type="application/json")
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == "too_deep"
    shallow = "[" * 200 + "]" * 200  # the API's own bodies are small: under its size limit
    created = client.post("/api/tables", '{"game": "dog", "options": ' + shallow + "}",
                          content_type="application/json")
    assert created.status_code == 400 and created.json()["error"]["code"] == "too_deep"


@pytest.mark.parametrize(
    "query",
    [
        "card=7&seven=T99-T100",
        "card=7&seven=G9-G10",
        "card=joker&joker_as=7&seven=T0-K@9",
    ],
)
def test_the_entry_fragment_validates_its_steps(client, dealt_table, query):
    """As the host (the scribe), whose entry reads the steps."""
    client.cookies[cookie_name(dealt_table.id, "host")] = cookie_value(
        dealt_table.id, dealt_table.host
    )
    response = client.get(f"/t/{dealt_table.id}/entry?{query}")
    assert response.status_code == 400, response.content[:300]
    assert response.content.strip()
