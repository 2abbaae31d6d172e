"""{% toggle_rule_url game key %}: the rule a house-rule toggle of the lobby describes."""

from __future__ import annotations

from django import template

from companion.rules import catalogue

register = template.Library()


@register.simple_tag
def toggle_rule_url(game: str, key: str) -> str:
    """The link to the rule behind toggle `key` of `game`, or "" when no rule describes it."""
    return catalogue.toggle_url(game, key) or ""


@register.filter
def toggle_label(key: str) -> str:
    """A house-rule toggle or variant as the lobby names it ("fold_face_up" → "Folded cards
    are shown face up"); a person never reads the setting's key."""
    from django.utils.translation import gettext as _

    from companion.games.dog.presenter import RULES_TOGGLES
    from companion.games.hit.presenter import VARIANTS

    labels = {k: str(label) for k, label in (*RULES_TOGGLES, *VARIANTS)}
    labels["expert"] = _(
        "Expert variant (only hares and pigs end the round; the holder gains a life)"
    )
    return labels.get(key, key.replace("_", " "))
