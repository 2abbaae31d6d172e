"""A clock for tests about a budget's logic: it moves on by a fixed step at every reading, so
a search's time depends on nothing but its own work (never on the machine's load)."""

from __future__ import annotations


class StepClock:
    def __init__(self, step: float = 0.001) -> None:
        self.step = step
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now
