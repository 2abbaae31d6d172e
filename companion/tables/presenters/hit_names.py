"""The names of HIT's cards as the data file gives them (companion/engines/hit/data/cards.toml),
marked here for translation: the page shows ``gettext(name)``. A test checks that every name in
the data file is listed (a card renamed there must be renamed here too, or it shows in English).
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

#: Every ``name`` of cards.toml, in its order.
CARD_NAMES: tuple[str, ...] = (
    gettext_noop("3 coins"),
    gettext_noop("1: come out, or 1 field"),
    gettext_noop("6: come out, or 6 fields"),
    gettext_noop("1 to 5 fields, no hitting"),
    gettext_noop("3 fields + 2 coins, shield"),
    gettext_noop("next free corner field + 1 coin"),
    gettext_noop("4 fields, shield"),
    gettext_noop("5 fields + 2 coins"),
    gettext_noop("6 fields + 1 coin, shield breaker"),
    gettext_noop("7 fields + 2 coins"),
    gettext_noop("8 fields + 2 coins"),
    gettext_noop("11 fields, no hitting"),
    gettext_noop("3 fields forward or 1 back, shield breaker"),
    gettext_noop("split 10 among own figures, each once, no hitting"),
    gettext_noop("jump to the next barrier field"),
    gettext_noop("jump to the next start field"),
    gettext_noop("3 coins, shield"),
    gettext_noop("5 coins"),
    gettext_noop("1, 2 or 3 corner fields"),
    gettext_noop("hunt the nearest opponent's figure"),
    gettext_noop("right behind the nearest figure, no goal entry"),
    gettext_noop("jump 1 or 2 groups, no goal entry"),
)
