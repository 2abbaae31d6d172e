"""The table websocket with Channels' WebsocketCommunicator over the in-process layer."""

import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from companion.asgi import application
from companion.tables.live.consumers import (
    FRAME_BURST,
    MAX_FRAME,
    MESSAGE_TOO_BIG,
    POLICY_VIOLATION,
    UNSUPPORTED_DATA,
)
from companion.tables.models import Table
from companion.tables.play import services

from .live_clients import Page, apply_json

pytestmark = pytest.mark.django_db(transaction=True)

SEAT0_ONLY = "joker"  # in the scripted deal only seat 0 holds a joker


async def connect(table_id: str, token: str | None, fmt: str = "json") -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver")]
    if token:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    path = f"/ws/tables/{table_id}/" + ("?format=json" if fmt == "json" else "")
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def receive_state(communicator) -> dict:
    """The JSON phone's state after its next message (a full state or a delta on top of the
    state it has: `live_clients.apply_json`)."""
    message = json.loads(await communicator.receive_from(timeout=5))
    assert message["type"] in ("state", "delta"), message
    communicator.state = apply_json(getattr(communicator, "state", None), message)
    communicator.last = message
    return communicator.state


@database_sync_to_async
def play(table_id: str, seat: int | None, text: str) -> int:
    table = Table.objects.get(id=table_id)
    actor = services.Actor(seat, seat is None)
    return services.record_action(table_id, actor, text, table.seq).event.seq


async def test_a_play_reaches_every_seat_and_b_never_sees_a_hand(dealt_table):
    t = dealt_table
    phones = [await connect(t.id, token) for token in t.tokens]
    spectator = await connect(t.id, None)
    received: dict[int, list[str]] = {i: [] for i in range(4)}
    for i, phone in enumerate(phones):
        state = await receive_state(phone)
        received[i].append(json.dumps(state))
        assert state["you"]["seat"] == i
    await receive_state(spectator)

    seq = await play(t.id, 0, "1 K")
    for i, phone in enumerate(phones):
        state = await receive_state(phone)
        received[i].append(json.dumps(state))
        assert state["seq"] == seq
        assert "T0" in state["position"]["figures"][0]
    assert (await receive_state(spectator))["seq"] == seq

    seq = await play(t.id, 1, "1 K")
    for i, phone in enumerate(phones):
        received[i].append(json.dumps(await receive_state(phone)))
        assert phone.last["type"] == "delta" and phone.last["base"] == seq - 1
        assert [line["seq"] for line in phone.last["history"]] == [seq]
    assert (await receive_state(spectator))["seq"] == seq
    # Seat 2 gave seat 0 a "2" in the exchange, so it may know that one card; nothing else.
    may_know = {1: set(), 2: {"2"}, 3: set()}
    for i in (1, 2, 3):
        for raw in received[i]:
            message = json.loads(raw)
            known = {card for card in message["position"]["hands"][0] if card != "?"}
            assert known <= may_know[i], (i, known)
            assert SEAT0_ONLY not in raw
    assert any(SEAT0_ONLY in raw for raw in received[0])
    for phone in [*phones, spectator]:
        assert await phone.receive_nothing(timeout=0.2)
        await phone.disconnect()


async def test_html_fragments_carry_only_the_own_hand(dealt_table):
    t = dealt_table
    phone = await connect(t.id, t.tokens[1], fmt="html")
    html = await phone.receive_from(timeout=5)
    for fragment in ('id="board"', 'id="entry"', 'id="score"', 'id="history"', 'id="status"'):
        assert fragment in html
    assert 'hx-swap-oob="true"' in html
    # The card counter (the last fragment) names every card kind by design; what it counts
    # for whom is tested in test_card_counter.py.
    before_counter, counter = html.split('<div id="counter"')
    # Seat 1's own hand form offers a face of every card kind (none chosen): a catalogue, not
    # a hand. Take its faces and empty fields out; nothing else may name seat 0's card.
    catalogue = re.compile(
        r'<button type="button" class="card face"[^>]*>[^<]*</button>'
        r'|<input type="hidden" name="count-\w+" value="0" data-card="\w+">'
    )
    assert 'name="count-joker" value="0"' in before_counter  # the form is there, all at 0
    assert SEAT0_ONLY not in catalogue.sub("", before_counter).lower()
    assert 'data-private-seat="0"' not in counter
    page = Page()
    page.receive(html)
    await play(t.id, 0, "1 K")
    delta = await phone.receive_from(timeout=5)
    assert json.loads(delta)["base"] == 9
    page.receive(delta)  # only what changed, as edits of the fragments the page has
    assert len(delta) < len(html) / 3
    assert 'data-seq="10"' in page.parts["status"]
    assert SEAT0_ONLY not in delta.lower()
    await phone.disconnect()


async def test_reconnecting_seat_gets_the_latest_state(dealt_table):
    t = dealt_table
    phone = await connect(t.id, t.tokens[2])
    first = await receive_state(phone)
    await phone.disconnect()
    await play(t.id, 0, "1 K")
    await play(t.id, 1, "1 K")
    phone = await connect(t.id, t.tokens[2])
    again = await receive_state(phone)
    assert again["seq"] == first["seq"] + 2
    assert again["to_move"] == 2
    await phone.disconnect()


async def test_bad_frames_are_refused_without_harm(dealt_table):
    """Malformed JSON, other JSON and unknown message types get an error and change nothing;
    the connection stays usable and the other seat never notices."""
    t = dealt_table
    phone = await connect(t.id, t.tokens[0])
    other = await connect(t.id, t.tokens[1])
    await receive_state(phone)
    await receive_state(other)
    bad = ("not json", " ", "{", json.dumps([1]), json.dumps("sync"), json.dumps(None))
    unknown = (json.dumps({"type": "play", "action": "1 K"}), json.dumps({"type": 7}))
    for frame in (*bad, *unknown):
        await phone.send_to(text_data=frame)
        error = json.loads(await phone.receive_from(timeout=2))
        assert error["type"] == "error" and error["message"], frame
    await phone.send_to(text_data=json.dumps({"type": "sync"}))
    assert (await receive_state(phone))["seq"] == 9
    assert await other.receive_nothing(timeout=0.2)
    await play(t.id, 0, "1 K")
    assert (await receive_state(other))["seq"] == 10
    assert (await receive_state(phone))["seq"] == 10  # nothing was recorded by the frames
    await phone.disconnect()
    await other.disconnect()


@pytest.mark.parametrize(
    ("frame", "close_code"),
    [
        ({"text_data": json.dumps({"type": "sync", "pad": "x" * MAX_FRAME})}, MESSAGE_TOO_BIG),
        ({"text_data": "x" * 1_000_000}, MESSAGE_TOO_BIG),
        ({"bytes_data": b"\x00\x01"}, UNSUPPORTED_DATA),
        ({"bytes_data": json.dumps({"type": "sync"}).encode()}, UNSUPPORTED_DATA),
    ],
    ids=["just-over-the-limit", "a-megabyte", "binary", "binary-json"],
)
async def test_oversized_and_binary_frames_close_only_that_connection(
    dealt_table, frame, close_code
):
    t = dealt_table
    phone = await connect(t.id, t.tokens[0])
    other = await connect(t.id, t.tokens[1])
    await receive_state(phone)
    await receive_state(other)
    await phone.send_to(**frame)
    error = json.loads(await phone.receive_from(timeout=2))
    assert error["type"] == "error" and error["message"]
    assert await phone.receive_output(timeout=2) == {"type": "websocket.close", "code": close_code}
    assert await other.receive_nothing(timeout=0.2)
    await play(t.id, 0, "1 K")  # the other seat's connection keeps receiving updates
    assert (await receive_state(other))["seq"] == 10
    await other.disconnect()


async def test_a_flood_of_frames_closes_that_connection_and_spares_the_others(dealt_table):
    t = dealt_table
    phone = await connect(t.id, t.tokens[0])
    other = await connect(t.id, t.tokens[1])
    await receive_state(phone)
    await receive_state(other)
    for _ in range(FRAME_BURST):  # a burst up to the limit is answered
        await phone.send_to(text_data=json.dumps({"type": "sync"}))
        await receive_state(phone)
    await phone.send_to(text_data=json.dumps({"type": "sync"}))
    assert json.loads(await phone.receive_from(timeout=2))["type"] == "error"
    assert await phone.receive_output(timeout=2) == {
        "type": "websocket.close",
        "code": POLICY_VIOLATION,
    }
    await play(t.id, 0, "1 K")
    assert (await receive_state(other))["seq"] == 10
    again = await connect(t.id, t.tokens[0])  # the seat reconnects and is served again
    assert (await receive_state(again))["seq"] == 10
    await other.disconnect()
    await again.disconnect()


async def test_unknown_table_is_closed():
    communicator = WebsocketCommunicator(
        application, "/ws/tables/nope/", headers=[(b"origin", b"http://testserver")]
    )
    connected, _code = await communicator.connect()
    assert not connected
