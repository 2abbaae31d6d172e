"""HIT board geometry, precomputed per (number of players, figures per seat) from the data file.

A figure's place is an int *relative to its own seat* ("progress"):

- ``WAIT`` (-1): on a waiting field;
- ``0 .. lap-1``: on the track, ``rel`` fields after its own start field (0 = the start field,
  ``lap-1`` = its own barrier field, the last field of its one lap);
- ``lap .. lap+goal-1``: on goal field G1 .. G(goal) (G1 is entered first).

Track fields themselves are numbered 0 .. fields-1 in the direction of play (``T0`` ...).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Final

from .data import DATA, DataError, HitData

WAIT: Final = -1
#: rel_of value of a track field that is not on a seat's path (only when a lap is shorter
#: than the board)
OFF_PATH: Final = -2


@dataclass(frozen=True, slots=True)
class Geometry:
    """One board side as the seats of a game use it."""

    side: str
    players: int
    figures: int
    fields: int
    #: per seat: absolute start field, lap length, colour name
    start: tuple[int, ...]
    lap: tuple[int, ...]
    colour: tuple[str, ...]
    #: every printed corner, start and barrier field of the side (also of colours not in play)
    corners: frozenset[int]
    start_fields: frozenset[int]
    barrier_fields: frozenset[int]
    #: per seat: path[s][rel] = track field, rel_of[s][field] = rel or OFF_PATH
    path: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    rel_of: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    #: per seat: the rels (> 0) of corner / start / barrier fields on its path, ascending
    corner_rels: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    start_rels: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    barrier_rels: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        n = self.fields
        paths, rels, corners, starts, barriers = [], [], [], [], []
        for s in range(self.players):
            path = tuple((self.start[s] + r) % n for r in range(self.lap[s]))
            rel = [OFF_PATH] * n
            for r, f in enumerate(path):
                rel[f] = r
            paths.append(path)
            rels.append(tuple(rel))
            corners.append(tuple(r for r, f in enumerate(path) if r and f in self.corners))
            starts.append(tuple(r for r, f in enumerate(path) if r and f in self.start_fields))
            barriers.append(tuple(r for r, f in enumerate(path)
                                  if r and f in self.barrier_fields))
        object.__setattr__(self, "path", tuple(paths))
        object.__setattr__(self, "rel_of", tuple(rels))
        object.__setattr__(self, "corner_rels", tuple(corners))
        object.__setattr__(self, "start_rels", tuple(starts))
        object.__setattr__(self, "barrier_rels", tuple(barriers))

    def end(self, seat: int) -> int:
        """One past the last goal field of `seat` (rel)."""
        return self.lap[seat] + self.figures

    def track_field(self, seat: int, rel: int) -> int:
        """The track field of a rel on `seat`'s path (rel < lap)."""
        return self.path[seat][rel]

    def rel(self, seat: int, track: int) -> int:
        return self.rel_of[seat][track]

    def next_after(self, rels: tuple[int, ...], rel: int) -> int:
        """The first of the ascending `rels` after `rel`, or -1."""
        i = bisect_right(rels, rel)
        return rels[i] if i < len(rels) else -1

    def is_goal(self, seat: int, rel: int) -> bool:
        return rel >= self.lap[seat]


_GEOMETRIES: dict[tuple[str, int, int], Geometry] = {}


def geometry(players: int, figures: int, data: HitData = DATA) -> Geometry:
    """The board of a game with `players` players and `figures` figures each, on the sides of
    `data` (the shipped files, or a set-up); built once per set-up."""
    key = (data.key, players, figures)
    geo = _GEOMETRIES.get(key)
    if geo is None:
        if len(_GEOMETRIES) > 512:
            _GEOMETRIES.clear()
        geo = _GEOMETRIES[key] = _geometry(players, figures, data)
    return geo


def _geometry(players: int, figures: int, data: HitData) -> Geometry:
    side = data.side_for(players)
    segments = side.seats[players]
    colours = data.material.colours
    if not 1 <= figures <= data.material.figures_per_colour:
        raise DataError(f"{figures} figures per colour")
    return Geometry(
        side=side.id,
        players=players,
        figures=figures,
        fields=side.fields,
        start=tuple(side.starts[g] for g in segments),
        lap=tuple((side.barriers[g] - side.starts[g]) % side.fields + 1 for g in segments),
        colour=tuple(colours[side.colours[g]] for g in segments),
        corners=frozenset(side.corners),
        start_fields=frozenset(side.starts),
        barrier_fields=frozenset(side.barriers),
    )


__all__ = ["OFF_PATH", "WAIT", "Geometry", "geometry"]
