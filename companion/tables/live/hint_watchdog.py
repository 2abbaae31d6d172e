"""The hint watchdog of a table connection: a Celery worker killed mid-search tells no one, so
each connection of the asking seat keeps time on the hint and, when it hears nothing for too long
(``hints.patience``), shows the verdict of ``hints.abandon`` ("failed, try again", and the seat
may ask again at once). Every connection of the seat keeps its own clock, whichever web process
it is on, so no process has to outlive the hint."""

from __future__ import annotations

import asyncio
from typing import Any

from asgiref.sync import sync_to_async

from companion.advisor import hints


class HintWatchdog:
    """Mixin for the table consumer, which provides ``hint_update`` (send a hint message to
    this connection), ``table_id`` and ``actor``."""

    table_id: str
    actor: Any
    _hint_timer: asyncio.Task | None = None
    _hint_heard: str | None = None  # the hint whose message came last

    async def hint_watch(self, event: dict[str, Any]) -> None:
        """A web process queued a hint for this seat: start its clock (unless its worker has
        already spoken: the two messages come from different processes)."""
        hint = event["hint"]
        if hint.get("hint_id") != self._hint_heard:
            self.watch_hint(hint)

    def watch_hint(self, hint: dict[str, Any]) -> None:
        """After each message of a hint: restart its clock, or stop it once the hint ended."""
        self._hint_heard = hint.get("hint_id")
        self.stop_watching_hint()
        wait = hints.patience(hint)
        if wait is not None:
            self._hint_timer = asyncio.get_running_loop().create_task(self._give_up(hint, wait))

    def stop_watching_hint(self) -> None:
        if self._hint_timer is not None:
            self._hint_timer.cancel()
            self._hint_timer = None

    async def _give_up(self, hint: dict[str, Any], wait: float) -> None:
        await asyncio.sleep(wait)
        verdict = await sync_to_async(hints.abandon, thread_sensitive=False)(
            self.table_id, self.actor.seat, hint
        )
        self._hint_timer = None  # sending the verdict must not cancel this very task
        await self.hint_update({"type": "hint.update", "hint": verdict})
