"""The presenter's live connection (``?view=presenter``) through the real consumer and channel
layer (the in-process one and the production Redis pub/sub one): it is sent only the parts the
presenter page shows (`live.PRESENTER_PARTS`), never the entry, notices, legal plays or card
counter (htmx logged ``oobErrorNoTarget`` for each on every push), and always as a spectator
sees the table, whatever token its browser holds."""

from __future__ import annotations

import json

import pytest
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from companion.asgi import application
from companion.tables.live.pushes import PRESENTER_PARTS
from tests.services import require

from .live_clients import MARK, Page
from .test_consumers import SEAT0_ONLY, play

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(params=["memory", "redis"])
def layer(request):
    """Each test once on the in-process layer and once on Redis pub/sub (production's)."""
    if request.param == "memory":
        yield "memory"
        return
    url = require("redis")
    backend = "companion.core.channel_layer.PubSubChannelLayer"
    config = {"hosts": [url], "prefix": "presenter-test-"}
    with override_settings(CHANNEL_LAYERS={"default": {"BACKEND": backend, "CONFIG": config}}):
        channel_layers.backends.clear()
        try:
            yield "redis"
        finally:
            channel_layers.backends.clear()
    channel_layers.backends.clear()


async def connect(table_id: str, query: str = "", token: str | None = None):
    headers = [(b"origin", b"http://testserver")]
    if token:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    phone = WebsocketCommunicator(application, f"/ws/tables/{table_id}/{query}", headers=headers)
    connected, _ = await phone.connect()
    assert connected
    return phone


def part_names(message: str) -> set[str]:
    if message.startswith("<!--live-seq:"):
        return set(MARK.findall(message))
    return set(json.loads(message)["parts"])


async def test_the_presenter_receives_only_what_it_shows(dealt_table, layer):
    t = dealt_table
    # the presenter on seat 0's laptop: its token changes nothing
    presenter = await connect(t.id, "?view=presenter", t.tokens[0])
    seat = await connect(t.id, "", t.tokens[1])
    first = await presenter.receive_from(timeout=5)
    assert part_names(first) == set(PRESENTER_PARTS)
    seat_first = await seat.receive_from(timeout=5)
    assert {"entry", "notices", "plays", "counter"} <= part_names(seat_first)
    for gone in ('id="entry"', 'id="notices"', 'id="counter"', 'id="plays"'):
        assert gone not in first
    assert SEAT0_ONLY not in first.lower()
    page = Page()
    page.receive(first)

    for who, action in ((0, "1 K"), (1, "1 K")):
        seq = await play(t.id, who, action)
        delta = await presenter.receive_from(timeout=5)
        assert json.loads(delta)["seq"] == seq
        assert part_names(delta) and part_names(delta) <= set(PRESENTER_PARTS), delta[:300]
        assert SEAT0_ONLY not in delta.lower()
        page.receive(delta)
        assert f'data-seq="{seq}"' in page.parts["status"]
        seat_delta = json.loads(await seat.receive_from(timeout=5))
        assert seat_delta["seq"] == seq

    # a sync asks for the whole view again: still the presenter's parts alone
    await presenter.send_to(text_data='{"type": "sync"}')
    assert part_names(await presenter.receive_from(timeout=5)) == set(PRESENTER_PARTS)
    assert await presenter.receive_nothing(timeout=0.2)
    await presenter.disconnect()
    await seat.disconnect()


async def test_a_json_client_asking_for_the_presenter_view_keeps_its_state(dealt_table, layer):
    """``view=presenter`` is the page's: a JSON client gets its own state as ever."""
    phone = await connect(dealt_table.id, "?format=json&view=presenter", dealt_table.tokens[0])
    state = json.loads(await phone.receive_from(timeout=5))
    assert state["type"] == "state" and state["you"]["seat"] == 0
    await phone.disconnect()

