"""HIT's catalogue speaks the rulebook's words (companion/games/hit/glossary.py): a translation
of a msgid that says a concept's English word uses the language's word, and no avoided word
appears."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from companion.games.hit.engine import messages as hit_messages
from companion.games.hit.glossary import AVOID, GLOSSARY
from tests.i18n.catalogues import ROOT, catalogue
from tests.i18n.pofile import Entry, read

LANGUAGES = ("de", "fr", "it")
#: the rulebook's section headings ("Zieleinlauf / Entering the goal"): their translation is
#: the heading of that language's rulebook ("Arriver", "Arrivare alla meta"), word for word
SECTIONS = frozenset(v for k, v in vars(hit_messages).items() if k.startswith("R_"))
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[a-z]|\{[a-z_]+\}|<[^>]+>")


def _words(text: str) -> str:
    return PLACEHOLDER.sub(" ", text)


def _says(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", _words(text), re.I) is not None


def _hit_entries(lang: str) -> Iterator[Entry]:
    """HIT's own catalogue (a shared string is the site's or DOG's too: the shared test
    holds it to every game's words)."""
    yield from (e for e in read(catalogue(lang, "hit")) if e.msgid)


def _pairs(e: Entry) -> Iterator[tuple[str, str]]:
    """(English, translation) of each form: the singular msgid with msgstr[0], the plural
    with the others."""
    if not e.msgstr:
        return
    yield e.msgid, e.msgstr[0]
    for text in e.msgstr[1:]:
        yield e.msgid_plural or e.msgid, text


def glossary_faults(lang: str, entries: Iterator[Entry]) -> list[str]:
    """Each concept the English says (the longest first: "waiting field" is not also a
    "field", "shield breaker" not also a "shield") is said with the language's word."""
    faults = []
    concepts = sorted(GLOSSARY, key=len, reverse=True)
    for e in entries:
        if e.msgid in SECTIONS:
            continue
        for english, said in _pairs(e):
            rest = _words(english)
            for concept in concepts:
                words = GLOSSARY[concept]
                pattern = rf"(?<![\w-]){re.escape(words['en'])}(?![\w-])"
                if re.search(pattern, rest, re.I) is None:
                    continue
                rest = re.sub(pattern, " ", rest, flags=re.I)
                if words[lang].lower() not in said.lower():
                    faults.append(f"{concept}: {english!r} -> {said!r} lacks {words[lang]!r}")
                for avoided in AVOID.get(concept, {}).get(lang, ()):
                    if _says(said, avoided):
                        faults.append(f"{concept}: {said!r} says {avoided!r}")
    return faults


def test_the_glossary_has_one_word_per_concept_and_language():
    for concept, words in GLOSSARY.items():
        assert set(words) == {"en", *LANGUAGES}, concept
        assert words["en"] == concept
        for lang, avoided in AVOID.get(concept, {}).items():
            assert words[lang].lower() not in {a.lower() for a in avoided}, (concept, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hits_catalogue_says_the_rulebooks_words(lang):
    faults = glossary_faults(lang, _hit_entries(lang))
    assert not faults, "\n".join(faults)


def test_the_rulebook_says_the_glossarys_words():
    rulebook = (ROOT.parent / "shared" / "rules" / "hit-ravensburger-de-fr-it.txt")
    if not rulebook.exists():
        pytest.skip("the rulebook is not beside the checkout")
    text = rulebook.read_text(encoding="utf-8").lower()
    for concept, words in GLOSSARY.items():
        for lang in LANGUAGES:
            if concept in ("card", "coin", "draw pile", "discard pile", "shield"):
                continue  # said in the rulebook, in other forms (plural, declined)
            assert words[lang].lower() in text, (concept, lang, words[lang])

