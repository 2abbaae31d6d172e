"""Each game's strings are in its own catalogues (companion/games/<game>/locale/), the rest in
the site's shared ones (locale/), and a page in German still shows a game's strings translated.

Django looks in LOCALE_PATHS (locale/) before the apps' catalogues: a msgid in both would be
read from locale/ only, and its translation in the game's catalogue would be dead. So a msgid is
in exactly one catalogue of a language: its game's when every place that uses it is inside that
game's package, the shared one otherwise (two games, or the site).
"""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from django.utils import translation

from companion import games
from tests.i18n.catalogues import (
    LANGUAGES,
    SHARED,
    catalogue,
    catalogues,
    extracted_copy,
    game_folder,
    name,
)
from tests.i18n.pofile import Entry, messages

#: translated entries of the shared catalogue of each language just before the split into one
#: catalogue per game (issue #40), all of them in every language. A string that leaves the code
#: lowers the figure with it; the split alone must not.
TRANSLATED_BEFORE_THE_SPLIT = {"de": 1125, "fr": 1125, "it": 1125}


def references(entry: Entry) -> list[str]:
    return [ref.split(":")[0] for line in entry.comments if line.startswith("#:")
            for ref in line[2:].split()]


def owner_by_references(entry: Entry) -> str:
    """The game whose package holds every place that uses the msgid, else the shared one."""
    for game in games.names():
        refs = references(entry)
        if refs and all(ref.startswith(game_folder(game)) for ref in refs):
            return game
    return SHARED


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_msgid_is_in_the_catalogue_of_its_package_and_only_there(lang):
    found = catalogues(lang)
    assert SHARED in found
    where: dict[object, list[str]] = {}
    for owner, path in found.items():
        for entry in messages(path):
            where.setdefault(entry.key, []).append(owner)
            assert references(entry), (lang, name(owner), entry.msgid)
            assert owner_by_references(entry) == owner, (
                f"{lang}: {entry.msgid!r} is in {name(owner)}, but its places "
                f"{references(entry)} say {name(owner_by_references(entry))}"
            )
    twice = {str(key): owners for key, owners in where.items() if len(owners) > 1}
    assert not twice, f"{lang}: in two catalogues (LOCALE_PATHS wins): {list(twice)[:10]}"


def test_every_game_with_strings_of_its_own_has_its_catalogues():
    for game in games.names():
        own = {lang: catalogues(lang).get(game) for lang in LANGUAGES}
        if any(own.values()):
            assert all(own.values()), f"{game}: catalogues for {sorted(k for k in own if own[k])}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_translation_was_lost_in_the_split(lang):
    entries = [e for path in catalogues(lang).values() for e in messages(path)]
    translated = [e for e in entries if e.translated and not e.fuzzy]
    assert len(translated) == len(entries)
    assert len(translated) >= TRANSLATED_BEFORE_THE_SPLIT[lang]


def own_entries(game: str, lang: str = "de") -> list[Entry]:
    path = catalogues(lang).get(game)
    return messages(path) if path else []


def plain(entry: Entry) -> bool:
    """A msgid shown as it is: no context, plural or placeholder, one line."""
    text = entry.msgid
    return not (entry.msgctxt or entry.msgid_plural or "%" in text or "{" in text
                or "\n" in text or "<" in text)


@pytest.mark.django_db
@pytest.mark.parametrize("game", games.names())
def test_the_lobby_in_german_shows_the_games_own_strings_translated(client, game):
    """The new-table page of each game, in German, shows the strings of its own lobby template
    (a game on the default lobby has none of its own)."""
    lobby = f"{game_folder(game)}templates/tables/new_{game}.html"
    strings = [e for e in own_entries(game) if lobby in references(e) and plain(e)]
    if not strings:
        pytest.skip(f"{game} has no lobby strings of its own")
    page = html.unescape(client.get(f"/t/new/{game}", HTTP_ACCEPT_LANGUAGE="de").content.decode())
    shown = [e.msgstr[0] for e in strings if e.msgstr[0] in page]
    assert shown, f"{game}: none of {[e.msgstr[0] for e in strings][:5]} on the German lobby"
    assert not [e.msgid for e in strings if e.msgid in page and e.msgid != e.msgstr[0]]


@pytest.mark.parametrize("game", games.names())
def test_the_games_step_words_read_in_german_from_its_catalogue(game):
    """A game's own phase and action words (its manifest's ``step_words``) come out German."""
    words = games.get(game).step_words
    if not words:
        pytest.skip(f"{game} has no step words of its own")
    german = {(e.msgctxt, e.msgid): e.msgstr[0]
              for path in catalogues("de").values() for e in messages(path)}
    with translation.override("de"):
        for key, word in words.items():
            lazy = getattr(word, "message", None)
            if lazy is None:
                continue
            expected = german[getattr(word, "context", None), lazy]
            assert str(word) == expected, (game, key)


def test_a_new_games_strings_go_into_its_own_catalogue(tmp_path, settings):
    """A game package without catalogues yet (a new one): the extraction makes its own, and
    the shared one does not change (translations included: a new game touches nothing outside
    its folder). A package without strings gets none."""
    package = tmp_path / game_folder("newgame")
    quiet = tmp_path / game_folder("quietgame")

    def add_games(root: Path) -> None:
        for folder in (package, quiet):
            folder.mkdir()
            (folder / "__init__.py").write_text("")
        (package / "words.py").write_text(
            "from django.utils.translation import gettext_lazy as _\n\n"
            "ROLL = _(\"A new game's own word\")\nSHARED = _(\"Sent others home\")\n"
        )

    copy = extracted_copy(tmp_path, settings, add_games, languages=("de",))
    own = messages(catalogue("de", "newgame", copy))
    assert [e.msgid for e in own] == ["A new game's own word"]
    assert not own[0].translated
    assert 'Language: de\\n' in catalogue("de", "newgame", copy).read_text()
    shared = catalogue("de", SHARED, copy)
    assert shared.read_text() == catalogue("de").read_text()
    assert not (quiet / "locale").exists()
