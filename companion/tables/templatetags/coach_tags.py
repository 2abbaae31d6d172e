"""The coach box of the page's own seat (coach mode: companion/tables/coach.py)."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string

register = template.Library()


@register.simple_tag
def coach_panel(table: Any, seat: Any) -> str:
    """The box for a seated phone (``seat``: the page's Seat), nothing for the others."""
    from ..coach import panel_context

    if seat is None:
        return ""
    return render_to_string("tables/coach.html#coach", panel_context(table, seat.index))
