"""The coach's review of DOG plays: sequential halving on shared samples
(games/dog/review.py)."""

import random

from companion.advisor.bots import GreedyBot
from companion.advisor.review import GOOD, MISTAKE, review
from companion.engines import TABLE
from companion.games.dog.engine.actions import PLAY
from companion.games.dog.engine.cards import JOKER, SEVEN
from companion.games.dog.review import candidates, valued_plays
from tests.advisor.clocks import StepClock

from .positions import dog, pos

#: Seat 0: the 2 from T56 knocks its own figure on T58 home; the 6 and the 9 just move on.
BLUNDER = dict(
    figures=[["K", "T40", "T56", "T58"], ["K", "K", "K", "T20"], ["K", "K", "K", "T30"],
             ["K", "K", "K", "T10"]],
    hand=["2", "6", "9"],
)


def test_no_two_legal_plays_have_the_same_effect():
    """Nothing to merge: on real games (7s split many ways, jokers, pairs of a card), every
    legal action of the seat to move leads to a different state (board, hands, discard)."""
    rng = random.Random(5)
    bot = GreedyBot.for_game(dog)
    compared = sevens = jokers = pairs = 0
    for _ in range(6):
        state = dog.start({"seats": 4}, rng)
        moves = 0
        while not dog.is_terminal(state) and moves < 400:
            mover = dog.to_move(state)
            if mover == TABLE:
                state = dog.apply(state, dog.sample_chance(state, rng))
                continue
            legal = dog.legal_actions(state)
            after = {dog.apply(state, a) for a in legal}
            assert len(after) == len(legal)
            compared += len(legal)
            plays = [a for a in legal if a.kind == PLAY]
            sevens += sum(1 for a in plays if a.as_card == SEVEN and len(a.segs) > 1)
            jokers += sum(1 for a in plays if a.card == JOKER)
            hand = state.hands[mover]
            pairs += any(hand.count(c) > 1 for c in set(hand)) and len(plays) > 1
            state = dog.apply(state, bot.choose(dog, state, mover, rng))
            moves += 1
    assert compared > 3000 and sevens > 50 and jokers > 50 and pairs > 20


def test_a_joker_played_as_a_card_in_hand_is_no_candidate():
    state = pos(figures=[["T10", "K", "K", "K"], ["K"] * 4, ["K"] * 4, ["K"] * 4],
                hand=["5", "joker"])
    legal = dog.legal_actions(state)
    names = {dog.format_action(state, a) for a in candidates(legal)}
    assert "5 T10-T15" in names and "joker=5 T10-T15" not in names
    assert "joker=6 T10-T16" in names  # no 6 in hand: the joker as a 6 stays
    played = dog.parse_action(state, "joker=5 T10-T15")
    result = review(dog, state, 0, played, iterations=200, seed=3)
    assert played in result.values  # the played play is valued all the same


def test_the_halving_finds_the_planted_better_play_and_a_seed_decides():
    state = pos(**BLUNDER)
    blunder = dog.parse_action(state, "2 T56-T58")
    first = valued_plays(dog, state, 0, blunder, dog.legal_actions(state), playouts=600, seed=4)
    again = valued_plays(dog, state, 0, blunder, dog.legal_actions(state), playouts=600, seed=4)
    assert first == again
    assert first.best != blunder and first.playouts <= 600
    # the played play is valued on every sample, the best on as many
    assert first.values[blunder][0] == first.samples == first.values[first.best][0]
    assert first.values[first.best][1] - first.values[blunder][1] >= 0.10
    result = review(dog, state, 0, blunder, iterations=600, seed=4)
    assert result.label == MISTAKE and result.best == first.best
    assert result.loss > 2 * result.se  # beyond the review's own uncertainty
    assert review(dog, state, 0, result.best, iterations=600, seed=4).label == GOOD


def test_a_review_keeps_to_its_budget():
    state = pos(**BLUNDER)
    blunder = dog.parse_action(state, "2 T56-T58")
    clock = StepClock(0.001)
    result = review(dog, state, 0, blunder, budget_ms=60, clock=clock)
    # each sample is stopped before it would end past its round's share of the budget
    assert clock.now <= 0.060 + 0.01 and result.iterations > 0


def test_the_candidates_keep_every_play_of_another_game():
    """The review by halving names no game: DOG's joker filter leaves other games' plays be."""
    from companion import games
    from companion.engines import get_game

    others = [e.name for e in games.entries() if e.name != "dog"]
    assert others
    for name in others:
        game = get_game(name)
        state, rng = game.new_game({"players": 3}), random.Random(3)
        while game.to_move(state) == TABLE:
            state = game.apply(state, game.random_action(state, rng))
        legal = game.legal_actions(state)
        assert legal and candidates(legal) == list(legal), name
