"""The compiled DOG state (issue #39: `companion/games/dog/engine/_state.pyx`) against the Python
engine: on positions of seeded random games of 2-6 seats under every house rule that changes
the plays, and on dense random positions, every card's plays are `moves.plays_for`'s (moves.py
loaded as source: the pure-Python generators), in the same order, and the state after each is
`rules.apply`'s, field by field. Only where the compiled core runs (else skipped, or failed
where it was expected: test_engine_paths).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.engines import TABLE, get_game
from companion.engines.kit import accel
from companion.games.dog.engine import rules
from companion.games.dog.engine.cards import KINDS
from companion.games.dog.engine.state import DRAWN, PLAY, DogConfig
from tests.games.dog.engine.helpers import random_dense_position
from tests.games.dog.engine.paths import CONFIGS, RULE_VARIANTS, pure_moves

from .test_engine_paths import _compiled_or_skip


def _state_module() -> Any:
    _compiled_or_skip()
    module = accel.accelerator("companion.games.dog.engine._state")
    assert module is not None, "the compiled core runs without its compiled state"
    return module


def _game_positions(seats: int, mode: str, house: dict[str, Any], seed: int,
                    every: int = 3) -> list[Any]:
    """Every `every`-th decision of a seat to play in a seeded random game."""
    dog = get_game("dog")
    rng = random.Random(seed)
    state = dog.new_game({"seats": seats, "mode": mode, "rules": house})
    out: list[Any] = []
    n = 0
    while not dog.is_terminal(state):
        if dog.to_move(state) == TABLE:
            action = dog.sample_chance(state, rng)
        else:
            if state.phase in (PLAY, DRAWN):
                n += 1
                if n % every == 0:
                    out.append(state)
            action = dog.random_action(state, rng)
        state = dog.apply(state, action)
    return out


def _compare(module: Any, reference: Any, state: Any) -> int:
    """Every card's plays and boards on `state`; the number of plays compared."""
    board = module.DogBoard.load(state)
    assert board is not None
    assert board.to_state() == state
    compared = 0
    for card in KINDS:
        reference._SEVEN_MEMO.clear()
        expected = reference.plays_for(reference.Ctx(state, state.turn), card)
        plays = board.generate(card)
        assert plays.actions() == expected, (card, state)
        for i, action in enumerate(expected):
            after = rules.apply(state, action)
            assert plays.board(i).to_state() == after, (card, action, state)
            assert board.apply(action).to_state() == after
        assert len(board.generate(card, boards=False)) == len(expected)
        compared += len(expected)
    return compared


def test_the_compiled_state_plays_as_the_engine_in_random_games() -> None:
    module = _state_module()
    reference = pure_moves()
    compared = 0
    for v, house in enumerate(RULE_VARIANTS):
        for c in (v % len(CONFIGS), (v + 3) % len(CONFIGS)):  # every seat count, twice
            seats, mode = CONFIGS[c]
            for state in _game_positions(seats, mode, house, seed=100 * v + c, every=10):
                if house.get("start_protection") == "from_kennel":  # the Python engine's
                    assert module.DogBoard.load(state) is None
                    continue
                compared += _compare(module, reference, state)
    assert compared > 5_000


@pytest.mark.parametrize("seed", [1, 2])
def test_the_compiled_state_plays_as_the_engine_on_dense_boards(seed: int) -> None:
    module = _state_module()
    reference = pure_moves()
    rng = random.Random(seed)
    for n in range(60):
        seats, mode = CONFIGS[n % len(CONFIGS)]
        house = RULE_VARIANTS[n // len(CONFIGS) % len(RULE_VARIANTS)]
        state = random_dense_position(rng, seats, mode, house)
        if house.get("start_protection") == "from_kennel":
            assert module.DogBoard.load(state) is None
            continue
        _compare(module, reference, state)


def test_the_end_of_a_round_and_of_the_game_on_the_compiled_state() -> None:
    """The last card of a round deals next; the last figure home ends the game."""
    module = _state_module()
    dog = get_game("dog")
    cfg = DogConfig.make(4)
    state = dog.from_json({"seats": 4, "to_move": 0, "hand": ["5"],
                           "figures": [["G1", "G2", "G3", "T60"], ["G1", "G2", "G3", "G4"],
                                       ["K", "K", "K", "K"], ["K", "K", "K", "K"]]})
    assert state.cfg == cfg
    board = module.DogBoard.load(state)
    for card in (5, 13):
        plays = board.generate(card)
        assert len(plays) > 0
        for i in range(len(plays)):
            action = plays.action(i)
            assert plays.board(i).to_state() == rules.apply(state, action)


def test_a_stamp_covers_the_files_a_pyx_includes(tmp_path: Any) -> None:
    """`_state.pyx` and `_fast.pyx` include `_seven.pxi`: an edit to it makes their binaries
    stale (kit/accel.py's stamps), as an edit to the .pyx itself does."""
    pyx = tmp_path / "mod.pyx"
    pxi = tmp_path / "_part.pxi"
    pyx.write_text('include "_part.pxi"\n\ndef f():\n    return g()\n', encoding="utf-8")
    pxi.write_text("cdef int g():\n    return 1\n", encoding="utf-8")
    before = accel.source_digest(pyx)
    assert "pxi" in before
    pxi.write_text("cdef int g():\n    return 2\n", encoding="utf-8")
    assert accel.source_digest(pyx) != before
    state_pyx = accel.source_of("companion.games.dog.engine._state")
    assert "pxi" in accel.source_digest(state_pyx)
    assert "pxi" in accel.source_digest(accel.source_of("companion.games.dog.engine._fast"))
    assert "pxi" not in accel.source_digest(accel.source_of("companion.games.dog.engine.moves"))
