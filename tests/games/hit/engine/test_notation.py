"""HIT notation: action strings read and printed (round trips), and JSON positions."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from companion.engines.base import InvalidActionError, InvalidPositionError
from companion.games.hit.engine.actions import (
    BUY,
    DISCARD,
    DRAW,
    END,
    HAND,
    MARKET,
    NO_DEST,
    PLAY,
    SHUFFLE,
    HitAction,
)
from companion.games.hit.engine.board import WAIT
from companion.games.hit.engine.cards import TOKEN, UNKNOWN, parse_card

from .helpers import hit, pos

W3 = ["W", "W", "W"]
ST = pos([["T3", "T20", "W"], ["T8", "W", "W"], W3, W3], ["s1", "split10", "coins5"])


def card(tok: str) -> int:
    k = parse_card(tok)
    assert k is not None
    return k


@pytest.mark.parametrize("text, action", [
    ("s1 W-T0", HitAction(PLAY, card("s1"), ((WAIT, 0),))),
    ("s1 T3-T4", HitAction(PLAY, card("s1"), ((3, 4),))),
    ("split10 T3-T9 T20-T24", HitAction(PLAY, card("split10"), ((3, 9), (20, 24)))),
    ("coins5", HitAction(PLAY, card("coins5"))),
    ("s1 -", HitAction(PLAY, card("s1"))),
    ("discard coins5,s1", HitAction(DISCARD, cards=(card("coins5"), card("s1")))),
    ("hand 2 s1,s6,?", HitAction(HAND, cards=(UNKNOWN, card("s1"), card("s6")), seat=2)),
])
def test_round_trips(text: str, action: HitAction) -> None:
    assert hit.parse_action(ST, text) == action
    assert hit.format_action(ST, action) == text


def test_other_phases_round_trip() -> None:
    buy = pos(IDLE, to_move=0, phase="buy", hands=[[], None, None, None], market=["4", "hunt"],
              discards=[["s1", "s6", "scoins"], [], [], []])
    for text, action in (("buy hunt", HitAction(BUY, card("hunt"))), ("end", HitAction(END))):
        assert hit.parse_action(buy, text) == action and hit.format_action(buy, action) == text
    draw = hit.apply(buy, HitAction(END))
    assert hit.parse_action(draw, "draw") == HitAction(DRAW, cards=(UNKNOWN,) * 3)
    assert hit.parse_action(draw, "draw ?") == hit.parse_action(draw, "draw")
    assert hit.format_action(draw, hit.parse_action(draw, "draw s3,?,s1-5")) == \
        "draw ?,s1-5,s3"
    for text, action in (("shuffle", HitAction(SHUFFLE)),
                         ("shuffle keep", HitAction(SHUFFLE, keep=True)),
                         ("market 4,hunt", HitAction(MARKET, cards=(card("4"), card("hunt"))))):
        assert hit.parse_action(draw, text) == action
        assert hit.format_action(draw, action) == text


IDLE = [["T3", "W", "W"], W3, W3, W3]


def test_readable_variants() -> None:
    """`play` may lead; tokens are case-insensitive; a few aliases; the destination of a
    card with one result may be left out; `unused` for `-`; `name*n` in card lists."""
    p = hit.parse_action
    assert p(ST, "play s1 T3") == p(ST, "S1 t3-t4") == p(ST, "s1 T3-T4")
    assert p(ST, "10 T3-T13") == p(ST, "split10 T3-T13")
    assert p(ST, "s1 unused") == p(ST, "s1") == p(ST, "s1 -")
    assert p(ST, "hand 0 s1*2,?") == HitAction(HAND, cards=(UNKNOWN, card("s1"), card("s1")),
                                              seat=0)
    assert p(ST, "discard coins5 s1") == p(ST, "discard coins5,s1")
    assert parse_card("3/-1") == card("3back") and parse_card("1-5") == card("s1-5")
    assert hit.card_token("HUNT") == "hunt" and hit.card_token("dice") is None
    # the order of a discard is kept (the last card lies on top)
    assert p(ST, "discard s1,coins5").cards == (card("s1"), card("coins5"))
    # a destination the engine cannot tell stays open; check then names the reason
    open_move = p(ST, "s1 T30")
    assert open_move.moves == ((30, NO_DEST),) and hit.check(ST, open_move)[0].code == \
        "hit.no_figure"


@pytest.mark.parametrize("text", [
    "", "dice 3", "s1 X4", "s1 T48", "s1 G4", "s1 W3", "buy", "buy 4 5", "buy dice",
    "end now", "shuffle now", "hand", "hand 9 s1", "hand 0 dice", "coins5 T3", "split10 T3",
    "play", "s1-5 T3", "discard", "market ?x",
])
def test_malformed_actions(text: str) -> None:
    with pytest.raises(InvalidActionError):
        hit.parse_action(ST, text)


def test_non_string_action() -> None:
    with pytest.raises(InvalidActionError):
        hit.parse_action(ST, 5)  # type: ignore[arg-type]


def test_every_card_token_is_read() -> None:
    for k in range(1, len(TOKEN)):
        assert parse_card(TOKEN[k]) == k and parse_card(TOKEN[k].upper()) == k


# -- JSON positions ----------------------------------------------------------------------------
def test_the_engine_s_positions_round_trip() -> None:
    rng = random.Random(4)
    for players in (2, 3, 4):
        state = hit.start({"players": players}, rng)
        for _ in range(60):
            obj = hit.to_json(state)
            assert hit.from_json(json.loads(json.dumps(obj))) == state
            assert hit.to_json(hit.from_json(obj)) == obj
            if hit.is_terminal(state):
                break
            state = hit.apply(state, hit.random_action(state, rng))


def test_a_minimal_position() -> None:
    st = hit.from_json({"game": "hit", "players": 2})
    obj = hit.to_json(st)
    assert obj["figures"] == [["W", "W", "W", "T0"], ["W", "W", "W", "T24"]]
    assert obj["hand"] == ["?", "?", "?"] and obj["coins"] == [6, 6]
    assert obj["phase"] == "play" and obj["to_move"] == 0 and obj["market"] == []
    assert obj["stack"] == 31 and obj["unseen"][0] == ["scoins", "s1", "s6", "s1-5", "s3",
                                                       "scorner"]


def bad(**obj: Any) -> None:
    with pytest.raises(InvalidPositionError):
        hit.from_json({"game": "hit", **obj})


def test_malformed_positions() -> None:
    bad(players=5)
    bad(game="dog")
    bad(players=2, figures=[["T0", "W", "W"], ["T24", "W", "W"]])  # 4 figures each
    bad(players=4, figures=[["T5", "W", "W"], ["T5", "W", "W"], W3, W3])
    bad(players=4, figures=[["G1", "G1", "W"], W3, W3, W3])
    bad(players=4, figures=[["G4", "W", "W"], W3, W3, W3])  # 3 goal fields with 4 players
    bad(players=4, figures=[["T48", "W", "W"], W3, W3, W3])
    bad(players=4, phase="dance")
    bad(players=4, to_move=7)
    bad(players=4, to_move="table", phase="play")
    bad(players=4, phase="over")
    bad(players=4, figures=[["G1", "G2", "G3"], W3, W3, W3])  # a winner, but not "over"
    bad(players=4, market=["jump", "jump"])  # only one jump
    bad(players=4, bought=[["s1"], [], [], []])
    bad(players=4, hand=["6", "s1", "s6"])  # no 6 bought
    bad(players=4, hand=["s1", "s1", "s6"])  # one s1 per deck
    bad(players=4, hands=[["s1", "s6", "s3", "scoins"], None, None, None])
    bad(players=4, rules={"dice": True})
    bad(players=4, rules={"no_shields": "yes"})
    bad(players=4, coins=[6, 6, -1, 6])
    bad(players=4, side="3")
    bad(players=4, phase="buy", hands=[[], None, None, None], turns=0)
    bad(players=4, hand=[])
    bad(players=4, phase="market", to_move="table", market=["4", "5", "6", "7", "8"])
    bad(players=4, phase="draw", to_move="table", hands=[["s1", "s6", "s3"], None, None, None])


def test_positions_name_whose_decision_it_is() -> None:
    over = hit.from_json({"game": "hit", "players": 4, "phase": "over", "to_move": "table",
                          "figures": [W3, ["G1", "G2", "G3"], W3, W3]})
    assert hit.is_terminal(over) and over.winner == 1 and hit.to_json(over)["winner"] == 1
    shuffle = {"game": "hit", "players": 4, "phase": "shuffle", "hands": [[], None, None, None],
               "discards": [["s1", "s6", "scoins", "s1-5", "scorner", "s3"], [], [], []]}
    assert hit.to_move(hit.from_json({**shuffle, "to_move": 0})) == 0
    with pytest.raises(InvalidPositionError):  # the seat decides: a shield lies on top
        hit.from_json({**shuffle, "to_move": 1})
