"""One analysis per position: what a hint's search found, kept for the coach's review of the
play made there.

A hint searches the asking seat's view (ISMCTS, the game's tuned configuration) and ends with
its root statistics: per play, visits, the sum of the backed-up rewards, the outcome sum and
the sum of the squared rewards. The coach reviews the play made at that position from the
same seat's view; when the hint's statistics are there, the review *continues* that analysis
(a further search with the same configuration and evaluation, its root statistics added to
the hint's, as root-parallel shards are merged) instead of starting one of its own that could
contradict it (advisor/review.py, `review(..., prior=...)`).

A position is recognised by its fingerprint: the seat's view in the engine's JSON, so the
same position reached again (an undo, a correction) is the same analysis, and a different
view (another seat, another hand) never is. Pure Python: the cache that keeps analyses
between the hint's task and the review's task is the web layer's (advisor/hints.py).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from companion.engines.base import Game

#: root statistics per action: [visits, reward sum, outcome sum, squared reward sum]
Stats = dict[Any, list[float]]


def fingerprint(game: Game, view: Any) -> str:
    """The position as the seat sees it (its view in the engine's JSON), hashed."""
    text = json.dumps(game.to_json(view), sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(f"{game.name}:{text}".encode()).hexdigest()[:20]


@dataclass(slots=True)
class Analysis:
    """A finished search's root statistics at one position, by action."""

    stats: Stats
    #: the play the hint suggested first (the most visited)
    first: Any
    iterations: int

    def to_json(self, game: Game, view: Any) -> dict[str, Any]:
        return {
            "stats": {game.format_action(view, a): list(e) for a, e in self.stats.items()},
            "first": game.format_action(view, self.first),
            "iterations": self.iterations,
        }

    @classmethod
    def from_json(cls, game: Game, view: Any, data: dict[str, Any]) -> Analysis | None:
        """None when the stored statistics do not fit the view (another engine version)."""
        try:
            stats = {
                game.parse_action(view, text): [float(x) for x in entry] + [0.0] * (4 - len(entry))
                for text, entry in data["stats"].items()
            }
            first = game.parse_action(view, data["first"])
        except Exception:
            return None
        legal = set(game.legal_actions(view))
        if first not in legal or any(a not in legal for a in stats):
            return None
        return cls(stats, first, int(data.get("iterations", 0)))


def first_of(stats: Stats) -> Any:
    """The most visited play (then the higher mean): what the search suggests first."""
    return max(stats, key=lambda a: (stats[a][0], stats[a][1] / stats[a][0] if stats[a][0] else 0))
