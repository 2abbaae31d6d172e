"""Template filters that show the tables' stored tokens in the reader's language."""

from __future__ import annotations

from django import template

from companion import games
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


@register.filter
def game_name(game: str) -> str:
    """A table's game key ("lifeislife") → the game's name as its box names it ("Life is
    Life"; the registry's ``title``), never the stored key."""
    entry = games.find(game)
    return entry.title if entry is not None else game


@register.filter
def hit_field(field: str) -> str:
    """A HIT field as the notation writes it ("T12", "G2", "W") → in words ("field 12")."""
    from companion.games.hit.words import field_words

    return field_words(str(field))


class _EuphonyNode(template.Node):
    def __init__(self, nodelist: template.NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        from django.utils.safestring import mark_safe

        from companion.tables.presenters.localize import euphony

        # the block's own rendered HTML (escaped where it had to be), only words changed
        return mark_safe(euphony(self.nodelist.render(context)))


@register.tag(name="euphony")
def euphony_tag(parser: template.base.Parser, token: template.base.Token) -> _EuphonyNode:
    """{% euphony %}…{% endeuphony %}: "de Ann" → "d'Ann" (French), "a Ann" → "ad Ann"
    (Italian) in what the block renders (presenters/localize.py, ``euphony``)."""
    nodelist = parser.parse(("endeuphony",))
    parser.delete_first_token()
    return _EuphonyNode(nodelist)
