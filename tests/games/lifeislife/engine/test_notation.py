"""Life is Life notation: actions round-trip, the contract's JSON positions, malformed input."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.engines.base import InvalidActionError, InvalidPositionError
from companion.games.lifeislife.engine.actions import DEAL, HAND, KNOCK, SWAP, LifeAction
from companion.games.lifeislife.engine.cards import BEAR, CAT, MOLE, PIG, UNKNOWN
from tests.games.lifeislife.contract_case import LIFE_EXAMPLE as CONTRACT_EXAMPLE

from .helpers import ROWS, act, life, pos


def test_swaps_and_knock() -> None:
    st = life.from_json(CONTRACT_EXAMPLE)
    a = act(st, "swap 3: mole,bear,pig")
    assert a == LifeAction(SWAP, 3, (BEAR, MOLE, PIG))
    assert life.format_action(st, a) == "swap 3: bear,mole,pig"  # animals in rulebook order
    for text in ("swap 3 mole bear pig", "SWAP 3:mole,bear,pig", "swap 3: Pig, Mole, Bear",
                 "swap 3: talpa,orso,maiale", "swap 3: Maulwurf,Bär,Schwein",
                 "swap 3: moles,bears,pigs"):
        assert act(st, text) == a, text
    sudden = act(st, "swap 2: cat,dog sudden cat")
    assert sudden.sudden == CAT and life.format_action(st, sudden) == "swap 2: dog,cat sudden cat"
    assert act(st, "swap 2: cat,dog sudden=gatto") == sudden
    assert act(st, "swap 2: cat*2") == LifeAction(SWAP, 2, (CAT, CAT))
    assert act(st, "knock") == LifeAction(KNOCK) == act(st, "pass")
    assert life.format_action(st, act(st, "pass")) == "knock"


def test_deal_and_hand() -> None:
    deal = life.new_game({"players": 4})
    text = "deal rows giraffe/bear,mole/pig,pig,cat/goat,sheep,dog,mouse"
    a = act(deal, "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep")
    assert a.kind == DEAL and not a.hands and life.format_action(deal, a) == text
    assert act(deal, "deal giraffe / mole,bear / pig,pig,cat / mouse,dog,goat,sheep") == a
    assert act(deal, text + " hands ?/?/?/?") == a  # unknown hands: the same report
    full = act(deal, text + " hands giraffe*8,bear*2/?/mole*6,goat*4/?")
    assert full.hands[1] == (UNKNOWN,) * 10 and full.hands[0][:8] == (1,) * 8
    assert life.format_action(deal, full) == \
        text + " hands giraffe*8,bear*2/?/mole*6,goat*4/?"
    out = life.from_json({"players": 4, "to_move": "table", "lives": [2, 0, 3, 1]})
    with_out = act(out, text + " hands giraffe*8,bear*2/-/?/?")
    assert with_out.hands[1] == () and life.format_action(out, with_out).endswith("/-/?/?")
    st = life.from_json(CONTRACT_EXAMPLE)
    h = act(st, "hand 2 giraffe*3,bear, mole,?*5")
    assert h == LifeAction(HAND, cards=(0, 0, 0, 0, 0, 1, 1, 1, 2, 3), seat=2)
    assert life.format_action(st, h) == "hand 2 giraffe*3,bear,mole,?*5"


@pytest.mark.parametrize("text", [
    "", "dance", "swap", "swap 5: giraffe", "swap 0: giraffe", "swap 3:", "swap 3: banana",
    "swap 3: ?,?,?", "swap 2: mole,bear sudden giraffe", "knock now", "hand x giraffe",
    "hand 7 giraffe", "deal", "deal rows giraffe/bear", "deal rows a/b/c/d",
    "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep hands ?/?",
    "swap 3: pig*0,bear", "swap 3: pig*99",
])
def test_malformed_actions_raise(text: str) -> None:
    state = life.new_game({"players": 4}) if text.startswith("deal") else \
        life.from_json(CONTRACT_EXAMPLE)
    with pytest.raises(InvalidActionError):
        life.parse_action(state, text)


def test_every_listed_move_reads_back_to_itself() -> None:
    for seed in range(5):
        st = life.start({"players": 3 + seed % 3}, random.Random(seed))
        for a in life.legal_actions(st):
            text = life.format_action(st, a)
            assert life.parse_action(st, text) == a, text
            assert life.check(st, a) == []


def test_the_contract_example_position() -> None:
    st = life.from_json(CONTRACT_EXAMPLE)
    obj = life.to_json(st)
    for key in ("game", "players", "to_move", "lives", "knocked_by", "swapped"):
        assert obj[key] == CONTRACT_EXAMPLE[key], key
    assert obj["rows"] == [["giraffe"], ["bear", "mole"], ["pig", "pig", "cat"],
                           ["goat", "sheep", "dog", "mouse"]]
    assert obj["hand"] == CONTRACT_EXAMPLE["hands"][0] and obj["hands"][1] == ["?"] * 10
    assert obj["phase"] == "play" and obj["aside"] == 0 and obj["rules"] == {}
    assert life.from_json(obj) == st  # the output reads back to the same position
    assert life.to_move(st) == 0 and life.num_seats(st) == 5


def test_positions_round_trip_through_json() -> None:
    rng = random.Random(7)
    for players in (3, 4, 5):
        st = life.new_game({"players": players, "rules": {"expert": players == 4}})
        while not life.is_terminal(st):
            assert life.from_json(life.to_json(st)) == st
            v = life.view(st, 1)
            assert life.from_json(life.to_json(v)) == v
            st = life.apply(st, life.random_action(st, rng))
        assert life.from_json(life.to_json(st)) == st


def test_inputs_lacking_optional_keys() -> None:
    bare = life.from_json({"rows": ROWS})
    assert life.num_seats(bare) == 4 and life.to_move(bare) == 0 and bare.lives == (5,) * 4
    assert life.to_json(bare)["hands"] == [["?"] * 10] * 4
    st = life.from_json({"rows": ROWS, "hand": ["cat"] * 3 + ["giraffe"] * 7, "to_move": 2,
                         "rules": {"start_lives": 3}})
    assert life.to_json(st)["hands"][2] == ["giraffe"] * 7 + ["cat"] * 3 and st.lives == (3,) * 4
    assert life.from_json({"players": 3, "to_move": "table"}).phase == 0
    seats = life.from_json({"seats": 5, "rows": ROWS})
    assert life.num_seats(seats) == 5
    assert pos(ROWS, [None] * 3).cfg.players == 3


@pytest.mark.parametrize("position", [
    [], {"game": "dog"}, {"players": 2}, {"players": 6}, {"players": "four"},
    {"rows": [["giraffe"]]}, {"rows": [["giraffe"], ["bear"], ["pig", "pig", "cat"],
                                       ["mouse", "dog", "goat", "sheep"]]},
    {"rows": ROWS, "hand": ["banana"] * 10}, {"rows": ROWS, "hand": ["giraffe"] * 3},
    {"rows": ROWS, "hand": ["giraffe"] * 9 + ["bear"]},  # the row's giraffe makes ten
    {"rows": ROWS, "to_move": 7}, {"rows": ROWS, "rules": {"teleport": True}},
    {"rows": ROWS, "rules": {"expert": "yes"}}, {"rows": ROWS, "rules": {"start_lives": 0}},
    {"rows": ROWS, "lives": [0, 0, 0, 0]}, {"rows": ROWS, "lives": [5, 5]},
    {"rows": ROWS, "lives": [5, 5, 5, 5], "phase": "over"}, {"to_move": 0},
    {"rows": ROWS, "to_move": "table", "phase": "play"}, {"rows": ROWS, "phase": "moon"},
    {"rows": ROWS, "knocked_by": 0}, {"rows": ROWS, "knocked_by": 9, "to_move": 1},
    {"rows": ROWS, "hands": [None, ["giraffe"], None, None]},
    {"rows": ROWS, "public": [["cat"] * 5, [], [], []]},
    {"rows": ROWS, "hands": [["bear"] * 8 + ["mole"] * 2, None, None, None],
     "public": [["cat"], [], [], []]},
    {"rows": [["dog"], ["mole", "bear"], ["pig", "pig", "dog"], ["mouse", "dog", "goat",
                                                                 "sheep"]],
     "hands": [["cat"] * 4 + ["giraffe"] * 6, None, None, None],
     "swapped": [True, False, False, False]},  # a set after a swap ended the round
    {"rows": ROWS, "lives": [5, 0, 5, 5], "to_move": 1},
    {"rows": ROWS, "to_move": "table", "phase": "reveal"},
    {"rows": ROWS, "last_round": {"lives_lost": [1]}},
])
def test_malformed_positions_raise(position: Any) -> None:
    with pytest.raises(InvalidPositionError):
        life.from_json(position)
