"""What the engine tests of every game share: the command line (in a subprocess and
in-process), plays and rulings by notation bound to one game, and per registered game the few
facts the contract suite (test_contract.py) needs — a position of the contract, an action that
does not parse there, one the rules forbid, the seat counts, and what "conserved" means — as a
`Case` that each game keeps in its own folder, ``tests/games/<name>/contract_case.py``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from companion.engines import available_games, get_game
from companion.engines.__main__ import main
from companion.engines.base import Game, Violation

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> tuple[int, dict[str, Any]]:
    """Run the real command line in a subprocess: (exit code, the one JSON line)."""
    proc = subprocess.run([sys.executable, "-m", "companion.engines", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1, proc.stdout + proc.stderr  # one JSON object on stdout
    return proc.returncode, json.loads(lines[0])


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    """The same in-process (faster)."""
    code = main(list(args))
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    return code, json.loads(out[0])


class Notation:
    """Plays and rulings by notation in one game: ``codes(state, "5 T12-T17")``."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def act(self, state: Any, text: str) -> Any:
        return self.game.parse_action(state, text)

    def codes(self, state: Any, text: str) -> list[str]:
        """The violation codes of an action given in notation ([] = legal)."""
        return [v.code for v in self.game.check(state, self.act(state, text))]

    def play(self, state: Any, *texts: str) -> Any:
        """Checked plays by notation, one after the other."""
        for text in texts:
            state = self.game.play_text(state, text)
        return state

    def violation_of(self, state: Any, text: str) -> Violation:
        vs = self.game.check(state, self.act(state, text))
        assert len(vs) == 1, vs
        return vs[0]

    def moves_text(self, state: Any) -> list[str]:
        return [self.game.format_action(state, a) for a in self.game.legal_actions(state)]


def position(game: Game[Any, Any], **keys: Any) -> Any:
    """A position of `game` from its JSON keys (a key given as None is left out)."""
    return game.from_json({"game": game.name,
                           **{k: v for k, v in keys.items() if v is not None}})


def random_game(game: Game[Any, Any], config: dict[str, Any],
                seed: int) -> Iterator[tuple[random.Random, Any, Any, Any]]:
    """(rng, state, action, state after) along a random complete game from `new_game`:
    `random_action` at every step (table events sampled)."""
    rng = random.Random(seed)
    state = game.new_game(config)
    for _ in range(20_000):
        if game.is_terminal(state):
            return
        action = game.random_action(state, rng)
        after = game.apply(state, action)
        yield rng, state, action, after
        state = after
    raise AssertionError(f"{game.name}: the game does not end")


# ---------------------------------------------------------------------------------------------
# The registered games, as the contract suite sees them
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    """One registered game in the contract suite."""

    name: str
    #: a position of the contract with a seat to move
    example: dict[str, Any]
    #: the seat counts the game is played with
    seats: tuple[int, ...]
    #: in `example`: an action that does not parse, and one that parses but is illegal (its
    #: violation code)
    malformed: str
    illegal: tuple[str, str]
    #: no card is placed more often than the deck holds it, and each seat has its figures
    conserved: Callable[[Any], bool]

    @property
    def game(self) -> Game[Any, Any]:
        return get_game(self.name)


def _own_case(name: str) -> Case:
    """The game's case, from its own test folder: ``tests/games/<name>/contract_case.py``."""
    module = f"tests.games.{name}.contract_case"
    try:
        found = import_module(module)
    except ModuleNotFoundError as missing:
        if missing.name is not None and not module.startswith(missing.name):
            raise  # the case file exists and imports something that does not
        raise LookupError(f"{name}: no {module.replace('.', '/')}.py with its CASE") from None
    case: Case = found.CASE
    return case


@cache
def cases() -> dict[str, Case]:
    """Every registered game's case (a game without one is missing: the suite's first test
    names it). Read on first use: a case file imports this module."""
    found = {}
    for name in available_games():
        try:
            found[name] = _own_case(name)
        except LookupError:
            continue
    return found

