"""Where the catalogues are: the site's shared ones (``locale/<lang>/``, LOCALE_PATHS) and each
game's own (``companion/games/<game>/locale/<lang>/``: a game package is a Django app)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from django.core.management import call_command

from companion import games

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("de", "fr", "it")
#: the name of the shared catalogues among the games' names
SHARED = ""
GAMES_FOLDER = Path(games.__file__).resolve().parent


def game_folder(game: str) -> str:
    """The game's package as the catalogues' references name it."""
    return f"{(GAMES_FOLDER / game).relative_to(ROOT).as_posix()}/"


def locale_of(owner: str, root: Path = ROOT) -> Path:
    if owner == SHARED:
        return root / "locale"
    return root / (GAMES_FOLDER / owner).relative_to(ROOT) / "locale"


def catalogue(lang: str, owner: str = SHARED, root: Path = ROOT) -> Path:
    return locale_of(owner, root) / lang / "LC_MESSAGES" / "django.po"


def owners() -> tuple[str, ...]:
    """The shared catalogues' owner first, then every game of the registry."""
    return (SHARED, *games.names())


def catalogues(lang: str, root: Path = ROOT) -> dict[str, Path]:
    """Every catalogue of ``lang`` that exists, by owner (a game without strings has none)."""
    found = {owner: catalogue(lang, owner, root) for owner in owners()}
    return {owner: path for owner, path in found.items() if path.exists()}


def name(owner: str) -> str:
    return owner or "locale/ (shared)"


def extracted_copy(tmp_path: Path, settings, change: Callable[[Path], None] | None = None,
                   languages: tuple[str, ...] = LANGUAGES) -> Path:
    """A copy of the sources and their catalogues (changed by ``change``) after our
    makemessages ran on it."""
    if not shutil.which("xgettext") or not shutil.which("msgmerge"):
        message = "GNU gettext (xgettext) is not installed: apt-get install gettext"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    for part in ("companion", "templates", "static", "locale"):
        shutil.copytree(
            ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__", "vendor")
        )
    if change is not None:
        change(tmp_path)
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    cwd = Path.cwd()
    os.chdir(tmp_path)
    try:
        call_command("makemessages", locale=list(languages), verbosity=0, no_obsolete=True)
    finally:
        os.chdir(cwd)
    return tmp_path
