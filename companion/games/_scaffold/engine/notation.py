"""Scaffold's notation (``add 1``, ``add 2``) and its positions as JSON:

    {"game": "scaffold", "players": 3, "phase": "play", "to_move": 1, "total": 4,
     "winner": null, "rules": {}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engines.base import InvalidActionError, InvalidPositionError
from companion.engines.kit import positions as pos

from .state import GOAL, MAX_PLAYERS, MIN_PLAYERS, OVER, PHASES, ScaffoldConfig, ScaffoldState

#: the keys a position may have
KEYS = frozenset({"game", "players", "seats", "phase", "to_move", "total", "winner", "rules"})


def parse_action(state: ScaffoldState, text: str) -> int:
    if not isinstance(text, str):
        raise InvalidActionError("an action is text")
    words = text.split()
    if len(words) != 2 or words[0] != "add" or not words[1].isdigit():
        raise InvalidActionError(f"not a counting race action: {text!r} (add 1, add 2)")
    return int(words[1])


def format_action(state: ScaffoldState, action: int) -> str:
    return f"add {action}"


def to_json(state: ScaffoldState) -> dict[str, Any]:
    return pos.open_position_json(
        "scaffold", ("players", state.cfg.players), PHASES[state.phase], state.turn,
        {"total": state.total, "winner": None if state.winner < 0 else state.winner},
        state.cfg.rules.changed())


def from_json(obj: Any) -> ScaffoldState:
    obj = pos.position_object(obj, "scaffold", "counting race")
    unknown = set(obj) - KEYS
    if unknown:
        raise InvalidPositionError(f"unknown keys: {', '.join(sorted(unknown))}")
    players = pos.player_count(obj, MIN_PLAYERS, MAX_PLAYERS, (), default=MIN_PLAYERS)
    cfg = ScaffoldConfig.read({"players": players, "rules": _rules(obj)}, lo=MIN_PLAYERS,
                              hi=MAX_PLAYERS, title="The counting race")
    turn = pos.mover(obj, players, 0)
    if turn < 0:
        raise InvalidPositionError('"to_move": the table is never to move in the counting race')
    phase = pos.phase(obj, PHASES, PHASES[0])
    total = pos.json_int(obj, "total", 0, 0, GOAL + 1)
    winner = -1 if obj.get("winner") is None else pos.json_int(obj, "winner", 0, 0, players - 1)
    if (phase == OVER) != (winner >= 0) or (phase == OVER) != (total >= GOAL):
        raise InvalidPositionError("the game is over exactly when the total reached the goal "
                                   "and a seat won")
    return ScaffoldState(cfg, total, turn, phase, winner)


def _rules(obj: Mapping[str, Any]) -> Any:
    return obj.get("rules")
