"""``startgame NAME`` makes a game that works as it is (issue #40): in a copy of this checkout
it writes ``companion/games/NAME/`` and ``tests/games/NAME/`` and nothing else, and there the
engine contract suite and the game's own table tests pass, in a process of their own (the
site discovers the game when it starts, as it would a game filled in by hand). Then the copy
goes: nothing of the throwaway game is left in the tree."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from companion.core.management.commands.startgame import refusal, renamed, title_of
from companion.engines.kit import accel

ROOT = Path(__file__).resolve().parents[2]
NAME = "countdown"
#: what a copy of the checkout leaves out (build output, caches, history)
IGNORED = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.pyc", ".hypothesis",
                                 "test-output", "node_modules", "staticfiles", "*.so", "build")


def files(root: Path) -> set[Path]:
    return {p.relative_to(root) for p in root.rglob("*") if p.is_file()
            and "__pycache__" not in p.parts}


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A copy of this checkout's sources to make a game in."""
    copy = tmp_path / "checkout"
    for part in ("companion", "tests", "templates", "static", "locale", "docs"):
        if (ROOT / part).is_dir():
            shutil.copytree(ROOT / part, copy / part, ignore=IGNORED)
    for part in ("manage.py", "pyproject.toml", "conftest.py"):
        if (ROOT / part).is_file():
            shutil.copy2(ROOT / part, copy / part)
    return copy


def test_names_are_renamed_and_bad_names_refused(tmp_path: Path) -> None:
    assert title_of("counting_race") == "CountingRace"
    assert renamed('class ScaffoldGame:\n    name = "scaffold"', "ludo") == \
        'class LudoGame:\n    name = "ludo"'
    for bad in ("Ludo", "2race", "my-race", "class", "tables", "scaffold", "dog", ""):
        assert refusal(bad, ROOT), bad
    assert refusal("ludo", tmp_path) is None


def test_an_existing_game_is_not_overwritten(tmp_path: Path) -> None:
    (tmp_path / "companion" / "games" / "ludo").mkdir(parents=True)
    with pytest.raises(CommandError, match="already"):
        call_command("startgame", "ludo", root=str(tmp_path))


def test_a_new_game_passes_the_contract_and_its_table_tests(checkout: Path) -> None:
    before = files(checkout)
    call_command("startgame", NAME, root=str(checkout))
    made = files(checkout) - before
    assert made and all(p.parts[:3] == ("companion", "games", NAME) or
                        p.parts[:3] == ("tests", "games", NAME) for p in made), made
    assert files(checkout) >= before  # nothing removed or renamed outside
    package = checkout / "companion" / "games" / NAME
    for part in ("engine/__init__.py", "manifest.py", "words.py", "engine/rules.md",
                 *(f"rules/{lang}.py" for lang in ("__init__", "en", "de", "fr", "it"))):
        assert (package / part).is_file(), part
    assert "scaffold" not in "".join(p.read_text(encoding="utf-8").lower()
                                     for p in package.rglob("*.py"))
    tests = checkout / "tests" / "games" / NAME
    assert {"contract_case.py", "test_table.py"} <= {p.name for p in tests.iterdir()}

    lint = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache",
                           str(package), str(tests)], cwd=checkout, capture_output=True,
                          text=True, timeout=120, check=False)
    assert lint.returncode == 0 or "No module named ruff" in lint.stderr, lint.stdout

    # the copy has no compiled core (its binaries are left out): its tests run pure Python
    env = {**accel.child_environment("pure"), "PYTHONPATH": str(checkout),
           "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", "-x",
         "-m", "not postgres and not browser and not production and not slow",
         "tests/engines/test_contract.py", f"tests/games/{NAME}"],
        cwd=checkout, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and " failed" not in run.stdout
    # the new game's own cases ran: its contract case and its table tests
    assert f"PASSED tests/engines/test_contract.py::test_random_complete_games_keep_the_" \
           f"invariants[{NAME}-0]" in run.stdout, run.stdout[-4000:]
    assert f"PASSED tests/games/{NAME}/test_table.py::test_a_race_is_played" in run.stdout
    shutil.rmtree(checkout)
    assert not (ROOT / "companion" / "games" / NAME).exists()
