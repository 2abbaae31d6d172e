"""What a search can back: a play's value with its uncertainty, and whether two plays differ
by more than the search can tell apart.

Every estimate here is a mean of sampled rewards (an ISMCTS root action's backed-up values, a
review's playouts on sampled deals), so its uncertainty is its standard error,
``sqrt(variance / n)``. Two plays are ranked only when the difference of their means is more
than ``Z`` standard errors of that difference (about 95 % one-sided confidence); otherwise
they are "about equal". Where the two were valued on the same samples (common random numbers:
the coach's reviews) the standard error of the *paired* differences is used, which is far
smaller than either value's own.

Nothing here is tuned to a budget: more iterations make the standard errors shrink, so the
same rule ranks more pairs as the search gets deeper or the engine faster. Pure Python.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: standard errors a difference must exceed to be called a difference
Z = 2.0
#: a prior on the variance, worth ``PRIOR_SAMPLES`` samples: a mean of one or two samples whose
#: values happen to agree is not therefore certain. (0.05)²: five points of a win chance, small
#: beside a real spread (a playout's values spread by 0.1–0.3), negligible after some dozens
PRIOR_VARIANCE = 0.0025
PRIOR_SAMPLES = 1


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean of ``n`` samples and its standard error."""

    n: int
    mean: float
    se: float


def estimate(n: float, total: float, squares: float) -> Estimate:
    """From a sample count, the sum of the samples and the sum of their squares."""
    count = int(n)
    if count <= 0:
        return Estimate(0, 0.0, math.inf)
    mean = total / count
    deviations = max(0.0, squares - count * mean * mean)
    var = (deviations + PRIOR_SAMPLES * PRIOR_VARIANCE) / (count - 1 + PRIOR_SAMPLES)
    return Estimate(count, mean, math.sqrt(var / count))


def of_samples(values: Sequence[float]) -> Estimate:
    return estimate(len(values), sum(values), sum(v * v for v in values))


@dataclass(frozen=True, slots=True)
class Difference:
    """``a`` less ``b``: the difference of the means, its standard error, and whether it is
    beyond the uncertainty (``sign``: 1 a is better, -1 b is better, 0 about equal)."""

    diff: float
    se: float

    @property
    def sign(self) -> int:
        if abs(self.diff) > Z * self.se:
            return 1 if self.diff > 0 else -1
        return 0

    @property
    def backed(self) -> bool:
        return self.sign != 0


def independent(a: Estimate, b: Estimate) -> Difference:
    """Two estimates from different samples (an ISMCTS root's actions)."""
    return Difference(a.mean - b.mean, math.sqrt(a.se * a.se + b.se * b.se))


def paired(a: Sequence[float], b: Sequence[float]) -> Difference:
    """Two plays valued on the same samples, sample by sample."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    if not diffs:
        return Difference(0.0, math.inf)
    e = of_samples(diffs)
    return Difference(e.mean, e.se)


def paired_sums(n: int, total: float, squares: float) -> Difference:
    """Paired differences given by their count, sum and sum of squares."""
    e = estimate(n, total, squares)
    return Difference(e.mean, e.se)


def proportion(p: float, n: int) -> float:
    """The standard error of a share ``p`` of ``n`` 0/1 outcomes (with the prior variance)."""
    if n <= 0:
        return math.inf
    var = (n * p * (1 - p) + PRIOR_SAMPLES * PRIOR_VARIANCE) / (n - 1 + PRIOR_SAMPLES)
    return math.sqrt(var / n)


#: a hint that carries no uncertainty (an answer cached before it did): two suggestions
#: closer than this are "about equal"
EQUAL_WITHOUT_SE = 0.02


def compare_suggestions(choice: dict, other: dict) -> tuple[str, Difference]:
    """How a hint's suggestion compares with another (the answers' ``choices``): by the
    round outcome where both report one (Life is Life: surviving the round), else by the win
    chance; the difference with its standard error (``sign`` 0: about equal)."""
    key = "outcome" if "outcome" in choice and "outcome" in other else "win"
    diff = choice[key] - other[key]
    if key == "win" and "se" in choice and "se" in other:
        se = math.hypot(choice["se"], other["se"])
    elif key == "outcome" and "visits" in choice and "visits" in other:
        se = math.hypot(proportion(choice[key], choice["visits"]),
                        proportion(other[key], other["visits"]))
    else:
        se = EQUAL_WITHOUT_SE / Z
    return key, Difference(diff, se)
