"""DOG (Schmidt Spiele): the complete rules engine. Pure Python, no Django.

    from companion.engines import get_game
    dog = get_game("dog")
    state = dog.start({"seats": 4}, random.Random(1))   # first deal sampled
    for action in dog.legal_actions(state): print(dog.format_action(state, action))
    state = dog.play_text(state, "give 7")

See docs/rules-dog.md (rulings, violation codes, house rules) and docs/notation.md.
"""

from .actions import DogAction
from .cards import JOKER, SWAP, UNKNOWN
from .game import DogGame
from .state import DogConfig, DogState, HouseRules

__all__ = ["JOKER", "SWAP", "UNKNOWN", "DogAction", "DogConfig", "DogGame", "DogState",
           "HouseRules"]
