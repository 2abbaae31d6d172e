"""DOG notation (docs/notation.md) and JSON positions (ENGINE_CONTRACT.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.engines.base import InvalidActionError, InvalidPositionError
from companion.games.dog.engine.actions import DEAL, FOLD, HAND, PLAY, DogAction
from companion.games.dog.engine.notation import parse_position, position_token
from tests.engines.contract import ROOT
from tests.games.dog.contract_case import DOG_EXAMPLE as CONTRACT_EXAMPLE

from .helpers import act, dog, pos, with_figures


def test_positions() -> None:
    cfg = dog.new_game({"seats": 4}).cfg
    assert position_token(cfg, 12, 0) == "T12"
    assert position_token(cfg, cfg.geo.goal(0, 0), 0) == "G1"
    assert position_token(cfg, cfg.geo.goal(1, 1), 0) == "G2@1"
    assert position_token(cfg, -1, 0) == "K" and position_token(cfg, -4, 0) == "K@3"
    assert parse_position(cfg, "g3@2", 0) == (cfg.geo.goal(2, 2), True)
    assert parse_position(cfg, "K", 1) == (-2, False)
    for bad in ("T64", "G5", "G0", "X3", "K@4", "T"):
        with pytest.raises(InvalidActionError):
            parse_position(cfg, bad, 0)


@pytest.mark.parametrize("text", [
    "5 T12-T17", "4 T16-T12", "1 K", "13 K", "1 T3-T14", "joker=4 T16-T12", "joker=1 K",
    "7 T3-T5 T20-T22 T5-T8", "swap T5 T40", "swap", "joker=swap T5 T40", "fold", "fold 5,9",
    "discard 9", "discard ?", "give 7", "give ?", "draw joker", "draw ?", "reshuffle", "deal",
    "deal 1,4,7,13,swap,joker/?/?/?", "deal ?,?,7,8,9,10/?/?/?", "hand 2 4,7,swap",
    "8 T60-G4", "3 G1-G4", "7 T61-G1 T40-T43",
])
def test_actions_round_trip(text: str) -> None:
    st = pos(with_figures(0, ["T3", "T12", "T60", "G1"], others={2: ["T40"]}),
             to_move=0, hands=[None, ["2"], ["2"], ["2"]])
    action = act(st, text)
    assert dog.format_action(st, action) == text
    assert act(st, dog.format_action(st, action)) == action


def test_parsed_actions() -> None:
    st = pos(with_figures(0, ["T3", "T60"]), ["7"], hands=[["7"], ["2"], ["2"], ["2"]])
    assert act(st, "7 T3-T5 T60-G1") == DogAction(PLAY, 7, 7, ((3, 5), (60, 64)))
    assert act(st, "1 K") == DogAction(PLAY, 1, 1, ((-1, 0),))
    assert act(st, "11 T3-T14") == DogAction(PLAY, 1, 1, ((3, 14),))  # 11 is the 1/11 card
    assert act(st, "  Joker=4   t3-t63 ") == DogAction(PLAY, 15, 4, ((3, 63),))
    assert act(st, "fold 9 5").cards == ((5, 9),) and act(st, "fold").kind == FOLD
    assert act(st, "deal ?/?/?/?") == DogAction(DEAL)
    assert act(st, "hand 1 5,4").kind == HAND and act(st, "hand 1 5,4").seat == 1


@pytest.mark.parametrize("text", [
    "", "banana", "5", "5 T3", "5 T3-T64", "5 T3-K", "7", "joker T3-T8", "joker=joker T3-T8",
    "5=4 T3-T7", "swap T3", "swap T3 T4 T5", "give", "give 7 8", "draw x", "deal 1,2/3",
    "hand 9 1,2", "hand x 1", "5 T3-T8 T8-T13", "reshuffle now", "fold banana",
])
def test_malformed_actions(text: str) -> None:
    st = pos(with_figures(0, ["T3"]), ["5"], hands=[["5"], ["2"], ["2"], ["2"]])
    with pytest.raises(InvalidActionError):
        act(st, text)


def test_contract_example_position() -> None:
    st = dog.from_json(CONTRACT_EXAMPLE)
    obj = dog.to_json(st)
    assert [sorted(f) for f in obj["figures"]] == [sorted(f) for f in CONTRACT_EXAMPLE["figures"]]
    assert obj["hand"] == ["4", "7", "swap"] and obj["to_move"] == 0
    assert obj["phase"] == "play" and obj["rules"] == {}
    assert obj["hands"][1] == ["?", "?", "?"]  # other hands: unknown, as many cards
    moves = {dog.format_action(st, a) for a in dog.legal_actions(st)}
    assert "4 T0-T60" in moves and "swap T37 T16" not in moves  # T16 is protected
    assert "swap T37 G1@2" not in moves


def test_positions_round_trip_through_a_game() -> None:
    for seats in (4, 3, 6):
        rng = random.Random(seats)
        st = dog.new_game({"seats": seats, "rules": {"knock_own": seats != 4}})
        for _ in range(400):
            if dog.is_terminal(st):
                break
            again = dog.from_json(dog.to_json(st))
            assert again == st, dog.to_json(st)
            st = dog.apply(st, dog.random_action(st, rng))


@pytest.mark.parametrize(("change", "message"), [
    ({"seats": 7}, "2 to 6"),
    ({"seats": 3, "mode": "teams", "figures": None}, "teams need 4 or 6"),
    ({"mode": "duo"}, "mode"),
    ({"figures": [["K"] * 4] * 3}, "figures"),
    ({"figures": [["K"] * 3] + [["K"] * 4] * 3}, "4 figures"),
    ({"figures": [["T3", "K", "K", "K"], ["T3", "K", "K", "K"]] + [["K"] * 4] * 2}, "two"),
    ({"figures": [["G1", "G1", "K", "K"]] + [["K"] * 4] * 3}, "two"),
    ({"figures": [["T64", "K", "K", "K"]] + [["K"] * 4] * 3}, "T64"),
    ({"figures": [["X", "K", "K", "K"]] + [["K"] * 4] * 3}, "K, T<n> or G1"),
    ({"hand": ["7", "eleven"]}, "not a card"),
    ({"hand": ["joker"] * 7}, "deck holds only 6"),
    ({"rules": {"no_such_rule": True}}, "unknown house rule"),
    ({"rules": {"knock_own": "yes"}}, "true or false"),
    ({"rules": {"board": "round"}}, "board"),
    ({"to_move": 4}, "to_move"),
    ({"to_move": "table", "phase": "play"}, "does not fit"),
    ({"to_move": "table"}, "the table is to move"),
    ({"phase": "swim"}, "phase"),
    ({"game": "hit"}, "DOG engine"),
    ({"face_down": 1}, "face_down"),  # a number where a list belongs (found by hypothesis)
    ({"face_down": {"seat": 0}}, "face_down"),
    ({"lapped": 3}, "lapped"),
])
def test_malformed_positions(change: dict[str, Any], message: str) -> None:
    obj = {**CONTRACT_EXAMPLE, **change}
    if change.get("figures", 1) is None:
        del obj["figures"]
    with pytest.raises(InvalidPositionError, match=message):
        dog.from_json(obj)


def test_minimal_position_works() -> None:
    st = dog.from_json({"figures": CONTRACT_EXAMPLE["figures"]})
    assert dog.to_move(st) == 0 and len(st.hands[0]) == 6 and st.hands[0][0] == 0
    assert dog.legal_actions(st)  # an unknown hand: every card is checked against the board


def test_the_notation_doc_shows_every_form() -> None:
    notation_doc = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    for token in ("joker=4 T16-T12", "7 T30-T31 T57-T62", "swap T5 T40", "fold", "give 7",
                  "deal 1,4,7,13,swap,joker/?/?/?", "reshuffle", "hand 2 7,4,swap"):
        assert token in notation_doc, token
