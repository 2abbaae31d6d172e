"""Life is Life in the engine contract suite (tests/engines/test_contract.py finds ``CASE`` here:
no shared test file names the game)."""

from __future__ import annotations

from typing import Any

from tests.engines.contract import Case

#: The Life is Life contract's example (ENGINE_CONTRACT.md), with seat 0's hand written out.
LIFE_EXAMPLE: dict[str, Any] = {
    "game": "lifeislife",
    "players": 5,
    "to_move": 0,
    "lives": [5, 5, 5, 5, 5],
    "rows": [["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"],
             ["mouse", "dog", "goat", "sheep"]],
    "hands": [["giraffe", "giraffe", "bear", "mole", "goat", "sheep", "dog", "hare", "hare",
               "mouse"], None, None, None, None],
    "knocked_by": None,
    "swapped": [False, False, False, False, False],
}


def _life_conserved(state: Any) -> bool:
    from tests.games.lifeislife.engine.helpers import conserved

    return conserved(state)


CASE = Case("lifeislife", LIFE_EXAMPLE, (3, 4, 5), "swap 9: giraffe",
            ("knock", "lifeislife.knock_before_swap"), _life_conserved)
