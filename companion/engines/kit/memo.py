"""Small caches for the engines' hot paths."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def last_result[K, V](fn: Callable[[K], V]) -> Callable[[K], V]:
    """`fn` remembering its last argument (by identity) and result: a search determinizes
    one view many times in a row, and the plan of a view is worked out once."""
    last: list[Any] = [None, None]

    def cached(arg: K) -> V:
        if last[0] is arg:
            return last[1]  # type: ignore[no-any-return]
        value = fn(arg)
        last[0], last[1] = arg, value
        return value

    cached.__doc__ = fn.__doc__
    return cached
