"""`ModuleGame`: a `Game` whose rules, information set and notation are modules.

An engine writes its rules as plain functions of the state (python-chess style: the module
reads top to bottom as the rules) and declares which modules hold them:

    class LifeGame(ModuleGame[LifeState, LifeAction]):
        name = "lifeislife"
        messages = MESSAGES
        RULES, INFO, NOTATION = rules, info, notation
        PHASES, OVER, CARDS = PHASES, OVER, NAMES

`RULES` provides legal_actions, check, apply, sample_chance and (optionally) random_action;
`INFO` view, determinize and (optionally) forget; `NOTATION` parse_action, format_action,
to_json and from_json. They become the game's methods as the module functions themselves (no
wrapper frame in a search's inner loop). States carry `phase` (an index into `PHASES`),
`winner` (a seat, or -1) and `cfg` with the seat count (`cfg.players` or `cfg.seats`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

from ..base import Game, InvalidPositionError
from .defaults import NO_CARDS
from .notation import CardNames

#: module attribute → the functions it lends the game
_FROM = {
    "RULES": ("legal_actions", "check", "apply", "sample_chance", "random_action"),
    "INFO": ("view", "determinize", "forget"),
    "NOTATION": ("parse_action", "format_action", "to_json", "from_json"),
}


class ModuleGame[S, A](Game[S, A]):
    RULES: ClassVar[ModuleType]
    INFO: ClassVar[ModuleType]
    NOTATION: ClassVar[ModuleType]
    #: phase names, indexed by `state.phase`; the index of the phase at the end
    PHASES: ClassVar[Sequence[str]]
    OVER: ClassVar[int]
    #: the game's cards in the notation (for `card_token`); a game without cards: none
    CARDS: ClassVar[CardNames] = NO_CARDS

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for holder, names in _FROM.items():
            module = cls.__dict__.get(holder)
            if module is None:
                continue
            for fn in names:
                if fn not in cls.__dict__ and hasattr(module, fn):
                    setattr(cls, fn, staticmethod(getattr(module, fn)))

    def num_seats(self, state: Any) -> int:
        cfg = state.cfg
        return cfg.players if hasattr(cfg, "players") else cfg.seats

    def phase(self, state: Any) -> str:
        return self.PHASES[state.phase]

    def card_token(self, text: str) -> str | None:
        card = self.CARDS.read(text)
        return None if card is None else self.CARDS.tokens[card]

    def is_terminal(self, state: Any) -> bool:
        return bool(state.phase == self.OVER)

    def returns(self, state: Any) -> tuple[float, ...]:
        """1 for the winning seat, 0 for the others; before the end, `evaluate`."""
        if state.phase != self.OVER:
            return self.evaluate(state)
        return tuple(1.0 if s == state.winner else 0.0 for s in range(self.num_seats(state)))


def read_config(config: Mapping[str, Any] | None, keys: set[str], *, lo: int, hi: int,
                default: int = 4) -> tuple[dict[str, Any], int]:
    """A new game's config and its player count ("players", also "seats"); raises
    InvalidPositionError for unknown keys or a count that is not an integer."""
    out = dict(config or {})
    unknown = set(out) - keys
    if unknown:
        raise InvalidPositionError(f"unknown config keys: {', '.join(sorted(unknown))}")
    players = out.get("players", out.get("seats", default))
    if isinstance(players, bool) or not isinstance(players, int):
        name = "players" if "players" in keys else "seats"
        raise InvalidPositionError(f"{name} must be an integer from {lo} to {hi}")
    return out, players
