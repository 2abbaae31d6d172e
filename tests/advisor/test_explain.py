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
            "sends Ben home",
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
            "frees your start field",
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
            "sends your partner's figure home",
        ),
        (
            [["K", "K", "K", "T20"], ["K"] * 4, ["K"] * 4, ["K"] * 4],
            ["6"],
            "6 T20-T26",
            "moves 6 fields ahead",
        ),
        (
            [["K", "K", "K", "T10"], ["K", "K", "K", "T12"], ["K"] * 4, ["K", "K", "K", "T14"]],
            ["7"],
            "7 T10-T17",
            "sends Ben and Dan home",
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
        "takes pig ×2, cat for bear ×2, cat; builds on giraffe (3) and pig (2)"
    )
    state = game.apply(state, swap)
    for text in ("swap 1: hare", "swap 2: sheep,sheep"):  # Mia and Lino (hands not entered)
        state = game.play_text(state, text)
    knock = game.parse_action(state, "knock")
    assert game.check(state, knock) == []
    assert explain(game, state, knock, 0, NAMES) == (
        "ends the round: everyone else gets one more turn"
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
    # the figure on T10 (Ben 5 behind it) runs off; the one on T30 walks into nobody's reach
    assert reason(figures, ["13", "7"], "13 T10-T23") == (
        "moves 13 fields ahead; gets the figure out of reach of Ben; keeps your 7 for later"
    )
    assert reason(figures, ["13", "7"], "13 T30-T43") == (
        "moves 13 fields ahead; keeps your 7 for later"
    )
    near = [["K", "K", "K", "T20"], ["K", "K", "K", "T10"], ["K"] * 4, ["K"] * 4]
    assert reason(near, ["2"], "2 T20-T22") == (
        "moves 2 fields ahead; leaves the figure within reach of Ben"
    )
