"""Defaults of what every engine repeated: the config of a new game (a seat count and house
rules), the card names of a game without cards, and house rules when a game has none.

    @dataclass(frozen=True, slots=True)
    class RaceConfig(SeatConfig):
        pass                                   # players and rules: all it needs

    cfg = RaceConfig.read(config, lo=2, hi=4, title="Race")   # InvalidPositionError if wrong

A game with more to configure (DOG's mode, Life is Life's first player) adds fields to its own
dataclass; the three first engines keep their own classes (they were written before this).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from ..base import InvalidPositionError
from .notation import CardNames
from .rulesets import RuleSet


@dataclass(frozen=True, slots=True)
class NoHouseRules(RuleSet):
    """The house rules of a game that has none: ``"rules": {}``, and any key refused."""


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """A new game's config: the number of players and the house rules; shared by reference by
    all states of a game (``state.cfg``, which `ModuleGame.num_seats` reads)."""

    players: int = 2
    rules: RuleSet = field(default_factory=NoHouseRules)

    #: the house rules' class (a `RuleSet` dataclass)
    RULES: ClassVar[type[RuleSet]] = NoHouseRules

    @classmethod
    def read(cls, config: Mapping[str, Any] | None, *, lo: int, hi: int, title: str,
             default: int | None = None) -> Self:
        """The config of `new_game(config)`: "players" (also "seats"; missing: `default`,
        else `lo`) from `lo` to `hi`, and "rules"; anything else is refused with an
        `InvalidPositionError` naming it."""
        given = dict(config or {})
        unknown = set(given) - {"players", "seats", "rules"}
        if unknown:
            raise InvalidPositionError(f"unknown config keys: {', '.join(sorted(unknown))}")
        players = given.get("players", given.get("seats", lo if default is None else default))
        if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
            raise InvalidPositionError(f"{title} is played by {lo} to {hi} players")
        rules = given.get("rules")
        return cls(players, rules if isinstance(rules, cls.RULES) else cls.RULES.from_json(rules))


def _no_card(token: str, *, allow_unknown: bool = False) -> int | None:
    """A game without cards reads no card."""
    return None


#: the card names of a game without cards (`ModuleGame.CARDS`): no token is a card
NO_CARDS: CardNames = CardNames(tokens=(), order=(), read=_no_card, noun="a card",
                                plural="cards", names="", most=0)
