"""HIT's card names come from its data file: each one is marked for translation in names.py
(an unmarked one would silently stay English)."""

from __future__ import annotations

from companion.engines import get_game


def test_every_hit_card_name_of_the_data_file_is_marked():
    from companion.games.hit.names import CARD_NAMES

    names = {card["name"] for card in get_game("hit").cards()}
    assert names <= set(CARD_NAMES), sorted(names - set(CARD_NAMES))
