"""What the tests over all games expect of this game's rules page beyond what every page has
(tests/rules/: a game without this module is checked without it)."""

#: a term per language, as that language's rulebook names it
TERMS = {
    "en": "Starting space",
    "de": "Startfeld",
    "fr": "Case départ",
    "it": "Casella di partenza",
}

#: the rules the lobby links its house rules (and seat counts) to
LOBBY_ANCHORS = ["house-knock-own", "house-swap-void", "moving", "two-three-five"]
