"""HIT's referee judges any seat's play out of turn wherever it could be played (issue #36,
item 7), as Life is Life's and DOG's do, and says it in words: never a phase code."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion.engines import get_game
from companion.tables.models import Table

from .test_views import new_table, post, recorded, set_up, sit

pytestmark = pytest.mark.django_db

HIT = get_game("hit")


def ben_play(table: Table) -> str:
    """A play of Ben's start hand (his hand not entered: any of his start cards may be in it)."""
    state = HIT.from_json(Table.objects.get(id=table.id).snapshot)
    judged = HIT.with_mover(state, 1)
    assert judged is not None and HIT.to_move(judged) == 1
    for action in HIT.legal_actions(judged):
        text = HIT.format_action(judged, action)
        if HIT.card_of(judged, action) and "-" in text:
            return text
    raise AssertionError("Ben has no play with a move")


def ask(phone: Client, table: Table, seat: int, action: str, language: str = "en") -> str:
    response = phone.post(f"/t/{table.id}/check", {"seat": str(seat), "action": action},
                          HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, response.content
    return response.content.decode()


def test_another_seats_play_is_judged_during_the_turn_and_the_buy(client):
    table = new_table(client)
    set_up(client, table)
    ann = sit(table, 0)
    play = ben_play(table)
    for language in ("en", "de", "fr", "it"):
        said = ask(ann, table, 1, play, language)
        assert 'class="ruling whatif"' in said, said
        assert not re.search(r"[«„“]\s*(play|buy|draw|market)\s*[»“”]", said), said
    assert "Allowed" in ask(ann, table, 1, play)
    # Ann's turn goes on to her buying step: Ben's play is still judged where he could play it
    post(ann, table, "hand", **{"count-s6": "1", "count-s3": "1", "count-scoins": "1"})
    for action in ("s3 T0-T3", "s6 W-T0", "scoins"):
        assert recorded(post(ann, table, "play", action=action)), action
    state = HIT.from_json(Table.objects.get(id=table.id).snapshot)
    assert HIT.phase(state) == "buy"
    said = ask(ann, table, 1, ben_play(table), "fr")
    assert 'class="ruling whatif"' in said and "phase" not in said, said
    # nothing was recorded by asking
    assert HIT.phase(HIT.from_json(Table.objects.get(id=table.id).snapshot)) == "buy"


def test_a_step_that_cannot_judge_says_it_in_words():
    """Before the set-up is done nobody's play can be judged: no position to judge it on."""
    state = HIT.new_game({"players": 2})
    assert HIT.with_mover(state, 1) is None
