"""A wrongly entered hand (issue #36): its history line tapped offers the hand's card faces,
filled with the hand as entered, to that seat's own phone only; the correction is recorded
and the hand counts as known after it; a hand that leaves out a card already known to be
there is refused naming that card, in every language."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.test import Client

from companion.engines import get_game
from companion.tables.models import Table
from companion.tables.play.event_log import replay_log
from companion.tables.tokens import cookie_name, cookie_value

pytestmark = pytest.mark.django_db


def phone(t, token: str, role: str = "seat") -> Client:
    client = Client()
    client.cookies[cookie_name(t.id, role)] = cookie_value(t.id, token)
    return client


def faces(html: str) -> dict[str, int]:
    """The counts the correction's card faces are filled with."""
    return {card: int(n) for card, n in re.findall(
        r'name="count-([^"]+)" value="(\d+)" data-card', html) if int(n)}


def unknown_for(table_id: str, seat: int) -> int:
    table = Table.objects.get(id=table_id)
    game = get_game(table.game)
    return game.unknown_cards(game.view(replay_log(table, game, reader=seat), seat), seat)


WORDS = {
    "en": "Ann holds 6 cards, and these must include the",
    "de": "Ann hat 6 Karten, und darunter muss die Karte",
    "fr": "Ann a 6 cartes, qui doivent comprendre la carte",
    "it": "Ann ha 6 carte, e tra queste deve esserci la carta",
}


def test_a_hand_leaving_out_a_known_card_is_refused_naming_it(dealt_table):
    t = dealt_table
    ann = phone(t, t.tokens[0])
    seq = Table.objects.get(id=t.id).seq
    for language, words in WORDS.items():
        answer = ann.post(f"/t/{t.id}/hand", {"expected_seq": seq, "count-8": "6"},
                          HTTP_ACCEPT_LANGUAGE=language).content.decode()
        said = unescape(re.sub(r"<[^>]+>", " ", answer))
        assert words in said, (language, said)
        assert "Seat 0" not in said and "Platz 0" not in said and "{card}" not in said
    assert Table.objects.get(id=t.id).seq == seq  # nothing recorded


def test_own_hand_line_offers_its_faces_and_the_correction_counts_as_known(dealt_table):
    t = dealt_table
    ann, ben = phone(t, t.tokens[0]), phone(t, t.tokens[1])
    hand_seq = 2  # the deal is #1, Ann's hand #2 (conftest: 1, 13, 7, 4, 5, joker)
    offered = ann.get(f"/t/{t.id}/correct/hand", {"seq": hand_seq}).content.decode()
    assert faces(offered) == {"1": 1, "13": 1, "7": 1, "4": 1, "5": 1, "joker": 1}
    assert 'name="correct_hand" value="1"' in offered and "6 cards" not in offered
    # nobody else's phone gets Ann's hand, and no other entry offers faces
    for other, seq in ((ben, hand_seq), (Client(), hand_seq), (ann, 1), (ann, 3)):
        empty = other.get(f"/t/{t.id}/correct/hand", {"seq": seq}).content.decode()
        assert 'data-card' not in empty and "hidden disabled" in empty
    # the joker was an 8: tapped right (the 5 she gave stays in it)
    now = Table.objects.get(id=t.id).seq
    counts = {"count-1": "1", "count-13": "1", "count-7": "1", "count-4": "1", "count-5": "1",
              "count-8": "1"}
    answer = ann.post(f"/t/{t.id}/correct", {"seq": hand_seq, "expected_seq": now,
                                              "correct_hand": "1", **counts}).content.decode()
    assert 'class="ruling corrected"' in answer, answer
    assert unknown_for(t.id, 0) == 0  # the hand counts as entered, not unknown
    page = ann.get(f"/t/{t.id}/").content.decode()
    assert "Enter my hand again" not in page


def test_a_life_is_life_hand_corrected_by_tapping_counts_as_known(client):
    made = client.post("/api/tables", json.dumps(
        {"game": "lifeislife", "names": ["Tim", "Mia", "Lino"], "options": {"players": 3}}),
        content_type="application/json").json()
    tid, host = made["id"], made["host_token"]
    tokens = [client.post(f"/api/tables/{tid}/join", json.dumps({"seat": s}),
                          content_type="application/json").json()["token"] for s in range(3)]

    def play(action: str, token: str) -> None:
        seq = Table.objects.get(id=tid).seq
        r = client.post(f"/api/tables/{tid}/plays", json.dumps(
            {"action": action, "expected_seq": seq}), content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}")
        assert r.status_code == 201, r.content

    play("deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep", host)
    play("hand 0 giraffe*3,bear*2,mole,goat,sheep,dog,hare", tokens[0])  # a hare, not the cat
    play("swap 3: bear,bear,giraffe", tokens[0])  # takes pig, pig, cat: now known
    t = type("T", (), {"id": tid})
    tim = phone(t, tokens[0])
    offered = tim.get(f"/t/{tid}/correct/hand", {"seq": 2}).content.decode()
    assert faces(offered) == {"giraffe": 3, "bear": 2, "mole": 1, "goat": 1, "sheep": 1,
                              "dog": 1, "hare": 1}
    now = Table.objects.get(id=tid).seq
    right = {"count-giraffe": "3", "count-bear": "2", "count-mole": "1", "count-goat": "1",
             "count-sheep": "1", "count-dog": "1", "count-cat": "1"}
    answer = tim.post(f"/t/{tid}/correct", {"seq": 2, "expected_seq": now, "correct_hand": "1",
                                            **right}).content.decode()
    assert 'class="ruling corrected"' in answer, answer
    assert unknown_for(tid, 0) == 0
    # entering the hand again without the pig (known: taken from row 3) names the pig
    seq = Table.objects.get(id=tid).seq
    without = {"count-giraffe": "3", "count-bear": "2", "count-mole": "2", "count-goat": "1",
               "count-sheep": "1", "count-dog": "1"}
    refused = unescape(tim.post(f"/t/{tid}/hand", {"expected_seq": seq, **without},
                                HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert re.search(r"Tim hat 10 Karten, und darunter muss die Karte (Schwein|Katze) sein",
                     refused), refused
