"""Scaffold: the counting race as a `Game` of the toolkit (`ModuleGame`): the rules, the
information and the notation are modules; this class adds the set-up, the score and the
values of a position."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engines.kit import open_info
from companion.engines.kit.defaults import NO_CARDS
from companion.engines.kit.games import ModuleGame

from . import notation, rules
from .messages import MESSAGES
from .state import GOAL, MAX_PLAYERS, MIN_PLAYERS, OVER, PHASES, ScaffoldConfig, ScaffoldState


class ScaffoldGame(ModuleGame[ScaffoldState, int]):
    name = "scaffold"
    messages = MESSAGES
    RULES, INFO, NOTATION = rules, open_info, notation
    PHASES, OVER, CARDS = PHASES, OVER, NO_CARDS

    unknown_cards = staticmethod(open_info.unknown_cards)

    def new_game(self, config: Mapping[str, Any] | None = None) -> ScaffoldState:
        """A fresh race: total 0, seat 0 to move (no table event comes first)."""
        cfg = ScaffoldConfig.read(config, lo=MIN_PLAYERS, hi=MAX_PLAYERS,
                                  title="The counting race")
        return ScaffoldState(cfg)

    def to_move(self, state: ScaffoldState) -> int:
        return state.turn

    def score(self, state: ScaffoldState) -> dict[str, Any]:
        return {"total": state.total, "goal": GOAL,
                "winner": None if state.winner < 0 else state.winner}

    def evaluate(self, state: ScaffoldState) -> tuple[float, ...]:
        """No seat is ahead in a race of a shared total: even chances."""
        n = state.cfg.players
        return (1.0 / n,) * n
