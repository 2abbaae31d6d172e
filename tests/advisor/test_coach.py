"""Coach mode: the review of a play (a planted blunder is a mistake), and the embedded path
from a coached seat's play to a review on that seat's own phone only."""

import json

import pytest
from channels.db import database_sync_to_async

from companion.advisor.review import GOOD, MISTAKE, label_for, review
from companion.tables import coach, services
from companion.tables.models import CoachReview, Table

from .dog_positions import dog, pos
from .hint_helpers import connect

#: Seat 0 has figures on T40, T50 and T52; the 2 from T50 lands on its own figure on T52 and
#: sends it home (52 fields of progress thrown away for nothing); the 9 or the 6 just move on.
BLUNDER = dict(
    figures=[["K", "T40", "T50", "T52"], ["K", "K", "K", "T20"], ["K", "K", "K", "T30"],
             ["K", "K", "K", "T10"]],
    hand=["2", "6", "9"],
)


def test_labels_follow_the_documented_thresholds():
    assert label_for(0.0) == label_for(0.029) == GOOD
    assert label_for(0.03) == label_for(0.099) == "inaccuracy"
    assert label_for(0.10) == label_for(0.5) == MISTAKE


def test_a_planted_blunder_is_a_mistake():
    state = pos(**BLUNDER)
    blunder = dog.parse_action(state, "2 T50-T52")
    result = review(dog, state, 0, blunder, iterations=800, seed=1)
    assert result.label == MISTAKE and result.loss >= 0.10
    assert dog.format_action(state, result.best) != "2 T50-T52"
    assert result.best_value > result.played_value


def test_the_best_play_is_good():
    state = pos(**BLUNDER)
    first = review(dog, state, 0, dog.parse_action(state, "2 T50-T52"), iterations=800, seed=1)
    again = review(dog, state, 0, first.best, iterations=800, seed=1)
    assert again.label == GOOD and again.loss < 0.03


def test_a_forced_play_is_good_without_a_search():
    state = pos(figures=[["T10", "K", "K", "K"], ["K"] * 4, ["K"] * 4, ["K"] * 4], hand=["5"])
    (only,) = dog.legal_actions(state)
    assert review(dog, state, 0, only, iterations=100).iterations == 0


pytestmark_db = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def switch_on(table_id: str, seat: int) -> None:
    coach.switch(Table.objects.get(id=table_id), seat, True)


@database_sync_to_async
def play(table_id: str, seat: int, text: str) -> int:
    seq = Table.objects.get(id=table_id).seq
    return services.record_action(table_id, services.Actor(seat, False), text, seq).event.seq


async def next_review(communicator) -> dict:
    while True:
        message = json.loads(await communicator.receive_from(timeout=20))
        if message["type"] == "review":
            return message


@pytestmark_db
@pytest.mark.usefixtures("clear_cache")
async def test_a_coached_play_is_reviewed_for_its_own_phone_only(
    dealt_table, embedded_worker, settings
):
    settings.COACH_MAX_WAIT_S = 60  # never "too busy" here, however loaded the machine is
    t = dealt_table
    await switch_on(t.id, 0)
    mine, other, partner = [await connect(t.id, t.tokens[i]) for i in (0, 1, 2)]
    seq = await play(t.id, 0, "1 K")
    message = await next_review(mine)
    assert message["seq"] == seq and message["seat"] == 0
    assert message["review"]["label"] in ("good", "inaccuracy", "mistake")
    for communicator in (other, partner):  # the others hear the play, never the review
        while not await communicator.receive_nothing(timeout=0.5):
            got = json.loads(await communicator.receive_from())
            assert got["type"] != "hint", got
    stored = await database_sync_to_async(CoachReview.objects.get)(table_id=t.id, seq=seq)
    assert stored.seat == 0 and stored.played == "1 K"
    # a seat without coach mode gets no review
    await play(t.id, 1, "1 K")
    assert not await database_sync_to_async(
        CoachReview.objects.filter(table_id=t.id, seat=1).exists
    )()
    for communicator in (mine, other, partner):
        await communicator.disconnect()


@pytest.mark.django_db
def test_the_switch_belongs_to_the_seats_own_phone(dealt_table):
    from django.test import Client

    from companion.tables.tokens import cookie_name, cookie_value

    t = dealt_table
    stranger = Client()
    assert stranger.post(f"/t/{t.id}/coach", {"on": "1"}).status_code == 403
    assert stranger.get(f"/t/{t.id}/coach/reviews").status_code == 403
    ann = Client()
    ann.cookies[cookie_name(t.id)] = cookie_value(t.id, t.tokens[0])
    bad = ann.post(f"/t/{t.id}/coach", {"on": "yes"})
    assert bad.status_code == 400 and b"on: 1" in bad.content
    answer = ann.post(f"/t/{t.id}/coach", {"on": "1"})
    assert answer.status_code == 200 and b'aria-pressed="true"' in answer.content
    assert coach.is_on(t.id, 0) and not coach.is_on(t.id, 1)
    assert ann.post(f"/t/{t.id}/coach", {"on": "0"}).status_code == 200
    assert not coach.is_on(t.id, 0)


@pytest.mark.django_db
@pytest.mark.usefixtures("clear_cache")
def test_past_the_tables_rate_a_play_is_dropped_with_a_note(dealt_table, settings, monkeypatch):
    settings.COACH_RATE_PER_TABLE = 0
    sent: list[dict] = []
    monkeypatch.setattr(coach, "_publish", lambda table_id, seat, stored: sent.append(
        coach.review_json(stored)))
    t = dealt_table
    table = Table.objects.get(id=t.id)
    coach.switch(table, 0, True)
    seq = services.record_action(t.id, services.Actor(0, False), "1 K", table.seq).event.seq
    import time as clock

    job = {"table_id": t.id, "seq": seq, "seats": [0], "queued_at": clock.time()}
    assert coach.review_play.run(**job) == "dropped"
    stored = CoachReview.objects.get(table_id=t.id, seq=seq)
    assert stored.label == "dropped" and "too many plays" in stored.note
    assert sent and sent[0]["label"] == "dropped"
    job["queued_at"] -= 3600  # waited far too long: the worker was saturated
    assert coach.review_play.run(**job) == "dropped"
    assert "too busy" in CoachReview.objects.get(table_id=t.id, seq=seq).note
