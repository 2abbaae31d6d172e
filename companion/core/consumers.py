"""The probe websocket: proves the path worker/view → channel layer → consumer → browser.

Each connection gets a group of its own (never a group chosen by the client) and is told its
name; whatever is sent to that group as ``probe.message`` is forwarded as JSON.
"""

from __future__ import annotations

import secrets

from channels.generic.websocket import AsyncJsonWebsocketConsumer


class ProbeConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        self.group = f"probe.{secrets.token_hex(8)}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "hello", "group": self.group})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        # The probe only listens; say so instead of silently dropping input.
        await self.send_json({"type": "error", "message": "this socket does not take input"})

    async def probe_message(self, event: dict) -> None:
        await self.send_json({"type": "probe", "payload": event.get("payload")})
