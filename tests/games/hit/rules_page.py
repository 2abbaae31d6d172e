"""What the tests over all games expect of this game's rules page beyond what every page has
(tests/rules/: a game without this module is checked without it)."""

#: a term per language, as that language's rulebook names it
TERMS = {
    "en": "Figuren schlagen — Hitting figures",
    "de": "Schildbrecher",
    "fr": "Briseur de bouclier",
    "it": "Antidifesa",
}

#: the rules the lobby links its house rules (and seat counts) to
LOBBY_ANCHORS = ["variant-no-shields", "variant-four-figures"]
