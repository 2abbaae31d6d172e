"""Bots on the Game contract: legal, seeing only their view, and the heuristic's priorities."""

from __future__ import annotations

import random

import pytest

from companion.advisor import bots
from companion.advisor.bots import GreedyBot, IsmctsBot, RandomBot, make_bot, one_ply
from companion.engines import get_game
from companion.engines.base import TABLE
from companion.games.dog.engine.actions import GIVE
from tests.games.dog.positions import ENTER_GOAL, FORCED_WIN, KNOCK, K, dog, midgame, pos

from .clocks import StepClock

heuristic = GreedyBot.for_game(dog)


def text(state, action) -> str:
    return dog.format_action(state, action)


@pytest.mark.parametrize("case, expected", [
    (FORCED_WIN, "3 T62-G1"), (KNOCK, "5 T10-T15"), (ENTER_GOAL, "8 T60-G4"),
])
def test_heuristic_takes_the_obvious_move(case: dict, expected: str) -> None:
    st = pos(**case)
    assert text(st, heuristic.choose(dog, st, 0, random.Random(1))) == expected


def test_heuristic_comes_out_of_the_kennel() -> None:
    st = pos([["T30", "K", "K", "K"], K(), K(), K()], ["13", "2"])
    assert text(st, heuristic.choose(dog, st, 0, random.Random(1))) in ("13 K", "13 T30-T43")
    st = pos([["T30", "K", "K", "K"], K(), K(), K()], ["1", "3"])
    assert text(st, heuristic.choose(dog, st, 0, random.Random(1))) == "1 K"


def test_heuristic_does_not_knock_out_its_partner() -> None:
    # seat 2 (partner) stands on T15; seat 0 on T10 holds a 5 and a 3
    st = pos([["T10", "K", "K", "K"], K(), ["T15", "K", "K", "K"], K()], ["5", "3"])
    assert text(st, heuristic.choose(dog, st, 0, random.Random(1))) == "3 T10-T13"


def test_heuristic_keeps_its_start_field_free() -> None:
    # a figure on the own start field with others waiting: moving it on beats moving another
    st = pos([["T0", "T40", "K", "K"], K(), K(), K()], ["2"])
    assert text(st, heuristic.choose(dog, st, 0, random.Random(1))) == "2 T0-T2"


def test_heuristic_keeps_the_joker_when_another_card_does_as_well() -> None:
    st = pos([["T30", "K", "K", "K"], K(), K(), K()], ["joker", "5"])
    assert text(st, heuristic.choose(dog, st, 0, random.Random(1))) == "5 T30-T35"


def test_heuristic_gives_its_partner_a_start_card_it_can_spare() -> None:
    st = dog.from_json({"game": "dog", "seats": 4, "to_move": 0, "phase": "exchange",
                        "figures": [["T30", "T12", "G4", "G3"], K(), K(), K()],
                        "hand": ["1", "joker", "7", "5", "9", "10"]})
    action = heuristic.choose(dog, st, 0, random.Random(1))
    assert action.kind == GIVE and action.card == 1


def test_one_ply_is_generic() -> None:
    """Without a per-game score the greedy bot uses the game's own evaluate."""
    st = pos(**KNOCK)
    action = one_ply(dog, dog.view(st, 0), 0, random.Random(1))
    assert text(st, action) == "5 T10-T15"
    assert text(st, GreedyBot().choose(dog, st, 0, random.Random(1))) == "5 T10-T15"


def test_bots_play_only_legal_actions_from_their_view() -> None:
    st = midgame(seed=2)
    for bot in (RandomBot(), heuristic, IsmctsBot(None, 30)):
        for k in range(3):
            action = bot.choose(dog, st, 0, random.Random(k))
            assert not dog.check(st, action)


def test_bots_do_not_look_at_hidden_cards() -> None:
    """Two states that seat 0 cannot tell apart get the same answer from every bot."""
    st = midgame(seed=8, min_round=3)
    other = dog.determinize(dog.view(st, 0), 0, random.Random(99))
    assert other.hands != st.hands and dog.view(other, 0) == dog.view(st, 0)
    for bot in (RandomBot(), heuristic, IsmctsBot(None, 60)):
        assert bot.choose(dog, st, 0, random.Random(4)) == \
            bot.choose(dog, other, 0, random.Random(4))


def test_ismcts_bot_does_not_search_a_forced_move() -> None:
    # nothing can move: the only action is to fold
    st = pos([K(), K(), K(), K()], ["5", "6"])
    bot = IsmctsBot(budget_ms=10_000)
    assert dog.legal_actions(st) == [bot.choose(dog, st, 0, random.Random(1))]
    assert bot.totals["searches"] == 0


def test_bot_specs() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert make_bot("heuristic", dog).name == "heuristic"
    bot = make_bot("ismcts:ms=250,c=0.2,depth=3,eval=engine,policy=random")
    assert isinstance(bot, IsmctsBot)
    assert bot.budget_ms == 250 and bot.iterations is None
    assert bot.config.exploration == 0.2 and bot.config.playout_depth == 3
    assert make_bot("ismcts:iters=100").iterations == 100  # type: ignore[union-attr]
    assert make_bot("ismcts").budget_ms == 500  # type: ignore[union-attr]
    timed = make_bot("ismcts:ms=500,cpu=1,turn=1")
    assert isinstance(timed, IsmctsBot) and timed.cpu and timed.per_turn
    assert not make_bot("ismcts:ms=500,cpu=0").cpu  # type: ignore[union-attr]
    for bad in ("alphabeta", "ismcts:speed=3", "ismcts:ms", "heuristic"):
        with pytest.raises(ValueError):
            make_bot(bad)


def test_a_per_turn_budget_covers_all_decisions_of_the_turn() -> None:
    # HIT: a turn is three plays and the buys; 300 ms of CPU for all of them together
    hit = get_game("hit")
    rng = random.Random(3)
    state = hit.start({"players": 2}, rng)
    # the turn's budget logic on a clock that steps 1 ms per reading: no machine load in it
    bot = IsmctsBot(budget_ms=300, per_turn=True, clock=StepClock(0.001))
    turns: dict[int, float] = {}
    while len(turns) < 4 or state.turns in turns:
        mover = hit.to_move(state)
        if mover == TABLE:
            state = hit.apply(state, hit.sample_chance(state, rng))
            continue
        turn, before = state.turns, bot.totals["seconds"]
        action = bot.choose(hit, state, mover, rng)
        turns[turn] = turns.get(turn, 0.0) + bot.totals["seconds"] - before
        state = hit.apply(state, action)
    searched = [t for t in turns.values() if t > 0]
    assert searched and all(t <= 0.3 + 0.005 for t in searched)
    assert max(searched) > 0.2  # the turn's budget is used, not one decision's share of it


def test_the_leaf_evaluation_is_a_win_chance_shared_by_partners() -> None:
    st = pos(**KNOCK)
    values = bots.dog_evaluate(dog, st)
    assert values[0] == values[2] and values[1] == values[3]
    assert values[0] + values[1] == pytest.approx(1.0)
    after = dog.play_text(st, "5 T10-T15")
    assert bots.dog_evaluate(dog, after)[0] > values[0]
    won = dog.play_text(pos(**FORCED_WIN), "3 T62-G1")
    assert bots.dog_evaluate(dog, won) == (1.0, 0.0, 1.0, 0.0)
