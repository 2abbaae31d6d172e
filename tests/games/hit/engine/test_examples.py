"""The rulebook's own examples ("BEISPIEL"), position by position.

Colours: blue = seat 0, red = seat 1, green = seat 2 (4 players, 3 figures and 3 goal fields
each; the 2/4-player side, fields T0 … T47, starts T0, T12, T24, T36).
"""

from __future__ import annotations

import json

import pytest

from companion.games.hit.engine.state import MARKET, PLAY, SHUFFLE
from tests.engines.contract import run
from tests.games.hit.contract_case import HIT_EXAMPLE

from .helpers import codes, figures_of, hit, moves_text, play, plays, pos, violation_of

W3 = ["W", "W", "W"]
IDLE_BLUE = [["T3", "W", "W"], W3, W3, W3]
FULL_MARKET = ["4", "5", "7", "hunt", "jump"]


def test_blue_10_and_11_cannot_enter_the_goal_and_the_6_wins() -> None:
    """Zieleinlauf, BEISPIEL: "Blau kann weder mit der 10er- noch mit der 11er-Karte die letzte
    Figur passend auf ein Zielfeld ziehen ... legt Blau die 10 und die 11 ungenutzt ab. Mit der
    6 kann Blau die letzte Figur jedoch genau passend auf ein Zielfeld ziehen und gewinnt
    dadurch sofort das Spiel!" Blue's last figure stands on T42, six fields before G1; G2 and
    G3 are taken."""
    blue = pos([["T42", "G2", "G3"], W3, W3, W3], ["split10", "11", "6"])
    assert sorted(moves_text(blue)) == ["11 -", "6 T42-G1", "split10 -"]
    assert codes(blue, "11 T42-G3") == ["hit.goal_overshoot"]
    assert codes(blue, "split10 T42-G1 G2-G3") == ["hit.own_figure"]
    assert codes(blue, "6 -") == ["hit.card_usable"]
    # the order is blue's choice: 10 and 11 unused, then the 6 …
    st = play(blue, "split10 -", "11 -")
    assert hit.phase(st) == "play" and not hit.is_terminal(st)
    won = play(st, "6 T42-G1")
    assert hit.is_terminal(won) and won.winner == 0 and hit.returns(won) == (1.0, 0.0, 0.0, 0.0)
    # … or the 6 first: the game ends at once, the other cards are never played
    at_once = play(blue, "6 T42-G1")
    assert hit.is_terminal(at_once) and len(at_once.hands[0]) == 2
    assert codes(at_once, "11 -") == ["hit.game_over"]
    assert violation_of(at_once, "11 -").param("winner") == 0


def test_red_5_hits_blue() -> None:
    """Figuren schlagen, BEISPIEL: "Rot zieht mit der neutralen 5er-Karte um 5 Felder vor.
    Damit landet sie auf dem Feld mit der blauen Figur und schlägt sie. Die blaue Figur wird
    zurück auf ein blaues Wartefeld gesetzt." The 5 also pays 2 coins."""
    red = pos([["T25", "W", "W"], ["T20", "W", "W"], W3, W3], ["5", "s1", "s6"], to_move=1)
    after = play(red, "5 T20-T25")
    assert figures_of(after)[0] == ["W", "W", "W"]  # blue waits again
    assert figures_of(after)[1] == ["W", "W", "T25"]
    assert after.coins == (6, 8, 6, 6)


def test_green_1_moves_on_past_blue_shield_and_red() -> None:
    """Geschützt, BEISPIEL: "Grün spielt die 1er-Karte. Auf dem blauen Ablagestapel liegt
    jedoch eine Karte mit Schild-Symbol ... Die grüne Figur bewegt sich daher auf das nächste
    freie Feld, also direkt vor Blau und Rot." Blue on T31 (shield s3 on top of its discard
    pile), red on T32, green plays its start card 1 from T30."""
    green = pos([["T26", "T31", "W"], ["T32", "W", "W"], ["T30", "W", "W"], W3],
                ["s1", "s6", "scoins"], to_move=2, discards=[["s3"], [], [], []])
    assert hit.protected(green) == [True, False, False, False]
    assert codes(green, "s1 T30-T31") == ["hit.shielded"]
    v = violation_of(green, "s1 T30-T31")
    assert (v.param("seat"), v.param("expected")) == (0, "T33")
    assert hit.message(v) == ("The figure on T31 is protected by the shield on top of seat 0's "
                              "discard pile: the s1 moves on to T33.")
    assert codes(green, "s1 T30-T32") == ["hit.wrong_destination"]
    after = play(green, "s1 T30")  # the destination is filled in
    assert figures_of(after) == [["W", "T26", "T31"], ["W", "W", "T32"], ["W", "W", "T33"], W3]


def test_red_6_shield_breaker_hits_the_protected_blue() -> None:
    """Schildbrecher, BEISPIEL: "Nun ist Rot an der Reihe und spielt die 6er-Karte mit
    Schildbrecher-Symbol aus. Damit kann Rot die blaue Figur schlagen, obwohl sie eigentlich
    geschützt ist." Red's start card 6 has no shield breaker: it would move on instead."""
    red = pos([["T26", "T31", "W"], ["T20", "W", "W"], ["T33", "W", "W"], W3],
              ["6", "s6", "scoins"], to_move=1, discards=[["s3"], [], [], []])
    assert plays(red, "s6") == ["s6 W-T12", "s6 T20-T27"]  # no breaker: past blue to T27
    after = play(red, "6 T20-T26")
    assert figures_of(after)[0] == ["W", "W", "T31"]
    assert after.coins[1] == 7  # the neutral 6 pays 1 coin
    assert hit.protected(after)[0]  # blue stays protected: the breaker only ignores it


def test_reshuffle_after_two_cards() -> None:
    """Nachziehstapel leer, BEISPIEL: "Nachdem du 2 Karten nachgezogen hast, ist dein
    Nachziehstapel leer. Daher mischst du deinen gesamten Ablagestapel zu einem neuen
    verdeckten Nachziehstapel. Dann ziehst du 1 weitere Karte nach." Blue's draw pile holds
    s1-5 and scorner; s1, s6, s3 and scoins (on top) lie on the discard pile."""
    st = pos(IDLE_BLUE, to_move="table", phase="draw", hands=[[], None, None, None],
             discards=[["s1", "s6", "s3", "scoins"], [], [], []], market=FULL_MARKET)
    assert hit.to_json(st)["draw_pile"][0] == 2
    assert moves_text(st) == ["draw"]
    assert codes(st, "draw s1-5,scorner,s1") == ["hit.draw_count"]
    st = play(st, "draw s1-5,scorner")
    assert st.phase == SHUFFLE and hit.to_move(st) == -1  # no shield on top: no choice
    assert codes(st, "shuffle keep") == ["hit.keep_no_shield"]
    st = play(st, "shuffle")
    assert hit.to_json(st)["discards"][0] == [] and hit.to_json(st)["draw_pile"][0] == 4
    assert codes(st, "draw scorner") == ["hit.not_in_pile"]  # it is in the hand already
    st = play(st, "draw s6")
    assert sorted(hit.to_json(st)["hands"][0]) == ["s1-5", "s6", "scorner"]
    assert st.phase == PLAY and st.turn == 1  # nothing bought: no refill, red's turn


def test_no_reshuffle_while_the_pile_lasts() -> None:
    """"Mische deinen Ablagestapel immer erst, wenn du eine Karte ziehen musst und dein
    Nachziehstapel leer ist, nicht bereits, sobald du die letzte Karte von ihm ziehst." """
    st = pos(IDLE_BLUE, to_move="table", phase="draw", hands=[[], None, None, None],
             discards=[["s1", "s6", "scoins"], [], [], []], market=FULL_MARKET)
    st = play(st, "draw s1-5,scorner,s3")
    assert st.phase == PLAY and st.turn == 1
    assert hit.to_json(st)["draw_pile"][0] == 0
    assert hit.to_json(st)["discards"][0] == ["s1", "s6", "scoins"]  # not shuffled yet


def test_market_refill_after_buying_two() -> None:
    """Kartenmarkt auffüllen, BEISPIEL: "Du hast in deinem Zug 2 Karten aus dem Markt gekauft.
    Daher sind dort nun 2 Plätze leer. Du ziehst 2 neue Karten vom Stapel und legst sie
    aufgedeckt in den Markt." """
    st = pos(IDLE_BLUE, to_move=0, phase="buy", hands=[[], None, None, None], coins=[10, 6, 6, 6],
             discards=[["s1", "s6", "scoins"], [], [], []], market=FULL_MARKET)
    st = play(st, "buy 4", "buy 5", "end")
    assert hit.to_json(st)["market"] == ["7", "hunt", "jump"] and st.coins[0] == 4
    st = play(st, "draw")  # the two bought cards are on top; the third from the pile
    assert sorted(hit.to_json(st)["hands"][0]) == ["4", "5", "?"]
    assert st.phase == MARKET and hit.to_move(st) == -1
    assert codes(st, "market 8") == ["hit.market_count"]
    st = play(st, "market 8,coins5")
    assert hit.to_json(st)["market"] == ["7", "8", "coins5", "hunt", "jump"]
    assert st.phase == PLAY and st.turn == 1


def test_the_shield_breaker_example_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """What the command line says of the contract's HIT example (the generic answers are in
    test_contract.py): its moves, the ruling with its message, the score."""
    example = json.dumps(HIT_EXAMPLE)
    actions = [m["action"] for m in run(capsys, "hit", "moves", example)[1]["moves"]]
    assert {"6 T20-T26", "s6 T20-T27", "scoins", "discard 6,s6", "discard s6,6"} <= set(actions)
    only = run(capsys, "hit", "moves", example, "--card", "S6")[1]["moves"]
    assert [m["action"] for m in only] == ["s6 W-T12", "s6 T20-T27"]
    assert run(capsys, "hit", "check", example, "s6 T20-T26")[1]["violations"] == [{
        "code": "hit.shielded",
        "rule": "Figuren schlagen / Hitting figures",
        "message": "The figure on T26 is protected by the shield on top of seat 0's discard "
                   "pile: the s6 moves on to T27.",
    }]
    out = run(capsys, "hit", "check", example, "6 T20")[1]
    assert out["legal"] is True and out["position"]["figures"][0] == ["W", "W", "T31"]
    score = run(capsys, "hit", "score", example)[1]
    assert score["protected"] == [True, False, False, False] and score["deck"] == [6, 7, 6, 6]
    assert score["steps_to_go"][1] == 49 + 49 + (48 - 8)  # two waiting, one on T20 (rel 8)
    assert score["progress"][0] > score["progress"][3] == 0.0 and score["coins"] == [6] * 4
    sides = [run(capsys, "hit", "new", "--seats", n, "--seed", "1")[1]["side"] for n in "23"]
    assert sides == ["2-4", "3"]
    assert run(capsys, "hit", "new", "--mode", "teams")[0] == 2  # HIT has no teams
