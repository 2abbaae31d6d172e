"""Each DOG rule and each violation code: at least one legal and one illegal case.

Seats 0..3 start on T0, T16, T32, T48; partners are 0+2 and 1+3 (teams of four).
"""

from __future__ import annotations

import pytest

from companion.engines.base import IllegalActionError, InvalidActionError
from companion.games.dog.engine.actions import PLAY, DogAction
from companion.games.dog.engine.cards import JOKER
from companion.games.dog.engine.messages import CODES

from .helpers import (
    act,
    codes,
    dog,
    fig_tokens,
    kennels,
    moves_text,
    play,
    pos,
    violation_of,
    with_figures,
)

OTHERS = [["2"], ["2"], ["2"], ["2"]]


def hands(h0: list[str], n: int = 4) -> list[list[str]]:
    return [h0] + [["2"] for _ in range(n - 1)]


# -- turn, phase, cards ---------------------------------------------------------------------
def test_game_over() -> None:
    won = [["G1", "G2", "G3", "G4"], ["K"] * 4, ["G1", "G2", "G3", "G4"], ["K"] * 4]
    st = pos(won, hands=[["5"], ["5"], ["5"], ["5"]], to_move=1)
    assert dog.is_terminal(st) and dog.returns(st) == (1.0, 0.0, 1.0, 0.0)
    assert codes(st, "1 K") == ["dog.game_over"]
    running = [["G1", "G2", "G3", "T60"], ["K"] * 4, ["G1", "G2", "G3", "G4"], ["K"] * 4]
    assert codes(pos(running, hands=[["5"], ["1"], ["5"], ["5"]], to_move=1), "1 K") == []


def test_wrong_phase() -> None:
    st = pos(kennels(), hands=[["1", "5"], ["2", "3"], ["4", "6"], ["8", "9"]],
             phase="exchange")
    assert codes(st, "1 K") == ["dog.wrong_phase"]
    assert codes(st, "give 5") == []
    v = violation_of(st, "1 K")
    assert (v.param("expected"), v.param("got")) == ("exchange", "play")
    assert dog.message(v) == "This is the exchange phase; a play does not fit now."
    deal = pos(kennels(), to_move="table", phase="deal")
    assert codes(deal, "give 5") == ["dog.wrong_phase"]
    assert codes(deal, "deal") == []


def test_card_not_in_hand_and_unknown_hands() -> None:
    st = pos(with_figures(0, ["T3"]), ["5"], hands=hands(["5"]))
    assert codes(st, "6 T3-T9") == ["dog.card_not_in_hand"]
    assert codes(st, "5 T3-T8") == []
    # the physical table did not report seat 0's hand: the play is checked against the board
    unknown = pos(with_figures(0, ["T3"]), hands=[None, ["2"], ["2"], ["2"]])
    assert dog.to_json(unknown)["hand"] == ["?"] * 6
    assert codes(unknown, "6 T3-T9") == []
    assert codes(unknown, "6 T3-T10") == ["dog.wrong_distance"]
    after = play(unknown, "6 T3-T9")
    assert dog.to_json(after)["hands"][0] == ["?"] * 5
    assert dog.to_json(after)["discard"] == ["6"]  # the card is public now
    # partly known: a known card leaves the hand, an unknown one stands in for the others
    partly = pos(with_figures(0, ["T3"]), ["?", "?", "4"], hands=hands(["?", "?", "4"]))
    assert dog.to_json(play(partly, "4 T3-T7"))["hands"][0] == ["?", "?"]
    assert dog.to_json(play(partly, "5 T3-T8"))["hands"][0] == ["?", "4"]


# -- moving, coming out ---------------------------------------------------------------------
def test_no_figure() -> None:
    st = pos(with_figures(0, ["T3"]), ["5"], hands=hands(["5"]))
    assert codes(st, "5 T4-T9") == ["dog.no_figure"]
    assert codes(st, "5 T3-T8") == []


def test_not_your_figure_and_partner_play_after_finishing() -> None:
    figs = [["T3", "K", "K", "K"], ["T20", "K", "K", "K"], ["T40", "K", "K", "K"], ["K"] * 4]
    st = pos(figs, ["5"], hands=hands(["5"]))
    assert codes(st, "5 T20-T25") == ["dog.not_your_figure"]  # an opponent's
    assert codes(st, "5 T40-T45") == ["dog.not_your_figure"]  # the partner's, too early
    # "Nachdem ein Spieler alle Figuren im Ziel hat, hilft er seinem Partner und bewegt dessen
    # Figuren ebenfalls."
    done = [["G1", "G2", "G3", "G4"], ["T20", "K", "K", "K"], ["T40", "K", "K", "K"], ["K"] * 4]
    st = pos(done, ["5", "1"], hands=hands(["5", "1"]))
    assert codes(st, "5 T40-T45") == []
    assert set(moves_text(st)) == {"5 T40-T45", "1 T40-T41", "1 T40-T51", "1 K"}
    assert fig_tokens(play(st, "1 K"), 2) == ["K", "K", "T32", "T40"]  # partner's start


def test_start_cards_bring_figures_out() -> None:
    st = pos(with_figures(0, []), ["1", "13", "joker", "5"], hands=hands(["1", "13", "joker"]))
    assert codes(st, "5 K") == ["dog.not_start_card"]
    for text in ("1 K", "13 K", "joker=1 K", "joker=13 K"):
        assert codes(st, text) == [], text
    assert fig_tokens(play(st, "13 K"), 0) == ["K", "K", "K", "T0"]
    assert codes(st, "1 K-T5") == ["dog.out_to_start"]
    assert codes(st, "1 K-T0") == []
    full = pos(with_figures(0, ["T3", "T20", "T40", "T50"]), ["1"], hands=hands(["1"]))
    assert codes(full, "1 K") == ["dog.kennel_empty"]


def test_blue_cards_move_forward_exactly() -> None:
    st = pos(with_figures(0, ["T3"]), ["5", "1", "13", "12"], hands=hands(["5", "1", "13"]))
    assert codes(st, "5 T3-T9") == ["dog.wrong_distance"]
    assert codes(st, "5 T3-T8") == []
    assert codes(st, "1 T3-T4") == [] and codes(st, "1 T3-T14") == []  # 1 or 11
    assert codes(st, "1 T3-T5") == ["dog.wrong_distance"]
    assert codes(st, "13 T3-T16") == []
    assert codes(st, "5 T3-T62") == ["dog.wrong_distance"]  # blue cards never go backwards
    assert codes(st, "12 T3-T15") == []


def test_four_forwards_or_backwards() -> None:
    st = pos(with_figures(0, ["T10"]), ["4"], hands=hands(["4"]))
    assert codes(st, "4 T10-T14") == [] and codes(st, "4 T10-T6") == []
    assert codes(st, "4 T10-T7") == ["dog.wrong_distance"]
    assert sorted(moves_text(st)) == ["4 T10-T14", "4 T10-T6"]


# -- the start field --------------------------------------------------------------------------
def test_protected_figure_blocks_passing_landing_and_the_4_backwards() -> None:
    figs = [["T14", "T18", "K", "K"], ["T16", "K", "K", "K"], ["K"] * 4, ["K"] * 4]
    st = pos(figs, ["5", "2", "4", "7"], hands=hands(["5", "2", "4", "7"]))
    assert codes(st, "5 T14-T19") == ["dog.start_field_blocked"]  # passing
    assert codes(st, "2 T14-T16") == ["dog.start_field_blocked"]  # landing
    assert codes(st, "4 T18-T14") == ["dog.start_field_blocked"]  # backwards past it
    assert codes(st, "7 T14-T21") == ["dog.start_field_blocked"]  # the 7 cannot burn it
    assert codes(st, "5 T18-T23") == [] and codes(st, "4 T18-T22") == []
    v = violation_of(st, "5 T14-T19")
    assert v.rule.startswith("Startfeld") and v.param("field") == "T16"
    assert dog.message(v).startswith("The figure on its start field T16 is protected")


def test_own_figure_on_the_start_field_blocks_own_figures_too() -> None:
    st = pos(with_figures(0, ["T0", "T62"]), ["5", "1"], hands=hands(["5", "1"]))
    assert codes(st, "5 T62-T3") == ["dog.start_field_blocked"]
    assert codes(st, "1 K") == ["dog.start_field_blocked"]  # cannot come out onto it
    assert codes(st, "5 T0-T5") == []
    relaxed = pos(with_figures(0, ["T0", "T62"]), ["5", "2"], hands=hands(["5", "2"]),
                  rules={"start_blocks_own": False})
    assert codes(relaxed, "5 T62-T3") == []
    assert codes(relaxed, "2 T62-T0") == ["dog.start_field_blocked"]  # still cannot knock it


def test_other_colours_on_a_start_field_are_not_protected() -> None:
    figs = [["T62", "K", "K", "K"], ["T0", "K", "K", "K"], ["K"] * 4, ["K"] * 4]
    st = pos(figs, ["1", "5"], hands=hands(["1", "5"]))
    assert codes(st, "5 T62-T3") == []  # jumps over seat 1's figure on T0
    after = play(st, "1 K")  # lands on it: knocked out
    assert fig_tokens(after, 0) == ["K", "K", "T0", "T62"]
    assert fig_tokens(after, 1) == ["K"] * 4


def test_protected_however_it_got_there_and_the_from_kennel_house_rule() -> None:
    figs = [["T60", "K", "K", "K"], ["T62", "K", "K", "K"], ["K"] * 4, ["K"] * 4]
    hs = [["4"], ["5"], ["2"], ["2"]]
    after = play(pos(figs, ["4"], hands=hs), "4 T60-T0")  # lapped onto its start field
    assert dog.to_move(after) == 1
    assert codes(after, "5 T62-T3") == ["dog.start_field_blocked"]
    relaxed = play(pos(figs, ["4"], hands=hs, rules={"start_protection": "from_kennel"}),
                   "4 T60-T0")
    assert dog.to_json(relaxed)["lapped"] == [0]
    assert codes(relaxed, "5 T62-T3") == []
    # coming out of the kennel protects under that house rule, too
    out = pos(with_figures(0, ["T62"]), ["5"], hands=[["1"], ["5"], ["2"], ["2"]],
              others={1: ["T0"]}, rules={"start_protection": "from_kennel"})
    assert codes(out, "5 T62-T3") == []


# -- knocking out -------------------------------------------------------------------------------
def test_landing_knocks_out_opponents_partners_and_own_figures() -> None:
    figs = [["T3", "T8", "K", "K"], ["T10", "K", "K", "K"], ["T12", "K", "K", "K"], ["K"] * 4]
    st = pos(figs, ["5", "7", "9"], hands=hands(["5", "7", "9"]))
    after = play(st, "7 T3-T10")  # the 7 passes T8 (own) and lands on T10
    assert fig_tokens(after, 0) == ["K", "K", "K", "T10"]
    assert fig_tokens(after, 1) == ["K"] * 4
    own = play(st, "5 T3-T8")
    assert fig_tokens(own, 0) == ["K", "K", "K", "T8"]  # "(auch eigene)"
    partner = play(st, "9 T3-T12")
    assert fig_tokens(partner, 2) == ["K"] * 4
    strict = pos(figs, ["5", "9"], hands=hands(["5", "9"]), rules={"knock_own": False})
    assert codes(strict, "5 T3-T8") == ["dog.knock_own"]
    assert codes(strict, "9 T3-T12") == ["dog.knock_own"]


# -- the goal -----------------------------------------------------------------------------------
def test_goal_not_directly_from_the_start_field() -> None:
    st = pos(with_figures(0, ["T0"]), ["3"], hands=hands(["3"]))
    assert codes(st, "3 T0-G3") == ["dog.goal_direct_from_start"]
    assert moves_text(st) == ["3 T0-T3"]
    near = pos(with_figures(0, ["T63"]), ["3"], hands=hands(["3"]))
    assert codes(near, "3 T63-G2") == []
    house = pos(with_figures(0, ["T0"]), ["3"], hands=hands(["3"]),
                rules={"goal_from_start": True})
    assert codes(house, "3 T0-G3") == []
    # a 4 from the start field to G4 counts T0 → G1..G4: not backwards, but straight in
    four = pos(with_figures(0, ["T0"]), ["4"], hands=hands(["4"]))
    assert codes(four, "4 T0-G4") == ["dog.goal_direct_from_start"]
    assert moves_text(four) == ["4 T0-T4", "4 T0-T60"]
    assert codes(pos(with_figures(0, ["T0"]), ["4"], hands=hands(["4"]),
                     rules={"goal_from_start": True}), "4 T0-G4") == []


def test_goal_no_jumping_no_knocking_no_backwards() -> None:
    st = pos(with_figures(0, ["G2", "T62", "G1"]), ["5", "4", "3", "2", "1"],
             hands=hands(["5", "4", "3", "2", "1"]))
    assert codes(st, "5 T62-G3") == ["dog.goal_jump"]
    assert codes(st, "4 T62-G2") == ["dog.goal_jump"]  # G1 is taken on the way
    assert codes(st, "3 T62-G1") == ["dog.goal_knock"]
    assert codes(st, "2 G1-G3") == ["dog.goal_jump"]
    assert codes(st, "1 G2-G3") == [] and codes(st, "2 G2-G4") == []
    assert codes(st, "4 G2-G1") == ["dog.goal_backwards"]
    assert codes(st, "1 G2-T63") == ["dog.goal_backwards"]
    back = pos(with_figures(0, ["T3"]), ["4"], hands=hands(["4"]))
    assert codes(back, "4 T3-G1") == ["dog.goal_backwards"]  # T2, T1, T0, G1: never
    assert codes(back, "4 T3-T63") == []


def test_only_the_own_goal() -> None:
    st = pos(with_figures(0, ["T14"]), ["5"], hands=hands(["5"]))
    assert codes(st, "5 T14-G3@1") == ["dog.wrong_goal"]
    assert codes(st, "5 T14-T19") == []


def test_goal_entry_is_a_choice_unless_the_house_rule_makes_it_mandatory() -> None:
    st = pos(with_figures(0, ["T62"]), ["5"], hands=hands(["5"]))
    assert codes(st, "5 T62-T3") == [] and codes(st, "5 T62-G3") == []
    house = pos(with_figures(0, ["T62"]), ["5"], hands=hands(["5"]),
                rules={"goal_entry_mandatory": True})
    assert codes(house, "5 T62-T3") == ["dog.goal_entry_mandatory"]
    assert moves_text(house) == ["5 T62-G3"]
    blocked = pos(with_figures(0, ["T62", "G1"]), ["5"], hands=hands(["5"]),
                  rules={"goal_entry_mandatory": True})
    assert codes(blocked, "5 T62-T3") == []  # the goal cannot be entered: pass it


# -- the 7 ----------------------------------------------------------------------------------------
def test_seven_uses_all_points() -> None:
    st = pos(with_figures(0, ["T3", "T20"]), ["7"], hands=hands(["7"]))
    assert codes(st, "7 T3-T8") == ["dog.seven_points"]
    assert codes(st, "7 T3-T12") == ["dog.seven_points"]
    assert codes(st, "7 T3-T8 T20-T22") == []
    assert codes(st, "7 T3-T5 T20-T22 T5-T8") == []  # a figure may move again later


def test_seven_burns_in_the_order_taken() -> None:
    st = pos(with_figures(0, ["T20", "T22"]), ["7"], hands=hands(["7"]))
    # front figure first: no burn
    assert fig_tokens(play(st, "7 T22-T27 T20-T22"), 0) == ["K", "K", "T22", "T27"]
    # back figure first: it passes the front one and burns it
    assert codes(st, "7 T20-T25 T22-T24") == ["dog.no_figure"]  # T22 was burned
    assert fig_tokens(play(st, "7 T20-T27"), 0) == ["K", "K", "K", "T27"]


def test_seven_stop_on_the_start_field_breaks_the_goal_entry() -> None:
    st = pos(with_figures(0, ["T62", "T20"]), ["7"], hands=hands(["7"]))
    assert codes(st, "7 T62-T0 T0-G1 T20-T24") == []  # one continuous move over T0
    assert codes(st, "7 T62-G1 T20-T24") == []
    assert codes(st, "7 T62-T0 T20-T24 T0-G1") == ["dog.goal_direct_from_start"]


def test_seven_partner_exception() -> None:
    """"Braucht z. B. ein Spieler für seine letzte Figur noch 4 Punkte ... so darf er eine
    Sieben einsetzen ... und die restlichen 3 Punkte bereits mit der Figur seines Partners
    ziehen.\""""
    figs = [["G2", "G3", "G4", "T61"], ["K"] * 4, ["T40", "K", "K", "K"], ["K"] * 4]
    st = pos(figs, ["7"], hands=hands(["7"]))
    assert codes(st, "7 T61-G1 T40-T43") == []  # 4 home, 3 for the partner
    assert "7 T61-G1 T40-T43" in moves_text(st)
    after = play(st, "7 T61-G1 T40-T43")
    assert fig_tokens(after, 2) == ["K", "K", "K", "T43"]
    assert codes(st, "7 T40-T43 T61-G1") == ["dog.seven_partner_early"]
    strict = pos(figs, ["7"], hands=hands(["7"]), rules={"seven_partner_exception": False})
    assert codes(strict, "7 T61-G1 T40-T43") == ["dog.not_your_figure"]
    assert moves_text(strict) == ["7 T61-T4"]


# -- swap ---------------------------------------------------------------------------------------
def test_swap() -> None:
    figs = [["T0", "T3", "T20", "G1"], ["T16", "T25", "K", "K"], ["T40", "K", "K", "K"],
            ["G2", "K", "K", "K"]]
    st = pos(figs, ["swap"], hands=hands(["swap"]))
    assert codes(st, "swap T3 T20") == ["dog.swap_own"]
    assert codes(st, "swap T3 T16") == ["dog.swap_protected"]  # an opponent on its start
    assert codes(st, "swap T0 T25") == ["dog.swap_protected"]  # own figure on its start
    assert codes(st, "swap T3 G2@3") == ["dog.swap_off_track"]
    assert codes(st, "swap G1 T25") == ["dog.swap_off_track"]
    assert codes(st, "swap T3 T25") == []
    assert codes(st, "swap T3 T40") == []  # the partner's figure, too
    after = play(st, "swap T20 T25")
    assert fig_tokens(after, 0) == ["T0", "T3", "T25", "G1"]
    assert fig_tokens(after, 1) == ["K", "K", "T16", "T20"]
    assert codes(st, "swap") == ["dog.swap_possible"]


def test_swap_without_effect() -> None:
    # "Sind nur eigene bzw. geschützte Figuren auf dem Weg, wird die Karte ohne Wirkung
    # abgelegt."
    figs = [["T0", "T3", "K", "K"], ["T16", "K", "K", "K"], ["K"] * 4, ["K"] * 4]
    st = pos(figs, ["swap"], hands=hands(["swap"]))
    assert moves_text(st) == ["swap"]
    after = play(st, "swap")
    assert after.figures == st.figures and dog.to_json(after)["discard"] == ["swap"]
    house = pos(figs, ["swap"], hands=hands(["swap"]), rules={"swap_void": False})
    assert codes(house, "swap") == ["dog.swap_void_forbidden"]
    assert moves_text(house) == ["fold"]
    joker = pos(figs, ["joker"], hands=hands(["joker"]))
    assert codes(joker, "joker=swap") == ["dog.swap_void_forbidden"]  # a joker must act


# -- the joker -------------------------------------------------------------------------------------
def test_joker_is_any_other_card() -> None:
    st = pos(with_figures(0, ["T16", "T30"], others={1: ["T35"]}), ["joker"],
             hands=hands(["joker"]))
    for text in ("joker=4 T16-T12", "joker=4 T16-T20", "joker=1 K", "joker=1 T30-T41",
                 "joker=12 T30-T42", "joker=7 T16-T20 T30-T33", "joker=swap T30 T35"):
        assert codes(st, text) == [], text
    assert codes(st, "joker=5 T16-T20") == ["dog.wrong_distance"]
    moves = moves_text(st)
    assert "joker=4 T16-T12" in moves and "joker=13 K" not in moves  # same as joker=1 K
    with pytest.raises(InvalidActionError):
        act(st, "joker T16-T20")
    with pytest.raises(InvalidActionError):
        act(st, "joker=joker T16-T20")


# -- Zugzwang, folding ----------------------------------------------------------------------------
def test_must_play_names_a_play() -> None:
    # forward 4 is blocked by the protected figure on T32; only the 4 backwards remains
    figs = [["T30", "K", "K", "K"], ["K"] * 4, ["T32", "K", "K", "K"], ["K"] * 4]
    st = pos(figs, ["4"], hands=hands(["4"]))
    v = violation_of(st, "fold")
    assert v.code == "dog.must_play" and v.param("example") == "4 T30-T26"
    assert dog.message(v) == "You must play while you can: you could play 4 T30-T26."
    stuck = pos(figs, ["5"], hands=hands(["5"]))
    assert codes(stuck, "fold") == [] and moves_text(stuck) == ["fold"]
    after = play(stuck, "fold")
    assert after.hands[0] == () and dog.to_move(after) == 1  # out for the round
    unknown = pos(figs, hands=[None, ["2"], ["2"], ["2"]])
    assert codes(unknown, "fold") == []  # nobody knows the hand: accepted
    assert codes(stuck, "fold 5") == [] and codes(stuck, "fold 9") == ["dog.hand_lacks_known"]


def test_fold_is_for_teams_discard_for_solo() -> None:
    figs = [["T30", "K", "K", "K"], ["K"] * 4, ["T32", "K", "K", "K"], ["K"] * 4]
    st = pos(figs, ["5"], hands=hands(["5"]))
    assert codes(st, "discard 5") == ["dog.discard_in_teams"]
    solo = pos([["T30", "K", "K", "K", "K"], ["T16", "K", "K", "K", "K"],
                ["T32", "K", "K", "K", "K"]], ["5", "9"], seats=3,
               hands=[["5", "9"], ["2"], ["2"]])
    assert codes(solo, "fold") == ["dog.fold_in_solo"]
    assert codes(solo, "discard 9") == []


def test_solo_stuck_player_discards_and_draws() -> None:
    """"Kann ein Spieler mit seinen Handkarten keine Figur ziehen, so muss er eine seiner
    Karten abwerfen und darf eine neue Karte nachziehen. Wenn er nun mit dieser Karte auch
    nicht ziehen kann, so muss er eine seiner Handkarten abwerfen\""""
    figs = [["T30", "K", "K", "K", "K"], ["T16", "K", "K", "K", "K"],
            ["T32", "K", "K", "K", "K"]]
    st = pos(figs, ["5", "9"], seats=3, hands=[["5", "9"], ["3"], ["3"]])
    assert moves_text(st) == ["discard 5", "discard 9"]
    st = play(st, "discard 9")
    assert dog.phase(st) == "draw" and dog.to_move(st) == -1
    drew_bad = play(st, "draw 6")  # still stuck: discard once more, the turn ends
    assert dog.phase(drew_bad) == "drawn" and dog.to_move(drew_bad) == 0
    assert codes(drew_bad, "discard 5") == []
    end = play(drew_bad, "discard 5")
    assert dog.to_move(end) == 1 and len(end.hands[0]) == 1
    drew_good = play(st, "draw 4")  # now it can move: it must
    assert codes(drew_good, "discard 5") == ["dog.must_play"]
    assert moves_text(drew_good) == ["4 T30-T26"]


# -- the table's events -------------------------------------------------------------------------
def test_deal_and_reshuffle_checks() -> None:
    st = pos(kennels(), to_move="table", phase="deal")
    assert codes(st, "deal 1,2,3,4,5,6/?/?/?") == []
    assert codes(st, "deal 1,2,3,4,5/?/?/?") == ["dog.deal_size"]
    assert codes(st, "deal 5,5,5,5,5,5/5,5,5,?,?,?/?/?") == ["dog.deck_exceeded"]
    assert codes(st, "reshuffle") == ["dog.reshuffle_not_needed"]
    # 100 cards on the pile: the stock (10) cannot deal 4 x 6
    pile = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13"] * 8 + ["joker"] * 4
    low = pos(kennels(), to_move="table", phase="deal", discard=pile)
    assert codes(low, "deal") == ["dog.reshuffle_first"]
    assert codes(low, "reshuffle") == []
    assert codes(play(low, "reshuffle"), "deal") == []


def test_hand_entered_by_a_seat_must_fit() -> None:
    st = pos(with_figures(0, ["T3"]), ["5", "7"], hands=[["5", "7"], None, ["2"], ["2"]])
    assert len(st.hands[1]) == 2
    assert codes(st, "hand 1 5,5") == []
    assert codes(st, "hand 1 5") == ["dog.hand_mismatch"]
    assert codes(st, "hand 0 5,8") == ["dog.hand_lacks_known"]  # seat 0 holds a 7: named
    assert dog.to_json(play(st, "hand 1 5,5"))["hands"][1] == ["5", "5"]


def test_every_code_has_a_rule_and_a_message() -> None:
    for code, (rule, text) in CODES.items():
        assert code.startswith("dog.") and rule and text


def test_malformed_play_objects_are_rejected() -> None:
    st = pos(with_figures(0, ["T3"]), ["5", "joker"], hands=hands(["5", "joker"]))
    with pytest.raises(InvalidActionError):
        dog.check(st, DogAction(PLAY, JOKER, JOKER, ((3, 8),)))
    with pytest.raises(InvalidActionError):
        dog.check(st, DogAction(PLAY, 5, 4, ((3, 7),)))


def test_play_raises_with_the_violations() -> None:
    st = pos(with_figures(0, ["T3"]), ["5"], hands=hands(["5"]))
    with pytest.raises(IllegalActionError) as err:
        play(st, "5 T3-T9")
    assert [v.code for v in err.value.violations] == ["dog.wrong_distance"]
    assert "A 5 moves 5 fields; this move is 6." in str(err.value)
