"""Golden positions (python-chess's perft files in spirit): positions with every legal action
listed. A change in the engine's rulings shows up here as a diff to review.

Regenerate after a deliberate change: .venv/bin/python -m tests.games.dog.engine.test_golden --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from .helpers import dog

GOLDEN = Path(__file__).parent / "data" / "golden.json"

K4 = ["K", "K", "K", "K"]
POSITIONS: dict[str, dict[str, Any]] = {
    "contract example": {
        "seats": 4, "to_move": 0, "hand": ["7", "4", "swap"],
        "figures": [["K", "K", "T0", "T37"], ["K", "K", "K", "T16"], ["G1", "G2", "K", "K"], K4]},
    "green 4 5 swap (rulebook example)": {
        "seats": 4, "to_move": 0, "hands": [["4", "5", "swap"], ["7"], ["2"], ["2"]],
        "figures": [["T0", "K", "K", "K"], ["G2", "G4", "T30", "T57"], ["T31", "K", "K", "K"],
                    ["T58", "K", "K", "K"]]},
    "yellow 7 (rulebook example)": {
        "seats": 4, "to_move": 1, "hands": [["5", "swap"], ["7"], ["2"], ["2"]],
        "figures": [["T60", "K", "K", "K"], ["G2", "G4", "T30", "T57"], ["T31", "K", "K", "K"],
                    ["T58", "K", "K", "K"]]},
    "8 into the goal (rulebook example)": {
        "seats": 4, "to_move": 0, "hands": [["8"], ["2"], ["2"], ["2"]],
        "figures": [["T60", "K", "K", "K"], K4, K4, K4]},
    "zugzwang (rulebook example)": {
        "seats": 4, "to_move": 0, "hands": [["9", "10"], ["2"], ["2"], ["2"]],
        "figures": [["T60", "K", "K", "K"], K4, K4, K4]},
    "partner exception of the 7": {
        "seats": 4, "to_move": 0, "hands": [["7"], ["2"], ["2"], ["2"]],
        "figures": [["G2", "G3", "G4", "T61"], K4, ["T40", "G1", "K", "K"], K4]},
    "finished player moves the partner's figures": {
        "seats": 4, "to_move": 0, "hands": [["1", "swap", "4"], ["2"], ["2"], ["2"]],
        "figures": [["G1", "G2", "G3", "G4"], ["T20", "K", "K", "K"], ["T40", "K", "K", "K"],
                    K4]},
    "worst case: spread, joker and 7": {
        "seats": 4, "to_move": 0, "hand": ["joker", "7"],
        "figures": [["T3", "T19", "T35", "T51"], ["T6", "T22", "T38", "T54"],
                    ["T9", "T25", "T41", "T57"], ["T12", "T28", "T44", "T60"]]},
    "bunched before the goal, joker and 7": {
        "seats": 4, "to_move": 0, "hand": ["joker", "7"],
        "figures": [["T60", "T61", "T62", "T63"], ["T47", "T59", "T14", "T34"],
                    ["T15", "T17", "T42", "T4"], ["T19", "T37", "T23", "T1"]]},
    "solo, three seats": {
        "seats": 3, "to_move": 1, "hands": [["2"], ["7", "joker", "4"], ["2"]],
        "figures": [["T40", "T3", "K", "K", "G1"], ["T16", "T20", "T47", "K", "K"],
                    ["T32", "K", "K", "K", "K"]]},
    "six seats": {
        "seats": 6, "to_move": 5, "hands": [["2"]] * 5 + [["7", "13", "swap"]],
        "figures": [["T94", "K", "K", "K"], K4, K4, ["T50", "K", "K", "K"], K4,
                    ["T80", "T86", "K", "K"]]},
    "unknown hand": {
        "seats": 4, "to_move": 0,
        "figures": [["T62", "T0", "K", "K"], ["T16", "K", "K", "K"], K4, K4]},
}


def compute() -> dict[str, dict[str, Any]]:
    out = {}
    for name, position in POSITIONS.items():
        state = dog.from_json({"game": "dog", **position})
        actions = sorted(dog.format_action(state, a) for a in dog.legal_actions(state))
        out[name] = {"position": position, "count": len(actions), "actions": actions}
    return out


def test_golden_positions() -> None:
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    actual = compute()
    assert set(expected) == set(actual)
    for name in expected:
        assert actual[name]["position"] == expected[name]["position"], name
        assert actual[name]["actions"] == expected[name]["actions"], name
        assert actual[name]["count"] == expected[name]["count"], name


@pytest.mark.parametrize("name", ["8 into the goal (rulebook example)",
                                  "zugzwang (rulebook example)", "partner exception of the 7",
                                  "finished player moves the partner's figures"])
def test_small_golden_positions_are_as_worked_out_by_hand(name: str) -> None:
    hand_made = {
        "8 into the goal (rulebook example)": ["8 T60-G4", "8 T60-T4"],
        "zugzwang (rulebook example)": ["10 T60-T6", "9 T60-T5"],
        # T61 needs 4 to reach G1 (G2-G4 are taken); the other 3 go to the partner's T40
        # and G1@2 in every split; or the whole 7 takes T61 past its goal.
        "partner exception of the 7": [
            "7 T61-G1 T40-T43", "7 T61-G1 T40-T42 G1@2-G2@2", "7 T61-G1 T40-T41 G1@2-G3@2",
            "7 T61-G1 G1@2-G4@2", "7 T61-T4"],
        "finished player moves the partner's figures": [
            "1 K", "1 T40-T41", "1 T40-T51", "4 T40-T36", "4 T40-T44", "swap T40 T20"],
    }
    assert compute()[name]["actions"] == sorted(hand_made[name])


if __name__ == "__main__" and "--write" in sys.argv:
    GOLDEN.write_text(json.dumps(compute(), indent=1, ensure_ascii=False) + "\n",
                      encoding="utf-8")
    print(f"wrote {GOLDEN}")
