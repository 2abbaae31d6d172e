"""Life is Life's words, one per concept and language. The rulebook (NSV, "Nuota per la tua
vita") exists in Italian only: the Italian words are the rulebook's, the German and French ones
those the catalogues use throughout. Every string of the game that names the concept uses this
word (or a form of it), and never a word of ``AVOID`` (``tests/i18n/test_glossary.py``)."""

from __future__ import annotations

#: concept (the English word of the app's strings) → language → the word
GLOSSARY: dict[str, dict[str, str]] = {
    "row": {"en": "row", "de": "Reihe", "fr": "rangée", "it": "fila"},
    "life": {"en": "life", "de": "Leben", "fr": "vie", "it": "vita"},
    "round": {"en": "round", "de": "Runde", "fr": "manche", "it": "tornata"},
    "card": {"en": "card", "de": "Karte", "fr": "carte", "it": "carta"},
    "knock": {"en": "knock", "de": "klopfen", "fr": "frapper", "it": "picchiettare"},
    "animal": {"en": "animal", "de": "Tier", "fr": "animal", "it": "animale"},
    "expert variant": {"en": "expert variant", "de": "Expertenvariante",
                       "fr": "variante pour experts", "it": "variante per esperti"},
}

#: concept → language → words the game's strings must not use for it
AVOID: dict[str, dict[str, tuple[str, ...]]] = {
    # the rulebook's round is a "tornata" ("giro" is the last go-around after a knock)
    "round": {"it": ("round",), "fr": ("round",), "de": ("Round",)},
    "row": {"it": ("riga", "righe"), "fr": ("ligne", "lignes")},
    "knock": {"it": ("bussare", "bussa", "bussato")},
}
