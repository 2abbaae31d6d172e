"""The coach's review of one play: was there a clearly better one, and by how much?

From the seat's view *before* the play (what it knew then). DOG: sequential halving among the
plays on shared samples (advisor/dog_review.py); Life is Life: every play valued on shared
samples (advisor/lifeislife_review.py); any other game (HIT) in two phases:

1. a search over every legal play (``FIRST_SHARE`` of the budget) finds the best candidate;
2. if the played move is not it, a search over just the two (the rest of the budget) compares
   them head to head, so that the played move's value rests on enough iterations even when
   the first search hardly looked at it. Both phases' root statistics are added up.

The loss is the best play's estimated chance to win less the played one's, in win-chance
points (0..1). Labels (docs/hints.md, "Coach"): below ``GOOD_BELOW`` good, from
``MISTAKE_FROM`` a mistake, in between an inaccuracy. Pure Python, no Django.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.engines.base import Game

from . import dog_review, lifeislife_review
from .ismcts import search

#: loss (win-chance points, 0..1) below which a play is "good"
GOOD_BELOW = 0.03
#: loss from which a play is a "mistake"; in between an "inaccuracy"
MISTAKE_FROM = 0.10
#: part of the budget (or iterations) for the first phase: the search over every play
FIRST_SHARE = 0.6

GOOD, INACCURACY, MISTAKE = "good", "inaccuracy", "mistake"


def label_for(loss: float) -> str:
    if loss < GOOD_BELOW:
        return GOOD
    return MISTAKE if loss >= MISTAKE_FROM else INACCURACY


@dataclass(slots=True)
class Review:
    label: str
    loss: float  # best's value less the played's (0 when the played is the best)
    played: Any
    best: Any  # the better play (the played one itself when it was the best)
    played_value: float
    best_value: float
    iterations: int
    #: every looked-at root play: action → (visits, value), both phases added
    values: dict[Any, tuple[int, float]] = field(default_factory=dict)

    @property
    def better(self) -> bool:
        return self.label != GOOD


def review(
    game: Game,
    view: Any,
    seat: int,
    played: Any,
    *,
    budget_ms: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
    clock: Callable[[], float] = time.perf_counter,
) -> Review:
    """Review ``played`` (an action of ``seat`` in ``view``) with a time budget or an iteration
    count (then the result depends on the seed alone)."""
    if budget_ms is None and iterations is None:
        raise ValueError("give a time budget or an iteration count")
    legal = game.legal_actions(view)
    if played not in legal:
        raise ValueError("the played action is not legal in the seat's view")
    if len(legal) == 1:  # a forced move: nothing to review
        return Review(GOOD, 0.0, played, played, 0.0, 0.0, 0, {})

    if game.name in _VALUERS:  # every play valued on the same samples (Life is Life)
        return _review_all(game, view, seat, played, legal, budget_ms, iterations, seed, clock)
    if game.name in _HALVING:  # sequential halving on shared samples (DOG)
        found = dog_review.valued_plays(game, view, seat, played, legal, budget_ms=budget_ms,
                                        playouts=iterations, seed=seed, clock=clock)
        played_value = found.values[played][1]
        best_value = found.values[found.best][1]
        loss = best_value - played_value
        return Review(label_for(loss), loss, played, found.best, played_value, best_value,
                      found.playouts, found.values)

    def part(share: float) -> dict[str, Any]:
        if iterations is not None:
            return {"iterations": max(1, round(iterations * share))}
        return {"budget_ms": budget_ms * share}  # type: ignore[operator]

    stats: dict[Any, list[float]] = {}
    first = search(game, view, seat, seed=seed, clock=clock, stats=stats, **part(FIRST_SHARE))
    done = first.iterations
    best = first.best.action if first.best else played
    if best != played:
        second = search(
            game, view, seat, seed=seed + 1, clock=clock, stats=stats, only=[played, best],
            **part(1 - FIRST_SHARE),
        )
        done += second.iterations
    values = {a: (int(v), r / v if v else 0.0) for a, (v, r, _o) in stats.items()}
    played_value = values.get(played, (0, 0.0))[1]
    best_value = values.get(best, (0, 0.0))[1]
    loss = best_value - played_value
    if loss <= 0:  # head to head, the played move held its own
        best, best_value, loss = played, played_value, 0.0
    return Review(label_for(loss), loss, played, best, played_value, best_value, done, values)


#: games whose best play is found by sequential halving on shared samples (advisor/dog_review.py;
#: with an iteration count: that many plays valued)
_HALVING = {"dog"}

#: games whose plays are all valued on shared samples instead of searched (see `_review_all`):
#: the valuation, and the order among plays of exactly equal value (lower first)
_VALUERS = {"lifeislife": (lifeislife_review.action_values, lifeislife_review.tie_order)}


def _review_all(game: Game, view: Any, seat: int, played: Any, legal: list[Any],
                budget_ms: float | None, iterations: int | None, seed: int,
                clock: Callable[[], float]) -> Review:
    """Every legal play valued on the same determinizations, the whole budget (with an
    iteration count: that many determinizations). The best is the highest value; the played
    one when no play is valued higher; among plays of exactly the same value on every sample
    (the valuation cannot tell them apart) the game's tie order decides, then the legal
    order, so that every review of the position names the same one."""
    valuate, tie_order = _VALUERS[game.name]
    values, drawn = valuate(game, view, seat, legal, budget_ms=budget_ms, samples=iterations,
                            seed=seed, clock=clock)
    index = legal.index(played)
    high = max(values)
    if values[index] >= high:
        top = index
    else:
        top = min((i for i, v in enumerate(values) if v == high),
                  key=lambda i: (tie_order(legal[i]), i))
    loss = values[top] - values[index]
    table = {a: (drawn, v) for a, v in zip(legal, values, strict=True)}
    return Review(label_for(loss), loss, played, legal[top], values[index], values[top], drawn,
                  table)
