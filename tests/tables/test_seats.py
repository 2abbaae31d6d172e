"""Only the table hands out seats (issue #37, F1): free claims by the table's address until the
game's first entry; after it, the host approves a phone's request or shows the seat's
invitation; a seat moves to another phone only through the host; the table reads who took
which seat; claims and refusals are logged at INFO without a token or a card."""

from __future__ import annotations

import json
import logging
import re

import pytest
from django.test import Client

from companion.tables.models import SeatChange
from companion.tables.play import seating, services

from .test_views import new_table

pytestmark = pytest.mark.django_db

HANDS = {0: ["1", "13", "7", "4", "5", "joker"]}


def _api(client: Client, method: str, path: str, body=None, token: str | None = None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return getattr(client, method)(
        f"/api{path}", json.dumps(body) if body is not None else None,
        content_type="application/json", **headers,
    )


@pytest.fixture
def begun(client):
    """A DOG table whose host dealt before Ben sat down; Ann entered her hand."""
    made = _api(client, "post", "/tables", {"game": "dog", "names": ["Ann", "Ben", "Cid", "Dan"]})
    table_id, host = made.json()["id"], made.json()["host_token"]
    ann = _api(client, "post", f"/tables/{table_id}/join", {"seat": 0}).json()["token"]
    assert _api(client, "post", f"/tables/{table_id}/plays",
                {"action": "deal", "expected_seq": 0}, host).status_code == 201
    assert _api(client, "put", f"/tables/{table_id}/hand",
                {"cards": HANDS[0], "expected_seq": 1}, ann).status_code == 201
    return table_id, host, ann


def test_a_free_claim_before_the_first_entry_still_works(client):
    made = _api(client, "post", "/tables", {"game": "dog"}).json()
    joined = _api(client, "post", f"/tables/{made['id']}/join", {"seat": 2, "name": "Eve"})
    assert joined.status_code == 201 and joined.json()["name"] == "Eve"


def test_a_late_claim_by_the_api_is_refused_in_words(client, begun):
    table_id, _host, _ann = begun
    late = _api(client, "post", f"/tables/{table_id}/join", {"seat": 0})
    assert late.status_code == 409  # Ann's seat is held: only the host moves it
    assert late.json()["error"]["code"] == "seat_taken"
    late = _api(client, "post", f"/tables/{table_id}/join", {"seat": 1, "name": "Eve"})
    assert late.status_code == 403
    error = late.json()["error"]
    assert error["code"] == "seat_needs_host"
    assert "The game has begun: Ben's seat holds cards only its player may see" in error["message"]
    assert "token" not in late.json()


def test_a_late_claim_on_the_seat_page_is_refused_and_offers_to_ask(client, begun):
    table_id, _host, _ann = begun
    phone = Client()
    page = phone.get(f"/t/{table_id}/seats").content.decode()
    assert "Ask the host for Ben" in page and "Sit as" not in page
    refused = phone.post(f"/t/{table_id}/seats", {"seat": "1", "name": "Eve"})
    assert refused.status_code == 403
    assert "The game has begun" in refused.content.decode()
    assert not any(key.startswith("seat-") for key in refused.cookies)


def test_the_hosts_approval_seats_the_asking_phone(client, begun):
    table_id, host, ann = begun
    asked = _api(client, "post", f"/tables/{table_id}/seat-requests", {"seat": 0, "name": "Eve"})
    assert asked.status_code == 202, asked.content
    request, token = asked.json()["request"], asked.json()["token"]
    # not yet: the token is worth nothing until the host says yes
    assert _api(client, "get", f"/tables/{table_id}", token=token).status_code == 403
    # a seat cannot approve, only the host
    refused = _api(client, "post", f"/tables/{table_id}/seat-answers",
                   {"request": request, "approve": True}, ann)
    assert refused.status_code == 403
    approved = _api(client, "post", f"/tables/{table_id}/seat-answers",
                    {"request": request, "approve": True}, host)
    assert approved.status_code == 200 and approved.json()["answer"] == "approved"
    seen = _api(client, "get", f"/tables/{table_id}", token=token).json()
    assert seen["you"]["seat"] == 0
    # Eve now reads Ann's hand; Ann's old phone reads nothing of the seat any more
    assert "joker" in json.dumps(seen)
    assert "joker" not in json.dumps(_api(client, "get", f"/tables/{table_id}").json())
    old = _api(client, "get", f"/tables/{table_id}", token=ann)
    assert old.status_code == 403
    # the table reads who took the seat
    assert seating.change_lines(services.read_table(table_id))[-1] == "Eve took Ann's seat"


def test_a_refused_request_gives_nothing(client, begun):
    table_id, host, _ann = begun
    asked = _api(client, "post", f"/tables/{table_id}/seat-requests", {"seat": 1}).json()
    answer = _api(client, "post", f"/tables/{table_id}/seat-answers",
                  {"request": asked["request"], "approve": False}, host)
    assert answer.json()["answer"] == "refused"
    assert _api(client, "get", f"/tables/{table_id}", token=asked["token"]).status_code == 403


def test_the_hosts_invitation_takes_the_seat_once(client, begun):
    table_id, host, _ann = begun
    made = _api(client, "post", f"/tables/{table_id}/invitations", {"seat": 1}, host)
    assert made.status_code == 201
    invitation = made.json()["invitation"]
    assert made.json()["url"] == f"/t/{table_id}/seats?seat=1&invitation={invitation}"
    # only for its seat, only once
    wrong = _api(client, "post", f"/tables/{table_id}/join",
                 {"seat": 2, "invitation": invitation})
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_invitation"
    joined = _api(client, "post", f"/tables/{table_id}/join",
                  {"seat": 1, "name": "Eve", "invitation": invitation})
    assert joined.status_code == 201 and joined.json()["name"] == "Eve"
    again = _api(client, "post", f"/tables/{table_id}/join",
                 {"seat": 1, "invitation": invitation})
    assert again.status_code == 403
    # only the host makes invitations
    assert _api(client, "post", f"/tables/{table_id}/invitations", {"seat": 1},
                joined.json()["token"]).status_code == 403


def test_an_invitation_on_the_seat_page_and_the_seat_line(client, begun):
    table_id, _host, ann = begun
    invitation = seating.invite(table_id, services.Actor(None, True), 0)
    phone = Client()
    page = phone.get(f"/t/{table_id}/seats", {"seat": "0", "invitation": invitation})
    assert "The host invites you to <b>Ann</b>" in page.content.decode()
    taken = phone.post(f"/t/{table_id}/seats",
                       {"seat": "0", "name": "Eve", "invitation": invitation})
    assert taken.status_code == 302 and taken["Location"] == f"/t/{table_id}/"
    table_page = phone.get(f"/t/{table_id}/").content.decode()
    assert "Eve took Ann&#x27;s seat" in table_page or "Eve took Ann's seat" in table_page
    assert "You: <b>Eve</b>" in table_page
    # Ann's old token no longer enters plays for the seat
    refused = _api(client, "put", f"/tables/{table_id}/hand",
                   {"cards": HANDS[0], "expected_seq": 2}, ann)
    assert refused.status_code == 403


def test_asking_on_the_page_waits_then_the_host_lets_them_in(client):
    host_phone = client
    table = new_table(host_phone)
    host_phone.post(f"/t/{table.id}/play", {"action": "deal", "expected_seq": "0"})
    eve = Client()
    asked = eve.post(f"/t/{table.id}/seats", {"seat": "2", "name": "Eve", "ask": "1"})
    assert asked.status_code == 302 and asked["Location"] == f"/t/{table.id}/seats"
    waiting = eve.get(f"/t/{table.id}/seats").content.decode()
    assert "Waiting for the host to let you in as <b>Eve</b>" in waiting
    # the host's table page shows the request with its two answers
    page = host_phone.get(f"/t/{table.id}/").content.decode()
    found = re.search(r'name="request" value="(\d+)"', page)
    assert found and "<b>Eve</b> asks for" in page
    answered = host_phone.post(f"/t/{table.id}/seats/answer",
                               {"request": found.group(1), "approve": "1"})
    assert answered.status_code == 200 and "Eve took" in answered.content.decode()
    # the waiting page's poll now sends the phone on to the table
    poll = eve.get(f"/t/{table.id}/seats", HTTP_HX_REQUEST="true")
    assert poll["HX-Redirect"] == f"/t/{table.id}/"
    assert "You: <b>Eve</b>" in eve.get(f"/t/{table.id}/").content.decode()
    change = SeatChange.objects.filter(table_id=table.id).get()
    assert (change.how, change.name) == ("approved", "Eve")


def test_claims_and_refusals_are_logged_without_secrets(client, begun, caplog):
    table_id, host, _ann = begun
    caplog.set_level(logging.INFO, logger="companion.tables.play.seating")
    _api(client, "post", f"/tables/{table_id}/join", {"seat": 1})
    invitation = _api(client, "post", f"/tables/{table_id}/invitations", {"seat": 1},
                      host).json()["invitation"]
    token = _api(client, "post", f"/tables/{table_id}/join",
                 {"seat": 1, "invitation": invitation}).json()["token"]
    lines = [r.getMessage() for r in caplog.records if r.name.endswith("seating")]
    assert any("claim of seat 1 refused (game begun)" in line for line in lines), lines
    assert any("seat 1 taken (invited)" in line for line in lines), lines
    logged = "\n".join(lines)
    for secret in (invitation, token, host, "joker"):
        assert secret not in logged


@pytest.mark.django_db(transaction=True)  # the pushes go out when the change commits
async def test_the_request_reaches_the_hosts_phone_live_and_a_moved_seat_is_let_go(begun):
    """The host's page is told of a request at once; when the seat moves, the phone that held
    it is closed (4001) and reconnects as what it is now."""
    from channels.db import database_sync_to_async

    from .test_consumers import connect

    table_id, host, ann = begun
    host_phone = await connect(table_id, host, fmt="html")
    await host_phone.receive_from(timeout=5)
    ann_phone = await connect(table_id, ann, fmt="html")
    await ann_phone.receive_from(timeout=5)
    _asked, token = await database_sync_to_async(seating.request_seat)(table_id, 0, "Eve")
    pushed = await host_phone.receive_from(timeout=5)
    assert "<b>Eve</b> asks for Ann" in pushed and "Let them in" in pushed
    assert "Let them in" not in await ann_phone.receive_from(timeout=5)  # the host's alone
    request = (await database_sync_to_async(seating.open_requests)(
        await database_sync_to_async(services.read_table)(table_id)))[0]
    await database_sync_to_async(seating.answer_request)(
        table_id, services.Actor(None, True), request.id, True)
    closed = await ann_phone.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4001}
    pushed = await host_phone.receive_from(timeout=5)
    assert "Eve took Ann" in pushed
    await host_phone.disconnect()
    assert token
