"""The game record: download, load into a new table (every action checked again), privacy."""

from __future__ import annotations

import json

import pytest

from companion import games
from companion.engines import get_game
from companion.tables import presenters
from companion.tables.errors import TableError
from companion.tables.models import Event, Table
from companion.tables.play import services
from companion.tables.play.state_cache import load_state
from companion.tables.records.record import FORMAT, build_record, load_record

from .simulated import CONFIGS, names_of, table_log

pytestmark = pytest.mark.django_db

GAMES = games.names()
NAMES = {game: names_of(game) for game in GAMES}
HOST = services.Actor(None, True)


def _record_of(game_name: str, log: list[str], names: list[str]) -> dict:
    """A record of ``log`` entered at the table, as a complete (seat-by-seat) file would hold."""
    table, _ = services.create_table(game_name, CONFIGS[game_name], names)
    seats = [{"name": s.name, "colour": s.colour} for s in table.seats.all()]
    table.delete()
    return {
        "format": FORMAT,
        "version": 1,
        "game": game_name,
        "config": CONFIGS[game_name],
        "seats": seats,
        "events": [{"action": text} for text in log],
    }


def _played(game_name: str, log: list[str]) -> Table:
    """A table on which the host entered ``log`` one entry at a time."""
    table, _ = services.create_table(game_name, CONFIGS[game_name], NAMES[game_name])
    for text in log:
        table.refresh_from_db()
        services.record_action(table.id, HOST, text, table.seq)
    table.refresh_from_db()
    return table


def has_private_entries(game_name: str, log: list[str]) -> bool:
    """Whether the log has entries of a kind the game keeps private (its registry entry's
    ``public_forms``: hands, cards given…); a game without hidden cards has none."""
    kinds = games.get(game_name).public_forms
    return any(text.split()[0].partition("@")[0] in kinds for text in log if text.strip())


def _public(table: Table) -> dict:
    game = get_game(table.game)
    return game.to_json(presenters.get(table.game).spectator_view(game, load_state(table)))


def _upload(client, record: dict):
    return client.post("/api/records", json.dumps(record), content_type="application/json")


def _loaded(client, record: dict) -> Table:
    response = _upload(client, record)
    assert response.status_code == 201, response.content
    return Table.objects.get(id=response.json()["id"])


@pytest.mark.parametrize("game_name", GAMES)
def test_a_downloaded_game_loads_to_the_same_position(client, game_name):
    """Entered at the table (hands and named draws private), downloaded as the public record,
    loaded into a new table: the same public position; and that table's own record loads to
    exactly the same engine state (to_json equality)."""
    log = table_log(game_name, CONFIGS[game_name], seed=3, limit=120)
    original = _played(game_name, log)
    record = client.get(f"/t/{original.id}/record.json").json()
    assert record["format"] == FORMAT and record["game"] == game_name
    assert record["config"] == original.config
    assert [s["name"] for s in record["seats"]] == NAMES[game_name]
    assert all({"seq", "action", "at"} <= set(e) for e in record["events"])
    copy = _loaded(client, record)
    assert _public(copy) == _public(original)

    again = _loaded(client, client.get(f"/t/{copy.id}/record.json").json())
    game = get_game(game_name)
    assert game.to_json(load_state(again)) == game.to_json(load_state(copy))
    assert again.seq == copy.seq and again.status == copy.status


@pytest.mark.parametrize("game_name", GAMES)
def test_a_whole_game_round_trips_and_stays_finished(client, game_name):
    """A complete game (every private kind of entry the game has, e.g. round ends with hands
    the table knew privately) loads, downloads and loads again to the same finished position."""
    log = table_log(game_name, CONFIGS[game_name], seed=5)
    original = _loaded(client, _record_of(game_name, log, NAMES[game_name]))
    game = get_game(game_name)
    assert original.status == Table.Status.FINISHED
    assert game.is_terminal(load_state(original))
    if has_private_entries(game_name, log):  # hands, cards given, named draws
        assert original.events.exclude(private_to=None).exists()

    copy = _loaded(client, build_record(original, None))
    assert copy.status == Table.Status.FINISHED
    assert _public(copy) == _public(original)
    assert not copy.events.filter(payload__action__startswith="hand ", private_to__isnull=False)


def test_the_public_record_leaves_out_the_hands_and_the_cards_given(client, dealt_table):
    t = dealt_table
    public = client.get(f"/t/{t.id}/record.json").json()
    texts = [e["action"] for e in public["events"]]
    assert public["private_entries_of"] is None
    assert texts == ["deal", "give ?", "give ?", "give ?", "give ?"]
    assert "joker" not in json.dumps(public)  # seat 0's hand


def test_a_seat_downloads_its_own_hand_and_only_its_own(client, dealt_table):
    t = dealt_table
    mine = t.call("get", "/record", token=t.tokens[0]).json()
    texts = [e["action"] for e in mine["events"]]
    assert mine["private_entries_of"] == 0
    assert [x for x in texts if x.startswith("hand")] == ["hand 0 1,4,5,7,13,joker"]
    # its own give and the one it received from its partner (seat 2) in full, the others not
    assert "give 5" in texts and "give 2" in texts and texts.count("give ?") == 2
    loaded = _loaded(client, mine)
    assert _public(loaded) == _public(Table.objects.get(id=t.id))
    # seat 0's own entries came along: its hand less the 5 it gave, plus the 2 it received
    game = get_game("dog")
    hand = game.to_json(game.view(load_state(loaded), 0))["hand"]
    assert sorted(hand) == sorted(["1", "4", "7", "13", "joker", "2"])
    # the loaded hand is private to seat 0 again
    assert loaded.events.get(payload__action__startswith="hand 0").private_to == 0


def test_the_record_holds_the_effective_events_after_undo_and_correction(client, dealt_table):
    t = dealt_table
    for seat, action in ((0, "1 K"), (1, "1 K"), (2, "13 K"), (3, "1 K"), (0, "4 T0-T4")):
        assert t.play(action, t.tokens[seat]).status_code == 201
    assert t.call("post", "/undo", {"expected_seq": t.seq()}, t.tokens[0]).status_code == 201
    fixed = t.call(
        "post", "/corrections", {"seq": 10, "action": "13 K", "expected_seq": t.seq()}, t.host
    )
    assert fixed.status_code == 201, fixed.content
    events = client.get(f"/t/{t.id}/record.json").json()["events"]
    assert [e["action"] for e in events][-4:] == ["13 K", "1 K", "13 K", "1 K"]
    assert [e["seq"] for e in events][-4:] == [10, 11, 12, 13]
    assert _public(_loaded(client, client.get(f"/t/{t.id}/record.json").json())) == _public(
        Table.objects.get(id=t.id)
    )


def test_the_loaded_table_keeps_the_names_colours_rules_and_times(client):
    log = table_log("dog", {"seats": 4, "rules": {"knock_own": False}}, seed=1, limit=30)
    record = _record_of("dog", log, NAMES["dog"])
    record["config"] = {"seats": 4, "rules": {"knock_own": False}}
    seats = record["seats"]
    seats[1], seats[3] = (
        {"name": "Bea", "colour": seats[3]["colour"]},
        {**seats[3], "colour": seats[1]["colour"]},
    )
    for i, event in enumerate(record["events"]):
        event["at"] = f"2025-03-01T20:{i:02d}:00+01:00"
    table = _loaded(client, record)
    assert [(s.name, s.colour) for s in table.seats.all()] == [
        (s["name"], s["colour"]) for s in seats
    ]
    assert table.config["rules"] == {"knock_own": False}
    again = build_record(table, None)
    assert again["events"][0]["at"] == "2025-03-01T20:00:00+01:00"
    assert [e["action"] for e in again["events"]][:1] == ["deal"]


def _error(response) -> dict:
    return response.json()["error"]


@pytest.mark.parametrize(
    ("change", "status", "code", "words"),
    [
        (lambda r: "{not json", 400, "bad_json", "not valid JSON"),
        (lambda r: {**r, "game": "chess"}, 400, "unknown_game", "'chess'"),
        (lambda r: {**r, "format": "other"}, 400, "bad_record", "not a game record"),
        (lambda r: {**r, "version": 7}, 400, "bad_record", "version 7"),
        (lambda r: {**r, "extra": 1}, 400, "bad_record", "extra"),
        (lambda r: {**r, "seats": r["seats"][:3]}, 400, "bad_seats", "3 seats"),
        (lambda r: {**r, "config": {"seats": 9}}, 400, "bad_config", "configuration"),
        (
            lambda r: {**r, "events": [{"action": "deal"}, {"action": 5}]},
            400,
            "bad_event",
            "event 2",
        ),
        (
            lambda r: {**r, "events": [{"action": "deal", "at": "yesterday"}]},
            400,
            "bad_event",
            "ISO",
        ),
        (
            lambda r: {**r, "events": [{"action": "deal", "by_seat": 4}]},
            400,
            "bad_event",
            "by_seat 4",
        ),
        (lambda r: {**r, "events": [{"action": "fly to the moon"}]}, 400, "bad_action", "event 1"),
        (
            lambda r: {**r, "events": [{"action": "deal 1,1,1,1,1,1/?/?/?"}]},
            400,
            "private_deal",
            "event 1",
        ),
    ],
)
def test_a_bad_record_is_refused_with_the_reason_and_creates_nothing(
    client, change, status, code, words
):
    record = _record_of("dog", ["deal"], NAMES["dog"])
    changed = change(record)
    before = (Table.objects.count(), Event.objects.count())
    body = changed if isinstance(changed, str) else json.dumps(changed)
    response = client.post("/api/records", body, content_type="application/json")
    assert response.status_code == status, response.content
    assert _error(response)["code"] == code
    assert words in _error(response)["message"]
    assert (Table.objects.count(), Event.objects.count()) == before


def test_an_illegal_play_is_refused_naming_the_event_and_the_rule(client):
    log = table_log("dog", CONFIGS["dog"], seed=2, limit=12)
    record = _record_of("dog", log, NAMES["dog"])
    record["events"][10] = {"seq": 11, "action": "5 T12-T17"}  # nobody stands on T12
    before = Table.objects.count()
    response = _upload(client, record)
    assert response.status_code == 422, response.content
    error = _error(response)
    assert error["code"] == "illegal_in_record" and error["event"] == 11
    assert error["message"].startswith("event 11 (#11): '5 T12-T17'")
    assert error["violations"] and all("rule" in v for v in error["violations"])
    assert Table.objects.count() == before


def test_load_record_raises_before_creating_anything():
    record = _record_of("lifeislife", ["knock"], NAMES["lifeislife"])
    before = Table.objects.count()
    with pytest.raises(TableError):
        load_record(record)
    assert Table.objects.count() == before


def test_the_new_table_page_loads_an_uploaded_record(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    log = table_log("lifeislife", CONFIGS["lifeislife"], seed=4, limit=20)
    data = json.dumps(_record_of("lifeislife", log, NAMES["lifeislife"])).encode()
    page = client.get("/t/new/lifeislife")
    assert b'action="/t/load"' in page.content
    response = client.post("/t/load", {"record": SimpleUploadedFile("game.json", data)})
    assert response.status_code == 302
    table = Table.objects.get(id=response["Location"].strip("/").split("/")[-1])
    assert table.seq == 20 and f"host-{table.id}" in response.cookies
    # the host's page shows the game
    assert client.get(response["Location"]).status_code == 200


def test_the_upload_form_says_what_is_wrong(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    before = Table.objects.count()
    response = client.post("/t/load", {"record": SimpleUploadedFile("game.json", b"[1, 2")})
    assert response.status_code == 400
    assert b"not valid JSON" in response.content
    assert client.post("/t/load", {}).status_code == 400
    assert Table.objects.count() == before
