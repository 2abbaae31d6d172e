"""The game contract (base.py), the registry, and the docs kept in step with the engine."""

from __future__ import annotations

import ast
import random
from dataclasses import fields
from pathlib import Path

import pytest

from companion.engines import TABLE, available_games, get_game
from companion.engines.base import (
    EngineError,
    Game,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    Violation,
    render,
)
from companion.engines.dog import DogGame, HouseRules
from companion.engines.dog.messages import CODES, MESSAGES

ROOT = Path(__file__).resolve().parents[2]


def test_registry() -> None:
    assert "dog" in available_games()
    dog = get_game("dog")
    assert isinstance(dog, DogGame) and isinstance(dog, Game) and get_game("dog") is dog
    with pytest.raises(KeyError):
        get_game("ludo")


def test_violation_messages_are_templates() -> None:
    v = Violation.of("dog.wrong_distance", "Karten", card="5", expected="5", steps=6)
    assert v.params == (("card", "5"), ("expected", "5"), ("steps", 6))
    assert v.param("steps") == 6 and v.param("nope", "x") == "x"
    assert v.message(MESSAGES) == "A 5 moves 5 fields; this move is 6."
    assert v.message({"dog.wrong_distance": "Eine {card} zieht {expected} Felder."}) == \
        "Eine 5 zieht 5 Felder."
    assert v.message({}) == "dog.wrong_distance"  # unknown code: the code itself
    assert render("{a} and {b}", {"a": 1}) == "1 and {b}"
    assert v.to_json(MESSAGES) == {"code": "dog.wrong_distance", "rule": "Karten",
                                   "message": "A 5 moves 5 fields; this move is 6."}
    assert hash(v) == hash(Violation.of("dog.wrong_distance", "Karten", card="5",
                                        expected="5", steps=6))


def test_error_ladder() -> None:
    assert issubclass(InvalidActionError, EngineError) and issubclass(InvalidActionError,
                                                                      ValueError)
    assert issubclass(IllegalActionError, EngineError)
    assert issubclass(InvalidPositionError, ValueError)
    err = IllegalActionError([Violation("dog.game_over", "Spielende")])
    assert err.code == "illegal_action" and err.violations[0].code == "dog.game_over"


def test_states_are_hashable_plain_data() -> None:
    dog = get_game("dog")
    st = dog.start({"seats": 4}, random.Random(1))
    again = dog.start({"seats": 4}, random.Random(1))
    assert st == again and hash(st) == hash(again) and len({st, again}) == 1
    assert dog.to_move(st) != TABLE and dog.num_seats(st) == 4
    assert dog.evaluate(st) == (0.5, 0.5, 0.5, 0.5)


def test_the_engines_import_nothing_from_the_web() -> None:
    for path in (ROOT / "companion" / "engines").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                assert not name.startswith(("django", "celery", "channels", "companion.t",
                                            "companion.advisor")), f"{path}: {name}"


def test_docs_list_every_code_and_house_rule() -> None:
    rules_doc = (ROOT / "docs" / "rules-dog.md").read_text(encoding="utf-8")
    for code, (_, text) in CODES.items():
        assert f"`{code}`" in rules_doc, code
        assert text in rules_doc, code  # the English template, as in the table
    for f in fields(HouseRules):
        assert f"| `{f.name}` |" in rules_doc, f.name
    notation_doc = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    for token in ("joker=4 T16-T12", "7 T30-T31 T57-T62", "swap T5 T40", "fold", "give 7",
                  "deal 1,4,7,13,swap,joker/?/?/?", "reshuffle", "hand 2 7,4,swap"):
        assert token in notation_doc, token
