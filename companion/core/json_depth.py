"""Nesting depth of a JSON text, measured before it is parsed: the parser recurses once per
level, so a body nested 100,000 deep would end in a RecursionError instead of a clear 400."""

from __future__ import annotations

import re

#: deeper than any body or record the site reads (a record nests 4 levels)
MAX_DEPTH = 64

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(rb"[\[\]{}]")


def depth(raw: bytes | str) -> int:
    """The deepest nesting of arrays and objects in ``raw`` (strings skipped)."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    deepest = level = 0
    for bracket in _BRACKET.findall(_STRING.sub(b"", raw)):
        if bracket in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def too_deep(raw: bytes | str, limit: int = MAX_DEPTH) -> bool:
    return depth(raw) > limit
