"""Life is Life's deal said by tapping, for the correction of a deal entry: the 10 animals are
tapped one after the other, row by row (row 1's one, then row 2's two, then 3, then 4), into the
card faces' slots ``card0`` … ``card9`` (the referee's template, lifeislife_referee.html).
They become the deal entry's own fields, ``row<r>-<i>``, which the presenter's
``compose("deal")`` reads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .board import ROW_SIZES

#: the slots of the tapped deal, one per card laid out (1 + 2 + 3 + 4)
DEAL_SLOTS = range(sum(ROW_SIZES))


def tapped(form: Mapping[str, Any]) -> bool:
    """Whether the form says the deal in tapped slots (not in the entry's row fields)."""
    return any(form.get(f"card{i}") for i in DEAL_SLOTS)


def row_fields(form: Mapping[str, Any]) -> Mapping[str, Any]:
    """The deal's row fields from the slots tapped in row order; a form without tapped slots
    as it is. A slot left empty stays empty, so that the missing animals are named."""
    if not tapped(form):
        return form
    fields: dict[str, Any] = {}
    slot = 0
    for size in ROW_SIZES:
        for i in range(size):
            fields[f"row{size}-{i}"] = form.get(f"card{slot}") or ""
            slot += 1
    return fields
