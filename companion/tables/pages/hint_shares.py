"""What a hint's share of the search means, in words (``rendering.hint_context``).

The search (ISMCTS) spends its time on the plays it finds promising, so the share of its time
a suggestion got says how strongly it preferred that play. Two cases make a share mean
nothing, and the hint says so instead of showing it:

- the search spread its time evenly (Life is Life's swaps: 149 plays, each about 0.7 %, shown
  as "1 % of the search" beside every suggestion): a share near an even one ranks nothing;
- two suggestions whose values the search cannot separate (``advisor/evidence.py``) are "about
  equal" only where their shares are close too; a 68 % / 12 % split is a preference of the
  search, said as such.
"""

from __future__ import annotations

from typing import Any

#: a share up to this many times an even share is "spread evenly"
EVEN_FACTOR = 2.0
#: two shares are close when the smaller is at least this part of the larger
CLOSE = 2 / 3
#: without the number of plays (an answer cached before it was sent): every suggestion at or
#: under this share is spread evenly
EVEN_WITHOUT_PLAYS = 0.02


def spread_evenly(hint: dict[str, Any]) -> bool:
    """The search spread its time about evenly over the plays: its shares rank nothing."""
    choices = hint.get("choices") or []
    if len(choices) < 2:
        return False
    top = max(c.get("share", 0.0) for c in choices)
    plays = hint.get("plays")
    if isinstance(plays, int) and plays > 1:
        return top <= EVEN_FACTOR / plays
    return top <= EVEN_WITHOUT_PLAYS


def close(a: float, b: float) -> bool:
    """Two shares of the search are close (the smaller is at least ``CLOSE`` of the larger)."""
    high, low = max(a, b), min(a, b)
    return high <= 0 or low >= CLOSE * high

