"""DOG's words, one per concept and language, as the rulebook (Schmidt; DE, FR, IT, EN) says
them: every string of the game that names the concept uses this word (or a form of it), and
never a word of ``AVOID`` (``tests/i18n/test_glossary.py``; docs/i18n.md's glossary)."""

from __future__ import annotations

#: concept (the English word of the app's strings) → language → the rulebook's word
GLOSSARY: dict[str, dict[str, str]] = {
    "figure": {"en": "figure", "de": "Figur", "fr": "pion", "it": "segnalino"},
    "kennel": {"en": "kennel", "de": "Zwinger", "fr": "zone de départ",
               "it": "zona di partenza"},
    "start field": {"en": "start field", "de": "Startfeld", "fr": "case départ",
                    "it": "casella di partenza"},
    "goal": {"en": "goal", "de": "Ziel", "fr": "arrivée", "it": "arrivo"},
    "card": {"en": "card", "de": "Karte", "fr": "carte", "it": "carta"},
    "round": {"en": "round", "de": "Runde", "fr": "manche", "it": "round"},
    "partner": {"en": "partner", "de": "Partner", "fr": "partenaire", "it": "compagno"},
    "joker": {"en": "joker", "de": "Joker", "fr": "joker", "it": "jolly"},
    "house rule": {"en": "house rule", "de": "Hausregel", "fr": "règle maison",
                   "it": "regola della casa"},
}

#: concept → language → words the game's strings must not use for it (another game's word,
#: or one the rulebook does not know)
AVOID: dict[str, dict[str, tuple[str, ...]]] = {
    # HIT's Italian word: DOG's rulebook says "segnalino" throughout
    "figure": {"it": ("pedina", "pedine"), "fr": ("figurine", "figurines")},
    "kennel": {"de": ("Hundehütte",), "fr": ("niche",), "it": ("cuccia",)},
    "round": {"fr": ("round",), "de": ("Round",)},
}
