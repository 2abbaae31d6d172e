"""Scoring a round: majorities per animal, points, lives lost (rulebook "Fine normale della
tornata" and "Fine immediata della tornata")."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import KINDS, VALUE


def majority_need(players_in: int) -> int:
    """Cards needed for a majority: one while more than two play, two once two are left
    ("Non appena sono rimasti ancora in gioco soltanto due giocatori, non si può più avere la
    maggioranza con una singola carta")."""
    return 2 if players_in == 2 else 1


def majorities(hands: Sequence[tuple[int, ...]], ins: Sequence[int]) -> list[int]:
    """Per animal (indexed like a count vector), the seat with the sole majority, or -1: more
    cards than every other single player, and at least `majority_need` cards."""
    out = [-1] * (len(KINDS) + 1)
    need = majority_need(len(ins))
    for k in KINDS:
        best = need - 1
        who = -1
        for s in ins:
            c = hands[s][k]
            if c > best:
                best = c
                who = s
            elif c == best:
                who = -1  # a tie at the top scores nothing
        out[k] = who
    return out


def round_points(hands: Sequence[tuple[int, ...]], ins: Sequence[int],
                 n: int) -> list[int | None]:
    """Per seat, the sum of the values of the animals it holds the majority of (None: out)."""
    pts: list[int | None] = [None] * n
    for s in ins:
        pts[s] = 0
    for k, who in enumerate(majorities(hands, ins)):
        if who >= 0:
            pts[who] += VALUE[k]  # type: ignore[operator]
    return pts


def lives_lost(points: Sequence[int | None]) -> list[int]:
    """Highest total 0, lowest 2, everyone else 1; ties share a fate; nobody loses when all
    tie. Seats out of the game (points None) lose nothing."""
    vals = [p for p in points if p is not None]
    if not vals:
        return [0] * len(points)
    hi = max(vals)
    lo = min(vals)
    if hi == lo:
        return [0] * len(points)
    return [0 if p is None or p == hi else (2 if p == lo else 1) for p in points]


def sudden_lost(holder: int, ins: Sequence[int], n: int, expert: bool) -> list[int]:
    """Sudden death: everyone else loses a life; in the expert variant the holder gains one."""
    lost = [0] * n
    for s in ins:
        lost[s] = 1
    lost[holder] = -1 if expert else 0
    return lost
