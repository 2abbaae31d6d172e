"""What the hint tests over the in-process layer share: a seat's live JSON connection and a
hint asked as that seat (the cache is cleared around each test by the ``clear_cache`` fixture
of tests/advisor/conftest.py)."""

import json

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from companion.asgi import application
from companion.tables.play import services


async def connect(table_id: str, token: str) -> WebsocketCommunicator:
    """A seat's websocket (JSON format), after its first state message."""
    communicator = WebsocketCommunicator(
        application,
        f"/ws/tables/{table_id}/?format=json",
        headers=[(b"origin", b"http://testserver"), (b"authorization", f"Bearer {token}".encode())],
    )
    connected, _ = await communicator.connect()
    assert connected
    assert json.loads(await communicator.receive_from(timeout=5))["type"] == "state"
    return communicator


@database_sync_to_async
def ask(table_id: str, seat: int, budget_ms: int = 400) -> dict:
    """Ask for a hint as ``seat`` (a player, not the host)."""
    return services.request_hint(table_id, services.Actor(seat, False), budget_ms)
