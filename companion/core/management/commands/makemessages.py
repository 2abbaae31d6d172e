"""``makemessages`` as this project needs it: the engines' ``N_`` marker is a keyword, the
folders that hold no shipped strings are skipped, each game's strings go into its own catalogue,
and no translation is ever lost on the way.

The engines cannot import Django, so they mark their English referee templates with
``N_("…")`` (companion/engines/i18n.py); xgettext must be told that ``N_`` is a keyword.
New msgids come in untranslated instead of as fuzzy guesses (``--no-fuzzy-matching``), so the
completeness test (tests/i18n/) names every string that still needs a translator.

Every game package is a Django app with its own catalogues
(``companion/games/<game>/locale/<lang>/LC_MESSAGES/django.po``); Django's extraction already
puts the strings of a folder with a ``locale/`` into that one. What this command adds after it:

- a msgid that is found in two catalogues (the site and a game, or two games) is the site's: it
  stays in ``locale/`` only. Django looks in LOCALE_PATHS before the apps, so one msgid in two
  catalogues could only mean two translations of which one is never read. The entry keeps the
  site's references (a game that uses a string of the site changes no line outside its
  folder), or the games' when only games use it;
- a new game package gets its catalogues (with the shared ones' header) at its first
  extraction, so its strings never land in the shared ones;
- a string that moves (from the site into one game, from one game to another, into the shared
  catalogue) keeps the translation it had in the catalogue it left.

References are file names without line numbers (``--add-location=file``): an edit that moves a
line does not rewrite the catalogues, and an untouched checkout's extraction changes nothing
(tests/i18n/test_catalogues.py). Usage (see docs/i18n.md)::

    .venv/bin/python manage.py makemessages -l de -l fr -l it --no-obsolete
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.management.commands import makemessages

from companion import games

#: Folders without strings that users see: tests, benchmarks, docs, build output, and the
#: games folder's private packages (``_scaffold``: what ``startgame`` copies, not a game).
IGNORED = [
    "companion/games/_[!_]*",
    "tests/*",
    "bench/*",
    "docs/*",
    "staticfiles/*",
    "test-output/*",
    "build/*",
    "*.egg-info/*",
    "static/vendor/*",
]

DOMAIN = "django"

Key = tuple[str | None, str, str | None]


@dataclass
class Block:
    """One entry of a catalogue as its lines, kept verbatim (comments, flags, plural forms)."""

    lines: list[str]

    def _value(self, keyword: str) -> str | None:
        found, value = False, ""
        for line in self.lines:
            if line.startswith(f"{keyword} "):
                found, value = True, _unquote(line[len(keyword) + 1:])
            elif found and line.startswith('"'):
                value += _unquote(line)
            elif found:
                break
        return value if found else None

    @property
    def key(self) -> Key:
        return (self._value("msgctxt"), self._value("msgid") or "", self._value("msgid_plural"))

    @property
    def is_header(self) -> bool:
        return self._value("msgid") == "" and self._value("msgctxt") is None

    @property
    def references(self) -> list[str]:
        return [ref for line in self.lines if line.startswith("#:") for ref in line[2:].split()]

    @property
    def translation(self) -> list[str]:
        """The ``msgstr`` lines (every plural form), from the first to the end."""
        start = next(i for i, line in enumerate(self.lines) if line.startswith("msgstr"))
        return self.lines[start:]

    @property
    def translated(self) -> bool:
        forms: list[str] = []
        for line in self.translation:
            if line.startswith("msgstr"):
                forms.append(_unquote(line.partition(" ")[2]))
            else:
                forms[-1] += _unquote(line)
        return all(forms)

    def with_references(self, references: list[str]) -> Block:
        wrapped = textwrap.wrap(" ".join(references), width=76, break_long_words=False,
                                break_on_hyphens=False)
        refs = [f"#: {line}" for line in wrapped]
        others = [line for line in self.lines if not line.startswith("#:")]
        at = next((i for i, line in enumerate(self.lines) if line.startswith("#:")), 0)
        return Block(others[:at] + refs + others[at:])

    def with_translation(self, translation: list[str]) -> Block:
        start = self.lines.index(self.translation[0])
        return Block(self.lines[:start] + translation)


def _unquote(text: str) -> str:
    text = text.strip()
    return ast.literal_eval(text) if text.startswith('"') else ""


def read(path: Path) -> list[Block]:
    """The blocks of a catalogue (the header first), obsolete ones left out."""
    if not path.exists():
        return []
    blocks = [Block(chunk.splitlines()) for chunk in path.read_text("utf-8").split("\n\n")]
    return [b for b in blocks if b.lines and not all(line.startswith("#~") for line in b.lines
                                                      if not line.startswith("#,"))]


def write(path: Path, blocks: list[Block], before: str | None) -> None:
    """Write the catalogue if its entries changed. When only the extraction's date would change
    (an untouched checkout), the file stays as it was, date included."""
    text = "\n\n".join("\n".join(b.lines) for b in blocks) + "\n"
    if before is not None and _undated(text) == _undated(before):
        text = before
    if not path.exists() or path.read_text("utf-8") != text:
        path.write_text(text, "utf-8")


def _undated(text: str) -> str:
    return re.sub(r'^"POT-Creation-Date: [^"]*"$', "", text, count=1, flags=re.MULTILINE)


def catalogue(locale: Path, lang: str) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def translation_memory(locales: list[Path], lang: str) -> dict[Key, Block]:
    """Every translated entry of every catalogue of ``lang``, as it is before the extraction."""
    memory: dict[Key, Block] = {}
    for locale in locales:
        for block in read(catalogue(locale, lang)):
            if not block.is_header and block.translated:
                memory.setdefault(block.key, block)
    return memory


def settle(lang: str, shared_locale: Path, own_locales: list[Path],
           memory: dict[Key, Block], before: dict[Path, str]) -> None:
    """After Django's extraction: a msgid of two catalogues goes to the shared one, and an entry
    without a translation takes the one it had before, wherever it was."""
    shared_path = catalogue(shared_locale, lang)
    shared = read(shared_path)
    own = {locale: read(catalogue(locale, lang)) for locale in own_locales}
    places: dict[Key, list[Path | None]] = {}
    for place, blocks in [(None, shared), *own.items()]:
        for block in blocks:
            if not block.is_header:
                places.setdefault(block.key, []).append(place)
    common = {key for key, where in places.items() if len(where) > 1}
    references: dict[Key, list[str]] = {}
    first: dict[Key, Block] = {}
    for blocks in [shared, *own.values()]:
        for block in blocks:
            if block.key in common:
                references.setdefault(block.key, []).extend(block.references)
                first.setdefault(block.key, block)
    # the site's own entries keep the site's references: a game that uses one of its strings
    # changes no line outside its folder
    shared += [first[key].with_references(sorted(set(references[key]))) for key in first
               if places[key][0] is not None]

    def remembered(blocks: list[Block]) -> list[Block]:
        return [b.with_translation(memory[b.key].translation)
                if not b.is_header and not b.translated and b.key in memory else b
                for b in blocks]

    if shared_path.exists():
        write(shared_path, remembered(shared), before.get(shared_path))
    for locale, blocks in own.items():
        path = catalogue(locale, lang)
        if path.exists():
            kept = [b for b in blocks if b.is_header or b.key not in common]
            write(path, remembered(kept), before.get(path))


def game_packages(root: Path) -> list[Path]:
    """The game packages under the project folder ``root`` (a private ``_name`` is none)."""
    folder = root.joinpath(*games.__name__.split("."))
    return sorted(d for d in folder.iterdir()
                  if (d / "__init__.py").exists() and not d.name.startswith("_"))


def start_catalogues(shared_locale: Path, languages: list[str]) -> list[Path]:
    """A catalogue for each game package and language that has none yet (a new game's), with
    the shared catalogue's header: Django's extraction then puts the game's strings there, and
    not into the shared one. Returns the catalogues it made."""
    made = []
    for package in game_packages(Path.cwd()):
        for lang in languages:
            path = catalogue(package / "locale", lang)
            shared = read(catalogue(shared_locale, lang))
            if path.exists() or not shared or not shared[0].is_header:
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            write(path, shared[:1], None)
            made.append(path)
    return made


def drop_empty(made: list[Path]) -> None:
    """The catalogues `start_catalogues` made for a package without strings go again."""
    for path in made:
        if path.exists() and all(b.is_header for b in read(path)):
            path.unlink()
            for folder in (path.parent, path.parent.parent, path.parent.parent.parent):
                if folder.is_dir() and not any(folder.iterdir()):
                    folder.rmdir()


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*(options.get("ignore_patterns") or []), *IGNORED]
        options.setdefault("add_location", "file")
        if options.get("add_location") is None:
            options["add_location"] = "file"
        self.languages: list[str] = list(options.get("locale") or [])
        self.memories: dict[str, dict[Key, Block]] = {}
        self.before: dict[Path, str] = {}
        shared_locale = Path(settings.LOCALE_PATHS[0]) if settings.LOCALE_PATHS else Path("locale")
        made = start_catalogues(shared_locale, self.languages)
        result = super().handle(*args, **options)
        shared = Path(self.default_locale_path)
        own = [Path(p) for p in self.locale_paths if Path(p) != shared]
        for lang in self.languages:
            settle(lang, shared, own, self.memories.get(lang, {}), self.before)
        drop_empty(made)
        return result

    def build_potfiles(self):
        """The strings of every folder with a ``locale/`` (Django's walk finds them); then, before
        any catalogue is rewritten, what each one holds (and which of it is translated)."""
        potfiles = super().build_potfiles()
        if not self.languages:  # --all: every language of the shared catalogues
            self.languages = sorted(p.name for p in Path(self.default_locale_path).iterdir()
                                    if (p / "LC_MESSAGES").is_dir())
        locales = [Path(p) for p in self.locale_paths]
        self.memories = {lang: translation_memory(locales, lang) for lang in self.languages}
        paths = [catalogue(locale, lang) for locale in locales for lang in self.languages]
        self.before = {path: path.read_text("utf-8") for path in paths if path.exists()}
        return potfiles
