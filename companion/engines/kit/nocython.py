"""The `cython` names the engines use, doing nothing: pure Python without Cython installed.

Compiled, `import cython` is Cython's own (its C types); run as plain Python with Cython
installed it is Cython's shadow module, which does nothing either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

compiled = False
int = int  # the names of the C types, as Python's
bint = bool


def locals(**types: Any) -> Callable[[Any], Any]:
    """`@cython.locals(x=cython.int)`: the C types of a function's locals."""

    def keep(fn: Any) -> Any:
        return fn

    return keep
