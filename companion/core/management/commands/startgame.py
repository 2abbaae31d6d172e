"""``startgame NAME``: a new game package from the scaffold, playable as it is.

Copies ``companion/games/_scaffold/`` (a template folder, not a game: discovery skips a package
whose name begins with "_") to ``companion/games/NAME/`` and its ``tests/`` (``*.py-tpl``, so
that they are neither collected nor imported where they lie) to ``tests/games/NAME/``, renaming
"scaffold" to NAME and "Scaffold" to its title. The stub — a counting race — passes the contract
suite and its table tests; the game's author then replaces its rules (docs/adding-a-game.md).
Nothing outside the two folders is written."""

from __future__ import annotations

import keyword
import re
import shutil
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

#: the template's name, as its files write it
TEMPLATE = "scaffold"
#: a game's name: a Python package name of lower-case letters, digits and "_"
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
#: the files of the template that are not copied
SKIPPED = ("__pycache__", "*.pyc")


def title_of(name: str) -> str:
    """The game's name as a class name and a first title: ``counting_race`` → ``CountingRace``."""
    return "".join(part.capitalize() for part in name.split("_"))


def renamed(text: str, name: str) -> str:
    """A template file's text for game ``name``."""
    return text.replace(TEMPLATE.capitalize(), title_of(name)).replace(TEMPLATE, name)


def refusal(name: str, root: Path) -> str | None:
    """Why ``name`` cannot be a new game's name in the tree at ``root`` (None: it can)."""
    if not NAME.match(name) or keyword.iskeyword(name):
        return f"{name!r} is not a game name: lower-case letters, digits and _, a letter first"
    if (root / "companion" / "games" / name).exists() or (root / "tests" / "games" / name).exists():
        return f"there is a game {name!r} already"
    if name in {config.label for config in apps.get_app_configs()} or name == TEMPLATE:
        return f"{name!r} is taken: the game's package is a Django app of that label"
    return None


def copy_tree(source: Path, target: Path, name: str, *, suffix: str = "") -> list[Path]:
    """Every file under ``source`` to ``target``, renamed; a ``suffix`` (".py-tpl") is dropped
    from the names that have it. The files written, in order."""
    written = []
    for path in sorted(source.rglob("*")):
        if path.is_dir() or any(path.match(p) or p in path.parts for p in SKIPPED):
            continue
        relative = Path(renamed(str(path.relative_to(source)), name))
        if suffix and relative.name.endswith(suffix):
            relative = relative.with_name(relative.name[:-len(suffix)] + ".py")
        out = target / relative
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(renamed(path.read_text(encoding="utf-8"), name), encoding="utf-8")
        written.append(out)
    return written


def start_game(name: str, root: Path) -> list[Path]:
    """Write game ``name`` into the tree at ``root`` from the scaffold of this checkout."""
    why = refusal(name, root)
    if why:
        raise CommandError(why)
    template = Path(settings.BASE_DIR) / "companion" / "games" / f"_{TEMPLATE}"
    package = root / "companion" / "games" / name
    tests = root / "tests" / "games" / name
    written = []
    try:
        for part in sorted(template.iterdir()):
            if part.name in ("tests", "__init__.py", "__pycache__"):
                continue
            if part.is_dir():
                written += copy_tree(part, package / part.name, name)
            else:
                package.mkdir(parents=True, exist_ok=True)
                out = package / part.name
                out.write_text(renamed(part.read_text(encoding="utf-8"), name), encoding="utf-8")
                written.append(out)
        init = package / "__init__.py"
        init.write_text(f'"""{title_of(name)}: one game of the site, its own package (made by '
                        f'``startgame``;\ndocs/adding-a-game.md)."""\n', encoding="utf-8")
        written.append(init)
        written += copy_tree(template / "tests", tests, name, suffix=".py-tpl")
    except BaseException:
        shutil.rmtree(package, ignore_errors=True)
        shutil.rmtree(tests, ignore_errors=True)
        raise
    return written


class Command(BaseCommand):
    help = ("Create a playable stub game package companion/games/NAME/ and its tests in "
            "tests/games/NAME/ from the scaffold (docs/adding-a-game.md).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="the game's package name (lower case, e.g. ludo)")
        parser.add_argument("--root", type=Path, default=None,
                            help="the checkout to write into (default: this one)")

    def handle(self, *args: Any, **options: Any) -> None:
        root = Path(options["root"] or settings.BASE_DIR)
        written = start_game(options["name"], root.resolve())
        for path in written:
            self.stdout.write(str(path.relative_to(root.resolve())))
        self.stdout.write(self.style.SUCCESS(
            f"{options['name']}: a counting race that passes the contract suite; now replace "
            "its rules (docs/adding-a-game.md)."))
