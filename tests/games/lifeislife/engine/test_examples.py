"""The rulebook's worked examples (nuota-per-la-tua-vita-it.txt), as tests."""

from __future__ import annotations

import json

import pytest

from companion.games.lifeislife.engine.cards import BEAR, GIRAFFE, MOLE
from companion.games.lifeislife.engine.scoring import lives_lost, majorities, round_points
from tests.engines.contract import run
from tests.games.lifeislife.contract_case import LIFE_EXAMPLE

from .helpers import codes, hand_of, life, play, pos, rows_of, show_all

TIM, MIA, LINO, LEO, ANNA = range(5)

#: Five hands scoring exactly the rulebook's totals: Tim giraffes (9) + sheep (6) = 15, Mia
#: bears (8) + hares (5) = 13, Lino dogs (6) + cats (4) = 10, Leo moles (7), Anna goats (7);
#: pigs and mice are tied and score nothing.
SCORED_HANDS = [
    ["giraffe"] * 4 + ["sheep"] * 3 + ["pig", "bear", "mole"],
    ["bear"] * 4 + ["hare"] * 3 + ["pig", "giraffe", "goat"],
    ["dog"] * 3 + ["cat"] * 2 + ["giraffe", "bear", "mole", "goat", "sheep"],
    ["mole"] * 3 + ["mouse", "giraffe", "bear", "goat", "sheep", "dog", "hare"],
    ["goat"] * 3 + ["mouse", "giraffe", "bear", "mole", "sheep", "dog", "cat"],
]
SCORED_ROWS = [["giraffe"], ["mole", "goat"], ["dog", "hare", "cat"],
               ["pig", "pig", "pig", "mouse"]]


def test_tim_takes_row_3() -> None:
    # "È di turno Tim. Vorrebbe prendere la 3ª fila. Posa dapprima tre delle carte che ha in
    # mano e prende poi in mano la 3ª fila completa. Le sue tre carte messe giù vengono posate
    # come nuova 3ª fila."
    tim = ["giraffe", "giraffe", "bear", "mole", "goat", "sheep", "dog", "hare", "hare", "mouse"]
    rows = [["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"], ["mouse", "dog", "goat",
                                                                    "sheep"]]
    st = pos(rows, [tim, None, None, None], to_move=TIM)
    after = play(st, "swap 3: hare,hare,mouse")
    assert rows_of(after)[2] == ["hare", "hare", "mouse"]  # the new 3rd row
    assert rows_of(after)[:2] == [["giraffe"], ["bear", "mole"]]  # the others stay
    assert hand_of(after, TIM) == ["giraffe", "giraffe", "bear", "mole", "goat", "sheep", "dog",
                                   "pig", "pig", "cat"]
    assert len(hand_of(after, TIM)) == 10  # a row holds as many cards as are laid down
    # everyone saw what Tim took
    assert life.to_json(after)["public"][TIM] == ["pig", "pig", "cat"]
    assert life.to_json(life.view(after, MIA))["hands"][TIM] == ["pig", "pig", "cat"] + ["?"] * 7
    assert life.to_json(after)["to_move"] == MIA and life.to_json(after)["swapped"][TIM]


def test_sara_may_not_swap_mole_and_bear_for_mole_and_bear() -> None:
    # "Sara vuole prendere la seconda fila, dove ci sono una talpa e un orso. Non può scambiare
    # talpa e orso con talpa e orso; ogni altra combinazione (di due animali) è permessa."
    sara = ["giraffe", "bear", "bear", "mole", "mole", "goat", "sheep", "dog", "hare", "cat"]
    st = pos([["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"],
              ["mouse", "dog", "goat", "sheep"]], [sara, None, None], to_move=0)
    assert codes(st, "swap 2: mole,bear") == ["lifeislife.swap_same_cards"]
    assert codes(st, "swap 2: bear,mole") == ["lifeislife.swap_same_cards"]  # order is no matter
    assert codes(st, "swap 2: mole,mole") == [] and codes(st, "swap 2: bear,bear") == []
    assert codes(st, "swap 2: bear,cat") == []
    # every other combination of two of her animals, each listed once
    two = {tuple(c) for c in life.laydowns(st, 2)}
    kinds = sorted(set(sara), key=sara.index)
    expected = {(a, b) for i, a in enumerate(kinds) for b in kinds[i:]
                if (a != b or sara.count(a) >= 2)} - {("bear", "mole")}
    assert two == expected and len(life.laydowns(st, 2)) == len(two)


def test_the_giraffe_majority_of_mia() -> None:
    # "Mia ha quattro giraffe, Tim tre giraffe e Sara una giraffa. Mia ottiene 9 punti per il
    # maggior numero delle sue giraffe"
    mia = ["giraffe"] * 4 + ["bear", "bear", "mole", "mole", "goat", "goat"]
    tim = ["giraffe"] * 3 + ["bear", "bear", "mole", "mole", "goat", "goat", "sheep"]
    sara = ["giraffe", "bear", "bear", "mole", "mole", "goat", "goat", "sheep", "sheep", "dog"]
    st = pos([["giraffe"], ["dog", "dog"], ["hare", "hare", "hare"], ["pig", "pig", "pig",
                                                                      "pig"]],
             [mia, tim, sara], to_move=0)
    assert majorities(st.hands, [0, 1, 2])[GIRAFFE] == 0
    # "Importantissimo: Se più giocatori dovessero avere lo stesso maggior numero di un tipo di
    # animale, nessuno ottiene punti": bears, moles and goats are tied 2-2
    assert majorities(st.hands, [0, 1, 2])[BEAR] == -1
    assert majorities(st.hands, [0, 1, 2])[MOLE] == -1
    result = life.round_result(st)
    assert result is not None
    assert result["majorities"]["giraffe"] == 0  # Mia
    assert result["points"] == [9, 0, 6 + 6]  # Sara: sheep 2 against 1, the only dog


def test_tim_15_mia_13_lino_10_leo_and_anna_7() -> None:
    # "Tim ha ottenuto in tutto 15 punti, Mia 13 punti, Lino 10 punti, Leo e Anna 7 punti.
    # 1) Tim non deve cedere vite. 2) Leo e Anna devono cedere entrambi 2 vite ciascuno.
    # 3) Mia e Lino devono cedere 1 vita."
    assert lives_lost([15, 13, 10, 7, 7]) == [0, 1, 1, 2, 2]
    # the same from real hands, ended by the last player's knock after Tim knocked
    st = pos(SCORED_ROWS, SCORED_HANDS, to_move=ANNA, knocked_by=TIM, swapped=[True] * 5,
             starter=TIM)
    assert round_points(st.hands, [0, 1, 2, 3, 4], 5) == [15, 13, 10, 7, 7]
    score = life.score(st)
    assert score["points"] == [15, 13, 10, 7, 7] and score["lives_lost"] == [0, 1, 1, 2, 2]
    assert score["sudden_death"] is None and score["final"] is False
    shows = play(st, "knock")  # Anna keeps her cards: the round is over, the hands are shown
    assert life.phase(shows) == "reveal" and shows.lives == (5,) * 5
    after = show_all(shows)
    assert after.lives == (5, 4, 4, 3, 3)
    final = life.score(after)
    assert final["final"] is True and final["points"] == [15, 13, 10, 7, 7]
    assert final["lives_lost"] == [0, 1, 1, 2, 2] and final["sudden_death"] is None
    assert life.phase(after) == "deal" and after.starter == MIA  # left of Tim


def test_everyone_tied_loses_nothing() -> None:
    # "Nota: Se tutti i giocatori dovessero avere la stessa maggioranza di punti, nessuno deve
    # cedere vite."
    assert lives_lost([8, 8, 8]) == [0, 0, 0]
    assert lives_lost([8, 8, 3]) == [0, 0, 2]  # ties share a fate
    assert lives_lost([8, 3, 3, 3]) == [0, 2, 2, 2]
    assert lives_lost([9, 4]) == [0, 2]  # two players: no one in between
    assert lives_lost([None, 9, 4, 6]) == [0, 0, 2, 1]  # seat 0 is out of the game


def test_the_contract_example_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """What the command line says of the contract's example and of five known hands (the
    generic answers are in test_contract.py)."""
    example = json.dumps(LIFE_EXAMPLE)
    actions = [m["action"] for m in run(capsys, "lifeislife", "moves", example)[1]["moves"]]
    assert "swap 1: bear" in actions and "swap 1: giraffe" not in actions  # not the same card
    assert "swap 2: bear,mole" not in actions and "knock" not in actions
    assert run(capsys, "lifeislife", "check", example, "knock")[1]["violations"] == [{
        "code": "lifeislife.knock_before_swap",
        "rule": "Svolgimento del gioco / How to play: B) Picchiettare / knocking",
        "message": "Seat 0 may knock only after having swapped at least once this round.",
    }]
    out = run(capsys, "lifeislife", "check", example, "swap 3: hare,hare,mouse")[1]
    assert out["legal"] is True and out["position"]["rows"][2] == ["hare", "hare", "mouse"]
    unknown = run(capsys, "lifeislife", "score", example)[1]  # hands unknown: no result yet
    assert unknown["points"] is None and unknown["hands_known"][:2] == [True, False]
    known = json.dumps({"game": "lifeislife", "players": 5, "to_move": 4, "knocked_by": 0,
                        "rows": SCORED_ROWS, "hands": SCORED_HANDS})
    out = run(capsys, "lifeislife", "score", known)[1]
    assert out["points"] == [15, 13, 10, 7, 7] and out["lives_lost"] == [0, 1, 1, 2, 2]
    assert out["sudden_death"] is None and out["lives"] == [5] * 5
    asides = [run(capsys, "lifeislife", "new", "--seats", n, "--seed", "1")[1]["aside"]
              for n in "345"]
    assert asides == [20, 10, 0]
