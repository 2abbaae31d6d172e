"""The German, French and Italian catalogues are complete, current and compiled.

- every msgid has a translation and none is fuzzy (a stale guess of msgmerge);
- the catalogues hold exactly the strings the code has now: the strings are extracted afresh
  (our makemessages, with the engines' N_ keyword) from a copy of the sources and compared;
- each committed .mo says what its .po says (the app runs without GNU gettext);
- the engines' referee templates and rulebook sections, and HIT's card names from its data
  file, are all in the catalogues (an unmarked one would silently stay English).
"""

from __future__ import annotations

import gettext
import os
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command

from companion.engines import get_game
from tests.i18n.pofile import Entry, messages

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("de", "fr", "it")


def catalogue(lang: str) -> Path:
    return ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"


def label(entry: Entry) -> str:
    return f"{entry.msgctxt + ' | ' if entry.msgctxt else ''}{entry.msgid!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_is_translated(lang):
    entries = messages(catalogue(lang))
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

    assert "Plural-Forms: nplurals=2;" in catalogue(lang).read_text()
    for e in messages(catalogue(lang)):
        if e.msgid_plural:
            assert len(e.msgstr) == 2, label(e)
            assert names(e.msgstr[1]) == names(e.msgid_plural), (lang, label(e))
        else:
            assert names(e.msgstr[0]) == names(e.msgid), (lang, label(e), e.msgstr[0])


def _extract(tmp_path: Path, settings) -> list[Entry]:
    """The msgids of the code as it is now: our makemessages on a copy of the sources."""
    if not shutil.which("xgettext") or not shutil.which("msgmerge"):
        message = "GNU gettext (xgettext) is not installed: apt-get install gettext"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    for part in ("companion", "templates", "static"):
        shutil.copytree(
            ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__", "vendor")
        )
    (tmp_path / "locale" / "de").mkdir(parents=True)
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    cwd = Path.cwd()
    os.chdir(tmp_path)
    try:
        call_command("makemessages", locale=["de"], verbosity=0, no_obsolete=True)
    finally:
        os.chdir(cwd)
    return messages(tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po")


def test_the_catalogues_hold_exactly_the_strings_of_the_code(tmp_path, settings):
    fresh = {e.key for e in _extract(tmp_path, settings)}
    for lang in LANGUAGES:
        committed = {e.key for e in messages(catalogue(lang))}
        new = sorted(str(k) for k in fresh - committed)
        gone = sorted(str(k) for k in committed - fresh)
        hint = "run: manage.py makemessages -l de -l fr -l it --no-obsolete (docs/i18n.md)"
        assert not new, f"{lang}: {len(new)} strings not in the catalogue ({hint}): {new[:15]}"
        assert not gone, f"{lang}: {len(gone)} strings no longer in the code ({hint}): {gone[:15]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_mo_says_what_its_po_says(lang):
    po = catalogue(lang)
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


@pytest.mark.parametrize("game", ["dog", "hit", "lifeislife"])
def test_every_referee_template_and_section_is_in_the_catalogues(game):
    import importlib

    codes = importlib.import_module(f"companion.games.{game}.engine.messages").CODES
    msgids = {e.msgid for e in messages(catalogue("de")) if not e.msgctxt}
    missing = sorted(
        {text for _rule, text in codes.values()} | {rule for rule, _text in codes.values()}
    )
    missing = [m for m in missing if m not in msgids]
    assert not missing, f"mark these with N_ in {game}'s engine/messages.py: {missing}"
    assert get_game(game).messages  # the engine still reads the same English templates


def test_every_hit_card_name_of_the_data_file_is_marked():
    from companion.games.hit.names import CARD_NAMES

    names = {card["name"] for card in get_game("hit").cards()}
    assert names <= set(CARD_NAMES), sorted(names - set(CARD_NAMES))
