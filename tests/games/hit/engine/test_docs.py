"""The HIT docs kept in step with the engine: each code's section, every notation form, the
JSON example, and the data doc's values (every code, variant and the Python example of every
game: test_contract.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.games.hit.engine import DATA
from companion.games.hit.engine.messages import CODES

from .helpers import hit, pos

ROOT = Path(__file__).resolve().parents[4]
RULES = (ROOT / "docs" / "rules-hit.md").read_text(encoding="utf-8")
DATA_DOC = (ROOT / "docs" / "hit-data.md").read_text(encoding="utf-8")
NOTATION = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
HIT_NOTATION = NOTATION[NOTATION.index("# HIT notation"):]
W3 = ["W", "W", "W"]


def test_the_rulings_table_names_each_codes_section() -> None:
    for code, (rule, _text) in CODES.items():
        row = next(line for line in RULES.splitlines() if line.startswith(f"| `{code}` |"))
        assert rule in row, code
    assert "BENCHMARK_FIGURES" not in RULES


def test_the_notation_examples_are_read_by_the_engine() -> None:
    rows = re.findall(r"^\| (`[^|]+`) \| (?:player|the table|the table / player) \|",
                      HIT_NOTATION, re.MULTILINE)
    examples = [e for row in rows for e in re.findall(r"`([^`]+)`", row)]
    assert len(examples) >= 15
    playing = pos([["T3", "T20", "W"], ["T8", "W", "W"], W3, W3],
                  ["6", "s1", "split10"], bought=[["6", "split10", "5", "coins3", "coins5",
                                                   "11", "hunt"], [], [], []])
    table = pos([["T3", "W", "W"], W3, W3, W3], to_move="table", phase="draw",
                hands=[[], None, None, None], bought=[["4", "hunt"], [], [], []],
                discards=[["s1", "s6", "scoins"], [], [], []], market=["5", "7", "8"])
    for text in examples:
        state = table if text.split()[0] in ("draw", "shuffle", "market", "buy", "end") \
            else playing
        action = hit.parse_action(state, text)
        assert hit.parse_action(state, hit.format_action(state, action)) == action, text


def test_the_json_example_is_what_the_engine_prints() -> None:
    block = HIT_NOTATION[HIT_NOTATION.index("```json") + 7:]
    obj = json.loads(block[:block.index("```")])
    assert hit.to_json(hit.from_json(obj)) == obj


def test_the_data_doc_shows_the_data_files() -> None:
    for c in DATA.cards:
        if c.deck != "neutral":
            continue
        cell = re.search(rf"\| `{re.escape(c.token)}`[^|]* \| (\d+) \| (\d+) \|", DATA_DOC)
        assert cell and (int(cell.group(1)), int(cell.group(2))) == (c.copies, c.cost), c.token
    for side in DATA.sides:
        assert str(list(side.starts)).replace(" ", "") in DATA_DOC.replace(" ", "")
        assert str(list(side.corners)).replace(" ", "") in DATA_DOC.replace(" ", "")
        assert str(list(side.barriers)).replace(" ", "") in DATA_DOC.replace(" ", "")
    for item in {i["item"].rsplit(".", 1)[-1] for i in hit.data_unverified()}:
        assert f"`{item}`" in DATA_DOC or item.isdigit(), item
