"""The names of HIT's cards: the data file's names (companion/games/hit/engine/data/cards.toml),
marked here for translation (the page shows ``gettext(name)``; a test checks that every name in
the data file is listed: a card renamed there must be renamed here too, or it shows in
English), the short labels of the card buttons, and the card list in the engine's order.

Both the presenter (hit.py) and the words of a play (hit_words.py) read them from here.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext_lazy

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

#: Short names on the card buttons (the data file's name is the longer description).
SHORT = {
    "scoins": pgettext_lazy("HIT card", "Start 3 coins"),
    "s1": pgettext_lazy("HIT card", "Start 1"),
    "s6": pgettext_lazy("HIT card", "Start 6"),
    "s1-5": pgettext_lazy("HIT card", "Start 1–5"),
    "s3": pgettext_lazy("HIT card", "Start 3"),
    "scorner": pgettext_lazy("HIT card", "Start corner"),
    "3back": "3 / −1",
    "split10": pgettext_lazy("HIT card", "Split 10"),
    "tobarrier": pgettext_lazy("HIT card", "To barrier"),
    "tostart": pgettext_lazy("HIT card", "To start"),
    "coins3": pgettext_lazy("HIT card", "3 coins"),
    "coins5": pgettext_lazy("HIT card", "5 coins"),
    "corners": pgettext_lazy("HIT card", "Corners"),
    "hunt": pgettext_lazy("HIT card", "Hunt"),
    "behind": pgettext_lazy("HIT card", "Behind"),
    "jump": pgettext_lazy("HIT card", "Jump"),
}


def _cards() -> dict[str, dict[str, Any]]:
    from companion.engines import get_game

    return {c["token"]: c for c in get_game("hit").cards()}


CARDS = _cards()
TOKENS = tuple(CARDS)
START_TOKENS = tuple(t for t, c in CARDS.items() if c["deck"] == "start")
NEUTRAL_TOKENS = tuple(t for t, c in CARDS.items() if c["deck"] == "neutral")


_BY_SETUP: dict[str, dict[str, dict[str, Any]]] = {"": CARDS}


def table_cards(state: Any) -> dict[str, dict[str, Any]]:
    """The card list of a game's set-up (costs, copies, movement as the host checked them),
    token → card; the shipped list for a game without a set-up."""
    key = state.cfg.setup
    cards = _BY_SETUP.get(key)
    if cards is None:
        from companion.engines import get_game

        if len(_BY_SETUP) > 256:
            _BY_SETUP.clear()
            _BY_SETUP[""] = CARDS
        cards = _BY_SETUP[key] = {c["token"]: c for c in get_game("hit").cards(state)}
    return cards


def card_label(token: str) -> str:
    """ "split10" → "Split 10"; "6" → "6"; "?" → "unknown card"."""
    if token == "?":
        return _("unknown card")
    return str(SHORT.get(token, token))
