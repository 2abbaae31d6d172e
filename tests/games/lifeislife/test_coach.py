"""The coach's review of Life is Life plays: every play valued on the same sampled hands
(games/lifeislife/review.py), with the engine's own evaluation."""

import random

from companion.advisor.review import GOOD, MISTAKE, review
from companion.engines import TABLE, get_game
from companion.games.lifeislife.review import (
    _fixed,
    _Play,
    _sample_values,
    action_value,
    action_values,
)
from tests.advisor.clocks import StepClock

life = get_game("lifeislife")


def sudden_pig_position():
    """Seat 0 (3 players, first turn) holds four of the five pigs, and row 1 is the fifth:
    any swap for row 1 completes the set and ends the round at once (everyone else loses a
    life); every other play lets the round go on."""
    state = life.new_game({"players": 3})
    for text in ("deal rows pig/mole,bear/giraffe,cat,cat/mouse,dog,goat,sheep",
                 "hand 0 pig*4,giraffe*2,bear,mole,goat,dog"):
        state = life.play_text(state, text)
    return state


def test_the_fast_valuation_is_the_engines_evaluation_after_the_play():
    """On random games of 3 to 5 players (knocks, sudden deaths, round ends, players out),
    each play's value on a sample is exactly `evaluate` of the engine's state after it."""
    rng = random.Random(11)
    compared = 0
    for players in (3, 4, 5):
        state = life.start({"players": players}, rng)
        moves = 0
        while not life.is_terminal(state) and moves < 120:
            mover = life.to_move(state)
            if mover == TABLE:
                state = life.apply(state, life.sample_chance(state, rng))
                continue
            view = life.view(state, mover)
            legal = life.legal_actions(view)
            plays = [_Play(view, mover, a) for a in legal]
            for play in plays:
                if play.fixed is not None:
                    play.fixed = _fixed(life, view, mover, play, rng)
            sample = life.determinize(view, mover, rng)
            fast = _sample_values(sample, mover, plays)
            assert fast == [action_value(life, sample, mover, a) for a in legal]
            compared += len(legal)
            state = life.apply(state, rng.choice(legal))
            moves += 1
    assert compared > 5000


def test_every_play_is_valued_on_the_same_samples():
    state = sudden_pig_position()
    legal = life.legal_actions(state)
    values, drawn = action_values(life, state, 0, legal, samples=30, seed=4)
    assert drawn == 30 and len(values) == len(legal)
    # the same seed: the same samples, the same values (one play alone or among all)
    again, _ = action_values(life, state, 0, legal[3:4], samples=30, seed=4)
    assert again == [values[3]]


def test_a_missed_sudden_death_is_a_mistake_and_the_review_names_it():
    state = sudden_pig_position()
    for text in ("swap 2: giraffe,giraffe", "swap 2: pig,pig", "swap 3: giraffe,giraffe,bear"):
        played = life.parse_action(state, text)
        result = review(life, state, 0, played, iterations=60, seed=1)
        assert result.label == MISTAKE and result.loss >= 0.10, text
        assert result.best.sudden and result.best.row == 1
        assert result.best_value > result.played_value


def test_plays_the_valuation_cannot_tell_apart_are_named_by_the_tie_order():
    """Every swap for row 1 ends the round the same way: the review names the one laying down
    the least valuable animal (the dog), whatever the seed; each of them reviews as good."""
    state = sudden_pig_position()
    sudden = [a for a in life.legal_actions(state) if a.sudden]
    assert len(sudden) == 5
    played = life.parse_action(state, "swap 3: giraffe,giraffe,bear")
    for seed in (1, 2, 3):
        result = review(life, state, 0, played, iterations=20, seed=seed)
        assert life.format_action(state, result.best) == "swap 1: dog sudden pig"
    for action in sudden:
        assert review(life, state, 0, action, iterations=20, seed=1).label == GOOD


def test_a_review_keeps_to_its_budget():
    state = sudden_pig_position()
    played = life.parse_action(state, "swap 2: pig,pig")
    clock = StepClock(0.001)
    result = review(life, state, 0, played, budget_ms=50, clock=clock)
    # one reading to start, one after each sample: it stops at the first past the budget
    assert result.iterations == 50 and clock.readings == 51
    assert result.label == MISTAKE


def test_plays_about_as_good_as_the_better_one_are_named_beside_it():
    """The five sudden-death swaps are worth exactly the same: the review names one as better
    and two of the others as "about as good" (it cannot tell them apart), each backed as
    better than the played swap; a play it can tell apart is never among them."""
    state = sudden_pig_position()
    played = life.parse_action(state, "swap 3: giraffe,giraffe,bear")
    result = review(life, state, 0, played, iterations=40, seed=2)
    assert result.label == MISTAKE and result.best.sudden
    assert len(result.alternatives) == 2
    assert all(a.sudden and a.row == 1 for a in result.alternatives)
    assert result.best not in result.alternatives and played not in result.alternatives
    for a in result.alternatives:
        assert not result.differ(result.best, a).backed and result.differ(a, played).sign > 0
    # a good play names none
    assert review(life, state, 0, result.best, iterations=40, seed=2).alternatives == ()
