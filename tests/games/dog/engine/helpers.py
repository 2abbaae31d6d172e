"""Helpers for the DOG engine tests: positions from the contract's JSON, plays by notation."""

from __future__ import annotations

import random
from typing import Any

from companion.engines import get_game
from companion.games.dog.engine import DogGame, DogState
from companion.games.dog.engine.board import kennel
from companion.games.dog.engine.state import PLAY, DogConfig, initial_state
from tests.engines.contract import Notation, position

dog: DogGame = get_game("dog")  # type: ignore[assignment]
#: plays and rulings by notation (tests/engines/contract.py)
_NOTATION = Notation(dog)
act, codes, play = _NOTATION.act, _NOTATION.codes, _NOTATION.play
violation_of, moves_text = _NOTATION.violation_of, _NOTATION.moves_text


def pos(figures: list[list[str]] | None = None, hand: list[str] | None = None,
        to_move: int = 0, seats: int = 4, **extra: Any) -> DogState:
    """A position in the contract's JSON, e.g. pos([["T3", "K", "K", "K"], ...], ["5"])."""
    return position(dog, seats=seats, to_move=to_move, figures=figures, hand=hand, **extra)


def kennels(seats: int = 4, n: int = 4) -> list[list[str]]:
    return [["K"] * n for _ in range(seats)]


def with_figures(seat: int, figs: list[str], seats: int = 4, n: int = 4,
                 others: dict[int, list[str]] | None = None) -> list[list[str]]:
    """Kennels everywhere except `seat` (and `others`), padded with K."""
    rows = kennels(seats, n)
    rows[seat] = figs + ["K"] * (n - len(figs))
    for s, f in (others or {}).items():
        rows[s] = f + ["K"] * (n - len(f))
    return rows


def fig_tokens(state: DogState, seat: int) -> list[str]:
    return dog.to_json(state)["figures"][seat]


def random_dense_position(rng: random.Random, seats: int, mode: str | None,
                          rules: dict[str, Any] | None = None) -> DogState:
    """Figures bunched around a random window and the start fields (many interactions)."""
    cfg = DogConfig.make(seats, mode, rules or {})
    geo = cfg.geo
    length = geo.length
    occupied: set[int] = set()
    rows = []
    centre = rng.randrange(length)
    for s in range(seats):
        row = []
        goals = list(range(4))
        rng.shuffle(goals)
        for _ in range(cfg.figures_per_seat):
            r = rng.random()
            if r < 0.2:
                row.append(kennel(s))
            elif r < 0.35 and goals:
                row.append(geo.goal(s, goals.pop()))
            else:
                while True:
                    if rng.random() < 0.3:
                        t = (geo.start[rng.randrange(seats)] + rng.randint(-3, 3)) % length
                    else:
                        t = (centre + rng.randint(-12, 12)) % length
                    if t not in occupied:
                        break
                occupied.add(t)
                row.append(t)
        rows.append(tuple(sorted(row)))
    lapped = rng.randrange(1 << seats) if cfg.rules.start_protection == "from_kennel" else 0
    st = initial_state(cfg)
    return st._replace(figures=tuple(rows), phase=PLAY, turn=rng.randrange(seats),
                       hands=((7,),) * seats, lapped=lapped)
