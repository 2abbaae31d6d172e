"""Scaffold's plays in words, for the table's history, screen readers and the "All legal
plays" list: "adds 2 (the total is 7)"."""

from __future__ import annotations

from django.utils.translation import gettext as _

from companion.engines.base import Game

from .engine.state import ScaffoldState


def actor_seat(state: ScaffoldState, action: int) -> int | None:
    """Whose action it is: always the seat to move (the race has no table events)."""
    return state.turn


def action_words(game: Game, state: ScaffoldState, action: int, names: list[str],
                 visible: bool) -> str:
    """The predicate of a play's history line; nothing is hidden in the race."""
    return _("adds %(count)s (the total is %(total)s)") % {
        "count": action, "total": state.total + action}
