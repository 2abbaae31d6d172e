"""What the web app can use beyond the Game contract: helpers for the play entry, knowledge,
the provisional result, configuration."""

from __future__ import annotations

import random

import pytest

from companion.engines.base import TABLE, InvalidActionError, InvalidPositionError
from companion.games.lifeislife.engine.actions import SWAP, LifeAction
from companion.games.lifeislife.engine.cards import BEAR, CAT, MOLE

from .helpers import ROWS, life, play, pos

H0 = ["giraffe", "giraffe", "bear", "mole", "mole", "goat", "hare", "cat", "cat", "sheep"]


def test_laydowns_and_can_knock_for_the_play_entry() -> None:
    st = pos(ROWS, [H0, None, None, None])
    # row 1 is a giraffe: any other animal of the hand, in scoring order
    assert life.laydowns(st, 1) == [["bear"], ["mole"], ["goat"], ["sheep"], ["hare"], ["cat"]]
    assert ["bear", "mole"] not in life.laydowns(st, 2)  # row 2 itself
    assert all(len(c) == 4 for c in life.laydowns(st, 4))
    assert not life.can_knock(st)
    with pytest.raises(InvalidActionError):
        life.laydowns(st, 5)
    assert life.laydowns(life.new_game({"players": 3}), 1) == []  # nobody is to move
    after = play(st, "swap 1: cat")
    assert life.can_knock(pos(life.to_json(after)["rows"], [None] * 4, to_move=0,
                              swapped=[True, False, False, False]))


def test_swap_builder_and_card_names() -> None:
    assert life.swap(3, ["pig", "mole", "bear"]) == life.parse_action(
        life.new_game(), "swap 3: bear,mole,pig")
    assert life.swap(2, ["cat", "Katze"], sudden="gatto") == LifeAction(SWAP, 2, (CAT, CAT), CAT)
    assert life.swap(2, ["talpa", "orso"]).cards == (BEAR, MOLE)
    with pytest.raises(InvalidActionError):
        life.swap(1, ["unicorn"])
    with pytest.raises(InvalidActionError):
        life.swap(1, ["cat"], sudden="unicorn")
    assert life.card_token("Maiali") == "pig" and life.card_token("?") is None
    assert life.card_token("banana") is None


def test_knowledge_helpers() -> None:
    st = play(pos(ROWS, [H0, None, None, None]), "swap 3: giraffe,bear,mole")
    assert life.known_cards(st, 3, 0) == ["pig", "pig", "cat"]
    assert len(life.known_cards(st, 0, 0)) == 10
    assert life.known_cards(st, 0, 2) == []
    pv = life.public_view(st)
    assert pv == life.view(st, TABLE) and pv.hands[0][0] == 7


def test_round_result_needs_every_hand() -> None:
    assert life.round_result(pos(ROWS, [H0, None, None, None])) is None
    st = life.start({"players": 3}, random.Random(4))
    res = life.round_result(st)
    assert res is not None and set(res) == {"points", "lives_lost", "sudden_death", "majorities"}
    assert len(res["majorities"]) == 10


def test_configuration() -> None:
    st = life.start({"players": 5, "first_player": 3}, random.Random(1))
    assert life.to_move(st) == 3 and st.starter == 3
    assert life.new_game({"seats": 3}).cfg.players == 3
    assert life.new_game({"rules": {"start_lives": 2}}).lives == (2, 2, 2, 2)
    for bad in ({"players": 2}, {"players": True}, {"first_player": 4, "players": 4},
                {"mode": "solo"}, {"rules": {"expert": 1}}):
        with pytest.raises(InvalidPositionError):
            life.new_game(bad)
    # who begins is part of the game, not of the position: the rest compares equal
    assert life.from_json(life.to_json(st)) == st


def test_states_are_hashable_plain_data() -> None:
    st = life.start({"players": 4}, random.Random(1))
    again = life.start({"players": 4}, random.Random(1))
    assert st == again and hash(st) == hash(again) and len({st, again}) == 1
    # the hands are known: who would lose most lives now is valued lowest
    lost = life.score(st)["lives_lost"]
    values = life.evaluate(st)
    assert abs(sum(values) - 1.0) < 1e-9
    assert values.index(min(values)) == lost.index(max(lost))
    fresh = life.new_game({"players": 5})
    assert life.evaluate(fresh) == (0.2,) * 5 and life.returns(fresh) == (0.2,) * 5
