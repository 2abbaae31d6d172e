"""The one-line reasons of suggested plays, on hand-made DOG positions."""

import pytest

from companion.advisor.explain import explain
from companion.engines import get_game

NAMES = ["Ann", "Ben", "Cid", "Dan"]
GAME = get_game("dog")


def reason(figures, hand, action, to_move=0):
    state = GAME.from_json(
        {"game": "dog", "seats": 4, "to_move": to_move, "figures": figures, "hand": hand}
    )
    parsed = GAME.parse_action(state, action)
    assert GAME.check(state, parsed) == [], action
    return explain(GAME, state, parsed, to_move, NAMES)


@pytest.mark.parametrize(
    ("figures", "hand", "action", "expected"),
    [
        (
            [["K", "K", "K", "T10"], ["K", "K", "K", "T15"], ["K"] * 4, ["K"] * 4],
            ["5"],
            "5 T10-T15",
            "sends Ben home; moves 5 fields ahead, 49 to go to the goal",
        ),
        (
            [["K", "K", "K", "T62"], ["K"] * 4, ["K"] * 4, ["K"] * 4],
            ["3"],
            "3 T62-G1",
            "enters the goal",
        ),
        (
            [["K", "K", "K", "K"], ["K"] * 4, ["K"] * 4, ["K"] * 4],
            ["13"],
            "13 K",
            "brings a figure out",
        ),
        (
            [["K", "K", "K", "T0"], ["K"] * 4, ["K"] * 4, ["K"] * 4],
            ["2"],
            "2 T0-T2",
            "frees your start field; moves 2 fields ahead, 62 to go to the goal",
        ),
        (
            [["K", "K", "T3", "T5"], ["K"] * 4, ["K"] * 4, ["K"] * 4],
            ["2"],
            "2 T3-T5",
            "sends your own figure home",
        ),
        (
            [["K", "K", "K", "T20"], ["K"] * 4, ["K", "K", "K", "T26"], ["K"] * 4],
            ["6"],
            "6 T20-T26",
            "sends your partner's figure home; moves 6 fields ahead, 38 to go to the goal",
        ),
        (
            [["K", "K", "K", "T20"], ["K"] * 4, ["K"] * 4, ["K"] * 4],
            ["6"],
            "6 T20-T26",
            "moves 6 fields ahead, 38 to go to the goal",
        ),
        (
            [["K", "K", "K", "T10"], ["K", "K", "K", "T12"], ["K"] * 4, ["K", "K", "K", "T14"]],
            ["7"],
            "7 T10-T17",
            "sends Ben and Dan home; moves 7 fields ahead, 47 to go to the goal",
        ),
    ],
)
def test_reasons(figures, hand, action, expected):
    assert reason(figures, hand, action) == expected


def test_unknown_game_gives_no_reason():
    class Other:
        name = "chess"

    assert explain(Other(), None, None, 0, NAMES) == ""  # type: ignore[arg-type]


def test_life_is_life_reasons():
    game = get_game("lifeislife")
    state = game.new_game({"players": 3})
    for text in (
        "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep",
        "hand 0 giraffe*3,bear*2,mole,goat,sheep,dog,cat",
    ):
        state = game.play_text(state, text)
    swap = game.parse_action(state, "swap 3: bear,bear,cat")
    assert explain(game, state, swap, 0, NAMES) == (
        "takes pig ×2, cat for bear ×2, cat; builds on giraffe (3) and pig (2); "
        "if the round ended now: safe in 42 % of the deals (before the play: 40 %)"
    )
    state = game.apply(state, swap)
    for text in ("swap 1: hare", "swap 2: sheep,sheep"):  # Mia and Lino (hands not entered)
        state = game.play_text(state, text)
    knock = game.parse_action(state, "knock")
    assert game.check(state, knock) == []
    assert explain(game, state, knock, 0, NAMES) == (
        "ends the round: everyone else gets one more turn; "
        "if the round ended now: safe in 35 % of the deals"
    )


def test_hit_reasons_on_random_games():
    import random

    from companion.engines import TABLE

    game = get_game("hit")
    rng = random.Random(3)
    seen = set()
    for _ in range(3):
        state = (
            game.start({"players": 2}, rng)
            if hasattr(game, "start")
            else game.new_game({"players": 2})
        )
        for _ in range(400):
            if game.is_terminal(state):
                break
            if game.to_move(state) == TABLE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            action = game.random_action(state, rng)
            reason = explain(game, state, action, game.to_move(state), NAMES[:2])
            assert reason
            seen.update(part.split()[0] for part in reason.split("; "))
            state = game.apply(state, action)
    # Over three random games every kind of reason comes up.
    assert {"moves", "hits", "brings", "spends", "+3", "wins"} <= seen, seen


def test_reach_and_the_kept_card_tell_plays_apart():
    figures = [["K", "K", "T30", "T10"], ["K", "K", "K", "T5"], ["K"] * 4, ["K"] * 4]
    # the figure on T10 (Ben 5 behind it: his 5, 7 or joker) runs off; the one on T30 walks
    # into nobody's reach
    assert reason(figures, ["13", "7"], "13 T10-T23") == (
        "moves 13 fields ahead, 41 to go to the goal; gets the figure out of reach of Ben "
        "(it was 35 % at risk); keeps your 7 for later"
    )
    assert reason(figures, ["13", "7"], "13 T30-T43") == (
        "moves 13 fields ahead, 21 to go to the goal; keeps your 7 for later"
    )
    near = [["K", "K", "K", "T20"], ["K", "K", "K", "T10"], ["K"] * 4, ["K"] * 4]
    assert reason(near, ["2"], "2 T20-T22") == (
        "moves 2 fields ahead, 42 to go to the goal; leaves the figure within reach of Ben: "
        "12, joker (13 % that one is held)"
    )


def _view(figures, hand, to_move=0):
    state = GAME.from_json(
        {"game": "dog", "seats": 4, "to_move": to_move, "figures": figures, "hand": hand}
    )
    return GAME.view(state, to_move)


def test_the_risk_chance_is_the_card_counters():
    """The chance that Ben holds a card that reaches the figure is the counter's exact
    arithmetic: for one kind, the counter's own figure; for several, the hypergeometric
    chance of any of them (their copies added up)."""
    from math import comb

    from companion.games.dog import reasons as dog_reasons
    from companion.games.dog.engine.cards import JOKER
    from companion.games.dog.engine.counter import seat_count
    from companion.games.dog.engine.state import unseen_pool

    view = _view([["K", "K", "K", "T20"], ["K", "K", "K", "T10"], ["K"] * 4, ["K"] * 4],
                 ["2", "9", "12"])
    assert dog_reasons.reaching_cards(view, 1, 22) == (12, JOKER)
    counted = {(c.card, c.seat): c.p for c in seat_count(view, 0).chances if c.target == "seat"}
    assert dog_reasons.hold_chance(view, 0, 1, (12,)) == pytest.approx(counted[("12", 1)])
    pool = unseen_pool(view)
    n, k = len(pool), sum(1 for c in pool if c in (12, JOKER))
    expected = 1 - comb(n - k, 3) / comb(n, 3)
    assert dog_reasons.hold_chance(view, 0, 1, (12, JOKER)) == pytest.approx(expected)
    # a figure 4 ahead of Ben's is in reach of his 4 (backwards), and the 7 passes over
    assert dog_reasons.reaching_cards(view, 1, 6) == (4, JOKER)
    assert dog_reasons.reaching_cards(view, 1, 15) == (5, 7, JOKER)
    # safe on its own start field, whoever stands behind
    assert dog_reasons.threats(view, 0, view, 0, 0, {0, 2}) == []


def test_blocking_the_start_field_and_keeping_the_flexible_cards():
    figures = [["K", "K", "K", "T20"], ["K", "K", "K", "T56"], ["K"] * 4, ["K"] * 4]
    # Ben's figure 8 fields behind seat 0's start field T0 cannot pass a figure standing there
    assert reason(figures, ["13", "7", "4", "joker"], "13 K") == (
        "brings a figure out; blocks Ben on your start field; keeps your 7, joker, 4 for later"
    )


def test_helping_the_partner():
    # Ben (T30) is 5 behind Cid's figure (seat 2, the partner, on T35); Ann's 10 from T20
    # knocks Ben home: the danger to the partner's figure goes with him
    figures = [["K", "K", "K", "T20"], ["K", "K", "K", "T30"], ["K", "K", "K", "T35"],
               ["K"] * 4]
    assert reason(figures, ["10"], "10 T20-T30") == (
        "sends Ben home; makes your partner's figure safe from Ben; "
        "moves 10 fields ahead, 34 to go to the goal"
    )
    # all own figures home: the play moves the partner's figure on
    home = [["G1", "G2", "G3", "G4"], ["K"] * 4, ["K", "K", "K", "T35"], ["K"] * 4]
    assert reason(home, ["3"], "3 T35-T38").startswith("moves your partner's figure 3 fields")


def test_reasons_shared_by_every_option_are_left_out():
    """A 9 and an 8 that both free the start field: that no longer tells them apart."""
    from companion.advisor.explain import distinct, explain_parts

    state = GAME.from_json({"game": "dog", "seats": 4, "to_move": 0,
                            "figures": [["K", "K", "K", "T0"], ["K"] * 4, ["K"] * 4, ["K"] * 4],
                            "hand": ["9", "8"]})
    options = [explain_parts(GAME, state, GAME.parse_action(state, a), 0, NAMES)
               for a in ("9 T0-T9", "8 T0-T8")]
    assert all(("frees your start field", {}) in o for o in options)
    nine, eight = distinct(options)
    assert ("frees your start field", {}) not in nine + eight
    assert nine != eight and nine and eight
    # one option alone keeps everything
    assert distinct(options[:1]) == options[:1]


def test_a_hit_buy_says_what_it_brings_next_turn():
    import random

    from companion.engines import TABLE
    from companion.games.hit.engine.actions import BUY

    game = get_game("hit")
    rng = random.Random(4)
    said = []
    for _ in range(3):
        state = game.start({"players": 2}, rng)
        for _ in range(400):
            if game.is_terminal(state):
                break
            if game.to_move(state) == TABLE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            action = game.random_action(state, rng)
            if action.kind == BUY:
                said.append(explain(game, state, action, game.to_move(state), NAMES[:2]))
            state = game.apply(state, action)
    assert said and all("is in your hand next turn" in text for text in said)
