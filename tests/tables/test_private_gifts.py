"""Gifts and conflicts reveal nothing (issue #27, sequences (a) and (b)): two tables that differ
only in a card one seat gave face down give every other seat, the scribe included, the same
answers; the giver alone is told of a conflict."""

from __future__ import annotations

import pytest

from companion.tables.models import Event
from tests.tables.night import ApiNight

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan"]


OWN = {"id", "join_code", "at", "created_at", "updated_at"}  # each table's own, not the game's


def _answer(response) -> tuple[int, object]:
    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in OWN}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return response.status_code, strip(response.json())


def _gift_then_folds(client, gift: str) -> tuple[ApiNight, list]:
    """Ann gives ``gift`` to Cat; the scribe enters the other gives unnamed; Ann and Ben fold,
    then the scribe enters Cat's fold."""
    night = ApiNight.create(client, "dog", NAMES)
    night.run(f"host deal · 0 hand 2,3,4,5,6,{gift} · 0 give {gift} · host give@1 ? · "
              "host give@2 ? · host give@3 ?")
    answers = []
    for who in ("0", "host", "host"):
        answers.append(_answer(night.enter(who, "fold")))
    return night, answers


def test_a_refusal_never_rests_on_a_face_down_gift(client):
    """(a) Cat holds Ann's 13 (a way out of the kennel) or Ann's 9 (none): the scribe, who
    cannot know, gets the same answer to Cat's fold either way."""
    king, king_answers = _gift_then_folds(client, "13")
    nine, nine_answers = _gift_then_folds(client, "9")
    assert king_answers[1:] == nine_answers[1:]  # the scribe's (Ann's own phone knows more)
    assert [status for status, _ in king_answers] == [201, 201, 201]
    for reader in (None, 1, 3):  # the public, Ben and Dan: the same record either way
        assert _events(king, reader) == _events(nine, reader)
    # the fold contradicts what was known of Cat's hand: Cat alone is told, on her phone
    fold = Event.objects.filter(table_id=king.id).order_by("seq").last()
    assert fold.payload["forget"] == [2] and list(fold.payload["private_notes"]) == ["2"]
    assert not Event.objects.filter(table_id=nine.id, payload__has_key="forget").exists()


def _events(night: ApiNight, reader) -> list:
    return [(e["action"], e.get("forget")) for e in night.record(reader).json()["events"]]


def test_a_hand_entry_cannot_probe_a_gift(client):
    """(b) After Ann gives a joker (or a 9) face down, Ben enters six jokers: the same answer
    either way (the deck's count never counts another seat's hidden card)."""
    answers = []
    for gift in ("joker", "9"):
        night = ApiNight.create(client, "dog", NAMES)
        night.run(f"host deal · 0 hand 2,3,4,5,6,{gift} · 0 give {gift}")
        answers.append(_answer(night.enter(1, "hand joker,joker,joker,joker,joker,joker")))
    assert answers[0] == answers[1]


def test_a_face_up_fold_shows_everyone_the_same_whatever_a_hand_entry_said(client):
    """(d) With folds face up, the scribe's fold for Ann (who entered her hand right, or with
    a card mistyped) puts the same cards on everyone else's pile and leaves everyone else's
    counter alike: only the cards the entry names are shown."""
    seen = []
    for ann in ("2,3,4,5,6,8", "2,3,4,5,6,12"):
        night = ApiNight.create(client, "dog", NAMES, {"rules": {"fold_face_up": True}})
        night.run(f"host deal · 0 hand {ann} · 0 give 2 · host give@1 ? · host give@2 ? · "
                  "host give@3 ? · host fold")
        readers = {}
        for reader in (None, 1, 2, 3):
            token = None if reader is None else night.tokens[reader]
            counter = night.call("get", "/counter", token=token)
            assert counter.status_code == 200
            readers[reader] = (_events(night, reader), _answer(counter))
        seen.append(readers)
    assert seen[0] == seen[1]
