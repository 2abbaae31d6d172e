"""The htmx pages and fragments through Django's test client (cookies, forms, CSRF)."""

import re

import pytest
from django.test import Client

from companion.tables.models import Table

pytestmark = pytest.mark.django_db


def new_table(client: Client) -> Table:
    response = client.post(
        "/t/new",
        {
            "seats": "4",
            "name0": "Ann",
            "name1": "Ben",
            "colour0": "red",
            "colour1": "blue",
            "colour2": "green",
            "colour3": "yellow",
            "direction": "ccw",
            "knock_own": "on",
        },
    )
    assert response.status_code == 302
    table = Table.objects.get()
    assert response["Location"] == f"/t/{table.id}/"
    assert f"host-{table.id}" in response.cookies
    return table


def sit(client: Client, table: Table, seat: int) -> None:
    response = client.post(f"/t/{table.id}/seats", {"seat": str(seat), "name": f"P{seat}"})
    assert response.status_code == 302, response.content
    assert f"seat-{table.id}" in response.cookies


def test_lobby_creates_the_configured_table(client):
    table = new_table(client)
    assert table.config["rules"]["direction"] == "ccw"
    assert table.config["rules"]["knock_own"] is True
    assert table.config["rules"]["swap_void"] is False  # unchecked box
    page = client.get(f"/t/{table.id}/").content.decode()
    assert table.join_code in page and "qr.svg" in page and "Cards are dealt" in page


def test_lobby_rejects_bad_input_with_a_reason(client):
    response = client.post("/t/new", {"seats": "9"})
    assert response.status_code == 400
    assert "2 to 6" in response.content.decode()
    response = client.post("/t/new", {"seats": "x"})
    assert response.status_code == 400 and "whole number" in response.content.decode()
    response = client.post("/t/new", {"seats": "4", "colour0": "red", "colour1": "red"})
    assert response.status_code == 400 and "different colours" in response.content.decode()


def test_join_by_code_and_come_back_to_the_same_seat(client):
    table = new_table(client)
    phone = Client()
    assert phone.get("/t/join", {"code": "zzzzzz"}).status_code == 404
    response = phone.get("/t/join", {"code": table.join_code.lower()})
    assert response["Location"] == f"/t/{table.id}/seats"
    sit(phone, table, 2)
    # The phone slept: coming back to the seat page puts it straight back at the table.
    assert phone.get(f"/t/{table.id}/seats")["Location"] == f"/t/{table.id}/"
    page = phone.get(f"/t/{table.id}/").content.decode()
    assert "You: <b>P2</b>" in page
    taken = Client().post(f"/t/{table.id}/seats", {"seat": "2"})
    assert taken.status_code == 409 and "seat is taken" in taken.content.decode()
    qr = phone.get(f"/t/{table.id}/qr.svg")
    assert qr["Content-Type"] == "image/svg+xml" and b"<svg" in qr.content


def test_entry_offers_only_legal_moves_and_lights_them(client):
    table = new_table(client)
    sit(client, table, 0)
    seq = lambda: Table.objects.get(id=table.id).seq  # noqa: E731
    client.post(f"/t/{table.id}/play", {"action": "deal", "expected_seq": seq()})
    client.post(
        f"/t/{table.id}/hand",
        {
            "count-1": "1",
            "count-5": "2",
            "count-7": "1",
            "count-joker": "1",
            "count-4": "1",
            "expected_seq": seq(),
        },
    )
    for card in ("5", "4", "1", "7"):  # the host enters the exchange for everyone
        client.post(f"/t/{table.id}/play", {"action": f"give {card}", "expected_seq": seq()})
    html = client.get(f"/t/{table.id}/entry", {"card": "1"}).content.decode()
    assert re.findall(r'data-action="([^"]+)"', html) == ["1 K"]
    html = client.get(f"/t/{table.id}/entry", {"card": "5"}).content.decode()
    assert "No legal move with this card" in html
    html = client.get(f"/t/{table.id}/entry", {"card": "joker"}).content.decode()
    assert "Play the joker as" in html
    html = client.get(f"/t/{table.id}/entry", {"card": "joker", "joker_as": "13"}).content.decode()
    assert re.findall(r'data-action="([^"]+)"', html) == ["joker=13 K"]
    assert client.get(f"/t/{table.id}/entry", {"card": "banana"}).status_code == 400
    client.post(f"/t/{table.id}/play", {"action": "1 K", "expected_seq": seq()})


def test_play_refusal_stale_and_garbage_are_rulings_not_errors(client):
    table = new_table(client)
    response = client.post(f"/t/{table.id}/play", {"action": "1 K", "expected_seq": "0"})
    assert response.status_code == 200
    assert "Not allowed" in response.content.decode() or "turn" in response.content.decode()
    client.post(f"/t/{table.id}/play", {"action": "deal", "expected_seq": "0"})
    stale = client.post(f"/t/{table.id}/play", {"action": "deal", "expected_seq": "0"})
    assert "The table moved on" in stale.content.decode()
    garbage = client.post(f"/t/{table.id}/play", {"action": "fly me", "expected_seq": "x"})
    assert garbage.status_code == 200 and "whole number" in garbage.content.decode()
    bad = client.post(f"/t/{table.id}/play", {"action": "fly me", "expected_seq": "1"})
    assert "neither a card nor an action" in bad.content.decode()
    assert Table.objects.get(id=table.id).seq == 1


def test_spectator_cannot_enter_plays(client):
    table = new_table(client)
    response = Client().post(f"/t/{table.id}/play", {"action": "deal", "expected_seq": "0"})
    assert "join a seat" in response.content.decode()
    assert Table.objects.get(id=table.id).seq == 0


def test_forms_need_csrf(client):
    table = new_table(client)
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(f"/t/{table.id}/play", {"action": "deal"}).status_code == 403
    assert strict.post("/t/new", {"seats": "4"}).status_code == 403


def test_presenter_view_shows_board_score_and_no_cards(client):
    table = new_table(client)
    sit(client, table, 0)
    client.post(f"/t/{table.id}/play", {"action": "deal", "expected_seq": "0"})
    client.post(f"/t/{table.id}/hand", {"count-joker": "1", "count-7": "5", "expected_seq": "1"})
    page = Client().get(f"/t/{table.id}/present").content.decode()
    assert "<svg" in page and 'id="score"' in page and table.join_code in page
    assert "joker" not in page.lower() and "Enter my hand" not in page
