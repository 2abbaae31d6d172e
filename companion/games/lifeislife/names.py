"""The animals of Life is Life in the reader's language, in the rulebook's scoring order.

Both the presenter (lifeislife.py) and the words of a play (lifeislife_words.py) read them from
here.
"""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

#: Animals in the rulebook's scoring order, with their value (= copies in the deck).
ANIMALS = (
    ("giraffe", 9),
    ("bear", 8),
    ("mole", 7),
    ("goat", 7),
    ("sheep", 6),
    ("dog", 6),
    ("hare", 5),
    ("pig", 5),
    ("cat", 4),
    ("mouse", 3),
)
ANIMAL_NAMES = tuple(name for name, _copies in ANIMALS)
#: The animals as each language names them (the rulebook is Italian: giraffa, orso, talpa…).
ANIMAL_WORDS = {
    "giraffe": pgettext_lazy("animal", "giraffe"),
    "bear": pgettext_lazy("animal", "bear"),
    "mole": pgettext_lazy("animal", "mole"),
    "goat": pgettext_lazy("animal", "goat"),
    "sheep": pgettext_lazy("animal", "sheep"),
    "dog": pgettext_lazy("animal", "dog"),
    "hare": pgettext_lazy("animal", "hare"),
    "pig": pgettext_lazy("animal", "pig"),
    "cat": pgettext_lazy("animal", "cat"),
    "mouse": pgettext_lazy("animal", "mouse"),
    "?": pgettext_lazy("animal", "unknown card"),
}


def animal_name(token: str) -> str:
    """An animal (the engine's token) in the reader's language."""
    return str(ANIMAL_WORDS.get(token, token))
