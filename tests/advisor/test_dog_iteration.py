"""The search's whole DOG iteration on the compiled board (`companion/games/dog/_iteration.pxi`,
issue #39) against ismcts.py's own `_Iteration` on Python states: the same determinizations
(`info.determinize`'s hands from the same random numbers), the same tree, choices, visits,
values and root statistics, on decisions of seeded random games of 2-6 seats under the house
rules — the exchange's and the play's, a seat that did not report its hand, seats that folded
(the constrained determinization) — and only legal plays.

Skipped where no compiled core can be expected; failed where one is expected but does not
run (tests/engines/test_engine_paths.py).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from companion.advisor import bots, ismcts
from companion.engines import TABLE, get_game
from companion.games.dog import search as dog_search
from companion.games.dog.engine.cards import UNKNOWN
from tests.engines.test_engine_paths import _compiled_or_skip
from tests.games.dog.engine.paths import CONFIGS, RULE_VARIANTS

dog = get_game("dog")


@pytest.fixture(autouse=True)
def _compiled() -> None:
    _compiled_or_skip()
    assert dog_search.PLAYOUT is not None and dog_search.PLAYOUT.iteration is not None
    assert ismcts._tree.Node is not ismcts.Node, "the compiled tree is not in use"


def decisions(config: dict[str, Any], seed: int, every: int, count: int) -> list[Any]:
    """Full states at every `every`-th decision of a seeded game (policy and random plays
    mixed, so that seats fold and discard), up to `count`."""
    rng = random.Random(seed)
    state = dog.new_game(config)
    out: list[Any] = []
    made = 0
    for _ in range(3000):
        if dog.is_terminal(state) or len(out) == count:
            break
        if dog.to_move(state) == TABLE:
            state = dog.apply(state, dog.sample_chance(state, rng))
            continue
        made += 1
        if made % every == 0:
            out.append(state)
        if rng.random() < 0.6:
            action = bots.dog_playout_policy(dog, state, rng)
        else:
            action = dog.random_action(state, rng)
        state = dog.apply(state, action)
    return out


def unreported(state: Any) -> Any:
    """`state` with the hand of the seat to move unknown (it did not enter it)."""
    hands = list(state.hands)
    hands[state.turn] = (UNKNOWN,) * len(hands[state.turn])
    return state._replace(hands=tuple(hands))


def _counting() -> tuple[ismcts.Config, list[bool]]:
    """DOG's config with its compiled iteration counted (taken or not)."""
    fast = dog_search.PLAYOUT
    assert fast is not None and fast.iteration is not None
    taken: list[bool] = []
    make = fast.iteration

    def iteration(*args: Any) -> Any:
        it = make(*args)
        taken.append(it is not None)
        return it

    return ismcts.Config(playout=dataclasses.replace(fast, iteration=iteration)), taken


def _run(state: Any, seed: int, config: ismcts.Config) -> tuple[Any, Any]:
    seat = dog.to_move(state)
    stats: dict[Any, list[float]] = {}
    result = ismcts.search(dog, state, seat, iterations=250, seed=seed, stats=stats,
                           config=config)
    return [(c.action, c.visits, c.value) for c in result.choices], stats


CASES = [(seats, mode, rules) for seats, mode in CONFIGS for rules in RULE_VARIANTS[:3]] + [
    (4, "teams", rules) for rules in RULE_VARIANTS[3:]] + [
    (3, "solo", {"fold_face_up": True}), (4, "teams", {"fold_face_up": True}),
    (4, "teams", {"card_exchange": False})]


@pytest.mark.parametrize(("seats", "mode", "rules"), CASES)
def test_the_board_iteration_is_the_same_search(seats: int, mode: str,
                                                rules: dict[str, Any]) -> None:
    """Compiled on the board and in Python (`_Iteration`, the Python states): the same
    choices, visits, values and root statistics."""
    config = {"seats": seats, "mode": mode, "rules": rules}
    states = decisions(config, 31 * seats + len(rules), every=13, count=5)
    states += [unreported(s) for s in states[1:3] if s.phase == 2]
    assert len(states) >= 4
    cfg, taken = _counting()
    phases = [s.phase for s in states]
    try:
        for i, state in enumerate(states):
            ismcts._tree.use_compiled()
            fast = _run(state, i, cfg)
            ismcts._tree.use_python()
            slow = _run(state, i, cfg)
            assert fast == slow, (config, i, dog.to_json(state))
    finally:
        ismcts._tree.use_compiled()
    if rules.get("start_protection") == "from_kennel":
        assert not any(taken)  # the board does not hold it: the generic iteration runs
    else:  # every view of the exchange and the play (a solo seat that drew: the generic)
        assert [t for t, p in zip(taken, phases, strict=True) if p in (1, 2)] == [
            True] * sum(p in (1, 2) for p in phases)


def test_it_returns_legal_plays() -> None:
    """The root's choices of a hint are legal plays of the position."""
    for seats, mode in CONFIGS:
        for state in decisions({"seats": seats, "mode": mode}, seats, every=17, count=3):
            seat = dog.to_move(state)
            result = ismcts.search(dog, state, seat, iterations=400, seed=seats)
            legal = dog.legal_actions(state)
            assert result.choices
            assert all(c.action in legal for c in result.choices)
            assert sum(c.visits for c in result.choices) == 400


def test_the_same_determinizations() -> None:
    """The board's deal of the hidden cards is `info.determinize`'s: the same hands, cards in
    transit and pile, from the same random numbers (folds and discards included)."""
    fast = dog_search.PLAYOUT
    assert fast is not None and fast.iteration is not None
    cfg = ismcts.resolve(dog)
    constrained = compared = 0
    for seats, mode in CONFIGS:
        for state in decisions({"seats": seats, "mode": mode}, 100 + seats, every=7, count=12):
            if state.phase not in (1, 2):  # a solo seat that drew: not taken
                continue
            seat = dog.to_move(state)
            view = dog.view(state, seat)
            it = fast.iteration(dog, view, seat, ismcts._tree.Node(None, None, seat), None,
                                random.Random(5), cfg)
            assert it is not None
            for k in range(3):
                a, b = random.Random(k), random.Random(k)
                it = fast.iteration(dog, view, seat, ismcts._tree.Node(None, None, seat),
                                    None, b, cfg)
                expected = dog.determinize(view, seat, a)
                got = it.sample()
                assert got._replace(folds=expected.folds) == expected, dog.to_json(state)
                assert a.getstate() == b.getstate()
                compared += 1
            if any(mask for _, mask, _ in view.folds):
                constrained += 1
    assert compared > 100
    assert constrained > 0, "no view with a fold's constraint was met"
