"""Template filters that show the tables' stored tokens in the reader's language."""

from __future__ import annotations

from django import template

from companion.tables.presenters.colours import colour_name as _colour_name

register = template.Library()


@register.filter
def colour_name(colour: str) -> str:
    """A seat colour as stored ("red") → its name in the active language ("rot")."""
    return _colour_name(colour)


@register.filter
def step_word(word: str) -> str:
    """An engine's phase or action word ("buy", "exchange") in the active language."""
    from companion.tables.presenters.localize import step_word as _step_word

    return _step_word(word)
