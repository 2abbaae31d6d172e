"""The coach's review of one play: was there a clearly better one, and by how much?

From the seat's view *before* the play (what it knew then). DOG: sequential halving among the
plays on shared samples (games/dog/review.py); Life is Life: every play valued on shared
samples (games/lifeislife/review.py); any other game (HIT) in two phases:

1. a search over every legal play (``FIRST_SHARE`` of the budget) finds the best candidate;
2. if the played move is not it, a search over just the two (the rest of the budget) compares
   them head to head, so that the played move's value rests on enough iterations even when
   the first search hardly looked at it. Both phases' root statistics are added up.

With a hint's analysis of the same view (``prior``: advisor/analysis.py), the review instead
continues that search (`_continued`): one analysis per position, so that the coach does not
contradict the hint it follows unless the deeper look shows it.

The loss is the best play's estimated chance to win less the played one's, in win-chance
points (0..1). Labels (docs/hints.md, "Coach"): below ``GOOD_BELOW`` good, from
``MISTAKE_FROM`` a mistake, in between an inaccuracy — and good whenever the loss is not
beyond the review's own uncertainty (`judged`: ``evidence.Z`` standard errors of the paired
differences on shared samples, or of the independent estimates of a search). Pure Python, no
Django.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion import games
from companion.engines.base import Game
from companion.games.dog import review as dog_review

from .analysis import Analysis, Stats, first_of
from .evidence import Difference, estimate, independent, paired
from .ismcts import search

#: loss (win-chance points, 0..1) below which a play is "good"
GOOD_BELOW = 0.03
#: loss from which a play is a "mistake"; in between an "inaccuracy"
MISTAKE_FROM = 0.10
#: part of the budget (or iterations) for the first phase: the search over every play
FIRST_SHARE = 0.6
#: at most this many other plays named beside a better play as "about as good"
MAX_ALTERNATIVES = 2

GOOD, INACCURACY, MISTAKE = "good", "inaccuracy", "mistake"


def label_for(loss: float) -> str:
    if loss < GOOD_BELOW:
        return GOOD
    return MISTAKE if loss >= MISTAKE_FROM else INACCURACY


def judged(difference: Difference) -> str:
    """The label of a play that is ``difference`` (best less played) behind the best: good
    unless the loss is beyond the review's own uncertainty (`advisor.evidence`); then by
    its size."""
    if difference.sign <= 0:
        return GOOD
    return label_for(difference.diff)


@dataclass(slots=True)
class Review:
    label: str
    loss: float  # best's value less the played's (0 when the played is the best)
    played: Any
    best: Any  # the better play (the played one itself when no play is backed as better)
    played_value: float
    best_value: float
    iterations: int
    #: every looked-at root play: action → (visits, value), both phases added
    values: dict[Any, tuple[int, float]] = field(default_factory=dict)
    #: the standard error of the loss (of the difference best less played; inf: unknown)
    se: float = math.inf
    #: the play valued highest when the review cannot tell it from the played one ("about
    #: equal"), else None
    close: Any = None
    #: beside a better play: the others the review cannot tell from it but can from the
    #: played one (each backed as better than the played), highest valued first, at most
    #: ``MAX_ALTERNATIVES`` ("Better was A; about as good: B"): the review names one play only
    #: where its own uncertainty separates it from the rest
    alternatives: tuple[Any, ...] = ()
    #: the review continued a hint's analysis of this position: how many iterations the hint
    #: had searched and what it suggested first (None: no hint was asked here)
    hint_iterations: int | None = None
    hint_first: Any = None
    #: how two of the valued plays compare by this review's evidence: ``differ(a, b)`` is a
    #: less b with its standard error (paired where they met the same samples)
    differ: Callable[[Any, Any], Difference] | None = field(default=None, repr=False)
    #: the played play was the only legal one (a forced fold): "the only play", never praised
    only: bool = False

    @property
    def better(self) -> bool:
        return self.label != GOOD

    @property
    def deeper(self) -> bool:
        """The played play was the hint's first suggestion, and the deeper look (the hint's
        search continued) found a better one beyond its uncertainty."""
        return self.better and self.hint_first is not None and self.played == self.hint_first


def _verdict(played: Any, best: Any, values: dict[Any, tuple[int, float]],
             difference: Difference, iterations: int, **extra: Any) -> Review:
    """The review of ``played`` against the best play found, ``difference`` = best less
    played with its uncertainty."""
    played_value = values[played][1]
    label = judged(difference) if best != played else GOOD
    if label == GOOD:
        close = best if best != played and difference.diff > 0 else None
        return Review(GOOD, max(0.0, difference.diff) if close is not None else 0.0, played,
                      played, played_value, played_value, iterations, values, difference.se,
                      close, **extra)
    return Review(label, difference.diff, played, best, played_value, values[best][1],
                  iterations, values, difference.se, None,
                  alternatives=_alternatives(played, best, values, extra.get("differ")),
                  **extra)


def _alternatives(played: Any, best: Any, values: dict[Any, tuple[int, float]],
                  differ: Callable[[Any, Any], Difference] | None) -> tuple[Any, ...]:
    """The plays besides ``best`` that the evidence cannot tell from it but does tell from
    ``played`` (better than it), highest valued first (`Review.alternatives`)."""
    if differ is None:
        return ()
    found = [
        a for a, (visits, _value) in values.items()
        if a not in (best, played) and visits > 0
        and not differ(best, a).backed and differ(a, played).sign > 0
    ]
    found.sort(key=lambda a: -values[a][1])
    return tuple(found[:MAX_ALTERNATIVES])


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
    prior: Analysis | None = None,
) -> Review:
    """Review ``played`` (an action of ``seat`` in ``view``) with a time budget or an iteration
    count (then the result depends on the seed alone). With ``prior`` (a hint's analysis of
    this very view), the review continues that search instead (`_continued`)."""
    if budget_ms is None and iterations is None:
        raise ValueError("give a time budget or an iteration count")
    legal = game.legal_actions(view)
    if played not in legal:
        raise ValueError("the played action is not legal in the seat's view")
    if len(legal) == 1:  # a forced move: nothing to review, and nothing to praise
        return Review(GOOD, 0.0, played, played, 0.0, 0.0, 0, {}, 0.0, only=True)
    if prior is not None and prior.stats:
        return _continued(game, view, seat, played, prior, budget_ms, iterations, seed, clock)
    entry = games.find(game.name)  # how the game's plays are reviewed: its registry entry
    if entry is not None and entry.review:  # every play valued on the same samples (Life is Life)
        valuers = games.load(entry.review)
        return _review_all(game, view, seat, played, legal, budget_ms, iterations, seed, clock,
                           valuers)
    if entry is not None and entry.review_by_halving:  # sequential halving on shared samples
        found = dog_review.valued_plays(game, view, seat, played, legal, budget_ms=budget_ms,
                                        playouts=iterations, seed=seed, clock=clock)
        rows = found.per_sample

        def differ(a: Any, b: Any) -> Difference:
            n = min(len(rows[a]), len(rows[b]))
            return paired(rows[a][:n], rows[b][:n])

        return _verdict(played, found.best, found.values, differ(found.best, played),
                        found.playouts, differ=differ)

    def part(share: float) -> dict[str, Any]:
        if iterations is not None:
            return {"iterations": max(1, round(iterations * share))}
        return {"budget_ms": budget_ms * share}  # type: ignore[operator]

    stats: Stats = {}
    first = search(game, view, seat, seed=seed, clock=clock, stats=stats, **part(FIRST_SHARE))
    done = first.iterations
    best = first.best.action if first.best else played
    if best != played:
        second = search(
            game, view, seat, seed=seed + 1, clock=clock, stats=stats, only=[played, best],
            **part(1 - FIRST_SHARE),
        )
        done += second.iterations
    return _from_stats(played, best, stats, done)


def _from_stats(played: Any, best: Any, stats: Stats, done: int, **extra: Any) -> Review:
    """The verdict from ISMCTS root statistics: ``best`` against ``played``, each value with
    its standard error from its visits and rewards."""
    stats.setdefault(played, [0.0, 0.0, 0.0, 0.0])
    values = {a: (int(e[0]), e[1] / e[0] if e[0] else 0.0) for a, e in stats.items()}
    estimates = {a: estimate(e[0], e[1], e[3]) for a, e in stats.items()}
    if best not in stats:
        best = played

    def differ(a: Any, b: Any) -> Difference:
        return independent(estimates[a], estimates[b])

    return _verdict(played, best, values, differ(best, played), done, differ=differ, **extra)


def _continued(game: Game, view: Any, seat: int, played: Any, prior: Analysis,
               budget_ms: float | None, iterations: int | None, seed: int,
               clock: Callable[[], float]) -> Review:
    """Continue the hint's search of this position (same configuration, same evaluation) for
    the review's budget and judge on the statistics of both: when the learner played the
    hint's first suggestion, over every play (a deeper look may prefer another, and then says
    so); otherwise the played play against the hint's first, head to head. The best is the
    most visited play of the merged statistics, as the hint's own first suggestion was."""
    stats: Stats = {a: list(e) for a, e in prior.stats.items()}
    only = None if played == prior.first else [played, prior.first]
    spent = {"iterations": iterations} if iterations is not None else {"budget_ms": budget_ms}
    more = search(game, view, seat, seed=seed, clock=clock, stats=stats, only=only, **spent)
    best = first_of(stats)
    return _from_stats(played, best, stats, prior.iterations + more.iterations,
                       hint_iterations=prior.iterations, hint_first=prior.first)


def _review_all(game: Game, view: Any, seat: int, played: Any, legal: list[Any],
                budget_ms: float | None, iterations: int | None, seed: int,
                clock: Callable[[], float], valuers: tuple[Any, Any]) -> Review:
    """Every legal play valued on the same determinizations, the whole budget (with an
    iteration count: that many determinizations). The best is the highest value; the played
    one when no play is valued higher; among plays of exactly the same value on every sample
    (the valuation cannot tell them apart) the game's tie order decides, then the legal
    order, so that every review of the position names the same one. The loss's uncertainty:
    the paired differences of the two plays over the samples."""
    valuate, tie_order = valuers  # the valuation, and the order among equal plays (lower first)
    rows: list[list[float]] = []
    values, drawn = valuate(game, view, seat, legal, budget_ms=budget_ms, samples=iterations,
                            seed=seed, clock=clock, per_sample=rows)
    index = legal.index(played)
    high = max(values)
    if values[index] >= high:
        top = index
    else:
        top = min((i for i, v in enumerate(values) if v == high),
                  key=lambda i: (tie_order(legal[i]), i))
    position = {a: i for i, a in enumerate(legal)}

    def differ(a: Any, b: Any) -> Difference:
        i, j = position[a], position[b]
        return paired([r[i] for r in rows], [r[j] for r in rows])

    table = {a: (drawn, v) for a, v in zip(legal, values, strict=True)}
    return _verdict(played, legal[top], table, differ(legal[top], played), drawn, differ=differ)
