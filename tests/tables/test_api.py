"""The JSON API through its real path: Django's test client, the services, the engine, SQLite."""

import json
import re

import pytest

from companion.engines import available_games
from companion.tables.models import Event, Table
from companion.tables.play import services
from tests.conftest import HANDS

pytestmark = pytest.mark.django_db


def test_create_join_and_public_state(api_table, client):
    body = api_table.call("get", "").json()
    assert body["seq"] == 0 and body["phase"] == "deal" and body["to_move"] == "table"
    assert [s["claimed"] for s in body["seats"]] == [True] * 4
    assert body["you"] == {"seat": None, "host": False}
    # A claimed seat cannot be claimed again.
    again = api_table.call("post", "/join", {"seat": 1})
    assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"


def test_a_play_is_recorded_and_the_next_seat_moves(dealt_table):
    t = dealt_table
    r = t.play("1 K", t.tokens[0])
    assert r.status_code == 201, r.content
    state = r.json()["state"]
    assert state["position"]["figures"][0].count("T0") == 1
    assert state["to_move"] == 1
    assert Event.objects.filter(table_id=t.id).count() == 10


def test_illegal_play_is_refused_with_the_rule_and_not_recorded(dealt_table):
    t = dealt_table
    before = t.seq()
    r = t.play("5 T0-T5", t.tokens[0])  # no figure on T0 yet
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["code"] == "illegal"
    [violation] = error["violations"]
    assert violation["code"].startswith("dog.")
    assert violation["rule"] and violation["message"]
    assert t.seq() == before


def test_stale_seq_is_refused_with_the_new_state(dealt_table):
    t = dealt_table
    seq = t.seq()
    assert t.play("1 K", t.tokens[0], seq=seq).status_code == 201
    r = t.play("1 K", t.tokens[1], seq=seq)
    assert r.status_code == 409
    body = r.json()
    assert body["error"]["code"] == "stale" and body["error"]["seq"] == seq + 1
    assert body["state"]["seq"] == seq + 1
    assert body["state"]["you"]["seat"] == 1


def test_a_seat_cannot_play_for_another(dealt_table):
    t = dealt_table
    r = t.play("1 K", t.tokens[1])
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_your_turn"
    r = t.call("put", "/hand", {"cards": ["7"], "expected_seq": t.seq()}, t.tokens[1])
    assert r.status_code in (201, 422)  # its own hand is its business; never another's
    other = t.play("hand 2 7,7,7,7,7", t.tokens[1])
    assert other.status_code == 403 and other.json()["error"]["code"] == "not_your_hand"


def test_hands_stay_private(dealt_table):
    t = dealt_table
    seen_by_1 = t.call("get", "", token=t.tokens[1]).json()
    hands = seen_by_1["position"]["hands"]
    assert "?" not in hands[1] and len(hands[1]) == 6  # its own hand
    assert all(card == "?" for card in hands[0])
    public = t.call("get", "").json()
    assert all(card == "?" for hand in public["position"]["hands"] for card in hand)
    lines = [line["text"] for line in seen_by_1["history"]]
    assert "seat 0 entered their hand" in lines
    assert not any("joker" in (text or "") for text in lines)


def test_undo_by_the_seat_that_played_and_not_across_hidden_information(dealt_table):
    t = dealt_table
    assert t.play("1 K", t.tokens[0]).status_code == 201
    seq = t.seq()
    refused = t.call("post", "/undo", {"expected_seq": seq}, t.tokens[1])
    assert refused.status_code == 403
    r = t.call("post", "/undo", {"expected_seq": seq}, t.tokens[0])
    assert r.status_code == 201, r.content
    state = r.json()["state"]
    assert state["to_move"] == 0 and "T0" not in state["position"]["figures"][0]
    assert [line["undone"] for line in state["history"]][-2:] == [True, False]
    # The gives before it were hidden information: nothing more to undo.
    again = t.call("post", "/undo", {"expected_seq": t.seq()}, t.host)
    assert again.status_code == 409 and again.json()["error"]["code"] == "nothing_to_undo"


def test_snapshot_equals_the_replay_of_the_log(dealt_table):
    t = dealt_table
    for token, action in ((0, "1 K"), (1, "1 K"), (2, "13 K")):
        assert t.play(action, t.tokens[token]).status_code == 201
    t.call("post", "/undo", {"expected_seq": t.seq()}, t.tokens[2])
    table = Table.objects.get(id=t.id)
    from companion.engines import get_game

    game = get_game("dog")
    assert game.to_json(services.replay(table)) == table.snapshot
    assert game.from_json(table.snapshot) == services.replay(table)


def test_what_if_check_records_nothing(dealt_table):
    t = dealt_table
    seq = t.seq()
    r = t.call("post", "/check", {"action": "4 T0-T60"})
    assert r.status_code == 200 and r.json()["legal"] is False
    assert r.json()["violations"][0]["code"].startswith("dog.")
    ruling = t.call("post", "/check", {"action": "1 K"}).json()
    assert {k: ruling[k] for k in ("legal", "violations", "seq", "certain")} == {
        "legal": True,
        "violations": [],
        "seq": seq,
        "certain": False,  # asked without a token: the mover's hand is not the asker's to see
    }
    assert "only Ann's phone knows" in ruling["caveat"]
    assert t.seq() == seq


@pytest.mark.parametrize(
    ("path", "method", "body", "status", "code"),
    [
        ("/plays", "post", {"action": "1 K"}, 400, "missing_field"),
        ("/plays", "post", {"action": 5, "expected_seq": 0}, 400, "wrong_type"),
        ("/plays", "post", {"action": "1 K", "expected_seq": True}, 400, "wrong_type"),
        ("/plays", "post", {"action": "1 K", "expected_seq": 0, "x": 1}, 400, "unknown_field"),
        ("/plays", "post", [1, 2], 400, "bad_json"),
        ("/plays", "post", {"action": "banana", "expected_seq": 9}, 409, "stale"),
        ("/undo", "post", {"expected_seq": "0"}, 400, "wrong_type"),
        ("/hand", "put", {"cards": "7", "expected_seq": 0}, 400, "wrong_type"),
        ("/join", "post", {"seat": 9}, 404, "not_found"),
        ("/check", "post", {"action": "zzz"}, 400, "bad_action"),
        ("/plays", "get", None, 405, "method_not_allowed"),
    ],
)
def test_bad_input_gets_a_reason(api_table, path, method, body, status, code):
    r = api_table.call(method, path, body, api_table.host)
    assert r.status_code == status, r.content
    assert r.json()["error"]["code"] == code
    assert r.json()["error"]["message"]


def test_wrong_or_foreign_tokens_are_refused(api_table, client):
    other = client.post(
        "/api/tables", json.dumps({"game": "dog"}), content_type="application/json"
    ).json()
    r = api_table.play("deal", other["host_token"], seq=0)
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
    r = api_table.call("get", "", token="nonsense")
    assert r.status_code == 403
    r = client.get(f"/api/tables/{api_table.id}", HTTP_AUTHORIZATION="Basic abc")
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
    assert client.get("/api/tables/nope").status_code == 404


def test_not_json_and_unknown_game(client):
    r = client.post("/api/tables", "{", content_type="application/json")
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
    r = client.post("/api/tables", "game=dog", content_type="application/x-www-form-urlencoded")
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_content_type"
    r = client.post("/api/tables", json.dumps({"game": "chess"}), content_type="application/json")
    assert r.status_code == 400 and r.json()["error"]["code"] == "unknown_game"
    for game in available_games():  # every registered engine gets a table, or a clear 400
        r = client.post("/api/tables", json.dumps({"game": game}), content_type="application/json")
        assert r.status_code in (201, 400), (game, r.content)
        if r.status_code == 400:
            assert r.json()["error"]["code"] == "no_table_ui"
    r = client.post(
        "/api/tables",
        json.dumps({"game": "dog", "options": {"seats": 9}}),
        content_type="application/json",
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_config"


def test_openapi_document_lists_every_endpoint(client):
    from companion.tables.urls import api_urlpatterns

    doc = client.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    routed = {
        "/api/" + str(route.pattern).replace("<str:table_id>", "{table_id}")
        for route in api_urlpatterns
        if route.name not in ("openapi-json", "openapi-view", "api-root")  # Ninja's own routes
    }
    assert "/api/tables/{table_id}/plays" in routed
    assert set(doc["paths"]) == routed


def test_the_docs_page_loads_swagger_from_our_own_static_files(client):
    page = client.get("/api/docs")
    assert page.status_code == 200
    html = page.content.decode()
    assert '"url": "/api/openapi.json"' in html
    scripts = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert "/static/ninja/swagger-ui-bundle.js" in scripts
    assert all(url.startswith("/static/") for url in scripts), scripts  # no CDN
    for url in scripts:
        assert b"".join(client.get(url).streaming_content), url


def test_correct_an_earlier_entry_and_the_log_is_checked_again(dealt_table):
    t = dealt_table
    for seat, action in ((0, "1 K"), (1, "1 K"), (2, "13 K"), (3, "1 K"), (0, "4 T0-T4")):
        assert t.play(action, t.tokens[seat]).status_code == 201, action
    seq_of_four = t.seq()

    def correct(seq, action, token):
        body = {"seq": seq, "action": action, "expected_seq": t.seq()}
        return t.call("post", "/corrections", body, token)

    # Ann really played her 7 there: her own correction replaces the entry.
    r = correct(seq_of_four, "7 T0-T7", t.tokens[0])
    assert r.status_code == 201, r.content
    state = r.json()["state"]
    assert "T7" in state["position"]["figures"][0] and "T4" not in state["position"]["figures"][0]
    assert state["history"][-1]["text"] == f"correction of #{seq_of_four}: 7 T0-T7"
    assert [line["corrected"] for line in state["history"] if line["seq"] == seq_of_four] == [True]
    # Back to the 4; another seat may not correct Ann's entry; illegal corrections get reasons.
    assert correct(seq_of_four, "4 T0-T4", t.tokens[0]).status_code == 201
    assert correct(seq_of_four, "8 T0-T8", t.tokens[1]).status_code == 403
    r = correct(seq_of_four, "12 T0-T12", t.tokens[0])  # Ann holds no 12
    assert r.status_code == 422 and r.json()["error"]["violations"][0]["code"].startswith("dog.")
    # A correction that would make a later play illegal is refused, naming that play.
    for seat, action in ((1, "2 T16-T18"), (2, "6 T32-T38"), (3, "5 T48-T53"), (0, "7 T4-T11")):
        assert t.play(action, t.tokens[seat]).status_code == 201, action
    r = correct(seq_of_four, "7 T0-T7", t.tokens[0])  # then the later 7 has no card, no figure
    error = r.json()["error"]
    assert r.status_code == 422 and error["code"] == "correction_breaks_log"
    assert error["seq"] == t.seq() and error["violations"]  # Ann's later 7
    table = Table.objects.get(id=t.id)
    assert services.replay(table) == services.load_state(table)
    assert correct(999, "1 K", t.host).status_code == 404


def test_a_known_token_needs_no_read_of_the_table_before_the_play(dealt_table):
    """The process remembers what a token stands for (tokens never change their seat): the
    next play with it reads the table only where the service locks it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    t = dealt_table
    seq = t.seq()
    with CaptureQueriesContext(connection) as queries:
        assert t.play("1 K", t.tokens[0], seq).status_code == 201
    reads = [q["sql"] for q in queries.captured_queries
             if q["sql"].startswith('SELECT "tables_table"')]
    assert len(reads) == 1, reads  # the service's locked read (FOR UPDATE on PostgreSQL)
    # a token of another seat of the same table is still refused where it may not play
    refused = t.play("1 K", t.tokens[3])
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_turn"


def test_state_0_leaves_the_state_out_of_a_play_and_a_hand_answer(api_table):
    t = api_table
    dealt = t.call("post", "/plays?state=0", {"action": "deal", "expected_seq": t.seq()}, t.host)
    assert dealt.status_code == 201 and set(dealt.json()) == {"seq", "action"}
    cards = HANDS[0]
    short = t.call("put", "/hand?state=0", {"cards": cards, "expected_seq": t.seq()}, t.tokens[0])
    assert short.status_code == 201 and set(short.json()) == {"seq"}
    full = t.call("put", "/hand", {"cards": HANDS[1], "expected_seq": t.seq()}, t.tokens[1])
    assert full.status_code == 201 and full.json()["state"]["seq"] == full.json()["seq"]


def test_state_0_leaves_the_state_out_of_an_undo_and_a_correction_answer(dealt_table):
    t = dealt_table
    assert t.play("1 K", t.tokens[0]).status_code == 201
    full = t.call("post", "/undo", {"expected_seq": t.seq()}, t.tokens[0])
    assert full.status_code == 201 and full.json()["state"]["seq"] == full.json()["seq"]
    assert t.play("1 K", t.tokens[0]).status_code == 201
    undone = t.call("post", "/undo?state=0", {"expected_seq": t.seq()}, t.tokens[0])
    assert undone.status_code == 201 and set(undone.json()) == {"seq", "undone"}
    played = t.play("1 K", t.tokens[0])
    assert played.status_code == 201
    fixed = t.call("post", "/corrections?state=0",
                   {"seq": played.json()["seq"], "action": "13 K", "expected_seq": t.seq()},
                   t.tokens[0])
    assert fixed.status_code == 201, fixed.content
    assert set(fixed.json()) == {"seq", "corrected", "action"}


def test_integers_are_strict(api_table):
    """``expected_seq: 0.0`` is a number with a decimal point, not the integer 0: refused,
    and nothing is recorded (issue #27)."""
    t = api_table
    for seq in (0.0, 0e0, "0", True):
        response = t.call("post", "/plays", {"action": "deal", "expected_seq": seq}, t.host)
        assert response.status_code in (400, 422), (seq, response.content)
        assert "expected_seq" in response.content.decode()
    assert t.seq() == 0
