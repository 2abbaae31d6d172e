"""The Life is Life docs kept in step with the engine: every notation form and the JSON example
(every code, house rule and the Python example of every game: test_contract.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .helpers import life

ROOT = Path(__file__).resolve().parents[4]
NOTATION = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
LIFE_NOTATION = NOTATION[NOTATION.index("# Life is Life notation"):]


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
