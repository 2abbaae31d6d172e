"""HIT in the engine contract suite (tests/engines/test_contract.py finds ``CASE`` here:
no shared test file names the game)."""

from __future__ import annotations

from typing import Any

from tests.engines.contract import Case

#: red's turn: the rulebook's shield-breaker example (blue protected by the s3 on top)
HIT_EXAMPLE: dict[str, Any] = {
    "game": "hit", "players": 4, "to_move": 1,
    "figures": [["T26", "T31", "W"], ["T20", "W", "W"], ["T33", "W", "W"], ["W", "W", "W"]],
    "hand": ["6", "s6", "scoins"], "bought": [[], ["6"], [], []],
    "discards": [["s3"], [], [], []], "market": ["4", "5", "7", "hunt", "jump"],
}


def _hit_conserved(state: Any) -> bool:
    from tests.games.hit.engine.helpers import conserved

    return conserved(state) and all(len(fs) == state.cfg.figures for fs in state.figures)


CASE = Case("hit", HIT_EXAMPLE, (2, 3, 4), "6 T99", ("s6 T20-T26", "hit.shielded"),
            _hit_conserved)
