"""The card counter at the table: GET /api/tables/{id}/counter, the "Card counter" panel of the
table page and its live refresh, and privacy (a seat's own count reaches only that seat)."""

from __future__ import annotations

import json
import re
from math import comb

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from companion.asgi import application
from companion.tables.models import Table
from companion.tables.play import services
from companion.tables.tokens import cookie_name, cookie_value
from tests.conftest import ApiTable

from .live_clients import Page

pytestmark = pytest.mark.django_db


def miss(total: int, of_kind: int, drawn: int) -> float:
    return 1 - comb(total - of_kind, drawn) / comb(total, drawn)


def phone(table_id: str, token: str) -> Client:
    """A browser holding a seat's cookie."""
    client = Client()
    client.cookies[cookie_name(table_id, "seat")] = cookie_value(table_id, token)
    return client


def private_seats(html: str) -> list[str]:
    return re.findall(r'data-private-seat="(\d+)"', html)


def unseen(count: dict) -> dict[str, int]:
    group = next(g for g in count["groups"] if g["kind"] == "unseen")
    return {c["card"]: c["count"] for c in group["cards"]}


def chance(count: dict, card: str, target: str = "seat", seat: int | None = None) -> float:
    return next(
        c["p"]
        for c in count["chances"]
        if c["card"] == card and c["target"] == target and c["seat"] == seat
    )


# --- the API ------------------------------------------------------------------------------------


def test_public_counter_without_a_token(dealt_table: ApiTable):
    body = dealt_table.call("get", "/counter").json()
    assert body["game"] == "dog" and body["seat"] is None and body["private"] is None
    assert not body["needs_hand"]
    assert unseen(body["public"]) == {
        **{c: 8 for c in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13")},
        "swap": 8,
        "joker": 6,
    }
    assert dealt_table.play("1 K", dealt_table.tokens[0]).status_code == 201
    body = dealt_table.call("get", "/counter").json()
    assert unseen(body["public"])["1"] == 7 and body["seq"] == dealt_table.seq()


def test_a_seat_gets_its_own_exact_chances(dealt_table: ApiTable):
    t = dealt_table
    body = t.call("get", "/counter", token=t.tokens[0]).json()
    mine = body["private"]
    assert body["seat"] == 0 and mine["seat"] == 0 and mine["scope"] == "seat"
    # Seat 0 holds 1, 13, 7, 4, joker and the 2 from its partner, and gave the partner a 5:
    # 103 cards it has not seen, 7 of them sevens; seat 1 holds 6 of them.
    assert chance(mine, "7", seat=1) == pytest.approx(miss(103, 7, 6), abs=1e-9)
    assert chance(mine, "5", seat=2) == 1.0  # the card it gave its partner
    assert mine["facts"]["partner"] == 2 and mine["exact"]
    assert unseen(mine)["joker"] == 5


def test_no_seat_ever_reads_another_seats_count(dealt_table: ApiTable):
    """In the scripted deal only seat 0 holds a joker: a count that said so to anybody else
    (5 jokers unseen, or a joker for sure in seat 0's hand) would leak its hand."""
    t = dealt_table
    for token, seat in [*((t.tokens[i], i) for i in (1, 2, 3)), (None, None), (t.host, None)]:
        body = t.call("get", "/counter", token=token).json()
        assert body["seat"] == seat
        counts = [body["public"]] + ([body["private"]] if body["private"] else [])
        if seat is not None:
            assert body["private"]["seat"] == seat
        for count in counts:
            assert unseen(count)["joker"] == 6, (seat, count["scope"])
            assert all(c["p"] < 1 for c in count["chances"] if c["card"] == "joker")


def test_a_seat_without_its_hand_is_asked_to_enter_it(api_table: ApiTable):
    t = api_table
    assert t.play("deal", t.host).status_code == 201
    body = t.call("get", "/counter", token=t.tokens[1]).json()
    assert body["private"] is None and body["needs_hand"] is True


def test_bad_requests_get_a_reason(dealt_table: ApiTable, client):
    t = dealt_table
    assert t.call("get", "/counter", token="not-a-token").status_code == 403
    response = client.get(f"/api/tables/{t.id}/counter", HTTP_AUTHORIZATION="Basic x")
    assert response.status_code == 403 and response.json()["error"]["code"] == "bad_token"
    assert client.get("/api/tables/nope/counter").status_code == 404
    response = t.call("post", "/counter", {})
    assert response.status_code == 405 and response["Allow"] == "GET"


def test_openapi_documents_the_counter(client):
    doc = client.get("/api/openapi.json").json()
    operation = doc["paths"]["/api/tables/{table_id}/counter"]["get"]
    assert set(operation["responses"]) >= {"200", "403", "404"}


# --- the panel ----------------------------------------------------------------------------------


def test_the_panel_shows_the_public_count_and_only_the_own_private_part(dealt_table: ApiTable):
    t = dealt_table
    page = phone(t.id, t.tokens[0]).get(f"/t/{t.id}/").content.decode()
    assert 'class="counter-panel"' in page and "Card counter" in page
    assert "Not seen since the last reshuffle" in page
    assert private_seats(page) == ["0"]
    # The partner's column first: Cid holds 5 cards seat 0 does not know (and its 5).
    partner = f"{miss(103, 7, 5):.6f}"
    assert re.search(rf'<tr data-card="7"><th scope="row">[^<]+</th><td data-p="{partner}"', page)
    assert "Ben (partner)" not in page and "Cid (partner)" in page
    for token in t.tokens[1:]:
        other = phone(t.id, token).get(f"/t/{t.id}/").content.decode()
        assert private_seats(other) != ["0"] and len(private_seats(other)) == 1
    for url in (f"/t/{t.id}/", f"/t/{t.id}/present"):
        html = Client().get(url).content.decode()
        assert private_seats(html) == [] and "counter-needs-hand" not in html
    assert 'id="counter"' in Client().get(f"/t/{t.id}/").content.decode()


def test_the_panel_asks_a_seat_for_its_hand(api_table: ApiTable):
    t = api_table
    assert t.play("deal", t.host).status_code == 201
    page = phone(t.id, t.tokens[2]).get(f"/t/{t.id}/").content.decode()
    assert private_seats(page) == [] and "counter-needs-hand" in page


def test_the_panel_of_life_is_life_and_hit(client):
    created = client.post(
        "/api/tables",
        json.dumps({"game": "lifeislife", "options": {"players": 3}}),
        content_type="application/json",
    ).json()
    t = ApiTable(client, created["id"], created["host_token"])
    t.tokens = [t.call("post", "/join", {"seat": i}).json()["token"] for i in range(3)]
    deal = "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep"
    assert t.play(deal, t.host).status_code == 201
    cards = ["giraffe"] * 3 + ["bear"] * 2 + ["mole", "goat", "sheep", "dog", "cat"]
    r = t.call("put", "/hand", {"cards": cards, "expected_seq": t.seq()}, t.tokens[0])
    assert r.status_code == 201, r.content
    mine = t.call("get", "/counter", token=t.tokens[0]).json()["private"]
    assert chance(mine, "giraffe", seat=1) == pytest.approx(miss(40, 5, 10), abs=1e-9)
    page = phone(t.id, t.tokens[0]).get(f"/t/{t.id}/").content.decode()
    assert private_seats(page) == ["0"] and 'data-kind="unseen"' in page
    assert "20 set aside" in page

    created = client.post(
        "/api/tables", json.dumps({"game": "hit"}), content_type="application/json"
    ).json()
    h = ApiTable(client, created["id"], created["host_token"])
    h.tokens = [h.call("post", "/join", {"seat": i}).json()["token"] for i in range(4)]
    for _ in range(4):
        assert h.play("draw", h.host).status_code == 201
    assert h.play("market 4,5,hunt,coins5,jump", h.host).status_code == 201
    r = h.call(
        "put", "/hand", {"cards": ["s1", "s6", "scoins"], "expected_seq": h.seq()}, h.tokens[0]
    )
    assert r.status_code == 201, r.content
    body = h.call("get", "/counter", token=h.tokens[0]).json()
    # Seat 0's pile holds its 3 other start cards: the next draw takes all of them (and
    # none of the cards it holds now, which go to the discard pile).
    assert chance(body["private"], "s3", "draw", 0) == 1.0
    assert chance(body["private"], "s1", "draw", 0) == 0.0
    pile = next(g for g in body["public"]["groups"] if g["kind"] == "pile" and g["seat"] == 1)
    assert pile["size"] == 6 and pile["hidden"] == 3
    page = phone(h.id, h.tokens[0]).get(f"/t/{h.id}/").content.decode()
    assert private_seats(page) == ["0"] and "Your draw pile" in page and "next draw" in page


# --- the live refresh ---------------------------------------------------------------------------


async def connect(table_id: str, token: str) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"authorization", f"Bearer {token}".encode())]
    communicator = WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@database_sync_to_async
def play(table_id: str, seat: int, text: str) -> None:
    table = Table.objects.get(id=table_id)
    services.record_action(table_id, services.Actor(seat, False), text, table.seq)


@pytest.mark.django_db(transaction=True)
async def test_the_websocket_keeps_each_seats_panel_current_and_private(dealt_table: ApiTable):
    t = dealt_table
    phones = [await connect(t.id, t.tokens[i]) for i in (0, 1)]
    pages = [Page(), Page()]  # each phone's live fragments, as table.js keeps them
    first = [await p.receive_from(timeout=10) for p in phones]
    assert private_seats(first[0]) == ["0"] and private_seats(first[1]) == ["1"]
    assert 'id="counter"' in first[1] and 'hx-swap-oob="true"' in first[1]
    for page, text in zip(pages, first, strict=True):
        page.receive(text)
    await play(t.id, 0, "1 K")
    after = [await p.receive_from(timeout=10) for p in phones]
    for page, text in zip(pages, after, strict=True):
        page.receive(text)  # a delta: the counter whole or as an edit of the one before
    counter = pages[1].parts["counter"]
    assert private_seats(counter) == ["1"]
    assert re.search(r'<li data-card="1" data-count="7">', counter)  # the 1 played is seen
    assert 'private-seat="0"' not in first[1] + after[1] + counter
    for p in phones:
        await p.disconnect()
