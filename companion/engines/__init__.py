"""Pure-Python game engines behind one contract (`companion.engines.base.Game`).

Load a game by name: ``get_game("dog")``. This package imports nothing from Django.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from . import base
from .base import *  # noqa: F403 (the contract's names, base.__all__)
from .base import Game

__all__ = [*base.__all__, "GAMES", "available_games", "get_game"]



def _found() -> dict[str, str]:
    """name → "module:attribute" of the Game class of every game package with an engine
    (``companion/games/<name>/engine/``, its ``ENGINE``), sorted by name: no list to edit.
    Only the package's location is read; nothing is imported until a game is used."""
    spec = find_spec("companion.games")
    found: dict[str, str] = {}
    for location in (spec.submodule_search_locations or []) if spec else []:
        for folder in sorted(Path(location).iterdir()):
            if (folder / "engine" / "__init__.py").is_file() and not folder.name.startswith("_"):
                found[folder.name] = f"companion.games.{folder.name}.engine:ENGINE"
    return found


#: name → "module:attribute" of the Game class; imported on first use.
GAMES: dict[str, str] = _found()

_instances: dict[str, Game[Any, Any]] = {}


def available_games() -> tuple[str, ...]:
    return tuple(GAMES)


def get_game(name: str) -> Game[Any, Any]:
    """The shared (stateless) engine of game `name`; raises KeyError for an unknown name."""
    game = _instances.get(name)
    if game is None:
        if name not in GAMES:
            raise KeyError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
        module_name, _, attr = GAMES[name].partition(":")
        game = getattr(import_module(module_name), attr)()
        _instances[name] = game
    return game
