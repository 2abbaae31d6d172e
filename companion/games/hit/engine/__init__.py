"""HIT (Ravensburger 2024, Ralf zur Linde): the complete rules engine. Pure Python.

    from companion.engines import get_game
    hit = get_game("hit")
    state = hit.start({"players": 4}, random.Random(1))   # market and first hands sampled
    for action in hit.legal_actions(state): print(hit.format_action(state, action))
    state = hit.play_text(state, "s6 T0-T6")

The board sides and the card list are data files (data/board.toml, data/cards.toml), loaded and
validated at import; values the rulebook's text does not give are marked unverified
(`HitGame.data_unverified()`). See docs/rules-hit.md, docs/hit-data.md and docs/notation.md.
"""

from .actions import HitAction
from .board import WAIT, Geometry, geometry
from .cards import TOKEN, UNKNOWN, parse_card
from .data import DATA, DataError, load
from .game import HitGame
from .state import HitConfig, HitState, HouseRules

#: the engine, as ``companion.engines`` finds it (issue #40)
ENGINE = HitGame

__all__ = [
           "DATA",
           "ENGINE",
           "TOKEN",
           "UNKNOWN",
           "WAIT",
           "DataError",
           "Geometry",
           "HitAction",
           "HitConfig",
           "HitGame",
           "HitState",
           "HouseRules",
           "geometry",
           "load",
           "parse_card",
]
