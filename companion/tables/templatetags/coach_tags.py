"""The coach on the page of its own seat (coach mode: tables/coach/reviews.py): its box and
the labels of its reviewed plays in its history."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def coach_panel(table: Any, seat: Any) -> str:
    """The box for a seated phone (``seat``: the page's Seat), nothing for the others."""
    from companion.tables.coach.reviews import panel_context

    if seat is None:
        return ""
    return render_to_string("tables/coach.html#coach", panel_context(table, seat.index))


@register.simple_tag(takes_context=True)
def review_labels(context: template.Context, lines: list[dict[str, Any]]) -> dict | None:
    """``{% review_labels lines as labels %}``: {seq: label} of the page's own seat's reviewed
    plays among the history ``lines``; None for any other page (no seat, or a seat that never
    had the coach), whose history then carries nothing of the coach. A page load reads the
    database; a live push the per-process gate (`coach.coach_seats`)."""
    from companion.tables.coach.reviews import history_labels

    seat = getattr(context.get("seat"), "index", None)
    table = context.get("table")
    if seat is None or table is None:
        return None
    fresh = context.get("request") is not None
    return history_labels(table, seat, [line["seq"] for line in lines], fresh=fresh)


@register.simple_tag
def review_label(labels: dict | None, line: dict[str, Any]) -> SafeString:
    """The label of a history line (a play's place for it, empty until its review arrives)."""
    from companion.tables.coach.reviews import label_html

    if labels is None or line.get("kind") != "action":
        return SafeString("")
    return label_html(line["seq"], labels.get(line["seq"]))
