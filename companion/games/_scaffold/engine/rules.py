"""Scaffold's rules, top to bottom: the seat to move adds 1 or 2 to the total; reaching the
goal ends the game with that seat the winner; otherwise the next seat moves."""

from __future__ import annotations

import random

from companion.engines.base import InvalidActionError, Violation

from .messages import violation
from .state import GOAL, OVER, ScaffoldState

#: an action is the number added
STEPS = (1, 2)


def legal_actions(state: ScaffoldState) -> list[int]:
    return [] if state.phase == OVER else list(STEPS)


def check(state: ScaffoldState, action: int) -> list[Violation]:
    if state.phase == OVER:
        return [violation("scaffold.game_over")]
    if action not in STEPS:
        return [violation("scaffold.too_many", count=action)]
    return []


def apply(state: ScaffoldState, action: int) -> ScaffoldState:
    total = state.total + action
    if total >= GOAL:
        return state._replace(total=total, phase=OVER, winner=state.turn)
    return state._replace(total=total, turn=(state.turn + 1) % state.cfg.players)


def sample_chance(state: ScaffoldState, rng: random.Random) -> int:
    """The stub has no table events (no deal, no die): the table is never to move."""
    raise InvalidActionError("the counting race has no table events")
