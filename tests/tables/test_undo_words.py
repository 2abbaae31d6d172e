"""Undo names what it takes back: the button says the play ("Undo: Ann (red) plays …"), and
after the undo the history line says who took back which play, in words."""

from __future__ import annotations

import re

import pytest

from companion.engines import get_game
from companion.tables.models import Table
from companion.tables.pages.rendering import table_context
from companion.tables.play import services

pytestmark = pytest.mark.django_db


def test_the_undo_button_and_the_history_name_the_play(dealt_table, client):
    t = dealt_table
    table = Table.objects.get(id=t.id)
    game_plays = services.actor_for(table, t.tokens[0], None)
    played = t.play("1 K", t.tokens[0])
    assert played.status_code == 201, played.content
    table = Table.objects.get(id=t.id)
    offer = table_context(table, game_plays)["undo"]
    assert offer is not None and offer["who"].startswith("Ann")
    assert "plays" in offer["text"] and not re.search(r"\b[TGK]\d+\b", offer["text"])
    host = services.actor_for(table, None, t.host)
    assert table_context(table, host)["undo"]["text"] == offer["text"]
    assert table_context(table, None)["undo"] is None  # a spectator cannot undo
    undone = t.call("post", "/undo", {"expected_seq": t.seq()}, t.tokens[0])
    assert undone.status_code == 201, undone.content
    table = Table.objects.get(id=t.id)
    lines = table_context(table, game_plays)["history"]
    from companion.tables.play.history_words import history_words

    said = history_words(table, lines, 0)
    back = [line for line in said if line.get("kind") == "undo"]
    assert back and back[0]["text"].startswith("takes back #")
    assert offer["text"] in back[0]["text"]


def test_undo_is_offered_for_a_play_that_contradicted_a_hand(client):
    """A play whose card the seat's entered hand lacks is recorded and forgets that hand
    (rulings.py); the Undo button reads it as the log applies it — after the forgetting — and
    the page renders (it raised ``list.remove`` in HIT before)."""
    config = {"players": 3}
    table, _host = services.create_table("hit", config, ["Ann", "Ben", "Cid"])
    scribe, ann = services.Actor(None, True), services.Actor(0, False)
    log = ["draw", "hand 0 scoins,s1,s3", "draw scoins,s1-5,scorner", "draw s1,s1-5,s3",
           "market 6,11,3back,tobarrier,tostart", "scorner T0-T4"]
    for seq, text in enumerate(log):
        services.record_action(table.id, ann if text.startswith("hand ") else scribe, text, seq)
    table = Table.objects.get(id=table.id)
    last = table.events.order_by("-seq").first()
    assert last.payload.get("forget") == [0]  # Ann holds no corner card: her hand forgotten
    for actor in (services.Actor(None, True), ann, services.Actor(1, False)):
        offer = table_context(table, actor)["undo"]
        assert offer is not None and offer["seq"] == last.seq and offer["who"].startswith("Ann")
    services.undo(table.id, scribe, table.seq)
    table = Table.objects.get(id=table.id)
    hands = get_game("hit").to_json(services.replay(table))["hands"]
    assert sorted(hands[0]) == sorted(["scoins", "s1", "s3"])  # the undone play forgets nothing
