"""ISMCTS: finds the forced win and the obvious move, reproducible with a seed, keeps to its
budget, and sees only what the asking seat knows."""

from __future__ import annotations

import random

import pytest

from companion.advisor import ismcts
from companion.advisor.bots import lifeislife_round_survival
from companion.advisor.ismcts import Config, SearchResult, search
from companion.engines import get_game
from companion.games.dog.engine.cards import UNKNOWN
from companion.games.lifeislife.engine.scoring import lives_lost, round_points
from companion.games.lifeislife.engine.state import RoundResult
from tests.games.dog.positions import ENTER_GOAL, FORCED_WIN, KNOCK, dog, midgame, pos

from .clocks import StepClock


def best_text(state, result: SearchResult) -> str:
    assert result.best is not None
    return dog.format_action(state, result.best.action)


def test_finds_the_forced_win() -> None:
    st = pos(**FORCED_WIN)
    result = search(dog, st, 0, iterations=300, seed=1)
    assert best_text(st, result) == "3 T62-G1"
    assert result.best.value == pytest.approx(1.0)  # every iteration through it wins


@pytest.mark.parametrize("case, expected", [(KNOCK, "5 T10-T15"), (ENTER_GOAL, "8 T60-G4")])
def test_finds_the_obvious_move(case: dict, expected: str) -> None:
    st = pos(**case)
    result = search(dog, st, 0, iterations=600, seed=2)
    assert best_text(st, result) == expected


def test_generic_settings_find_the_forced_win_too() -> None:
    """The generic parameters (engine `evaluate`, random playouts) on the same position."""
    st = pos(**FORCED_WIN)
    config = Config(exploration=0.7, playout_depth=8,
                    evaluate=lambda game, state: game.evaluate(state))
    assert best_text(st, search(dog, st, 0, iterations=300, seed=1, config=config)) == \
        "3 T62-G1"


def test_reproducible_with_a_seed() -> None:
    st = midgame(seed=4)
    a = search(dog, st, 0, iterations=400, seed=11)
    b = search(dog, st, 0, iterations=400, seed=11)
    assert a.iterations == b.iterations == 400
    assert [(c.action, c.visits, c.value) for c in a.choices] == \
        [(c.action, c.visits, c.value) for c in b.choices]
    c = search(dog, st, 0, iterations=400, seed=12)
    assert [(x.action, x.visits) for x in c.choices] != [(x.action, x.visits) for x in a.choices]


def test_respects_the_time_budget() -> None:
    # The budget's logic on a clock that steps 1 ms per reading (one reading per iteration):
    # the search stops at the first reading past the deadline, whatever the machine's load.
    st = midgame(seed=5)
    for budget in (30, 150):
        clock = StepClock(0.001)
        result = search(dog, st, 0, budget_ms=budget, seed=1, clock=clock)
        assert result.iterations > 0
        assert budget / 1000 <= result.elapsed <= budget / 1000 + 0.002
        assert result.iterations == pytest.approx(budget, abs=2)


def test_a_deadline_counts_the_set_up_and_wins_when_sooner() -> None:
    st = midgame(seed=5)
    clock = StepClock(0.001)
    start = clock.now
    result = search(dog, st, 0, budget_ms=1000, deadline=start + 0.05, seed=1, clock=clock)
    assert clock.now <= start + 0.05 + 0.003  # stopped by the deadline, not the budget
    assert 0 < result.iterations < 50


def test_iterations_cap_a_time_budget() -> None:
    st = midgame(seed=5)
    result = search(dog, st, 0, budget_ms=10_000, iterations=50, seed=1)
    assert result.iterations == 50 and result.elapsed < 5


def test_progress_reports_best_so_far_and_stats_add_up() -> None:
    st = midgame(seed=6)
    reports: list[SearchResult] = []
    stats: dict = {}
    result = search(dog, st, 0, budget_ms=120, seed=3, progress=reports.append,
                    progress_every=0.03, stats=stats, clock=StepClock(0.001))
    assert reports and all(r.iterations <= result.iterations for r in reports)
    assert sum(e[0] for e in stats.values()) == sum(c.visits for c in result.choices)
    # the squared rewards (the search's own uncertainty): between the mean's square and the
    # visits (every reward is a chance in [0, 1])
    for visits, reward, _outcome, squares in stats.values():
        assert reward * reward / visits - 1e-9 <= squares <= visits + 1e-9
    assert sum(c.visits for c in result.choices) == result.iterations
    assert result.choices == sorted(result.choices, key=lambda c: (c.visits, c.value),
                                    reverse=True)
    assert sum(c.share for c in result.choices) == pytest.approx(1.0)
    legal = set(dog.legal_actions(st))
    assert {c.action for c in result.choices} <= legal


def test_progress_may_cancel_the_search() -> None:
    class Stop(Exception):
        pass

    def cancel(_: SearchResult) -> None:
        raise Stop

    with pytest.raises(Stop):
        search(dog, midgame(seed=6), 0, budget_ms=500, seed=1, progress=cancel,
               progress_every=0.01, clock=StepClock(0.001))


def test_refuses_a_seat_that_is_not_to_move_and_a_search_without_limit() -> None:
    st = pos(**KNOCK)
    with pytest.raises(ValueError):
        search(dog, st, 1, iterations=10)
    with pytest.raises(ValueError):
        search(dog, st, 0)


# -- the information boundary -------------------------------------------------------------------
def same_answer(a: SearchResult, b: SearchResult) -> bool:
    return [(c.action, c.visits, c.value) for c in a.choices] == \
        [(c.action, c.visits, c.value) for c in b.choices]


@pytest.mark.parametrize("seed", [3, 8])
def test_indistinguishable_states_give_the_same_suggestion(seed: int) -> None:
    """Two full states that differ only in what seat 0 cannot see (the other hands, the
    cards folded face down) give the same answer with the same seed."""
    st = midgame(seed=seed, min_round=3)
    view = dog.view(st, 0)
    other = None
    for k in range(20):
        candidate = dog.determinize(view, 0, random.Random(k))
        if candidate.hands != st.hands:
            other = candidate
            break
    assert other is not None
    assert dog.view(other, 0) == view  # seat 0 cannot tell them apart
    assert other.hands[0] == st.hands[0]
    a = search(dog, st, 0, iterations=300, seed=21)
    b = search(dog, other, 0, iterations=300, seed=21)
    c = search(dog, view, 0, iterations=300, seed=21)
    assert same_answer(a, b) and same_answer(a, c)


def test_what_the_seat_sees_does_change_the_answer() -> None:
    """The converse, as a sanity check of the test above: another own hand is another
    information set, and the search answers it differently."""
    st = pos(**KNOCK)
    other = pos(KNOCK["figures"], ["2", "6", "8"])
    a = search(dog, st, 0, iterations=200, seed=1)
    b = search(dog, other, 0, iterations=200, seed=1)
    assert best_text(st, a) == "5 T10-T15"
    assert best_text(other, b) != "5 T10-T15"


def test_an_unreported_own_hand_is_searched_over_sampled_hands() -> None:
    """At the physical table a seat may not have entered its hand: the root's actions then
    differ between samples, and the answer is one of the plays some sampled hand allows."""
    st = dog.from_json({"game": "dog", "seats": 4, "to_move": 0,
                        "figures": KNOCK["figures"], "round": 1})
    assert set(st.hands[0]) == {UNKNOWN}
    assert ismcts._root_actions(dog, dog.view(st, 0), 0, random.Random(1)) is None
    result = search(dog, st, 0, iterations=300, seed=1)
    assert result.best is not None and result.iterations == 300


def test_an_outcome_chance_is_reported_per_root_action() -> None:
    life = get_game("lifeislife")
    st = life.new_game({"players": 3})
    for text in (
        "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep",
        "hand 0 giraffe*3,bear*2,mole,goat,sheep,dog,cat",
    ):
        st = life.play_text(st, text)
    result = search(life, st, 0, iterations=300, seed=2)  # the game's defaults: survival
    assert result.choices and all(0.0 <= c.outcome <= 1.0 for c in result.choices)
    assert any(0.0 < c.outcome < 1.0 for c in result.choices)
    # the mean of what the outcome function said at the leaves below each root action
    always = search(life, st, 0, iterations=100, seed=2,
                    config=Config(outcome=lambda g, root, leaf: (1.0, 1.0, 1.0)))
    assert {c.outcome for c in always.choices} == {1.0}
    assert search(dog, midgame(seed=6), 0, iterations=50, seed=1).choices[0].outcome is None


def test_round_survival_reads_the_finished_round_or_the_hands() -> None:
    life = get_game("lifeislife")
    st = life.new_game({"players": 3})
    for text in (
        "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep",
        "hand 0 giraffe*3,bear*2,mole,goat,sheep,dog,cat",
        "hand 1 mouse*2,pig*2,hare,cat,sheep,goat,goat,giraffe",
        "hand 2 bear*3,pig,mole*2,hare,dog,dog,sheep",
    ):
        st = life.play_text(st, text)
    ins = [0, 1, 2]
    lost = lives_lost(round_points(st.hands, ins, 3))
    assert lifeislife_round_survival(life, st, st) == tuple(float(d <= 0) for d in lost)
    ended = st._replace(last=RoundResult(st.round, (10, 5, 0), (0, 1, 2), -1, 0))
    assert lifeislife_round_survival(life, st, ended) == (1.0, 0.0, 0.0)
    earlier = st._replace(last=RoundResult(st.round - 1, (10, 5, 0), (0, 1, 2), -1, 0))
    assert lifeislife_round_survival(life, st, earlier) == tuple(float(d <= 0) for d in lost)


def test_early_stop_ends_a_decided_search_with_the_same_answer() -> None:
    st = pos(**FORCED_WIN)
    full = search(dog, st, 0, budget_ms=1500, seed=1, clock=StepClock(0.001))
    early = search(dog, st, 0, budget_ms=1500, seed=1, early_stop=True, clock=StepClock(0.001))
    assert best_text(st, early) == best_text(st, full) == "3 T62-G1"
    assert early.iterations < full.iterations and early.elapsed < 0.75 * full.elapsed
    # the leader's margin exceeded what the time left could still change
    visits = [*sorted((c.visits for c in early.choices), reverse=True), 0]
    assert visits[0] - visits[1] > 0
