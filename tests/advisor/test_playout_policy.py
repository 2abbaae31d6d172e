"""The DOG playout policy: its estimate of a play's gain, and the memo of the best plays per
board that makes it cheap (it must choose exactly what scoring every legal play chooses)."""

from __future__ import annotations

import gc
import random
import threading

import pytest

from companion.advisor import bots, ismcts
from companion.advisor.bots import (
    DOG_CARD,
    DOG_OUT,
    DOG_THREAT,
    dog_play_gains,
    dog_playout_policy,
)
from companion.engines.base import TABLE
from tests.games.dog.positions import KNOCK, dog, midgame, pos

from .clocks import StepClock


def gains_by_text(state) -> dict[str, float]:
    actions = dog.legal_actions(state)
    return {dog.format_action(state, a): g
            for a, g in zip(actions, dog_play_gains(state, actions), strict=True)}


def test_a_knock_out_gains_the_victims_worth_at_risk() -> None:
    gains = gains_by_text(pos(**KNOCK))
    # T10 → T15: 5 fields on, both fields out of every opponent's reach. Seat 1's figure on
    # T15 has come 63 fields from its start T16 and stood within reach of seat 0 (T10 is
    # 5 behind it), so it was worth (out + 1 + 63) × (1 - threat). The 5 costs one card.
    assert gains["5 T10-T15"] == pytest.approx(
        5 + (DOG_OUT + 1 + 63) * (1 - DOG_THREAT) - DOG_CARD)
    # T10 → T12: 2 on, still safe. T10 → T16: 6 on, onto seat 1's start field, where its
    # figures waiting in the kennel may come out: the figure is then at risk there.
    assert gains["2 T10-T12"] == pytest.approx(2 - DOG_CARD)
    assert gains["6 T10-T16"] == pytest.approx(
        (DOG_OUT + 1 + 16) * (1 - DOG_THREAT) - (DOG_OUT + 1 + 10) - DOG_CARD)


def test_the_own_partner_is_not_a_victim() -> None:
    st = pos([["T10", "K", "K", "K"], ["K"] * 4, ["T15", "K", "K", "K"], ["K"] * 4], ["5", "3"])
    gains = gains_by_text(st)
    assert gains["5 T10-T15"] < gains["3 T10-T13"]


def playout_states(games: int = 40) -> list:
    """States met in play phases of random games of 2 to 6 seats, solo and teams."""
    out = []
    configs = [{"seats": 4}, {"seats": 6}, {"seats": 2}, {"seats": 3},
               {"seats": 4, "mode": "solo"}]
    for seed in range(games):
        rng = random.Random(seed)
        st = dog.new_game(configs[seed % len(configs)])
        for _ in range(300):
            if dog.is_terminal(st):
                break
            if dog.to_move(st) == TABLE:
                st = dog.apply(st, dog.sample_chance(st, rng))
                continue
            if st.phase in (bots.PLAY_PHASE, bots.DRAWN_PHASE):
                out.append(st)
            st = dog.apply(st, dog.random_action(st, rng))
    return out


def test_the_memo_of_best_plays_chooses_what_scoring_every_play_chooses() -> None:
    states = playout_states()
    assert len(states) > 2000
    bots._BEST_MEMO.clear()
    for rounds in range(2):  # a cold memo, then every board remembered
        for i, st in enumerate(states):
            actions = dog.legal_actions(st)
            _, best = bots._best_plays(actions, dog_play_gains(st, actions))
            flat, memo = random.Random(i), random.Random(i)
            expected = best[0] if len(best) == 1 else best[flat.randrange(len(best))]
            assert dog_playout_policy(dog, st, memo) == expected, (rounds, i)
            assert memo.random() == flat.random()  # the same draws from the generator


def test_the_garbage_collector_is_paused_during_a_search_only(monkeypatch) -> None:
    seen: list[bool] = []
    st = midgame(seed=4)
    assert gc.isenabled()
    ismcts.search(dog, st, 0, budget_ms=30, seed=1, progress_every=0.001,
                  progress=lambda _: seen.append(gc.isenabled()), clock=StepClock(0.001))
    assert seen and all(seen)  # not in a web process: only where enabled
    seen.clear()
    monkeypatch.setattr(ismcts._cyclic_gc_paused, "enabled", False)  # restored after the test
    ismcts.pause_gc_during_searches()  # a worker's pool process
    ismcts.search(dog, st, 0, budget_ms=60, seed=1, progress_every=0.01,
                  progress=lambda _: seen.append(gc.isenabled()), clock=StepClock(0.001))
    assert seen and not any(seen)
    assert gc.isenabled()
    # searches side by side share the pause: it ends with the last of them
    threads = [threading.Thread(target=ismcts.search, args=(dog, st, 0),
                                kwargs={"budget_ms": 80 + 40 * k, "seed": k}) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert gc.isenabled()
    gc.disable()  # a process that keeps it off keeps it off
    try:
        ismcts.search(dog, st, 0, iterations=20, seed=1)
        assert not gc.isenabled()
    finally:
        gc.enable()
