"""DOG (Schmidt Spiele): the complete rules engine. Pure Python, no Django.

    from companion.engines import get_game
    dog = get_game("dog")
    state = dog.start({"seats": 4}, random.Random(1))   # first deal sampled
    for action in dog.legal_actions(state): print(dog.format_action(state, action))
    state = dog.play_text(state, "give 7")

See docs/rules-dog.md (rulings, violation codes, house rules) and docs/notation.md. The hot
modules run compiled where a C compiler was found at install time (kit/accel.py, issue #31).
"""

from companion.engines.kit import accel

accel.install()  # moves, rules and info: compiled where built (kit/accel.py), else pure Python

from .actions import DogAction  # noqa: E402
from .cards import JOKER, SWAP, UNKNOWN  # noqa: E402
from .game import DogGame  # noqa: E402
from .state import DogConfig, DogState, HouseRules  # noqa: E402

#: the engine, as ``companion.engines`` finds it (issue #40)
ENGINE = DogGame

__all__ = ["ENGINE", "JOKER", "SWAP", "UNKNOWN", "DogAction", "DogConfig", "DogGame", "DogState",
           "HouseRules"]
