"""The information set of a game without hidden cards (a race, a board game with dice): every
seat sees everything, so a view is the state and a determinization is the view. An engine lends
these as its ``INFO`` module (`ModuleGame`) and ``unknown_cards`` as a method."""

from __future__ import annotations

import random
from typing import Any


def view(state: Any, seat: int) -> Any:
    """What ``seat`` knows: everything."""
    return state


def determinize(view: Any, seat: int, rng: random.Random) -> Any:
    """Nothing is unknown: the view is the complete state."""
    return view


def forget(state: Any, seat: int) -> Any:
    """No seat knows anything of its own: nothing to forget."""
    return state


def unknown_cards(state: Any, seat: int) -> int:
    """No cards are unknown."""
    return 0
