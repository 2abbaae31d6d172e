"""DOG in the engine contract suite (tests/engines/test_contract.py finds ``CASE`` here:
no shared test file names the game)."""

from __future__ import annotations

from typing import Any

from tests.engines.contract import Case

#: The DOG contract's example (ENGINE_CONTRACT.md).
DOG_EXAMPLE: dict[str, Any] = {
    "game": "dog",
    "seats": 4,
    "mode": "teams",
    "to_move": 0,
    "figures": [["K", "K", "T0", "T37"], ["K", "K", "K", "T16"], ["G1", "G2", "K", "K"],
                ["K", "K", "K", "K"]],
    "hand": ["7", "4", "swap"],
    "rules": {},
}


def _dog_conserved(state: Any) -> bool:
    from companion.games.dog.engine.cards import DECK, NKINDS
    from companion.games.dog.engine.state import located_counts, stock_size

    placed = located_counts(state)
    return (all(placed[k] <= DECK[k] for k in range(1, NKINDS)) and stock_size(state) >= 0
            and all(len(fs) == state.cfg.figures_per_seat for fs in state.figures))


CASE = Case("dog", DOG_EXAMPLE, (2, 3, 4, 5, 6), "7 T0-T99",
            ("5 T37-T42", "dog.card_not_in_hand"), _dog_conserved)
