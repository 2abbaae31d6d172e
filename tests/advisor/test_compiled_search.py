"""The compiled search (issue #31) against ismcts.py's own code: the DOG playout
(`companion/games/dog/_playout.pyx`) against the search's playout loop — the same values, the same
random numbers drawn, from positions of seeded random games of 2-6 seats under the house
rules —, whole searches that make the same choices with the same visits whichever playout
runs, and the compiled tree (`advisor/_ismcts.pyx`) against ismcts.py's `Node` and
`_Iteration` in all three games.

Skipped where no compiled core can be expected (a machine without a C compiler); failed where
one is expected (fresh binaries, or CI with a compiler) but does not run.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.advisor import bots, ismcts
from companion.engines import TABLE, get_game
from companion.games.dog import search as dog_search
from tests.engines.test_engine_paths import _compiled_or_skip
from tests.games.dog.engine.paths import CONFIGS, RULE_VARIANTS


@pytest.fixture(autouse=True)
def _compiled() -> None:
    """Skipped where no compiled core can be expected, failed where one is but does not run
    (tests/engines/test_engine_paths.py)."""
    _compiled_or_skip()
    assert dog_search.PLAYOUT is not None, "the compiled DOG playout is not in use"


hit = get_game("hit")
lifeislife = get_game("lifeislife")

dog = get_game("dog")


def python_playout(state: Any, depth: int, rng: random.Random) -> tuple[float, ...]:
    """ismcts' playout loop with DOG's measured parameters (stop at the table's events)."""
    while depth > 0 and not dog.is_terminal(state):
        if dog.to_move(state) == TABLE:
            break
        state = dog.apply(state, bots.dog_playout_policy(dog, state, rng))
        depth -= 1
    if dog.is_terminal(state):
        return dog.returns(state)
    return bots.dog_evaluate(dog, state)


def leaves(config: dict[str, Any], seed: int, every: int = 3) -> list[Any]:
    """Determinized positions of a seeded random game, every `every`-th decision of a seat
    (the exchange's and the play's), from that seat's view (as the search samples them), and
    the positions where the table's event is next."""
    rng = random.Random(seed)
    state = dog.new_game(config)
    out: list[Any] = []
    decisions = 0
    for _ in range(1500):
        if dog.is_terminal(state):
            break
        seat = dog.to_move(state)
        if seat == TABLE:  # the deal, a solo draw: the leaf is evaluated as it is
            out.append(state)
            state = dog.apply(state, dog.sample_chance(state, rng))
            continue
        decisions += 1
        if decisions % every == 0:
            out.append(dog.determinize(dog.view(state, seat), seat, rng))
        if rng.random() < 0.5:
            action = bots.dog_playout_policy(dog, state, rng)
        else:
            action = dog.random_action(state, rng)
        state = dog.apply(state, action)
    return out


CASES = [(seats, mode, rules) for seats, mode in CONFIGS for rules in RULE_VARIANTS[:4]] + [
    (4, "teams", rules) for rules in RULE_VARIANTS[4:]] + [(3, "solo", RULE_VARIANTS[7])]


@pytest.mark.parametrize(("seats", "mode", "rules"), CASES)
def test_same_values_and_random_numbers(seats: int, mode: str, rules: dict[str, Any]) -> None:
    config = {"seats": seats, "mode": mode, "rules": rules}
    assert dog_search.PLAYOUT is not None
    run = dog_search.PLAYOUT.run
    choose = dog_search.PLAYOUT.choose
    assert choose is not None
    taken = compared = 0
    for seed in range(3):
        for i, state in enumerate(leaves(config, 1000 * seats + seed)):
            depth = 12 if i % 3 else 1 + i % 12
            a = random.Random(i)
            b = random.Random(i)
            expected = python_playout(state, depth, a)
            got = run(state, depth, b)
            compared += 1
            if got is None:
                assert b.getstate() == random.Random(i).getstate(), "drew before declining"
                continue
            taken += 1
            assert got == expected, (config, seed, i, dog.to_json(state))
            assert a.getstate() == b.getstate(), (config, seed, i, dog.to_json(state))
            if dog.to_move(state) == TABLE:
                continue
            # one decision (the search's policy-first expansion): the same action and draws
            a, b = random.Random(i), random.Random(i)
            action = choose(state, b)
            assert action is not None
            assert action == bots.dog_playout_policy(dog, state, a), dog.to_json(state)
            assert a.getstate() == b.getstate(), dog.to_json(state)
    assert compared > 20
    if rules.get("start_protection") == "from_kennel":
        assert taken == 0  # not taken: the Python loop runs
    else:
        assert taken > compared // 2


def test_whole_searches_agree() -> None:
    """The same search with either playout: the same choices, visits and values."""
    for config, seed in (({"seats": 4}, 7), ({"seats": 6}, 8), ({"seats": 3}, 9)):
        states = leaves(config, seed, every=25)[:3]
        for state in states:
            seat = dog.to_move(state)
            if seat == TABLE or dog.is_terminal(state):
                continue
            fast = ismcts.search(dog, state, seat, iterations=300, seed=seed)
            slow = ismcts.search(dog, state, seat, iterations=300, seed=seed,
                                 config=ismcts.Config(playout=_NO_PLAYOUT))
            assert [(c.action, c.visits, c.value) for c in fast.choices] == [
                (c.action, c.visits, c.value) for c in slow.choices]


#: a compiled playout the search may not use (its policy is not the configured one): the
#: search runs its own loop
_NO_PLAYOUT = ismcts.Playout(lambda state, depth, rng: None, bots.dog_evaluate,
                             bots.dog_evaluate)


def _positions(game: Any, config: dict[str, Any], seed: int, count: int) -> list[Any]:
    """Decisions of seats in a seeded random game (full states; the search takes the view)."""
    rng = random.Random(seed)
    state = game.new_game(config)
    out: list[Any] = []
    for step in range(400):
        if game.is_terminal(state) or len(out) == count:
            break
        seat = game.to_move(state)
        if seat == TABLE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        if step % 7 == 3:
            out.append(state)
        state = game.apply(state, game.random_action(state, rng))
    return out


@pytest.mark.parametrize(("game", "config"), [
    (dog, {"seats": 4}), (dog, {"seats": 3}), (hit, {"seats": 3}),
    (lifeislife, {"seats": 4})], ids=["dog4", "dog3", "hit", "lifeislife"])
def test_compiled_tree_is_the_same_search(game: Any, config: dict[str, Any]) -> None:
    """ismcts' tree compiled and in Python: the same choices, visits, values and outcomes,
    the same root statistics."""
    assert ismcts._tree.Node is not ismcts.Node, "the compiled tree is not in use"
    positions = _positions(game, config, 5, 3)
    assert positions
    try:
        for i, state in enumerate(positions):
            seat = game.to_move(state)
            runs = []
            for implementation in (ismcts._tree.use_compiled, ismcts._tree.use_python):
                implementation()
                stats: dict[Any, list[float]] = {}
                result = ismcts.search(game, state, seat, iterations=400, seed=i,
                                       stats=stats)
                runs.append(([(c.action, c.visits, c.value, c.outcome)
                              for c in result.choices], stats))
            assert runs[0] == runs[1]
    finally:
        ismcts._tree.use_compiled()


def test_the_coach_values_dog_plays_alike() -> None:
    """The coach's valuation of DOG plays (`dog_review.valued_plays`, its own playouts) with
    and without the compiled playout: the same values on the same samples."""
    from companion.games.dog import review as dog_review

    done = 0
    for i, state in enumerate(leaves({"seats": 4}, 21, every=9)):
        seat = dog.to_move(state)
        if seat == TABLE or dog.is_terminal(state):
            continue
        view = dog.view(state, seat)
        legal = dog.legal_actions(state)
        if len(legal) < 2:
            continue
        runs = [dog_review.valued_plays(dog, view, seat, legal[-1], legal, playouts=120,
                                        seed=i, config=config)
                for config in (None, ismcts.Config(playout=_NO_PLAYOUT))]
        assert runs[0].per_sample == runs[1].per_sample
        assert runs[0].best == runs[1].best
        done += 1
    assert done >= 5
