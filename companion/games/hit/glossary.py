"""HIT's words, one per concept and language, as the rulebook (Ravensburger, DE/FR/IT) says
them; English is the app's own. tests/i18n/test_glossary.py reads ``GLOSSARY`` and ``AVOID``
of every game and checks the catalogues: a translation of a msgid that says the English word
uses the language's word, and no avoided word stands for the concept.

Rulebook: "Figur", "Feld", "Startfeld", "Wartefeld", "Zielfeld", "Eckfeld", "Schranke";
« pion », « case », « case Départ », « maison », « case d'arrivée », « case de coin »,
« barrière »; «pedina», «casella», «casella di partenza», «base», «casella di arrivo»,
«casella d'angolo», «barriera».
"""

from __future__ import annotations

from typing import Final

GLOSSARY: Final[dict[str, dict[str, str]]] = {
    "figure": {"en": "figure", "de": "Figur", "fr": "pion", "it": "pedina"},
    "field": {"en": "field", "de": "Feld", "fr": "case", "it": "casella"},
    "start field": {
        "en": "start field",
        "de": "Startfeld",
        "fr": "case Départ",
        "it": "casella di partenza",
    },
    "waiting field": {"en": "waiting field", "de": "Wartefeld", "fr": "maison", "it": "base"},
    "goal": {"en": "goal", "de": "Ziel", "fr": "arrivée", "it": "arrivo"},
    "goal field": {
        "en": "goal field",
        "de": "Zielfeld",
        "fr": "case d'arrivée",
        "it": "casella di arrivo",
    },
    "corner field": {
        "en": "corner field",
        "de": "Eckfeld",
        "fr": "case de coin",
        "it": "casella d'angolo",
    },
    "barrier": {"en": "barrier", "de": "Schranke", "fr": "barrière", "it": "barriera"},
    "card": {"en": "card", "de": "Karte", "fr": "carte", "it": "carta"},
    "coin": {"en": "coin", "de": "Münze", "fr": "pièce", "it": "moneta"},
    "market": {"en": "market", "de": "Markt", "fr": "marché", "it": "mercato"},
    "discard pile": {
        "en": "discard pile",
        "de": "Ablagestapel",
        "fr": "défausse",
        "it": "pila degli scarti",
    },
    "draw pile": {"en": "draw pile", "de": "Nachziehstapel", "fr": "pioche", "it": "mazzo"},
    "shield": {"en": "shield", "de": "Schild", "fr": "bouclier", "it": "scudo"},
    "shield breaker": {
        "en": "shield breaker",
        "de": "Schildbrecher",
        "fr": "briseur de bouclier",
        "it": "antidifesa",
    },
}

AVOID: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    # DOG's Italian rulebook says «segnalino»; HIT's says «pedina»
    "figure": {
        "de": ("Spielstein", "Stein"),
        "fr": ("jeton",),
        "it": ("segnalino", "segnalini"),
    },
    # the rulebook's «maison» / «base», not a field of its own name
    "waiting field": {"fr": ("case d'attente",), "it": ("casella d'attesa",)},
    "barrier": {"de": ("Barriere",)},
    "draw pile": {"it": ("mazzo di pesca",)},
}

__all__ = ["AVOID", "GLOSSARY"]
