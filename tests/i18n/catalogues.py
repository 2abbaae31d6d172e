"""Where the catalogues are: the site's shared ones (``locale/<lang>/``, LOCALE_PATHS) and each
game's own (``companion/games/<game>/locale/<lang>/``: a game package is a Django app)."""

from __future__ import annotations

from pathlib import Path

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
