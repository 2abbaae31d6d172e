"""A fourth game gets its table through the registries alone (issue #32): Sprint
(tests/tables/sprint_game.py, a few dozen lines) is registered at run time — its engine in
``companion.engines.GAMES``, its entry in the game registry (companion/games/) — and played
through the pages and the JSON API: lobby, table page, the table's reports and the seats'
plays, the state, the summary, the record and a table loaded from it. No other file knows it."""

from __future__ import annotations

import json
import re

import pytest

from companion import engines, games
from companion.tables.models import Table
from companion.tables.presenters import localize

pytestmark = pytest.mark.django_db

#: the game: each player runs the die's spots (goal 10); Ann wins in her second turn
PLAYS = ["roll 6", "run", "roll 3", "walk", "roll 5", "run"]


@pytest.fixture
def sprint():
    engines.GAMES["sprint"] = "tests.tables.sprint_game:SprintGame"
    entry = games.register(games.GameEntry(
        name="sprint",
        title="Sprint",
        about="Roll, then run or walk: first to spot 10 wins.",
        presenter="tests.tables.sprint_game:PRESENTER",
        step_words={"roll": "die roll"},
        results=games.Results(measure="spots", measure_label="spots"),
    ))
    yield entry
    games.unregister("sprint")
    engines.GAMES.pop("sprint", None)
    engines._instances.pop("sprint", None)


def _seq(table_id: str) -> str:
    return str(Table.objects.get(id=table_id).seq)


def test_the_registry_names_the_three_games_and_their_parts():
    assert {"dog", "hit", "lifeislife"} <= set(games.names())
    for entry in games.entries():
        assert entry.name in engines.GAMES and entry.title
        assert entry.words_module() is not None and entry.has_rules_page()


def test_every_phase_of_every_game_has_a_step_word():
    """A new phase (a die roll) needs its word in the game's entry (``step_words``)."""
    from django.utils import translation

    with translation.override("de"):
        for entry in games.entries():
            for phase in engines.get_game(entry.name).PHASES:
                said = localize.step_word(phase)
                assert said != phase, (entry.name, phase)


def test_a_new_game_is_played_through_the_pages(client, sprint):
    lobby = client.get("/t/new/sprint")
    assert lobby.status_code == 200
    assert "New Sprint table" in lobby.content.decode()
    assert 'name="players"' in lobby.content.decode()
    assert ">4</option>" in lobby.content.decode() and ">5</option>" not in lobby.content.decode()
    created = client.post("/t/new/sprint", {"players": "2", "name0": "Ann", "name1": "Ben"})
    assert created.status_code == 302, created.content
    table_id = created["Location"].strip("/").split("/")[-1]
    assert "Sprint" in client.get("/").content.decode()  # the home page lists it

    page = client.get(f"/t/{table_id}/").content.decode()
    assert "Sprint table" in page  # its title, from the registry
    assert 'class="rules-link"' not in page  # it has no rules page: no link that leads nowhere
    assert localize.step_word("roll") == "die roll"  # the phase in words, from the registry
    assert 'value="roll 6"' in page  # the table's report, a button of the default entry
    for text in PLAYS:
        answer = client.post(f"/t/{table_id}/play",
                             {"action": text, "expected_seq": _seq(table_id)})
        assert answer.status_code == 200 and "Recorded" in answer.content.decode(), text
        if text == "roll 3":
            entry = client.get(f"/t/{table_id}/").content.decode()
            assert "run 3 spots" in entry and "walk one spot" in entry  # the presenter's words
    refused = client.post(f"/t/{table_id}/play", {"action": "run", "expected_seq": _seq(table_id)})
    assert "sprint.game_over" in refused.content.decode()

    page = client.get(f"/t/{table_id}/").content.decode()
    assert "The game is over." in page
    assert re.search(r"<dt>spots</dt><dd>11, 1</dd>", page)  # the default board
    summary = client.get(f"/t/{table_id}/summary").content.decode()
    assert "Ann" in summary and "Sprint" in summary
    for path in ("present", "replay", "record.json"):
        assert client.get(f"/t/{table_id}/{path}").status_code == 200, path
    record = client.get(f"/t/{table_id}/record.json").json()
    assert [e["action"] for e in record["events"]] == PLAYS
    loaded = client.post("/t/load", {"record": _upload(record)})
    assert loaded.status_code == 302, loaded.content


def test_a_new_game_is_played_through_the_api(client, sprint):
    created = client.post("/api/tables", json.dumps({
        "game": "sprint", "options": {"players": 3}, "names": ["Ann", "Ben", "Cid"],
    }), content_type="application/json")
    assert created.status_code == 201, created.content
    body = created.json()
    table_id, host = body["id"], {"HTTP_AUTHORIZATION": f"Bearer {body['host_token']}"}
    joined = client.post(f"/api/tables/{table_id}/join", json.dumps({"seat": 1}),
                         content_type="application/json")
    assert joined.status_code == 201
    ben = {"HTTP_AUTHORIZATION": f"Bearer {joined.json()['token']}"}

    def play(text: str, who: dict) -> dict:
        r = client.post(f"/api/tables/{table_id}/plays",
                        json.dumps({"action": text, "expected_seq": int(_seq(table_id))}),
                        content_type="application/json", **who)
        assert r.status_code == 201, (text, r.content)
        return r.json()["state"]

    state = client.get(f"/api/tables/{table_id}").json()
    assert state["phase"] == "roll" and state["to_move"] == "table"
    play("roll 4", host)
    play("walk", host)  # the host enters for Ann
    play("roll 2", host)
    refused = client.post(f"/api/tables/{table_id}/plays",
                          json.dumps({"action": "roll 1", "expected_seq": int(_seq(table_id))}),
                          content_type="application/json", **ben)
    assert refused.status_code == 422
    [violation] = refused.json()["error"]["violations"]
    assert violation["code"] == "sprint.wrong_phase"
    assert violation["message"] == "This is the play phase; a die roll does not fit now."
    state = play("run", ben)
    assert state["position"]["spots"] == [1, 2, 0] and state["position"]["to_move"] == 2

    record = client.get(f"/api/tables/{table_id}/record", **host).json()
    assert [e["action"] for e in record["events"]] == ["roll 4", "walk", "roll 2", "run"]
    again = client.post("/api/records", json.dumps(record), content_type="application/json")
    assert again.status_code == 201, again.content
    assert again.json()["position"]["spots"] == [1, 2, 0]
    summary = client.get(f"/api/tables/{table_id}/summary").json()
    assert summary["plays"] == 2 and [p["measure"] for p in summary["players"]] == [1, 2, 0]
    counter = client.get(f"/api/tables/{table_id}/counter").json()  # no counter: it is empty
    assert counter["public"]["groups"] == [] and not counter["needs_hand"]


def test_an_unregistered_engine_has_no_table(client):
    engines.GAMES["sprint"] = "tests.tables.sprint_game:SprintGame"
    try:
        r = client.post("/api/tables", json.dumps({"game": "sprint"}),
                        content_type="application/json")
        assert r.status_code == 400 and r.json()["error"]["code"] == "no_table_ui"
    finally:
        engines.GAMES.pop("sprint", None)
        engines._instances.pop("sprint", None)


def _upload(record: dict):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("sprint.json", json.dumps(record).encode(), "application/json")
