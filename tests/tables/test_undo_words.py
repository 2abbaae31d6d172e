"""Undo names what it takes back: the button says the play ("Undo: Ann (red) plays …"), and
after the undo the history line says who took back which play, in words."""

from __future__ import annotations

import re

import pytest

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
