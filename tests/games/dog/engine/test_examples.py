"""Every example of the DOG rulebook (dog-schmidt-de-fr-it-en.txt) as a test.

Colours: the examples name green, yellow, blue and red; here green is seat 0 (start T0),
yellow seat 1 (T16), blue seat 2 (T32), red seat 3 (T48), playing in that order.
"""

from __future__ import annotations

import json

import pytest

from tests.engines.contract import run
from tests.games.dog.contract_case import DOG_EXAMPLE

from .helpers import codes, dog, fig_tokens, moves_text, play, pos, with_figures

HANDS = [["4", "5", "swap"], ["7", "2", "3"], ["9", "10", "12"], ["2", "3", "6"]]


def green_yellow_start():
    """Green's A on its start field; yellow's B in its goal with a gap before G4, C one field
    behind a blue figure, D five fields before a red figure and the field green's A goes to."""
    figures = [
        ["T0", "K", "K", "K"],  # green: A on the start field
        ["G2", "G4", "T30", "T57"],  # yellow: B=G2 (gap at G3), C=T30, D=T57
        ["T31", "K", "K", "K"],  # blue, one field ahead of C
        ["T58", "K", "K", "K"],  # red, on D's way
    ]
    return pos(figures, hands=HANDS)


def test_green_cannot_swap_its_protected_figure_and_plays_the_4_backwards() -> None:
    """"Da er seine eigene Figur (A) vom Startfeld nicht wegtauschen kann, spielt er eine 4
    und zieht 4 Felder rückwärts.\""""
    st = green_yellow_start()
    assert codes(st, "swap T0 T30") == ["dog.swap_protected"]
    assert codes(st, "swap T0 T31") == ["dog.swap_protected"]
    moves = moves_text(st)
    assert "4 T0-T60" in moves  # 4 backwards from the start field
    assert "4 T0-T4" in moves
    assert "5 T0-T5" in moves
    assert "swap" in moves  # no swap possible: the card may go without effect
    after = play(st, "4 T0-T60")
    assert fig_tokens(after, 0) == ["K", "K", "K", "T60"]
    assert dog.to_move(after) == 1


def test_yellow_splits_the_7_closing_the_gap_and_burning_in_step_order() -> None:
    """"Zunächst zieht er Figur B ein Feld vorwärts um die Lücke im Ziel zu schließen. Dann
    zieht er mit Figur C ein Feld vorwärts und schlägt die blaue Figur. Die restlichen 5
    Felder geht er mit Figur D und schlägt unterwegs die grüne und die rote Figur.\""""
    st = play(green_yellow_start(), "4 T0-T60")
    assert codes(st, "7 G2-G3 T30-T31 T57-T62") == []
    after = play(st, "7 G2-G3 T30-T31 T57-T62")
    assert fig_tokens(after, 1) == ["T31", "T62", "G3", "G4"]
    assert fig_tokens(after, 0) == ["K", "K", "K", "K"]  # green A burned (passed)
    assert fig_tokens(after, 2) == ["K", "K", "K", "K"]  # blue knocked (landed on)
    assert fig_tokens(after, 3) == ["K", "K", "K", "K"]  # red burned (passed)
    # the same split is among the legal plays (one action per resulting position)
    results = {dog.apply(st, a).figures for a in dog.legal_actions(st)}
    assert after.figures in results


def test_the_7_split_must_use_all_points_and_burns_in_the_order_taken() -> None:
    st = play(green_yellow_start(), "4 T0-T60")
    assert codes(st, "7 G2-G3 T30-T31 T57-T61") == ["dog.seven_points"]  # 6 of 7
    # moving B two fields would need G3 and G4 free (G4 is taken)
    assert codes(st, "7 G2-G4 T57-T62") == ["dog.goal_knock"]


def test_the_8_moves_the_figure_straight_into_the_goal() -> None:
    """"Die Figur wird mit einer 8 direkt ins Ziel gezogen.\" — over its start field: T61,
    T62, T63, T0 (the start field counts), G1, G2, G3, G4."""
    st = pos(with_figures(0, ["T60"]), ["8", "9"])
    assert codes(st, "8 T60-G4") == []
    assert fig_tokens(play(st, "8 T60-G4"), 0) == ["K", "K", "K", "G4"]
    assert codes(st, "8 T60-G3") == ["dog.wrong_distance"]
    moves = moves_text(st)
    assert "8 T60-G4" in moves and "8 T60-T4" in moves  # entering is a choice
    assert "9 T60-T5" in moves and not any(m.startswith("9 T60-G") for m in moves)


def test_after_the_4_backwards_a_5_6_7_8_or_joker_reaches_the_goal_but_not_a_9() -> None:
    """"So kann die Spielfigur ... mit der nächsten Karte (eine 5, 6, 7, 8 oder ?) gleich ins
    Ziel gezogen werden." (The newest German text prints 9 instead of the joker symbol ?; a 9
    would overshoot the four goal fields, so the ? — the joker — is meant.)"""
    after = play(pos(with_figures(0, ["T0"]), ["4"], hands=[["4"], ["2"], ["2"], ["2"]]),
                 "4 T0-T60")
    assert fig_tokens(after, 0) == ["K", "K", "K", "T60"]
    for card, goal in (("5", "G1"), ("6", "G2"), ("7", "G3"), ("8", "G4")):
        s = pos(with_figures(0, ["T60"]), [card])
        assert f"{card} T60-{goal}" in moves_text(s), card
    s = pos(with_figures(0, ["T60"]), ["joker"])
    assert {"joker=5 T60-G1", "joker=8 T60-G4"} <= set(moves_text(s))
    s = pos(with_figures(0, ["T60"]), ["9"])
    assert all("G" not in m for m in moves_text(s))


def test_zugzwang_higher_cards_force_the_figure_past_its_goal() -> None:
    """"Jede Karte (auch die Sieben) muss komplett ausgeführt werden ... dass ein Spieler, der
    z. B. mit 2 Schritten ins Ziel kommen würde, nur noch höhere Karten auf der Hand hat,
    somit am Ziel vorbeigeht" (English and older German: 5 steps)."""
    # newest German text: 2 steps to the goal (T63 -> T0 -> G1), only a 6 and a 10 in hand
    st = pos(with_figures(0, ["T63"]), ["6", "10"])
    assert sorted(moves_text(st)) == ["10 T63-T9", "6 T63-T5"]
    assert codes(st, "fold") == ["dog.must_play"]
    assert codes(st, "6 T63-G4") == ["dog.wrong_distance"]  # the goal has only 4 fields
    # English text: 5 steps to the goal (T60 -> G1), only higher cards than fit: 9 and 10
    st = pos(with_figures(0, ["T60"]), ["9", "10"])
    assert sorted(moves_text(st)) == ["10 T60-T6", "9 T60-T5"]
    assert codes(st, "fold") == ["dog.must_play"]
    after = play(st, "9 T60-T5")
    assert fig_tokens(after, 0) == ["K", "K", "K", "T5"]  # one more round to go


def test_the_contract_example_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """What the command line says of the contract's example (the generic answers are in
    test_contract.py): the moves of one card, a void swap, rulings, the score, and positions
    without their optional keys."""
    example = json.dumps(DOG_EXAMPLE)
    fours = run(capsys, "dog", "moves", example, "--card", "4")[1]["moves"]
    assert sorted(m["action"] for m in fours) == ["4 T0-T4", "4 T0-T60", "4 T37-T33",
                                                  "4 T37-T41"]
    swaps = run(capsys, "dog", "moves", example, "--card", "swap")[1]["moves"]
    # own T0 is protected, T16 is protected, the partner's figures are in the goal
    assert [m["action"] for m in swaps] == ["swap"]
    after = swaps[0]["position"]  # "without effect": the figures stay, the card goes
    assert [sorted(f) for f in after["figures"]] == [sorted(f) for f in DOG_EXAMPLE["figures"]]
    assert after["discard"] == ["swap"] and after["hands"][0] == ["4", "7"]
    assert run(capsys, "dog", "check", example, "5 T37-T42")[1]["violations"] == [
        {"code": "dog.card_not_in_hand", "rule": "Spielablauf / How to play",
         "message": "Seat 0 holds no 5."}]
    out = run(capsys, "dog", "check", example, "swap T37 T16")[1]
    assert [v["code"] for v in out["violations"]] == ["dog.swap_protected"]
    assert run(capsys, "dog", "check", example, "7 T37-T44")[1]["legal"] is True
    score = run(capsys, "dog", "score", example)[1]
    assert score["teams"] == [[0, 2], [1, 3]] and score["home"] == [0, 0, 2, 0]
    bare = {"figures": DOG_EXAMPLE["figures"]}
    thirteens = run(capsys, "dog", "moves", json.dumps({**bare, "hand": ["13"]}))[1]["moves"]
    assert [m["action"] for m in thirteens] == ["13 T0-T13", "13 T37-T50"]
    ones = run(capsys, "dog", "moves", json.dumps({**bare, "hand": ["1"]}), "--card", "11")
    assert "1 T37-T48" in [m["action"] for m in ones[1]["moves"]]  # the 1/11 card
    assert run(capsys, "dog", "moves", json.dumps({"seats": 4}))[1]["moves"]  # unknown hand


def test_new_games_by_seats_and_mode(
        capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "dog", "new", "--seed", "42")[1]
    assert first["phase"] == "exchange" and len(first["hand"]) == 6
    assert run(capsys, "dog", "new", "--seats", "6", "--seed", "1")[1]["mode"] == "teams"
    solo = run(capsys, "dog", "new", "--seats", "4", "--mode", "solo", "--seed", "1")[1]
    assert solo["mode"] == "solo" and len(solo["figures"][0]) == 5
    assert run(capsys, "dog", "new", "--seats", "3", "--seed", "2")[1]["mode"] == "solo"
    assert run(capsys, "dog", "new", "--seats", "3", "--mode", "teams")[0] == 2
