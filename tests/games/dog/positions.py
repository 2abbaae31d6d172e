"""Hand-made DOG positions and helpers for the advisor tests (no Django)."""

from __future__ import annotations

import random
from typing import Any

from companion.engines import get_game
from companion.engines.base import TABLE
from companion.games.dog.engine import DogGame, DogState

dog: DogGame = get_game("dog")  # type: ignore[assignment]


def pos(figures: list[list[str]], hand: list[str], **extra: Any) -> DogState:
    obj: dict[str, Any] = {"game": "dog", "seats": 4, "to_move": 0, "figures": figures,
                           "hand": hand, **extra}
    return dog.from_json(obj)


def K(n: int = 4) -> list[str]:
    return ["K"] * n


#: Seat 0 brings its last figure home with the 3 (T62 over its start T0 to G1); its partner
#: (seat 2) is home already: the 3 wins the game, the 5 only moves on along the track.
FORCED_WIN = dict(figures=[["T62", "G2", "G3", "G4"], ["T20", "K", "K", "K"],
                           ["G1", "G2", "G3", "G4"], ["T40", "K", "K", "K"]],
                  hand=["3", "5"])

#: Seat 1's figure on T15 has gone round the whole track and stands one field before its
#: goal; seat 0's 5 knocks it back into the kennel, the 2 and the 6 only move.
KNOCK = dict(figures=[["T10", "K", "K", "K"], ["T15", "K", "K", "K"], K(), K()],
             hand=["2", "5", "6"])

#: Seat 0 can bring a figure home (8: T60 over T0 to G4) or just move another one along.
ENTER_GOAL = dict(figures=[["T60", "T30", "K", "K"], ["T5", "K", "K", "K"], K(), K()],
                  hand=["8", "2"])


def midgame(seed: int = 3, min_round: int = 2, seat: int = 0) -> DogState:
    """A position of a real game (heuristic bots) in the play phase, `seat` to move with at
    least three cards, from round `min_round` on."""
    from companion.advisor.bots import GreedyBot

    bot = GreedyBot.for_game(dog)
    for attempt in range(50):
        rng = random.Random(seed * 1000 + attempt)
        st = dog.start({"seats": 4}, rng)
        while not dog.is_terminal(st):
            mover = dog.to_move(st)
            if mover == TABLE:
                st = dog.apply(st, dog.sample_chance(st, rng))
                continue
            if (st.phase == 2 and mover == seat and st.round >= min_round
                    and len(st.hands[seat]) >= 3 and len(dog.legal_actions(st)) > 2):
                return st
            st = dog.apply(st, bot.choose(dog, st, mover, rng))
    raise AssertionError("no mid-game position found")
