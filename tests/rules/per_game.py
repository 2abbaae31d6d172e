"""What a game's own tests say the tests over all games should expect of it beyond what every
game has: ``tests/games/<game>/rules_page.py`` (a game without it is checked without)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from companion import games


def expected(game: str, name: str, default: Any) -> Any:
    """``name`` of the game's ``rules_page`` test module, or ``default``."""
    module = f"tests.games.{game}.rules_page"
    if not games.module_exists(module):
        return default
    return getattr(import_module(module), name, default)
