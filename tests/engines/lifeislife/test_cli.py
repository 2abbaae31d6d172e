"""The engine contract's command line for Life is Life: JSON in, JSON out, exit 0 or 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.engines.__main__ import main

from .test_examples import SCORED_HANDS, SCORED_ROWS
from .test_notation import CONTRACT_EXAMPLE

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = json.dumps(CONTRACT_EXAMPLE)


def cli(*args: str) -> tuple[int, dict[str, Any]]:
    """Run the real command line in a subprocess."""
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


def test_new_moves_check_score_end_to_end() -> None:
    code, first = cli("lifeislife", "new", "--seed", "42")
    assert code == 0 and first["game"] == "lifeislife" and first["to_move"] == 0
    assert first["players"] == 4 and first["phase"] == "play" and len(first["hand"]) == 10
    assert [len(r) for r in first["rows"]] == [1, 2, 3, 4] and first["aside"] == 10
    assert cli("lifeislife", "new", "--seed", "42") == (0, first)  # same seed, same deal
    code, moves = cli("lifeislife", "moves", json.dumps(first))
    assert code == 0 and all(m["action"].startswith("swap ") for m in moves["moves"])
    code, checked = cli("lifeislife", "check", json.dumps(first), moves["moves"][0]["action"])
    assert code == 0 and checked["legal"] is True and checked["violations"] == []
    assert checked["position"] == moves["moves"][0]["position"]
    code, score = cli("lifeislife", "score", json.dumps(first))
    assert code == 0 and len(score["points"]) == 4 and score["sudden_death"] is None


def test_new_options(capsys: pytest.CaptureFixture[str]) -> None:
    for seats in (3, 5):
        code, out = run(capsys, "lifeislife", "new", "--seats", str(seats), "--seed", "1")
        assert code == 0 and out["players"] == seats and out["aside"] == 10 * (5 - seats)
    for seats in ("2", "6"):
        code, bad = run(capsys, "lifeislife", "new", "--seats", seats)
        assert code == 2 and bad["error"]["code"] == "invalid_position"
    code, bad = run(capsys, "lifeislife", "new", "--mode", "teams")
    assert code == 2 and bad["error"]["code"] == "invalid_position"


def test_every_printed_move_is_accepted_by_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "lifeislife", "moves", EXAMPLE)
    assert code == 0
    actions = [m["action"] for m in out["moves"]]
    assert "swap 1: bear" in actions and "swap 1: giraffe" not in actions  # not the same card
    assert "swap 2: bear,mole" not in actions and "knock" not in actions
    positions = [json.dumps(m["position"], sort_keys=True) for m in out["moves"]]
    assert len(set(positions)) == len(positions)  # one entry per resulting position
    for m in out["moves"]:
        code, checked = run(capsys, "lifeislife", "check", EXAMPLE, m["action"])
        assert code == 0 and checked["legal"] is True, m["action"]
        assert checked["position"] == m["position"]
        assert m["position"]["to_move"] == 1


def test_check_illegal_answers_with_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "lifeislife", "check", EXAMPLE, "knock")
    assert code == 0 and out == {
        "legal": False,
        "violations": [{
            "code": "lifeislife.knock_before_swap",
            "rule": "Svolgimento del gioco / How to play: B) Picchiettare / knocking",
            "message": "Seat 0 may knock only after having swapped at least once this round.",
        }],
    }
    code, out = run(capsys, "lifeislife", "check", EXAMPLE, "swap 2: mole,bear")
    assert code == 0 and [v["code"] for v in out["violations"]] == ["lifeislife.swap_same_cards"]
    code, out = run(capsys, "lifeislife", "check", EXAMPLE, "swap 3: hare,hare,mouse")
    assert code == 0 and out["legal"] is True
    assert out["position"]["rows"][2] == ["hare", "hare", "mouse"]


def test_score_of_a_position_with_every_hand_known(capsys: pytest.CaptureFixture[str]) -> None:
    position = json.dumps({"game": "lifeislife", "players": 5, "to_move": 4, "knocked_by": 0,
                           "rows": SCORED_ROWS, "hands": SCORED_HANDS})
    code, out = run(capsys, "lifeislife", "score", position)
    assert code == 0
    assert out["points"] == [15, 13, 10, 7, 7] and out["lives_lost"] == [0, 1, 1, 2, 2]
    assert out["sudden_death"] is None and out["lives"] == [5] * 5
    code, out = run(capsys, "lifeislife", "score", EXAMPLE)  # hands unknown: no result yet
    assert code == 0 and out["points"] is None and out["hands_known"][:2] == [True, False]


def test_malformed_input_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out = run(capsys, "lifeislife", "moves", "{not json")
    assert code == 2 and out["error"]["code"] == "invalid_position"
    code, out = run(capsys, "lifeislife", "check", EXAMPLE, "swap 9: giraffe")
    assert code == 2 and out["error"]["code"] == "invalid_action"
    code, out = run(capsys, "lifeislife", "moves", '{"players": 7}')
    assert code == 2 and out["error"]["code"] == "invalid_position"
    f = tmp_path / "pos.json"
    f.write_text(EXAMPLE, encoding="utf-8")
    code, out = run(capsys, "lifeislife", "score", f"@{f}")
    assert code == 0 and out["lives"] == [5] * 5
