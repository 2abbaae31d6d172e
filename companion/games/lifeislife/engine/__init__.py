"""Life is Life – Schwimm um dein Leben (NSV 2016): the complete rules engine. Pure Python.

    from companion.engines import get_game
    life = get_game("lifeislife")
    state = life.start({"players": 4}, random.Random(1))   # first deal sampled
    for action in life.legal_actions(state): print(life.format_action(state, action))
    state = life.play_text(state, "swap 3: mole,bear,pig")

See docs/rules-lifeislife.md (rulings, violation codes, variant) and docs/notation.md.
"""

from .actions import LifeAction
from .cards import ANIMAL_OF, DECK, KINDS, TOKEN, UNKNOWN
from .game import LifeGame
from .state import HouseRules, LifeConfig, LifeState, RoundResult

#: the engine, as ``companion.engines`` finds it (issue #40)
ENGINE = LifeGame

__all__ = [
           "ANIMAL_OF",
           "DECK",
           "ENGINE",
           "KINDS",
           "TOKEN",
           "UNKNOWN",
           "HouseRules",
           "LifeAction",
           "LifeConfig",
           "LifeGame",
           "LifeState",
           "RoundResult",
]
