"""One word per concept (issue #41): each game that has a glossary (``companion/games/<game>/
glossary.py``: ``GLOSSARY`` concept → language → the rulebook's word, ``AVOID`` concept →
language → words not to use) says each concept with the rulebook's word in every string of its
catalogue and of the shared one it uses, and never with a word to avoid."""

from __future__ import annotations

import re
from importlib import import_module
from types import ModuleType

import pytest

from companion import games
from tests.i18n.catalogues import SHARED, catalogue, game_folder
from tests.i18n.pofile import Entry, read

LANGUAGES = ("de", "fr", "it")
_VERB_ENDINGS = ("are", "ere", "ire", "er", "en")
#: a placeholder ("%(round)s", "{card}") names no concept, in the English or in a translation
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdrf]|\{\w+\}")


def glossaries() -> dict[str, ModuleType]:
    """Every game package that has a glossary module, by name."""
    found = {}
    for name in games.packages():
        if games.module_exists(f"companion.games.{name}.glossary"):
            found[name] = import_module(f"companion.games.{name}.glossary")
    return found


GLOSSARIES = glossaries()


def stem(word: str) -> str:
    """The part of a word its forms share: "Figur" (Figuren), "segnalin" (segnalino, -i),
    "fil" (fila, file), "klopf" (klopfen, geklopft), "picchiett" (picchiettare, -ato)."""
    word = word.lower()
    for ending in _VERB_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 5:
            return word[: -len(ending)]
    if len(word) >= 4 and word[-1] in "aeiouéèy":
        return word[:-1]
    if word.endswith("al"):  # French "animal", "animaux"
        return word[:-1]
    return word


def says(text: str, term: str) -> bool:
    """Whether ``text`` says ``term`` (each of its words in some form)."""
    lowered = _PLACEHOLDER.sub(" ", text).lower()
    return all(stem(word) in lowered for word in term.split())


def names_concept(msgid: str, concept: str, title: str) -> bool:
    """Whether the English ``msgid`` names the concept as a word of its own (the game's title,
    "Life is Life", and the placeholders are no concept)."""
    text = _PLACEHOLDER.sub(" ", msgid.replace(title, " "))
    return re.search(rf"\b{re.escape(concept)}s?\b", text, re.I) is not None


def concepts_named(msgid: str, glossary: dict[str, dict[str, str]], title: str) -> set[str]:
    """The concepts the msgid names; a concept inside a longer one it names is the longer one
    ("start field" is not the "field", "swap card" not the "card")."""
    named = {c for c in glossary if names_concept(msgid, c, title)}
    return {c for c in named if not any(c != o and c in o for o in named)}


def rulebook_headings(game: str) -> frozenset[str]:
    """The rulebook's section headings the referee cites ("Zieleinlauf / Entering the goal",
    the engine's ``R_*`` messages): each is translated by that language's rulebook heading
    word for word ("Arriver"), whatever word it uses."""
    module = f"companion.games.{game}.engine.messages"
    if not games.module_exists(module):
        return frozenset()
    found = vars(import_module(module))
    return frozenset(str(v) for k, v in found.items() if k.startswith("R_") and isinstance(v, str))


def strings(game: str, lang: str) -> list[Entry]:
    """The game's own catalogue, and the shared entries the game uses (its folder among their
    references: a string of the site alone is said for every game); not the rulebook's
    section headings."""
    headings = rulebook_headings(game)
    own = [
        e for e in read(catalogue(lang, game))
        if e.msgid and not e.obsolete and e.msgid not in headings
    ]
    folder = game_folder(game)
    shared = [
        entry
        for entry in read(catalogue(lang, SHARED))
        if entry.msgid and not entry.obsolete
        and any(r.startswith(folder) for c in entry.comments if c.startswith("#:")
                for r in c[2:].split())
    ]
    return own + shared


def test_the_games_with_a_glossary_are_found():
    assert {"dog", "hit", "lifeislife"} <= set(GLOSSARIES)


@pytest.mark.parametrize("game", sorted(GLOSSARIES))
def test_one_word_per_concept_and_language(game):
    """Every concept has its word in each language, and no word it avoids is that word."""
    module = GLOSSARIES[game]
    for concept, words in module.GLOSSARY.items():
        assert {*LANGUAGES} <= set(words), (game, concept)
        for lang, avoided in module.AVOID.get(concept, {}).items():
            assert words[lang].lower() not in {a.lower() for a in avoided}, (game, concept, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(GLOSSARIES))
def test_each_concept_is_said_with_the_rulebooks_word(game, lang):
    glossary = GLOSSARIES[game].GLOSSARY
    title = games.get(game).title if games.find(game) else game
    wrong = []
    for entry in strings(game, lang):
        named = concepts_named(entry.msgid, glossary, title) | concepts_named(
            entry.msgid_plural or "", glossary, title)
        for concept in sorted(named):
            word = glossary[concept][lang]
            wrong += [(entry.msgid, s, word) for s in entry.msgstr if s and not says(s, word)]
    assert not wrong, "\n".join(f"{m!r} → {s!r} lacks {w!r}" for m, s, w in wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(GLOSSARIES))
def test_no_word_to_avoid(game, lang):
    avoided = {
        word: concept
        for concept, by_language in GLOSSARIES[game].AVOID.items()
        for word in by_language.get(lang, ())
    }
    if not avoided:
        return
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, avoided)) + r")\b", re.I)
    found = [
        (entry.msgid, s)
        for entry in read(catalogue(lang, game))
        if entry.msgid and not entry.obsolete
        for s in entry.msgstr
        if s and pattern.search(_PLACEHOLDER.sub(" ", s))
    ]
    assert not found, "\n".join(f"{m!r} → {s!r}" for m, s in found)


@pytest.mark.parametrize("game", sorted(GLOSSARIES))
def test_the_glossary_has_every_language(game):
    module = GLOSSARIES[game]
    for concept, words in module.GLOSSARY.items():
        assert set(words) == {"en", *LANGUAGES}, concept
        assert words["en"] == concept
    for concept, by_language in module.AVOID.items():
        assert set(by_language) <= set(LANGUAGES), concept
        for lang, avoided in by_language.items():
            word = module.GLOSSARY.get(concept, {}).get(lang, "")
            assert word.lower() not in {a.lower() for a in avoided}, (concept, lang)
