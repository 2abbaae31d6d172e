"""The coach's review at a table, from the same analysis as the hint asked there.

`review_at_table` finds the analysis a finished hint left for exactly this seat's view
(advisor/hints.py, by the view's fingerprint) and lets the review continue it
(advisor/review.py, ``prior``): the coach then never contradicts the hint's first suggestion
unless the deeper search shows it, and says so (`evidence`: "a deeper look prefers …").
`why_better` says what differs between the better play and the played one, not what both do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.engines.base import Game

from . import hints
from .explain import Reason, distinct, explain_parts
from .review import Review, review


def review_at_table(table_id: str, game: Game, view: Any, seat: int, played: Any, *,
                    budget_ms: float, seed: int) -> Review:
    """The review of ``played``, continuing the hint's analysis of this view when there is
    one, else on its own."""
    prior = hints.shared_analysis(table_id, seat, game, view)
    return review(game, view, seat, played, budget_ms=budget_ms, seed=seed, prior=prior)


def why_better(game: Game, view: Any, result: Review, seat: int,
               names: Sequence[str]) -> list[Reason]:
    """The better play's reasons less those the played one has too (empty when the play
    was good)."""
    if not result.better:
        return []
    best, played = (explain_parts(game, view, a, seat, names)
                    for a in (result.best, result.played))
    return distinct([best, played])[0]


def evidence(result: Review) -> dict[str, Any]:
    """What the stored review keeps of its evidence: with a hint's analysis continued, how
    deep the hint and the review looked; ``deeper`` when the played play was the hint's
    first suggestion and the deeper look prefers another; ``only`` when the played play was
    the only legal one."""
    if result.only:  # nothing was compared: "the only play" (coach.reviews.review_words)
        return {"only": True}
    if result.hint_iterations is None:
        return {}
    return {
        "hint_iterations": result.hint_iterations,
        "deeper_iterations": result.iterations,
        "deeper": result.deeper,
    }
