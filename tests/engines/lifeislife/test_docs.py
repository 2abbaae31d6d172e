"""The Life is Life docs kept in step with the engine: every code, toggle and notation form."""

from __future__ import annotations

import json
import random
import re
from dataclasses import fields
from pathlib import Path

from companion.engines import available_games, get_game
from companion.engines.lifeislife import HouseRules, LifeGame
from companion.engines.lifeislife.messages import CODES

from .helpers import life

ROOT = Path(__file__).resolve().parents[3]
RULES = (ROOT / "docs" / "rules-lifeislife.md").read_text(encoding="utf-8")
NOTATION = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
LIFE_NOTATION = NOTATION[NOTATION.index("# Life is Life notation"):]


def test_registry() -> None:
    assert "lifeislife" in available_games()
    assert isinstance(get_game("lifeislife"), LifeGame) and get_game("lifeislife") is life


def test_docs_list_every_code_and_toggle() -> None:
    for code, (_, text) in CODES.items():
        assert f"`{code}`" in RULES, code
        assert text in RULES, code  # the English template, as in the table
    for f in fields(HouseRules):
        assert f"| `{f.name}` |" in RULES, f.name


def test_the_notation_examples_are_read_by_the_engine() -> None:
    deal = life.new_game({"players": 4})
    examples = re.findall(r"^\| `([^`]+)` \| (?:seat|table|seat / table) \|", LIFE_NOTATION,
                          re.MULTILINE)
    assert len(examples) == 6
    played = life.from_json({"rows": [["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"],
                                      ["mouse", "dog", "goat", "sheep"]]})
    for text in examples:
        text = text.replace("rows ... hands", "rows giraffe/mole,bear/pig,pig,cat/"
                                              "mouse,dog,goat,sheep hands")
        state = deal if text.startswith("deal") else played
        action = life.parse_action(state, text)
        assert life.parse_action(state, life.format_action(state, action)) == action, text


def test_the_json_example_is_what_the_engine_prints() -> None:
    block = LIFE_NOTATION[LIFE_NOTATION.index("```json") + 7:]
    obj = json.loads(block[:block.index("```")])
    assert life.to_json(life.from_json(obj)) == obj


def test_the_python_example_runs() -> None:
    block = RULES[RULES.index("```python") + 9:]
    code = block[:block.index("```")]
    state = life.start({"players": 4}, random.Random(7))
    namespace = {"obj": life.to_json(state)}
    exec(compile(code, "rules-lifeislife.md", "exec"), namespace)
