"""Scaffold: a counting race, the stub game of ``startgame``. Pure Python, nothing of Django.

    from companion.engines import get_game
    race = get_game("scaffold")
    state = race.start({"players": 3}, random.Random(1))
    state = race.play_text(state, "add 2")

The position, the notation and the codes: engine/rules.md (next to this file)."""

from .game import ScaffoldGame
from .state import ScaffoldConfig, ScaffoldState

#: the engine, as ``companion.engines`` finds it
ENGINE = ScaffoldGame

__all__ = ["ENGINE", "ScaffoldConfig", "ScaffoldGame", "ScaffoldState"]
