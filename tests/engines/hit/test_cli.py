"""The engine contract's command line for HIT: JSON in, JSON out, exit 0 or 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.engines.__main__ import main

ROOT = Path(__file__).resolve().parents[3]
W3 = ["W", "W", "W"]
#: red's turn: the rulebook's shield-breaker example (blue protected by the s3 on top)
EXAMPLE = json.dumps({
    "game": "hit", "players": 4, "to_move": 1,
    "figures": [["T26", "T31", "W"], ["T20", "W", "W"], ["T33", "W", "W"], W3],
    "hand": ["6", "s6", "scoins"], "bought": [[], ["6"], [], []],
    "discards": [["s3"], [], [], []], "market": ["4", "5", "7", "hunt", "jump"],
})


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
    code, first = cli("hit", "new", "--seed", "42")
    assert code == 0 and first["game"] == "hit" and first["to_move"] == 0
    assert first["players"] == 4 and first["phase"] == "play" and len(first["hand"]) == 3
    assert len(first["market"]) == 5 and first["stack"] == 26
    assert cli("hit", "new", "--seed", "42") == (0, first)  # same seed, same position
    code, moves = cli("hit", "moves", json.dumps(first))
    assert code == 0 and moves["moves"]
    code, checked = cli("hit", "check", json.dumps(first), moves["moves"][0]["action"])
    assert code == 0 and checked["legal"] is True and checked["violations"] == []
    assert checked["position"] == moves["moves"][0]["position"]
    code, score = cli("hit", "score", json.dumps(first))
    assert code == 0 and score["home"] == [0] * 4 and score["winner"] is None


def test_new_options(capsys: pytest.CaptureFixture[str]) -> None:
    for seats, side in ((2, "2-4"), (3, "3")):
        code, out = run(capsys, "hit", "new", "--seats", str(seats), "--seed", "1")
        assert code == 0 and out["players"] == seats and out["side"] == side
    for seats in ("1", "5"):
        code, bad = run(capsys, "hit", "new", "--seats", seats)
        assert code == 2 and bad["error"]["code"] == "invalid_position"
    code, bad = run(capsys, "hit", "new", "--mode", "teams")
    assert code == 2 and bad["error"]["code"] == "invalid_position"


def test_every_printed_move_is_accepted_by_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "hit", "moves", EXAMPLE)
    assert code == 0
    actions = [m["action"] for m in out["moves"]]
    assert "6 T20-T26" in actions and "s6 T20-T27" in actions and "scoins" in actions
    assert "discard 6,s6" in actions and "discard s6,6" in actions
    positions = [json.dumps(m["position"], sort_keys=True) for m in out["moves"]]
    assert len(set(positions)) == len(positions)  # one entry per resulting position
    for m in out["moves"]:
        code, checked = run(capsys, "hit", "check", EXAMPLE, m["action"])
        assert code == 0 and checked["legal"] is True, m["action"]
        assert checked["position"] == m["position"]
    code, only = run(capsys, "hit", "moves", EXAMPLE, "--card", "S6")
    assert [m["action"] for m in only["moves"]] == ["s6 W-T12", "s6 T20-T27"]
    code, bad = run(capsys, "hit", "moves", EXAMPLE, "--card", "dice")
    assert code == 2 and bad["error"]["code"] == "invalid_arguments"


def test_check_illegal_answers_with_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "hit", "check", EXAMPLE, "s6 T20-T26")
    assert code == 0 and out == {
        "legal": False,
        "violations": [{
            "code": "hit.shielded",
            "rule": "Figuren schlagen / Hitting figures",
            "message": "The figure on T26 is protected by the shield on top of seat 0's discard "
                       "pile: the s6 moves on to T27.",
        }],
    }
    code, out = run(capsys, "hit", "check", EXAMPLE, "end")
    assert [v["code"] for v in out["violations"]] == ["hit.cards_left"]
    code, out = run(capsys, "hit", "check", EXAMPLE, "6 T20")
    assert out["legal"] is True and out["position"]["figures"][0] == ["W", "W", "T31"]


def test_score(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "hit", "score", EXAMPLE)
    assert code == 0
    assert out["protected"] == [True, False, False, False] and out["deck"] == [6, 7, 6, 6]
    assert out["steps_to_go"][1] == 49 + 49 + (48 - 8)  # two waiting, one on T20 (rel 8)
    assert out["progress"][0] > out["progress"][3] == 0.0


def test_malformed_input_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out = run(capsys, "hit", "moves", "{not json")
    assert code == 2 and out["error"]["code"] == "invalid_position"
    code, out = run(capsys, "hit", "check", EXAMPLE, "6 T99")
    assert code == 2 and out["error"]["code"] == "invalid_action"
    code, out = run(capsys, "hit", "moves", '{"players": 7}')
    assert code == 2 and out["error"]["code"] == "invalid_position"
    f = tmp_path / "pos.json"
    f.write_text(EXAMPLE, encoding="utf-8")
    code, out = run(capsys, "hit", "score", f"@{f}")
    assert code == 0 and out["coins"] == [6] * 4
