"""{% toggle_rule_url game key %}: the rule a house-rule toggle of the lobby describes."""

from __future__ import annotations

from django import template

from companion.rules import catalogue

register = template.Library()


@register.simple_tag
def toggle_rule_url(game: str, key: str) -> str:
    """The link to the rule behind toggle `key` of `game`, or "" when no rule describes it."""
    return catalogue.toggle_url(game, key) or ""
