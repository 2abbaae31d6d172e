"""Fuzz the engine command line (ENGINE_CONTRACT.md) for dog, hit and lifeislife.

Whatever arrives in argv — junk arguments, JSON that is not a position, real positions with one
value replaced by junk, notation made of the game's own words recombined — the answer is exit
status 0 (answered, also "illegal") or 2 (malformed) with ``{"error": {"code", "message"}}`` as
the one JSON line on stdout; never a traceback. The CLI's ``main`` runs in-process for speed; a
few real subprocess runs cover what only a process shows (argv bytes that are not UTF-8, the
exit status, stderr).
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.engines import TABLE, available_games, get_game
from companion.engines.__main__ import main
from tests.hardening.games import CONFIGS, table_log

ROOT = Path(__file__).resolve().parents[2]
GAMES = list(available_games())  # every registered engine
COMMANDS = ["new", "moves", "check", "score"]
# FUZZ_EXAMPLES=2000 for a longer hunt; the default keeps the module within a minute.
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)


def answer(argv: list[str]) -> tuple[int, dict[str, Any]]:
    """Run the CLI in-process; it must print exactly one JSON object and exit 0 or 2."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1, (argv, out.getvalue(), err.getvalue())
    obj = json.loads(lines[0])
    assert code in (0, 2), (argv, code, obj)
    if code == 2:
        error = obj["error"]
        assert isinstance(error["code"], str) and error["code"], obj
        assert isinstance(error["message"], str) and error["message"], obj
    assert not err.getvalue(), err.getvalue()
    return code, obj


@cache
def positions(game_name: str) -> list[dict[str, Any]]:
    """Real positions along a random game (all hands known, as the CLI's positions are)."""
    game = get_game(game_name)
    rng = random.Random(5)
    state = game.start(CONFIGS[game_name], rng)
    found = [game.to_json(state)]
    for _ in range(60):
        if game.is_terminal(state):
            break
        if game.to_move(state) == TABLE:
            action = game.sample_chance(state, rng)
        else:
            action = game.random_action(state, rng)
        state = game.apply(state, action)
        found.append(game.to_json(state))
    return found[::6]


@cache
def vocabulary(game_name: str) -> list[str]:
    words: set[str] = set()
    for text in table_log(game_name, CONFIGS[game_name], 3, 150):
        words.update(text.replace(",", " , ").replace("-", " - ").split())
    return sorted(words)


def notation(game_name: str) -> st.SearchStrategy[str]:
    word = st.sampled_from(vocabulary(game_name)) | st.sampled_from(
        [",", "-", ":", "/", "?", "0", "-1", "99", "T999", "G9", "x", "", " "]
    )
    glued = st.lists(word, min_size=1, max_size=7).flatmap(
        lambda words: st.sampled_from([" ", "", ","]).map(lambda sep: sep.join(words))
    )
    return glued | st.text(max_size=20)


def damaged(data: st.DataObject, position: dict[str, Any]) -> dict[str, Any]:
    """``position`` with one value somewhere inside replaced by junk (or a key dropped)."""
    position = json.loads(json.dumps(position))
    node: Any = position
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return position
        key = data.draw(st.sampled_from(keys), label="where")
        child = node[key]
        if isinstance(child, dict | list) and child and data.draw(st.booleans(), label="deeper"):
            node = child
            continue
        if isinstance(node, dict) and data.draw(st.booleans(), label="drop"):
            del node[key]
        else:
            node[key] = data.draw(JSON_VALUES, label="junk")
        return position


@pytest.mark.parametrize("game_name", GAMES)
@FUZZ
@example(argv=["new", "\x85"])  # echoed in "unrecognized arguments": a line break for splitlines
@given(argv=st.lists(st.text(max_size=12) | st.sampled_from(COMMANDS + GAMES), max_size=5))
def test_any_arguments_are_answered(game_name, argv):
    if any(arg.startswith("-") and "-h".startswith(arg[:2]) for arg in argv):
        argv = [a for a in argv if not a.startswith("-")]  # --help prints usage, by design
    answer([game_name, *argv])


@pytest.mark.parametrize("game_name", GAMES)
@FUZZ
@given(
    command=st.sampled_from(["moves", "check", "score"]),
    position=JSON_VALUES.map(json.dumps) | st.text(max_size=40),
)
def test_any_json_as_a_position_is_answered(game_name, command, position):
    argv = [game_name, command, position] + (["7"] if command == "check" else [])
    answer(argv)  # mostly 2; a bare {} is a valid position for some engines


@pytest.mark.parametrize("game_name", GAMES)
@FUZZ
@given(data=st.data())
def test_damaged_real_positions_are_answered(game_name, data):
    position = damaged(data, data.draw(st.sampled_from(positions(game_name)), label="position"))
    text = json.dumps(position)
    answer([game_name, "score", text])
    answer([game_name, "moves", text])
    action = data.draw(notation(game_name), label="action")
    answer([game_name, "check", text, action])


@pytest.mark.parametrize("game_name", GAMES)
@FUZZ
@given(data=st.data())
def test_any_notation_on_real_positions_is_answered(game_name, data):
    position = data.draw(st.sampled_from(positions(game_name)), label="position")
    action = data.draw(notation(game_name), label="action")
    code, out = answer([game_name, "check", json.dumps(position), action])
    if code == 0:
        assert isinstance(out["legal"], bool) and isinstance(out["violations"], list)
    card = data.draw(st.none() | notation(game_name), label="card")
    answer([game_name, "moves", json.dumps(position), *(["--card", card] if card else [])])


@pytest.mark.parametrize("game_name", GAMES)
@FUZZ
@given(
    seats=st.integers(min_value=-3, max_value=12) | st.text(max_size=4),
    seed=st.integers(min_value=-(2**70), max_value=2**70) | st.text(max_size=4),
    mode=st.none() | st.sampled_from(["teams", "solo", "", "x"]),
)
def test_new_with_any_options_is_answered(game_name, seats, seed, mode):
    argv = [game_name, "new", "--seats", str(seats), "--seed", str(seed)]
    answer(argv + (["--mode", mode] if mode is not None else []))


def test_a_position_file_that_is_missing_a_directory_or_too_large_is_refused(tmp_path):
    big = tmp_path / "big.json"
    big.write_text('{"game": "dog", "pad": "' + "x" * (17 * 1024 * 1024) + '"}')
    for path in (tmp_path / "missing.json", tmp_path, big):
        code, out = answer(["dog", "moves", f"@{path}"])
        assert code == 2 and out["error"]["code"] == "invalid_position", out


def test_deeply_nested_json_is_refused():
    code, out = answer(["dog", "moves", "[" * 100_000 + "]" * 100_000])
    assert code == 2 and out["error"]["code"] == "invalid_position"


# --- a few real processes ------------------------------------------------------------------


def cli(*args: str | bytes) -> subprocess.CompletedProcess[bytes]:
    # A strict UTF-8 stdout, as under a UTF-8 locale: undecodable argv must still print.
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    return subprocess.run(
        [sys.executable, "-m", "companion.engines", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["dog", "check", "{}", b"\xff\xfe not utf-8"],
        ["hit", "moves", b'{"game": "hit", "players": "\xff"}'],
        ["lifeislife", "check", "[]", "\udcff"],
        ["dog", "new", "\udcff"],
        ["hit", "new", "\x85\u2028"],
        ["lifeislife", "frobnicate"],
        ["dog"],
        [],
    ],
    ids=[
        "bytes-action",
        "bytes-position",
        "surrogate",
        "surrogate-echoed",
        "line-separators-echoed",
        "unknown-command",
        "no-command",
        "none",
    ],
)
def test_real_processes_answer_with_status_2_and_no_traceback(args):
    proc = cli(*(a.encode("utf-8", "surrogateescape") if isinstance(a, str) else a for a in args))
    assert proc.returncode == 2, proc
    assert b"Traceback" not in proc.stderr + proc.stdout, proc
    lines = proc.stdout.decode().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["error"]["message"], proc


@pytest.mark.parametrize("game_name", GAMES)
def test_real_process_answers_a_legal_question_with_status_0(game_name):
    proc = cli(game_name, "new", "--seed", "3")
    assert proc.returncode == 0 and not proc.stderr, proc
    position = proc.stdout.decode().strip()
    proc = cli(game_name, "score", position)
    assert proc.returncode == 0 and json.loads(proc.stdout), proc
