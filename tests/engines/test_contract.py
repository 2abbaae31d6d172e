"""The engine contract (companion/engines/base.py, ENGINE_CONTRACT.md), one suite run against
every registered game (OpenSpiel's API tests are the model): notation round trips, `check`
agrees with `legal_actions`, `apply` equals `play` on legal actions, determinizations respect
the view, the command line answers and refuses malformed input, and random complete games keep
the invariants (cards and figures conserved, values in range, a winner at the end).

Each registered game brings its `Case` in its own test folder, ``tests/games/<name>/
contract_case.py`` (contract.py finds it); the first test fails for a game without one.
Per-game tests keep only what is particular to the game."""

from __future__ import annotations

import ast
import json
import random
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from companion.engines import TABLE, available_games, base, get_game
from companion.engines.base import Game, Violation

from .contract import ROOT, Case, cases, cli, run

GAMES = available_games()
SEEDS = (0, 1)


@pytest.fixture(params=GAMES)
def case(request: pytest.FixtureRequest) -> Case:
    return cases()[request.param]


def walk(case: Case, seats: int, seed: int, every: int = 1) -> Iterator[tuple[Any, Any]]:
    """(state, the action taken) along one random complete game, every `every`-th step (the
    last state comes with action None). Table events sampled, decisions uniformly random."""
    game = case.game
    rng = random.Random(seed)
    state = game.start({"seats": seats}, rng)
    for step in range(100_000):
        if game.is_terminal(state):
            yield state, None
            return
        action = game.random_action(state, rng)
        if step % every == 0:
            yield state, action
        state = game.apply(state, action)
    raise AssertionError(f"{case.name}: the game does not end")


def rules_doc(name: str) -> Path:
    """Where a game's rulings are written: docs/rules-<name>.md (the first three games), else
    in its own package, companion/games/<name>/engine/rules.md (a game made by startgame)."""
    shared = ROOT / "docs" / f"rules-{name}.md"
    own = ROOT / "companion" / "games" / name / "engine" / "rules.md"
    return shared if shared.is_file() else own


def seat_counts(case: Case) -> tuple[int, ...]:
    return (case.seats[0], case.seats[-1])


# ---------------------------------------------------------------------------------------------
# The registry and the API
# ---------------------------------------------------------------------------------------------
def test_every_registered_game_has_a_contract_case() -> None:
    missing = set(GAMES) - set(cases())
    assert not missing, f"no tests/games/<name>/contract_case.py with its CASE: {missing}"
    assert set(cases()) == set(GAMES)
    for name in GAMES:
        game = get_game(name)
        assert isinstance(game, Game) and get_game(name) is game and game.name == name
    with pytest.raises(KeyError):
        get_game("ludo")


def test_states_are_hashable_plain_data(case: Case) -> None:
    game = case.game
    for seats in case.seats:
        st = game.start({"seats": seats}, random.Random(1))
        again = game.start({"seats": seats}, random.Random(1))
        assert st == again and hash(st) == hash(again) and len({st, again}) == 1
        assert game.to_move(st) != TABLE and game.num_seats(st) == seats
        values = game.evaluate(st)
        assert len(values) == seats and all(0.0 <= v <= 1.0 for v in values)
    for bad in (case.seats[0] - 1, case.seats[-1] + 1):
        with pytest.raises(base.InvalidPositionError):
            game.new_game({"seats": bad})
    with pytest.raises(base.InvalidPositionError):
        game.new_game({"teleport": True})


def test_every_code_has_a_message(case: Case) -> None:
    game = case.game
    for code, template in game.messages.items():
        assert code.startswith(f"{case.name}.") and template and "{" not in code
        assert Violation(code, "").message(game.messages) != code


def test_violation_messages_are_templates() -> None:
    messages = get_game("dog").messages
    v = Violation.of("dog.wrong_distance", "Karten", card="5", expected="5", steps=6)
    assert v.params == (("card", "5"), ("expected", "5"), ("steps", 6))
    assert v.param("steps") == 6 and v.param("nope", "x") == "x"
    assert v.message(messages) == "A 5 moves 5 fields; this move is 6."
    assert v.message({"dog.wrong_distance": "Eine {card} zieht {expected} Felder."}) == \
        "Eine 5 zieht 5 Felder."
    assert v.message({}) == "dog.wrong_distance"  # unknown code: the code itself
    assert base.render("{a} and {b}", {"a": 1}) == "1 and {b}"
    assert v.to_json(messages) == {"code": "dog.wrong_distance", "rule": "Karten",
                                   "message": "A 5 moves 5 fields; this move is 6."}
    assert hash(v) == hash(Violation.of("dog.wrong_distance", "Karten", card="5",
                                        expected="5", steps=6))


def test_error_ladder() -> None:
    assert issubclass(base.InvalidActionError, base.EngineError)
    assert issubclass(base.InvalidActionError, ValueError)
    assert issubclass(base.IllegalActionError, base.EngineError)
    assert issubclass(base.InvalidPositionError, ValueError)
    err = base.IllegalActionError([Violation("dog.game_over", "Spielende")])
    assert err.code == "illegal_action" and err.violations[0].code == "dog.game_over"


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


def test_the_rules_doc_lists_every_code_and_house_rule(case: Case) -> None:
    """The engine's rules doc (docs/rules-<game>.md, or engine/rules.md in the game's package):
    each code with its English template, each house rule, and its Python example runs on a
    position of the game."""
    game = case.game
    doc = rules_doc(case.name).read_text(encoding="utf-8")
    for code, template in game.messages.items():
        assert f"`{code}`" in doc and template in doc, code
    rules = type(game.new_game().cfg.rules)  # type: ignore[attr-defined]
    for f in fields(rules):
        assert f"| `{f.name}` |" in doc, f.name
    block = doc[doc.index("```python") + 9:]
    namespace = {"obj": game.to_json(game.start({}, random.Random(7)))}
    exec(compile(block[:block.index("```")], f"rules-{case.name}.md", "exec"), namespace)


# ---------------------------------------------------------------------------------------------
# Notation and positions
# ---------------------------------------------------------------------------------------------
def test_notation_and_positions_round_trip(case: Case) -> None:
    """Every legal action's notation reads back to it; a position's JSON reads back to it."""
    game = case.game
    for seats in seat_counts(case):
        for state, _ in walk(case, seats, SEEDS[0], every=3):
            assert game.from_json(json.loads(json.dumps(game.to_json(state)))) == state
            if game.to_move(state) == TABLE:
                continue
            for a in game.legal_actions(state):
                text = game.format_action(state, a)
                assert game.parse_action(state, text) == a, text
                assert game.format_action(state, game.parse_action(state, text)) == text


@pytest.mark.parametrize("text", ["", "   ", "teleport T3", "*"])
def test_unreadable_actions_raise_invalid_action(case: Case, text: str) -> None:
    game = case.game
    state = game.from_json(case.example)
    with pytest.raises(base.InvalidActionError):
        game.parse_action(state, text)
    with pytest.raises(base.InvalidActionError):
        game.parse_action(state, case.malformed)
    with pytest.raises(base.InvalidActionError):
        game.parse_action(state, 7)  # type: ignore[arg-type]


@pytest.mark.parametrize("position", [
    [], "x", {"game": "chess"}, {"seats": 1}, {"players": 99, "seats": 99}, {"to_move": 9},
    {"to_move": "nobody"}, {"phase": "teatime"}, {"rules": {"teleport": True}}, {"rules": 3},
    {"hand": "7"},
])
def test_malformed_positions_raise_invalid_position(case: Case, position: Any) -> None:
    with pytest.raises(base.InvalidPositionError) as err:
        case.game.from_json(position)
    assert str(err.value)


# ---------------------------------------------------------------------------------------------
# Rules: legal_actions, check, apply, play
# ---------------------------------------------------------------------------------------------
def test_check_agrees_with_legal_actions_and_apply_with_play(case: Case) -> None:
    """At every seat's decision: each legal action passes `check`, `play` gives what `apply`
    gives, and each leads to its own position; an action legal elsewhere that is not legal
    here either fails `check` (and `play` raises with the same violations) or leads to the
    position of a legal action (another spelling of it)."""
    game = case.game
    for seats in seat_counts(case):
        elsewhere: list[str] = []
        for state, _ in walk(case, seats, SEEDS[1], every=4):
            if game.to_move(state) == TABLE or game.is_terminal(state):
                continue
            actions = game.legal_actions(state)
            assert actions, "a seat to move has a legal action"
            after = {}
            for a in actions:
                assert game.check(state, a) == [], game.format_action(state, a)
                after[a] = game.apply(state, a)
                assert game.play(state, a) == after[a]
            assert len(set(after.values())) == len(actions), "one action per position"
            legal_after = set(after.values())
            for text in elsewhere[-12:]:
                try:
                    other = game.parse_action(state, text)
                except base.InvalidActionError:
                    continue
                violations = game.check(state, other)
                if violations:
                    with pytest.raises(base.IllegalActionError) as err:
                        game.play(state, other)
                    assert err.value.violations == tuple(violations)
                    assert all(v.code in game.messages for v in violations)
                else:
                    assert game.apply(state, other) in legal_after, text
            elsewhere.extend(game.format_action(state, a) for a in actions[:3])


def test_an_illegal_action_names_its_rule(case: Case) -> None:
    game = case.game
    state = game.from_json(case.example)
    text, code = case.illegal
    violations = game.check(state, game.parse_action(state, text))
    assert [v.code for v in violations] == [code]
    assert violations[0].rule and game.message(violations[0]) != code
    with pytest.raises(base.IllegalActionError) as err:
        game.play_text(state, text)
    assert err.value.violations == tuple(violations) and err.value.code == "illegal_action"
    assert isinstance(err.value, base.EngineError)


# ---------------------------------------------------------------------------------------------
# Information: view and determinize
# ---------------------------------------------------------------------------------------------
def test_determinize_respects_the_view(case: Case) -> None:
    """The seat cannot tell a determinization from the truth; it knows nothing new; its own
    hand stays; nothing is left unknown."""
    game = case.game
    rng = random.Random(7)
    for seats in seat_counts(case):
        for state, _ in walk(case, seats, SEEDS[0], every=5):
            seat = rng.randrange(seats)
            view = game.view(state, seat)
            assert game.view(view, seat) == view  # a view is what the seat knows already
            assert case.conserved(view)
            full = game.determinize(view, seat, rng)
            assert game.view(full, seat) == view
            assert all(game.unknown_cards(full, s) == 0 for s in range(seats))
            assert case.conserved(full)
            assert game.to_move(full) == game.to_move(state)
            assert game.phase(full) == game.phase(state)


# ---------------------------------------------------------------------------------------------
# Random complete games
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_random_complete_games_keep_the_invariants(case: Case, seed: int) -> None:
    game = case.game
    for seats in case.seats:
        log = []
        for state, action in walk(case, seats, seed):
            assert case.conserved(state), "cards or figures not conserved"
            if action is None:
                returns = game.returns(state)
                assert sorted(set(returns)) == [0.0, 1.0], "a winner and a loser"
                assert game.score(state)["winner"] is not None
                break
            values = game.evaluate(state)
            assert len(values) == seats and all(0.0 <= v <= 1.0 for v in values)
            assert json.loads(json.dumps(game.score(state))) == game.score(state)
            assert game.check(state, action) == []
            log.append(game.format_action(state, action))
        # the log replays (parse, check, apply) to the same end
        replay = game.start({"seats": seats}, random.Random(seed))
        for text in log:
            replay = game.play_text(replay, text)
        assert replay == state


# ---------------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------------
def test_the_command_line_end_to_end(case: Case) -> None:
    """The real process: new (seeded, repeatable), moves, check of a listed move, score."""
    name = case.name
    code, first = cli(name, "new", "--seed", "42")
    assert code == 0 and first["game"] == name and first["to_move"] == 0
    assert cli(name, "new", "--seed", "42") == (0, first)
    code, moves = cli(name, "moves", json.dumps(first))
    assert code == 0 and moves["moves"]
    code, checked = cli(name, "check", json.dumps(first), moves["moves"][0]["action"])
    assert code == 0 and checked["legal"] is True and checked["violations"] == []
    assert checked["position"] == moves["moves"][0]["position"]
    code, score = cli(name, "score", json.dumps(first))
    assert code == 0 and score["winner"] is None


def test_every_printed_move_is_accepted_by_check(case: Case,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    example = json.dumps(case.example)
    code, out = run(capsys, case.name, "moves", example)
    assert code == 0 and out["moves"]
    positions = [json.dumps(m["position"], sort_keys=True) for m in out["moves"]]
    assert len(set(positions)) == len(positions)  # one entry per resulting position
    for m in out["moves"]:
        code, checked = run(capsys, case.name, "check", example, m["action"])
        assert code == 0 and checked["legal"] is True, m["action"]
        assert checked["position"] == m["position"]
    text, rule = case.illegal
    code, out = run(capsys, case.name, "check", example, text)
    assert code == 0 and out["legal"] is False and "position" not in out
    assert [v["code"] for v in out["violations"]] == [rule]
    assert set(out["violations"][0]) == {"code", "rule", "message"}


def test_new_options(case: Case, capsys: pytest.CaptureFixture[str]) -> None:
    for seats in case.seats:
        code, out = run(capsys, case.name, "new", "--seats", str(seats), "--seed", "1")
        assert code == 0 and case.game.num_seats(case.game.from_json(out)) == seats
    for seats in (case.seats[0] - 1, case.seats[-1] + 1):
        code, out = run(capsys, case.name, "new", "--seats", str(seats))
        assert code == 2 and out["error"]["code"] == "invalid_position"
    code, out = run(capsys, case.name, "new", "--seats", "nine")
    assert code == 2 and out["error"]["code"] == "invalid_arguments"


def test_the_command_line_refuses_malformed_input(case: Case, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    name, example = case.name, json.dumps(case.example)
    refusals = [
        (("moves", "{not json"), "invalid_position"),
        (("moves", "[]"), "invalid_position"),
        (("moves", '{"players": 99, "seats": 99}'), "invalid_position"),
        (("check", example, case.malformed), "invalid_action"),
        (("check", example), "invalid_arguments"),
        (("check", example, "-hand"), "invalid_arguments"),  # not argparse's -h
        (("moves", "-h"), "invalid_arguments"),
        (("moves", example, "--card", "banana"), "invalid_arguments"),
        (("teleport", example), "invalid_arguments"),
        (("score", f"@{tmp_path / 'missing.json'}"), "invalid_position"),
    ]
    for args, error in refusals:
        code, out = run(capsys, name, *args)
        assert code == 2 and out["error"]["code"] == error and out["error"]["message"], args
    code, out = run(capsys, "chess", "new")
    assert code == 2 and out["error"]["code"] == "unknown_game"
    f = tmp_path / "pos.json"
    f.write_text(example, encoding="utf-8")
    assert run(capsys, name, "score", f"@{f}") == run(capsys, name, "score", example)
