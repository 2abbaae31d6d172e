"""One thread makes what many want at once: a play's pushes render a table's phones side by
side, and without this each of them would miss the cache and make the same thing again."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Hashable
from typing import Any


class SingleFlight:
    """Per key, ``cached()``, else ``make()`` by one thread while the others wait for its
    result (and make it themselves if it did not come, say because that thread failed)."""

    def __init__(self, wait_s: float = 2.0) -> None:
        self.wait_s = wait_s
        self._lock = threading.Lock()
        self._flights: dict[Hashable, threading.Event] = {}

    def run(self, key: Hashable, cached: Callable[[], Any], make: Callable[[], Any]) -> Any:
        found = cached()
        if found is not None:
            return found
        with self._lock:
            flight = self._flights.get(key)
            leader = flight is None
            if leader:
                flight = self._flights[key] = threading.Event()
        if not leader:
            if _on_event_loop():  # never block a server's loop: make it here instead
                return make()
            flight.wait(self.wait_s)
            found = cached()
            return found if found is not None else make()
        try:
            return make()
        finally:
            with self._lock:
                self._flights.pop(key, None)
            flight.set()


def _on_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
