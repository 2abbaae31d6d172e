"""Coach mode: the review of a play (a planted blunder is a mistake), and the embedded path
from a coached seat's play to a review on that seat's own phone only."""

import json
import re

import pytest
from channels.db import database_sync_to_async

from companion.advisor.review import GOOD, MISTAKE, label_for, review
from companion.tables.coach import reviews as coach
from companion.tables.models import CoachReview, Table
from companion.tables.play import services
from tests.games.dog.positions import dog, pos

from .hint_helpers import connect

#: Seat 0 has figures on T40, T56 and T58; the 2 from T56 lands on its own figure on T58 and
#: sends it home (58 fields of progress thrown away for nothing); the 9 or the 6 just move on.
#: (With the figures on T50/T52 the loss is 0.097 by the playouts' evaluation, just under the
#: mistake margin: DOG_EVAL_SCALE makes some 60 steps of a team's worth about 0.1 here.)
BLUNDER = dict(
    figures=[["K", "T40", "T56", "T58"], ["K", "K", "K", "T20"], ["K", "K", "K", "T30"],
             ["K", "K", "K", "T10"]],
    hand=["2", "6", "9"],
)


def test_labels_follow_the_documented_thresholds():
    assert label_for(0.0) == label_for(0.029) == GOOD
    assert label_for(0.03) == label_for(0.099) == "inaccuracy"
    assert label_for(0.10) == label_for(0.5) == MISTAKE


def test_a_planted_blunder_is_a_mistake():
    state = pos(**BLUNDER)
    blunder = dog.parse_action(state, "2 T56-T58")
    result = review(dog, state, 0, blunder, iterations=800, seed=1)
    assert result.label == MISTAKE and result.loss >= 0.10
    assert dog.format_action(state, result.best) != "2 T56-T58"
    assert result.best_value > result.played_value


def test_the_best_play_is_good():
    state = pos(**BLUNDER)
    first = review(dog, state, 0, dog.parse_action(state, "2 T56-T58"), iterations=800, seed=1)
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
            assert got["type"] not in ("hint", "review", "coach"), got
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


# --- the labels, the summary line and the coach.review message --------------------------------

#: what differs between two reads of the same page (a form's token, the record's export time)
VOLATILE = (r'name="csrfmiddlewaretoken" value="[^"]+"', r'"X-CSRFToken": "[^"]+"',
            r'"exported_at": "[^"]+"')


def _phone(t, role: str | None = None, token: str | None = None):
    from django.test import Client

    from companion.tables.tokens import cookie_name, cookie_value

    client = Client()
    if role:
        client.cookies[cookie_name(t.id, role)] = cookie_value(t.id, token)
    return client


def _reviewed(t, seq: int, label: str = "mistake") -> CoachReview:
    """Seat 0 in coach mode with its play ``seq`` reviewed (as the task stores it)."""
    table = Table.objects.get(id=t.id)
    coach.switch(table, 0, True)
    return CoachReview.objects.create(
        table=table, seat=0, seq=seq, played="1 K", label=label, best="13 K", loss=0.2,
        played_value=0.3, best_value=0.5, iterations=100,
    )


def _pages(t, phone, token: str | None) -> dict[str, str]:
    """Everything a phone may read about the table: pages, fragments, record, API answers."""
    import re

    from companion.tables.live import pushes as live

    live.forget(t.id)
    total = Table.objects.get(id=t.id).seq
    paths = [
        "/", "/present", "/replay", "/record.json", "/summary", "/summary?part=1",
        "/summary?part=1&own=1", "/coach/reviews",
        *(f"/replay?step={n}" for n in range(total + 1)),
    ]
    out = {}
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    urls = [f"/t/{t.id}{path}" for path in paths]
    urls += [f"/api/tables/{t.id}{path}" for path in ("", "/summary", "/record")]
    for url in urls:
        body = phone.get(url, **headers).content.decode()
        for pattern in VOLATILE:
            body = re.sub(pattern, "<volatile>", body)
        out[url] = body
    return out


@pytest.mark.django_db
def test_labels_and_the_coach_line_reach_the_own_seat_only(dealt_table):
    """Ann's reviewed play is labelled in her own history, replay and summary; Ben, the host and
    a spectator read word for word what they read before Ann ever had the coach."""
    t = dealt_table
    seq = services.record_action(t.id, services.Actor(0, False), "1 K",
                                 Table.objects.get(id=t.id).seq).event.seq
    services.record_action(t.id, services.Actor(1, False), "1 K", seq)
    others = {
        "Ben": (_phone(t, "seat", t.tokens[1]), t.tokens[1]),
        "host": (_phone(t, "host", t.host), t.host),
        "spectator": (_phone(t), None),
    }
    before = {who: _pages(t, phone, token) for who, (phone, token) in others.items()}
    from companion.tables.pages.rendering import live_parts

    live_before = {s: live_parts(Table.objects.get(id=t.id), services.Actor(s, False))
                   for s in (1, 2)}
    ann = _phone(t, "seat", t.tokens[0])
    assert 'class="review-label"' not in ann.get(f"/t/{t.id}/").content.decode()

    _reviewed(t, seq)
    after = {who: _pages(t, phone, token) for who, (phone, token) in others.items()}
    for who in others:
        for path, body in before[who].items():
            assert after[who][path] == body, (who, path)
        assert all("review-" not in body for body in after[who].values()), who
    for s in (1, 2):
        assert live_parts(Table.objects.get(id=t.id), services.Actor(s, False)) == live_before[s]

    page = ann.get(f"/t/{t.id}/").content.decode()
    assert (f'<span id="review-{seq}" class="review-label" data-label="mistake">'
            '<span aria-hidden="true">?</span> mistake</span>') in page
    assert f'<span id="review-{seq + 1}" class="review-label"></span>' in page  # Ben's play
    own_live = live_parts(Table.objects.get(id=t.id), services.Actor(0, False))["history"]
    assert f'id="review-{seq}" class="review-label" data-label="mistake"' in own_live
    step = ann.get(f"/t/{t.id}/replay?step={seq}").content.decode()
    assert 'data-label="mistake"' in step
    later = ann.get(f"/t/{t.id}/replay?step={seq + 1}").content.decode()  # Ben's play
    assert 'data-label="mistake"' not in later
    summary = ann.get(f"/t/{t.id}/summary").content.decode()
    assert "Coach for Ann (only on your phone):" in summary
    assert "1 play reviewed: 1 mistake, no inaccuracy, 0\u00a0% as the advisor" in summary
    assert "Coach for" in ann.get(f"/t/{t.id}/summary?part=1&own=1").content.decode()
    assert "Coach for" not in ann.get(f"/t/{t.id}/summary?part=1").content.decode()  # presenter
    assert "coach" not in ann.get(f"/api/tables/{t.id}/summary",
                                  HTTP_AUTHORIZATION=f"Bearer {t.tokens[0]}").content.decode()


@pytest.mark.django_db
def test_the_labels_words_in_each_language(dealt_table):
    t = dealt_table
    seq = services.record_action(t.id, services.Actor(0, False), "1 K",
                                 Table.objects.get(id=t.id).seq).event.seq
    _reviewed(t, seq, "inaccuracy")
    ann = _phone(t, "seat", t.tokens[0])
    said = {"en": "inaccuracy", "de": "Ungenauigkeit", "fr": "imprécision", "it": "imprecisione"}
    for language, word in said.items():
        page = ann.get(f"/t/{t.id}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f'<span aria-hidden="true">?!</span> {word}</span>' in page, language
    from django.utils import translation

    with translation.override("en"):
        line = coach.tally_text(coach.tally(Table.objects.get(id=t.id), 0))
    assert line == "1 play reviewed: no mistake, 1 inaccuracy, 0\u00a0% as the advisor would play."


@pytest.mark.django_db
def test_a_seat_never_coached_costs_a_live_push_no_query_within_the_gate(dealt_table):
    """Every push renders every seat's history: a table without the coach asks the database
    once per `coach.GATE_TTL_S`, not at each render; a switch opens the gate at once."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    t = dealt_table
    table = Table.objects.get(id=t.id)
    assert coach.history_labels(table, 1, [1, 2]) is None  # asked (and remembered)
    with CaptureQueriesContext(connection) as queries:
        assert coach.history_labels(table, 1, [1, 2]) is None
    assert not queries.captured_queries
    coach.switch(table, 1, True)
    assert coach.history_labels(table, 1, [1, 2]) == {}


async def _html_phone(table_id: str, token: str):
    from channels.testing import WebsocketCommunicator

    from companion.asgi import application

    communicator = WebsocketCommunicator(
        application, f"/ws/tables/{table_id}/",
        headers=[(b"origin", b"http://testserver"), (b"authorization", f"Bearer {token}".encode())],
    )
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_from(timeout=5)).startswith("<!--live-seq:")
    return communicator


@pytestmark_db
async def test_the_review_message_reaches_the_seats_own_phones_and_not_the_hint_watchdog(
    dealt_table, monkeypatch
):
    """`coach.review` on the real (in-memory) channel layer: Ann's page gets her coach box and
    her history (the label in its line) afresh, her JSON phone a "review" message;
    Ben's phones nothing; no phone's hint watchdog is touched."""
    from companion.tables.live.consumers import TableConsumer

    touched: list[str] = []
    monkeypatch.setattr(TableConsumer, "watch_hint", lambda self, hint: touched.append("watch"))
    t = dealt_table
    seq = await play(t.id, 0, "1 K")
    ann_page, ben_page = [await _html_phone(t.id, t.tokens[i]) for i in (0, 1)]
    ann_json, ben_json = [await connect(t.id, t.tokens[i]) for i in (0, 1)]
    stored = await database_sync_to_async(_reviewed)(t, seq, "good")  # the switch's message too
    for phone in (ann_page, ann_json, ben_page, ben_json):  # the play's delta
        while not await phone.receive_nothing(timeout=0.3):
            phone.heard = [*getattr(phone, "heard", []), await phone.receive_from()]
    await database_sync_to_async(coach._publish)(t.id, 0, stored)

    # her coach box and her history afresh at the same seq (issue #36: live parts), as a
    # fresh load shows them; the rest of the page (an entry under way) is left alone
    renewed = json.loads(await ann_page.receive_from(timeout=5))
    assert renewed["type"] == "delta" and renewed["base"] == renewed["seq"] == seq
    assert set(renewed["parts"]) == {"coach", "history"}
    assert re.match(r'\s*<section id="coach"', renewed["parts"]["coach"])
    assert 'class="coach-review" data-label="good"' in renewed["parts"]["coach"]
    assert (f'<span id="review-{seq}" class="review-label" data-label="good">'
            '<span aria-hidden="true">✓</span> good play</span>') in renewed["parts"]["history"]
    message = json.loads(await ann_json.receive_from(timeout=5))
    assert message["type"] == "review" and message["seq"] == seq and message["seat"] == 0
    assert message["review"]["label"] == "good" and message["review"]["symbol"] == "✓"
    assert message["review"]["text"].startswith("Good play:")
    for phone in (ben_page, ben_json):
        assert await phone.receive_nothing(timeout=0.5)
        assert not any("review" in m or "coach" in m for m in getattr(phone, "heard", []))
    assert touched == []
    for phone in (ann_page, ann_json, ben_page, ben_json):
        await phone.disconnect()
