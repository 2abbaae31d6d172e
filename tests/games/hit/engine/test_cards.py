"""Every card of the start decks and of the neutral stack, each with legal and illegal plays
("Übersicht aller Karten"). Seat 0 (start T0, barrier T47, goal G1 … G3 with 4 players) plays
unless said otherwise; opponents are seats 1 to 3. Corner fields: T0 T5 T10 T12 T17 T22 T24
T29 T34 T36 T41 T46; start fields T0 T12 T24 T36; barrier fields T11 T23 T35 T47.
"""

from __future__ import annotations

import pytest

from companion.engines.base import InvalidActionError

from .helpers import codes, figures_of, hit, play, plays, pos, violation_of

W3 = ["W", "W", "W"]


def at(*fields: str, others: list[list[str]] | None = None) -> list[list[str]]:
    """Seat 0's figures (padded with W) and the others' (default: all waiting)."""
    own = [*fields, *["W"] * (3 - len(fields))]
    return [own, *(others or [W3, W3, W3])]


def two(fields0: list[str], fields1: list[str]) -> list[list[str]]:
    return [[*fields0, *["W"] * (3 - len(fields0))], [*fields1, *["W"] * (3 - len(fields1))],
            W3, W3]


# -- start cards -------------------------------------------------------------------------------
def test_start_coins() -> None:
    st = pos(at("T3"), ["scoins", "s1", "s6"])
    after = play(st, "scoins")
    assert after.coins[0] == 9 and figures_of(after) == figures_of(st)
    with pytest.raises(InvalidActionError):
        hit.parse_action(st, "scoins T3")


@pytest.mark.parametrize("card, steps", [("s1", 1), ("s6", 6)])
def test_start_1_and_6_come_out_or_move(card: str, steps: int) -> None:
    st = pos(at("T3"), [card, "scoins", "s1-5"])
    assert plays(st, card) == [f"{card} W-T0", f"{card} T3-T{3 + steps}"]
    assert figures_of(play(st, f"{card} W"))[0] == ["W", "T0", "T3"]
    # an own figure on the start field: no other comes out ("Dann kannst du mit keiner weiteren
    # rauskommen, weil du eigene Figuren nicht schlagen kannst")
    home = pos(at("T0"), [card, "scoins", "s1-5"])
    assert codes(home, f"{card} W-T0") == ["hit.start_occupied"]
    assert plays(home, card) == [f"{card} T0-T{steps}"]
    # nobody waiting
    full = pos(at("T3", "T5", "T9"), [card, "scoins", "s1-5"])
    assert codes(full, f"{card} W") == ["hit.no_waiting_figure"]
    # an opponent on the start field is hit; a protected one is passed to the next free field
    opp = pos(two(["T3"], ["T0"]), [card, "scoins", "s1-5"])
    assert figures_of(play(opp, f"{card} W-T0"))[1] == W3
    shielded = pos(two(["T3"], ["T0", "T1"]), [card, "scoins", "s1-5"],
                   discards=[[], ["4"], [], []], bought=[[], ["4"], [], []])
    assert plays(shielded, card)[0] == f"{card} W-T2"
    assert figures_of(play(shielded, f"{card} W"))[1] == ["W", "T0", "T1"]


def test_start_1_to_5_no_hitting() -> None:
    """"Ziehe deine Figur 1 bis 5 Felder weiter ... Allerdings darfst du dabei keine Figur
    schlagen ... In diesem Fall ziehst du wie üblich auf das nächste freie Feld vor der
    Figur." An opponent on T5: 2 and 3 both end on T6 (listed once)."""
    st = pos(two(["T3"], ["T5"]), ["s1-5", "scoins", "s1"])
    assert plays(st, "s1-5") == ["s1-5 T3-T4", "s1-5 T3-T6", "s1-5 T3-T7", "s1-5 T3-T8"]
    after = play(st, "s1-5 T3-T6")
    assert figures_of(after)[1] == ["W", "W", "T5"]  # not hit
    assert codes(st, "s1-5 T3-T5") == ["hit.no_hit"]
    assert violation_of(st, "s1-5 T3-T5").param("expected") == "T6"
    assert codes(st, "s1-5 T3-T9") == ["hit.unreachable"]
    own = pos(at("T3", "T5"), ["s1-5", "scoins", "s1"])
    assert codes(own, "s1-5 T3-T5") == ["hit.own_figure"]
    with pytest.raises(InvalidActionError):  # a choice: the destination must be named
        hit.parse_action(st, "s1-5 T3")


def test_start_3_pays_2_coins_and_shields() -> None:
    st = pos(at("T3"), ["s3", "scoins", "s1"])
    after = play(st, "s3 T3-T6")
    assert after.coins[0] == 8 and hit.protected(after)[0]
    assert codes(st, "s3 T3-T7") == ["hit.wrong_destination"]
    # unused (the figure would overshoot the goal): coins and shield all the same ("Egal ob du
    # die Karte normal gespielt hast oder ungenutzt ablegen musstest")
    stuck = pos(at("T46", "G1", "G2"), ["s3", "scoins", "s1"])
    assert plays(stuck, "s3") == ["s3 -"]
    unused = play(stuck, "s3 -")
    assert unused.coins[0] == 8 and hit.protected(unused)[0]


def test_start_next_free_corner() -> None:
    """"Ziehe auf das nächste freie Eckfeld und nimm dir 1 Münze. Überspringe besetzte
    Eckfelder." Never hits."""
    st = pos(two(["T3"], ["T5"]), ["scorner", "scoins", "s1"])
    assert plays(st, "scorner") == ["scorner T3-T10"]  # T5 is taken: the next free corner
    after = play(st, "scorner T3")
    assert after.coins[0] == 7 and figures_of(after)[1] == ["W", "W", "T5"]
    assert codes(st, "scorner T3-T5") == ["hit.wrong_destination"]
    last = pos(at("T46"), ["scorner", "scoins", "s1"])  # no corner before the own barrier
    assert codes(last, "scorner T46-T5") == ["hit.no_free_corner"]
    assert plays(last, "scorner") == ["scorner -"]
    assert play(last, "scorner -").coins[0] == 7


# -- neutral number cards ----------------------------------------------------------------------
@pytest.mark.parametrize("card, steps, coins", [("4", 4, 0), ("5", 5, 2), ("6", 6, 1),
                                                 ("7", 7, 2), ("8", 8, 2)])
def test_number_cards(card: str, steps: int, coins: int) -> None:
    st = pos(two(["T3"], [f"T{3 + steps}"]), [card, "scoins", "s1"])
    after = play(st, f"{card} T3-T{3 + steps}")
    assert figures_of(after)[1] == W3  # hit
    assert after.coins[0] == 6 + coins
    assert hit.protected(after)[0] == (card == "4")  # the 4 shows a shield
    assert codes(st, f"{card} T3-T{4 + steps}") == ["hit.wrong_destination"]
    assert codes(st, f"{card} W") == ["hit.not_out"]
    assert codes(st, f"{card} T30") == ["hit.no_figure"]


def test_6_breaks_shields_and_4_protects() -> None:
    shielded = {"discards": [[], ["4"], [], []], "bought": [["6", "5"], ["4"], [], []]}
    st = pos(two(["T3", "T4"], ["T9", "T8"]), ["6", "5", "s1"], **shielded)
    assert figures_of(play(st, "6 T3-T9"))[1] == ["W", "W", "T8"]  # the breaker hits
    assert plays(st, "5")[0] == "5 T3-T10"  # the 5 moves on past the protected figures


def test_11_no_hitting() -> None:
    st = pos(two(["T3"], ["T14", "T15"]), ["11", "scoins", "s1"])
    assert plays(st, "11") == ["11 T3-T16"]
    after = play(st, "11 T3")
    assert figures_of(after)[1] == ["W", "T14", "T15"]
    assert codes(st, "11 T3-T14") == ["hit.no_hit"]
    assert hit.message(violation_of(st, "11 T3-T14")) == (
        "The 11 shows \"no hitting\": it moves on past the figure on T14 to T16.")


def test_3_forward_or_1_back() -> None:
    """"Ziehe deine Figur 3 Felder weiter ODER 1 Feld zurück ... Beachte, dass du keinesfalls
    rückwärts über die Schranke deiner eigenen Farbe ziehen darfst." Shield breaker."""
    shielded = {"discards": [[], ["4"], [], []], "bought": [["3back"], ["4"], [], []]}
    st = pos(two(["T5"], ["T4", "T8"]), ["3back", "scoins", "s1"], **shielded)
    assert plays(st, "3back") == ["3back T5-T8", "3back T5-T4"]
    assert figures_of(play(st, "3back T5-T4"))[1] == ["W", "W", "T8"]  # hit, though protected
    assert figures_of(play(st, "3back T5-T8"))[1] == ["W", "W", "T4"]
    start = pos(at("T0"), ["3back", "scoins", "s1"])
    assert codes(start, "3back T0-T47") == ["hit.barrier"]  # back over the own barrier
    assert plays(start, "3back") == ["3back T0-T3"]
    goal = pos(at("G1"), ["3back", "scoins", "s1"])
    assert codes(goal, "3back G1-T47") == ["hit.barrier"]
    assert plays(goal, "3back") == ["3back -"]  # G1 + 3 overshoots, back is barred
    own = pos(at("T5", "T4"), ["3back", "scoins", "s1"])
    assert codes(own, "3back T5-T4") == ["hit.own_figure"]


def test_split_10() -> None:
    """"Teile 10 Schritte beliebig (aber vollständig) auf eine oder mehrere deiner Figuren
    auf. Dabei darfst du keine Figuren schlagen und jede deiner Figuren höchstens 1x
    bewegen." """
    st = pos(two(["T3", "T20"], ["T8"]), ["split10", "scoins", "s1"])
    after = play(st, "split10 T3-T9 T20-T25")  # 5 steps end on T8 (taken): on to T9, + 5
    assert figures_of(after) == [["W", "T9", "T25"], ["W", "W", "T8"], W3, W3]
    assert codes(st, "split10 T3-T13") == []  # one figure may take all 10
    assert codes(st, "split10 T3-T9 T20-T24") == []  # T3+6 = T9 (4 steps are left for T20)
    assert codes(st, "split10 T3-T6 T20-T25") == ["hit.split_total"]
    assert codes(st, "split10 T3-T6 T6-T13") == ["hit.split_twice"]
    assert codes(st, "split10 T3-T8 T20-T25") == ["hit.no_hit"]
    assert codes(st, "split10 T3-T2 T20-T30") == ["hit.unreachable"]  # not backwards
    assert codes(st, "split10 T3-T20") == ["hit.own_figure"]
    assert codes(st, "split10 W-T0 T3-T13") == ["hit.not_out"]
    assert codes(st, "split10 T5-T15") == ["hit.no_figure"]
    moves = hit.plays_of(st, "split10")
    assert len(moves) == len({hit.apply(st, m) for m in moves}) > 10  # one play per result
    # the goal must be entered exactly with each part; unusable splits are laid down unused
    home = pos(at("T42", "G2", "G3"), ["split10", "scoins", "s1"])
    assert plays(home, "split10") == ["split10 -"]
    with pytest.raises(InvalidActionError):
        hit.parse_action(st, "split10 T3")


def test_next_barrier() -> None:
    """"Springe direkt auf das nächstgelegene Feld mit Schranke und gebogenem Pfeil." Any
    colour's barrier, the own one included; hitting as usual."""
    st = pos(two(["T3"], ["T11"]), ["tobarrier", "scoins", "s1"])
    assert plays(st, "tobarrier") == ["tobarrier T3-T11"]
    assert figures_of(play(st, "tobarrier T3"))[1] == W3
    last = pos(at("T40"), ["tobarrier", "scoins", "s1"])
    assert plays(last, "tobarrier") == ["tobarrier T40-T47"]  # its own barrier field
    on = pos(at("T47"), ["tobarrier", "scoins", "s1"])
    assert codes(on, "tobarrier T47-T11") == ["hit.barrier"]
    own = pos(at("T3", "T11"), ["tobarrier", "scoins", "s1"])
    assert codes(own, "tobarrier T3-T11") == ["hit.own_figure"]


def test_next_start_field() -> None:
    st = pos(two(["T3"], ["T12"]), ["tostart", "scoins", "s1"])
    assert plays(st, "tostart") == ["tostart T3-T12"]
    assert figures_of(play(st, "tostart T3"))[1] == W3
    late = pos(at("T40"), ["tostart", "scoins", "s1"])  # the own start field lies behind
    assert codes(late, "tostart T40-T0") == ["hit.barrier"]
    assert plays(late, "tostart") == ["tostart -"]


def test_coin_cards() -> None:
    st = pos(at("T3"), ["coins3", "coins5", "s1"])
    after = play(st, "coins3")
    assert after.coins[0] == 9 and hit.protected(after)[0]  # the 3 coins show a shield
    after = play(after, "coins5")
    assert after.coins[0] == 14 and not hit.protected(after)[0]


def test_one_to_three_corners() -> None:
    """"Ziehe deine Figur um 1, 2 oder 3 Eckfelder weiter ... du kannst mit dieser Karte also
    gegnerische Figuren schlagen." """
    st = pos(two(["T3"], ["T10"]), ["corners", "scoins", "s1"])
    assert plays(st, "corners") == ["corners T3-T5", "corners T3-T10", "corners T3-T12"]
    assert figures_of(play(st, "corners T3-T10"))[1] == W3
    assert codes(st, "corners T3-T17") == ["hit.unreachable"]
    late = pos(at("T42"), ["corners", "scoins", "s1"])
    assert plays(late, "corners") == ["corners T42-T46"]
    assert codes(late, "corners T42-T5") == ["hit.unreachable"]
    own = pos(at("T3", "T5"), ["corners", "scoins", "s1"])
    assert codes(own, "corners T3-T5") == ["hit.own_figure"]


def test_hunt() -> None:
    """"Ziehe deine Figur auf das Feld der nächstgelegenen gegnerischen Figur und schlage sie.
    Du darfst dabei auch eigene Figuren überspringen. Ist diese Figur geschützt, ziehe wie
    üblich auf das nächste freie Feld vor ihr. Steht die nächstgelegene Figur auf dem
    Pfeil-Feld vor deinem Zielbereich und ist geschützt, kannst du mit dieser Karte auch ins
    Ziel ziehen." """
    st = pos(two(["T3", "T6"], ["T20", "T30"]), ["hunt", "scoins", "s1"])
    assert plays(st, "hunt") == ["hunt T3-T20", "hunt T6-T20"]  # over the own figure
    assert figures_of(play(st, "hunt T3"))[1] == ["W", "W", "T30"]
    assert codes(st, "hunt T3-T30") == ["hit.wrong_destination"]
    shield = {"discards": [[], ["4"], [], []], "bought": [["hunt"], ["4"], [], []]}
    prot = pos(two(["T3"], ["T20"]), ["hunt", "scoins", "s1"], **shield)
    assert plays(prot, "hunt") == ["hunt T3-T21"]
    barrier = pos(two(["T40"], ["T47"]), ["hunt", "scoins", "s1"], **shield)
    assert plays(barrier, "hunt") == ["hunt T40-G1"]  # into the goal
    alone = pos(at("T3"), ["hunt", "scoins", "s1"])
    assert codes(alone, "hunt T3-T20") == ["hit.no_opponent_ahead"]
    assert plays(alone, "hunt") == ["hunt -"]


def test_behind_the_nearest_figure() -> None:
    """"Ziehe deine Figur direkt hinter die nächstgelegene Figur." Any figure, own ones too;
    no goal entry, and no figure in the goal moves."""
    st = pos(two(["T3", "T9"], ["T20"]), ["behind", "scoins", "s1"])
    assert plays(st, "behind") == ["behind T3-T8", "behind T9-T19"]
    after = play(st, "behind T9")
    assert figures_of(after)[1] == ["W", "W", "T20"]
    close = pos(two(["T3"], ["T4"]), ["behind", "scoins", "s1"])
    assert codes(close, "behind T3") == ["hit.already_behind"]
    alone = pos(at("T3"), ["behind", "scoins", "s1"])
    assert codes(alone, "behind T3-T46") == ["hit.no_figure_ahead"]
    goal = pos(at("T3", "G1"), ["behind", "scoins", "s1"])
    assert codes(goal, "behind G1-G2") == ["hit.no_goal_entry"]


def test_jump_one_or_two_groups() -> None:
    """"Überspringe 1 oder 2 Gruppen und ziehe deine Figur auf das nächste freie Feld vor der
    Gruppe ... Solltest du aus einer Gruppe herauspringen, so zählen die Figuren, die vor dir
    in der Gruppe stehen, bereits als erste Gruppe." No goal entry."""
    st = pos(two(["T3"], ["T6", "T7", "T10"]), ["jump", "scoins", "s1"])
    assert plays(st, "jump") == ["jump T3-T8", "jump T3-T11"]
    assert figures_of(play(st, "jump T3-T11"))[1] == ["T6", "T7", "T10"]  # nobody is hit
    assert codes(st, "jump T3-T12") == ["hit.unreachable"]
    out_of = pos(two(["T3", "T4"], ["T5", "T9"]), ["jump", "scoins", "s1"])
    assert plays(out_of, "jump")[:2] == ["jump T3-T6", "jump T3-T10"]  # T4, T5 = group 1
    one = pos(two(["T3"], ["T6"]), ["jump", "scoins", "s1"])
    assert plays(one, "jump") == ["jump T3-T7"]
    assert violation_of(one, "jump T3-T20").code == "hit.unreachable"
    alone = pos(at("T3"), ["jump", "scoins", "s1"])
    assert codes(alone, "jump T3-T5") == ["hit.not_enough_groups"]
    assert violation_of(alone, "jump T3-T5").param("groups") == 1
    end = pos(two(["T44"], ["T46", "T47"]), ["jump", "scoins", "s1"])
    assert codes(end, "jump T44-G1") == ["hit.no_goal_entry"]
