"""Scaffold's state: the shared total, whose turn it is and who won. Plain, immutable,
hashable data (the contract: companion/engines/base.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

from companion.engines.kit.defaults import SeatConfig
from companion.engines.kit.rulesets import RuleSet

#: the phases, indexed by ``state.phase``
PHASES = ("play", "over")
PLAY, OVER = 0, 1
#: the total that wins
GOAL = 10
#: the seat counts
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True, slots=True)
class HouseRules(RuleSet):
    """The house rules, each a field (a toggle, or a choice or number: `RuleSet`) with its row
    in engine/rules.md and its rule on the rules page; the race has none yet."""


@dataclass(frozen=True, slots=True)
class ScaffoldConfig(SeatConfig):
    """Players and house rules (`SeatConfig.read` reads them from a new game's config)."""

    rules: RuleSet = field(default_factory=HouseRules)
    RULES: ClassVar[type[RuleSet]] = HouseRules


class ScaffoldState(NamedTuple):
    cfg: ScaffoldConfig
    total: int = 0
    #: the seat to move (seat 0 begins: the contract's ``new`` has seat 0 on the move)
    turn: int = 0
    phase: int = PLAY
    #: the seat that reached the goal, -1 before
    winner: int = -1
