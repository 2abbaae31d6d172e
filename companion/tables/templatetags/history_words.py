"""The history and the replay's move in sentences (``localize.history_words``)."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


def _seat_index(context: template.Context) -> int | None:
    seat = context.get("seat")
    return getattr(seat, "index", seat if isinstance(seat, int) else None)


@register.simple_tag(takes_context=True)
def said_history(context: template.Context, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``{% said_history history as lines %}``: the page's history lines said in words for
    the phone of the page's seat."""
    from companion.tables.play.history_words import history_words

    table = context.get("table")
    if table is None or not lines:
        return lines
    return history_words(table, lines, _seat_index(context))


@register.simple_tag(takes_context=True)
def said_event(context: template.Context, seq: int) -> dict[str, Any]:
    """``{% said_event seq as said %}``: one event of the log in words, as everyone may read it
    (the replay): ``said.who``, ``said.text``; empty when the game has no words for it."""
    from companion.tables.play.history_words import history_words

    table = context.get("table")
    if table is None or seq is None:
        return {}
    line = {"seq": seq}
    said = history_words(table, [line], None)[0]
    return said if said.get("said") else {}
