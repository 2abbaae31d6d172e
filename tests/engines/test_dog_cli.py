"""The engine contract's command line for DOG: JSON in, JSON out, exit 0 or 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.engines.__main__ import main

from .test_dog_notation import CONTRACT_EXAMPLE

ROOT = Path(__file__).resolve().parents[2]


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


EXAMPLE = json.dumps(CONTRACT_EXAMPLE)


def test_new_moves_check_score_end_to_end() -> None:
    code, first = cli("dog", "new", "--seed", "42")
    assert code == 0 and first["game"] == "dog" and first["to_move"] == 0
    assert first["phase"] == "exchange" and len(first["hand"]) == 6
    assert cli("dog", "new", "--seed", "42") == (0, first)  # the same seed, the same deal
    code, moves = cli("dog", "moves", json.dumps(first))
    assert code == 0 and all(m["action"].startswith("give ") for m in moves["moves"])
    code, checked = cli("dog", "check", json.dumps(first), moves["moves"][0]["action"])
    assert code == 0 and checked["legal"] is True and checked["violations"] == []
    code, score = cli("dog", "score", json.dumps(first))
    assert code == 0 and score["progress"] == [0.0] * 4


def test_malformed_input_exits_2_with_a_clear_error() -> None:
    code, out = cli("dog", "moves", "{not json")
    assert code == 2 and out["error"]["code"] == "invalid_position"
    assert "not valid JSON" in out["error"]["message"]
    code, out = cli("dog", "check", EXAMPLE, "7 T0-T99")
    assert code == 2 and out["error"]["code"] == "invalid_action"
    code, out = cli("chess", "new")
    assert code == 2 and out["error"]["code"] == "unknown_game"
    code, out = cli("dog", "check", EXAMPLE)
    assert code == 2 and out["error"]["code"] == "invalid_arguments"


def test_new_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, six = run(capsys, "dog", "new", "--seats", "6", "--seed", "1")
    assert code == 0 and six["seats"] == 6 and six["mode"] == "teams"
    code, solo = run(capsys, "dog", "new", "--seats", "4", "--mode", "solo", "--seed", "1")
    assert code == 0 and solo["mode"] == "solo" and len(solo["figures"][0]) == 5
    code, three = run(capsys, "dog", "new", "--seats", "3", "--seed", "2")
    assert code == 0 and three["mode"] == "solo"
    code, bad = run(capsys, "dog", "new", "--seats", "3", "--mode", "teams")
    assert code == 2 and bad["error"]["code"] == "invalid_position"
    code, bad = run(capsys, "dog", "new", "--seats", "nine")
    assert code == 2 and bad["error"]["code"] == "invalid_arguments"


def test_every_printed_move_is_accepted_by_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "dog", "moves", EXAMPLE)
    assert code == 0
    actions = [m["action"] for m in out["moves"]]
    assert "4 T0-T60" in actions and "7 T0-T3 T37-T41" in actions
    positions = [json.dumps(m["position"], sort_keys=True) for m in out["moves"]]
    assert len(set(positions)) == len(positions)  # one entry per resulting position
    for m in out["moves"]:
        code, checked = run(capsys, "dog", "check", EXAMPLE, m["action"])
        assert code == 0 and checked["legal"] is True, m["action"]
        assert checked["position"] == m["position"]
        assert m["position"]["to_move"] == 1  # the next player


def test_moves_of_one_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "dog", "moves", EXAMPLE, "--card", "4")
    assert code == 0
    assert sorted(m["action"] for m in out["moves"]) == [
        "4 T0-T4", "4 T0-T60", "4 T37-T33", "4 T37-T41"]
    code, out = run(capsys, "dog", "moves", EXAMPLE, "--card", "banana")
    assert code == 2 and out["error"]["code"] == "invalid_arguments"
    bare = json.dumps({"figures": CONTRACT_EXAMPLE["figures"], "hand": ["1"]})
    code, out = run(capsys, "dog", "moves", bare, "--card", "11")  # the 1/11 card
    assert code == 0 and "1 T37-T48" in [m["action"] for m in out["moves"]]
    code, out = run(capsys, "dog", "moves", EXAMPLE, "--card", "swap")
    # own T0 is protected, T16 is protected, the partner's figures are in the goal
    assert code == 0 and [m["action"] for m in out["moves"]] == ["swap"]
    after = out["moves"][0]["position"]  # "without effect": the figures stay, the card goes
    assert [sorted(f) for f in after["figures"]] == \
        [sorted(f) for f in CONTRACT_EXAMPLE["figures"]]
    assert after["discard"] == ["swap"] and after["hands"][0] == ["4", "7"]


def test_check_illegal_answers_with_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "dog", "check", EXAMPLE, "5 T37-T42")
    assert code == 0 and out == {
        "legal": False,
        "violations": [{"code": "dog.card_not_in_hand", "rule": "Spielablauf / How to play",
                        "message": "Seat 0 holds no 5."}],
    }
    code, out = run(capsys, "dog", "check", EXAMPLE, "7 T37-T44")
    assert code == 0 and out["legal"] is True and "position" in out
    code, out = run(capsys, "dog", "check", EXAMPLE, "swap T37 T16")
    assert code == 0 and out["legal"] is False
    assert [v["code"] for v in out["violations"]] == ["dog.swap_protected"]
    assert set(out["violations"][0]) == {"code", "rule", "message"}


def test_position_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "pos.json"
    f.write_text(EXAMPLE, encoding="utf-8")
    code, out = run(capsys, "dog", "score", f"@{f}")
    assert code == 0 and out["teams"] == [[0, 2], [1, 3]] and out["home"] == [0, 0, 2, 0]
    code, out = run(capsys, "dog", "score", f"@{tmp_path / 'missing.json'}")
    assert code == 2 and out["error"]["code"] == "invalid_position"
    assert "cannot read" in out["error"]["message"]


def test_inputs_lacking_optional_keys(capsys: pytest.CaptureFixture[str]) -> None:
    bare = json.dumps({"figures": CONTRACT_EXAMPLE["figures"], "hand": ["13"]})
    code, out = run(capsys, "dog", "moves", bare)
    assert code == 0 and [m["action"] for m in out["moves"]] == ["13 T0-T13", "13 T37-T50"]
    code, out = run(capsys, "dog", "moves", json.dumps({"seats": 4}))
    assert code == 0 and out["moves"]  # every card of an unknown hand, and fold


@pytest.mark.parametrize("position", [
    "[]", '{"seats": 1}', '{"figures": [["K"]]}', '{"hand": ["7", "8", "banana"]}',
    '{"rules": {"teleport": true}}', '{"to_move": 9}',
])
def test_malformed_positions_exit_2(position: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "dog", "moves", position)
    assert code == 2 and out["error"]["code"] == "invalid_position" and out["error"]["message"]
