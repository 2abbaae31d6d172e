"""DOG board geometry: precomputed per board size, shared by every state.

Position codes (ints), unique on the whole board:
- track field t: ``0 <= t < length``, numbered in the direction of play;
- goal field g (0..3, g=0 is G1 nearest the entrance) of seat s: ``length + 4*s + g``;
- the kennel of seat s: ``-1 - s`` (all figures in a kennel share its code).

Seat s starts on track field ``start[s]``; with the contract's compact board that is ``16*s``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Final

#: Track fields per colour (the one place this number lives).
SEGMENT: Final = 16
#: Goal fields (and kennel places) per colour.
GOAL_FIELDS: Final = 4


def kennel(seat: int) -> int:
    return -1 - seat


def kennel_seat(code: int) -> int:
    return -1 - code


@dataclass(frozen=True, slots=True)
class Geometry:
    """Track length, start fields and goal codes of one board."""

    seats: int
    segments: int
    start: tuple[int, ...]
    length: int = field(init=False)
    goal_base: tuple[int, ...] = field(init=False)
    #: start field → seat whose start field it is
    start_owner: dict[int, int] = field(init=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        length = SEGMENT * self.segments
        object.__setattr__(self, "length", length)
        object.__setattr__(
            self, "goal_base", tuple(length + GOAL_FIELDS * s for s in range(self.seats))
        )
        object.__setattr__(self, "start_owner", {f: s for s, f in enumerate(self.start)})

    def is_track(self, code: int) -> bool:
        return 0 <= code < self.length

    def is_goal(self, code: int) -> bool:
        return code >= self.length

    def goal_owner(self, code: int) -> int:
        return (code - self.length) // GOAL_FIELDS

    def goal_index(self, code: int) -> int:
        return (code - self.length) % GOAL_FIELDS

    def goal(self, seat: int, index: int) -> int:
        return self.length + GOAL_FIELDS * seat + index

    def progress(self, seat: int, code: int) -> int:
        """Steps a figure of `seat` has made: 0 in the kennel, 1 on the start field, ...,
        length+1 .. length+4 in the goal."""
        if code < 0:
            return 0
        if code >= self.length:
            return self.length + 1 + (code - self.length) % GOAL_FIELDS
        return 1 + (code - self.start[seat]) % self.length


@cache
def geometry(seats: int, board: str = "compact") -> Geometry:
    """The compact board of the engine contract has 16 fields per seat and seat s starts on
    T(16·s). The "schmidt" board is the physical double-sided one: 4 colours for 2–4 players,
    6 for 5–6; two players sit opposite, three take three of the four colours."""
    if board == "compact":
        return Geometry(seats, seats, tuple(SEGMENT * s for s in range(seats)))
    segments = 4 if seats <= 4 else 6
    colours = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3), 5: (0, 1, 2, 3, 4),
               6: (0, 1, 2, 3, 4, 5)}[seats]
    return Geometry(seats, segments, tuple(SEGMENT * c for c in colours))
