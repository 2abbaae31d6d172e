"""The German, French and Italian catalogues are complete, current and compiled: the site's
shared ones (locale/) and every game's own (companion/games/<game>/locale/).

- every msgid has a translation and none is fuzzy (a stale guess of msgmerge);
- the catalogues hold exactly the strings the code has now, and an extraction on an untouched
  checkout rewrites no line of them: our makemessages (the engines' N_ keyword, one catalogue
  per package) runs on a copy of the sources and its catalogues are compared;
- each committed .mo says what its .po says (the app runs without GNU gettext);
- the engines' referee templates and rulebook sections are all in the catalogues (an unmarked
  one would silently stay English; HIT's card names: tests/games/hit/test_card_names.py).
"""

from __future__ import annotations

import difflib
import gettext
import importlib

import pytest

from companion import games
from companion.engines import get_game
from tests.i18n.catalogues import LANGUAGES, catalogue, catalogues, extracted_copy, name
from tests.i18n.pofile import Entry, messages


def every_catalogue() -> list[tuple[str, str]]:
    return [(lang, owner) for lang in LANGUAGES for owner in catalogues(lang)]


def every_entry(lang: str) -> list[Entry]:
    return [e for path in catalogues(lang).values() for e in messages(path)]


def label(entry: Entry) -> str:
    return f"{entry.msgctxt + ' | ' if entry.msgctxt else ''}{entry.msgid!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_is_translated(lang):
    entries = every_entry(lang)
    assert len(entries) > 500
    untranslated = [label(e) for e in entries if not e.translated]
    fuzzy = [label(e) for e in entries if e.fuzzy]
    assert not untranslated, f"{lang}: {len(untranslated)} without translation: {untranslated[:20]}"
    assert not fuzzy, f"{lang}: fuzzy (check and clear the flag): {fuzzy[:20]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_and_placeholders(lang):
    """Plural entries have both forms; a translation keeps every %(name)s / {name} of its
    msgid (msgfmt checks %-formats too, but not the engines' {name} templates)."""
    import re

    def names(text: str) -> set[str]:
        return {a or b for a, b in re.findall(r"%\((\w+)\)|\{(\w+)\}", text)}

    for path in catalogues(lang).values():
        assert "Plural-Forms: nplurals=2;" in path.read_text(), path
    for e in every_entry(lang):
        if e.msgid_plural:
            assert len(e.msgstr) == 2, label(e)
            assert names(e.msgstr[1]) == names(e.msgid_plural), (lang, label(e))
        else:
            assert names(e.msgstr[0]) == names(e.msgid), (lang, label(e), e.msgstr[0])


def test_the_catalogues_hold_exactly_the_strings_of_the_code(tmp_path, settings):
    """The strings of the code are the catalogues' (none new, none gone), each in the catalogue
    of its package, and the extraction leaves the committed files as they are: no line-number
    churn, no reordering (docs/i18n.md)."""
    copy = extracted_copy(tmp_path, settings)
    hint = "run: make messages (docs/i18n.md)"
    for lang in LANGUAGES:
        fresh = catalogues(lang, copy)
        assert set(fresh) == set(catalogues(lang)), (lang, sorted(fresh))
        for owner, path in catalogues(lang).items():
            committed = {e.key for e in messages(path)}
            extracted = {e.key for e in messages(fresh[owner])}
            new = sorted(str(k) for k in extracted - committed)
            gone = sorted(str(k) for k in committed - extracted)
            where = f"{lang}, {name(owner)}"
            assert not new, f"{where}: {len(new)} not in the catalogue ({hint}): {new[:15]}"
            assert not gone, f"{where}: {len(gone)} gone from the code ({hint}): {gone[:15]}"
            before, after = path.read_text().splitlines(), fresh[owner].read_text().splitlines()
            changed = sum(1 for line in difflib.unified_diff(before, after, lineterm="", n=0)
                          if line[:1] in "+-" and line[:3] not in ("+++", "---"))
            assert not changed, f"{where}: the extraction rewrites {changed} lines ({hint})"


@pytest.mark.parametrize(("lang", "owner"), every_catalogue())
def test_each_mo_says_what_its_po_says(lang, owner):
    po = catalogue(lang, owner)
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing: manage.py compilemessages"
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    expected: dict[object, str] = {}
    for e in messages(po):
        if not e.translated or e.fuzzy:
            continue
        msgid = f"{e.msgctxt}\x04{e.msgid}" if e.msgctxt else e.msgid
        if e.msgid_plural:
            for i, text in enumerate(e.msgstr):
                expected[(msgid, i)] = text
        else:
            expected[msgid] = e.msgstr[0]
    actual = {k: v for k, v in compiled.items() if k != ""}
    stale = sorted(str(k) for k in set(expected) ^ set(actual))
    assert not stale, f"{mo} is out of date (compilemessages): {stale[:10]}"
    changed = [str(k) for k in expected if actual[k] != expected[k]]
    assert not changed, f"{mo} differs from {po} (compilemessages): {changed[:10]}"


@pytest.mark.parametrize("game", games.names())
def test_every_referee_template_and_section_is_in_the_catalogues(game):
    module = f"companion.games.{game}.engine.messages"
    if not games.module_exists(module):
        pytest.skip(f"{game}'s engine has no code table (engine/messages.py)")
    codes = importlib.import_module(module).CODES
    msgids = {e.msgid for e in every_entry("de") if not e.msgctxt}
    missing = sorted(
        {text for _rule, text in codes.values()} | {rule for rule, _text in codes.values()}
    )
    missing = [m for m in missing if m not in msgids]
    assert not missing, f"mark these with N_ in {game}'s engine/messages.py: {missing}"
    assert get_game(game).messages  # the engine still reads the same English templates

