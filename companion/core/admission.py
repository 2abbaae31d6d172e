"""Which waiting work a web process's threads take next: plays before openings.

A web process runs its synchronous work (Django requests, a phone's first view) on a few
threads. When many tables open at once (a club evening starting, a server restarting and every
phone reconnecting), hundreds of table creations, seat joins and websocket opens queued in
front of the plays of the tables already playing, and a play waited for all of them
(bench/ws_load.py at N = 200, session 8: submit p95 450–560 ms in the first 10 s, against
42–105 ms per 10 s after; docs/operations.md, "Plays before openings").

`PriorityGate` lets at most ``slots`` pieces of work hold a thread at once (as many as the
loop's default executor has threads), and hands a free slot to waiting *urgent* work (a
table's live moves: companion/tables/play/urgency.py) before any waiting *background* work
(creating or joining a table, a page, a phone's first view), each kind in arrival order.
Background work also never holds more than ``background`` of the slots, so an urgent piece
that arrives finds a thread free or soon free, not behind a full house of openings; the CPU
share of each running thread stays the interpreter's to give. No work is refused: background
work only waits longer. A phone's pushes do not pass the gate: JSON deltas are rendered on the
loop, and a page's fragments are the fan-out of a play already admitted.
"""

from __future__ import annotations

import asyncio
import os
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

#: the threads of the loop's default executor (ThreadPoolExecutor's own default: 6 on 2 cores)
SLOTS = min(32, (os.cpu_count() or 1) + 4)
#: of them, at most this many for background work
BACKGROUND = SLOTS // 2


class PriorityGate:
    """An asyncio semaphore with two classes of waiters (urgent first) and a cap on the
    background class. Used from one event loop (the server's)."""

    def __init__(self, slots: int = SLOTS, background: int = BACKGROUND) -> None:
        if not 0 < background <= slots:
            raise ValueError(f"background slots must be 1..{slots}, not {background}")
        self.slots, self.background = slots, background
        self.running = 0
        self.running_background = 0
        self._waiting: dict[bool, deque[asyncio.Future[None]]] = {True: deque(), False: deque()}

    def _may_start(self, urgent: bool) -> bool:
        if self.running >= self.slots:
            return False
        if urgent:
            return True
        return self.running_background < self.background and not self._waiting[True]

    @asynccontextmanager
    async def held(self, urgent: bool) -> AsyncIterator[None]:
        """Hold a slot for the block; wait for one first when none is free to this class."""
        if self._may_start(urgent) and not self._waiting[urgent]:
            self._take(urgent)
        else:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting[urgent].append(waiter)
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self._give_back(urgent)  # granted, then cancelled before it ran
                elif waiter in self._waiting[urgent]:
                    self._waiting[urgent].remove(waiter)
                raise
        try:
            yield
        finally:
            self._give_back(urgent)

    def _take(self, urgent: bool) -> None:
        self.running += 1
        if not urgent:
            self.running_background += 1

    def _give_back(self, urgent: bool) -> None:
        self.running -= 1
        if not urgent:
            self.running_background -= 1
        self._wake()

    def _wake(self) -> None:
        for urgent in (True, False):
            queue = self._waiting[urgent]
            while queue and self._may_start(urgent):
                waiter = queue.popleft()
                if waiter.done():  # cancelled while waiting
                    continue
                self._take(urgent)
                waiter.set_result(None)


_gate = PriorityGate()


def gate() -> PriorityGate:
    """The process's gate (every piece of work of the server's loop shares it)."""
    return _gate
