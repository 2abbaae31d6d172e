"""Each HIT rule of the turn and each violation code: legal and illegal cases.

Seat 0 plays unless said otherwise (4 players: start T0, barrier T47, goal G1 … G3).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.engines.base import TABLE, IllegalActionError, InvalidActionError
from companion.games.hit.engine.board import WAIT
from companion.games.hit.engine.messages import CODES
from companion.games.hit.engine.moves import ERR_NO_FREE, Ctx
from companion.games.hit.engine.state import DRAW, MARKET, PLAY, SHUFFLE

from .helpers import codes, figures_of, hit, moves_text, play, plays, pos, violation_of

W3 = ["W", "W", "W"]
MARKET5 = ["4", "5", "7", "hunt", "jump"]


def at(*fields: str, others: list[list[str]] | None = None) -> list[list[str]]:
    return [[*fields, *["W"] * (3 - len(fields))], *(others or [W3, W3, W3])]


# -- the set-up --------------------------------------------------------------------------------
@pytest.mark.parametrize("players, figures, side, starts", [
    (2, 4, "2-4", ["T0", "T24"]), (3, 4, "3", ["T0", "T15", "T30"]),
    (4, 3, "2-4", ["T0", "T12", "T24", "T36"])])
def test_set_up(players: int, figures: int, side: str, starts: list[str]) -> None:
    """One figure of each colour on its start field, the others waiting (3 each with 4
    players, else 4); 6 start cards, 3 of them drawn; 1 + 5 coins; a market of 5."""
    fresh = hit.new_game({"players": players})
    assert hit.phase(fresh) == "draw" and hit.to_move(fresh) == TABLE
    assert hit.to_json(fresh)["draw_pile"] == [6] * players
    st = hit.start({"players": players}, random.Random(5))
    obj = hit.to_json(st)
    assert obj["side"] == side and obj["phase"] == "play" and obj["to_move"] == 0
    assert [fs[-1] for fs in obj["figures"]] == starts
    assert all(fs.count("W") == figures - 1 for fs in obj["figures"])
    assert all(len(h) == 3 for h in obj["hands"]) and obj["draw_pile"] == [3] * players
    assert obj["coins"] == [6] * players and len(obj["market"]) == 5 and obj["stack"] == 26
    assert obj["turns"] == 1
    first = hit.start({"players": players, "first_player": 1}, random.Random(5))
    assert hit.to_move(first) == 1


def test_the_set_up_events_in_order() -> None:
    """French set-up, steps 5 and 6: everyone draws 3 of their 6 shuffled start cards, then
    the first 5 neutral cards are turned up as the market."""
    st = hit.new_game({"players": 2, "first_player": 1})
    assert hit.phase(st) == "draw" and st.turn == 1
    st = play(st, "draw s1,s6,scoins")
    assert st.turn == 0 and hit.phase(st) == "draw"
    st = play(st, "draw")
    assert hit.phase(st) == "market" and hit.to_move(st) == TABLE
    assert hit.legal_actions(st) == []  # the market is reported with its (face-up) cards
    assert codes(st, "market 4,5,7") == ["hit.market_count"]
    st = play(st, "market 4,5,7,hunt,jump")
    assert hit.phase(st) == "play" and st.turn == 1 and st.turns == 1
    assert hit.to_json(st)["hands"] == [["?", "?", "?"], ["scoins", "s1", "s6"]]
    assert hit.from_json(hit.to_json(st)) == st


# -- playing the hand --------------------------------------------------------------------------
def test_all_three_cards_are_played() -> None:
    """"Du musst alle Karten von deiner Hand spielen, darfst also keine „aufbewahren“." """
    st = pos(at("T3"), ["s1", "s6", "scoins"])
    assert codes(st, "end") == ["hit.cards_left"]
    assert violation_of(st, "end").param("count") == 3
    assert codes(st, "buy 4") == ["hit.wrong_phase"]
    st = play(st, "scoins", "s6 T3-T9")
    assert hit.phase(st) == "play" and codes(st, "end") == ["hit.cards_left"]
    st = play(st, "s1 W")
    assert hit.phase(st) == "buy" and hit.to_move(st) == 0


def test_card_not_in_hand() -> None:
    st = pos(at("T3"), ["s1", "s6", "scoins"])
    assert codes(st, "s3 T3-T6") == ["hit.not_in_hand"]
    assert violation_of(st, "s3 T3-T6").params == (("seat", 0), ("card", "s3"))
    with pytest.raises(IllegalActionError) as err:
        hit.play_text(st, "s3 T3-T6")
    assert err.value.violations[0].code == "hit.not_in_hand"


def test_one_figure_per_move() -> None:
    """"Eine Bewegung gilt nur für 1 Figur und darf normalerweise nicht aufgeteilt werden." """
    st = pos(at("T3", "T20"), ["s6", "s1", "scoins"])
    assert codes(st, "s6 T3-T6 T20-T23") == ["hit.one_figure"]


def test_a_card_is_unused_only_when_it_cannot_be_used() -> None:
    st = pos(at("T3"), ["s6", "s1", "scoins"])
    v = violation_of(st, "s6 -")
    assert v.code == "hit.card_usable" and v.param("example") == "s6 W-T0"
    assert hit.message(v) == ("The s6 can be used (s6 W-T0): a card is laid down unused only "
                              "when its move cannot be made.")


def test_coins_are_paid_for_an_unused_card() -> None:
    """"Für ein abgebildetes Münz-Symbol erhältst du trotzdem die Münzen aus dem Vorrat." """
    st = pos(at("T44", "G1", "G2"), ["7", "8", "5"])
    assert sorted(moves_text(st)) == ["5 -", "7 -", "8 -"]
    after = play(st, "7 -", "8 -", "5 -")
    assert after.coins[0] == 12 and figures_of(after) == figures_of(st)


def test_own_figures_are_never_hit() -> None:
    st = pos(at("T3", "T9"), ["s6", "s1", "scoins"])
    assert codes(st, "s6 T3-T9") == ["hit.own_figure"]
    assert violation_of(st, "s6 T3-T9").param("field") == "T9"
    assert plays(st, "s6") == ["s6 W-T0", "s6 T9-T15"]


def test_moved_figures_must_be_out() -> None:
    st = pos(at("T3"), ["s6", "5", "scoins"])
    assert codes(st, "5 W-T5") == ["hit.not_out"]
    assert codes(st, "s6 T4-T10") == ["hit.no_figure"]


# -- the barrier and the goal ------------------------------------------------------------------
def test_figures_turn_into_their_goal_at_their_barrier() -> None:
    """"Du darfst deine eigenen Figuren niemals über deine Schranke hinwegbewegen. Jede Figur
    läuft also nur genau eine Runde ... Andersfarbige Figuren können problemlos über deine
    Schranke hinwegziehen." """
    st = pos(at("T45"), ["5", "s1", "scoins"])
    assert plays(st, "5") == ["5 T45-G3"]  # T46, T47 (barrier), G1, G2, G3
    assert codes(st, "5 T45-T2") == ["hit.wrong_destination"]  # not over the barrier
    red = pos([W3, ["T10", "W", "W"], W3, W3], ["4", "s1", "scoins"], to_move=1)
    assert plays(red, "4") == ["4 T10-G3"]  # red's barrier is T11
    green = pos([W3, W3, ["T44", "W", "W"], W3], ["5", "s1", "scoins"], to_move=2)
    assert plays(green, "5") == ["5 T44-T1"]  # green passes blue's barrier T47


def test_exact_goal_entry_jumping_figures_in_the_goal() -> None:
    """"Du musst mit deinen Figuren passend auf ein Zielfeld ziehen ... Figuren, die bereits
    auf einem Zielfeld stehen, darfst du überspringen." """
    st = pos(at("T46", "G1", "G2"), ["4", "s1", "s6"])
    assert plays(st, "4") == ["4 T46-G3"]  # over G1 and G2
    assert codes(st, "s6 T46-G3") == ["hit.goal_overshoot"]
    assert codes(st, "s1 T46-T47") == []
    inside = pos(at("T3", "G1"), ["s1-5", "s1", "s6"])
    assert plays(inside, "s1-5")[-2:] == ["s1-5 G1-G2", "s1-5 G1-G3"]  # moves in the goal
    assert codes(inside, "s1 G1-G2") == []


def test_the_last_figure_home_wins_at_once() -> None:
    st = pos(at("T46", "G2", "G3"), ["s1-5", "s1", "s6"])
    won = play(st, "s1-5 T46-G1")
    assert hit.is_terminal(won) and won.winner == 0 and hit.to_move(won) == TABLE
    assert hit.legal_actions(won) == [] and hit.score(won)["winner"] == 0


# -- coming out by discarding 2 ---------------------------------------------------------------
def test_discard_two_to_come_out() -> None:
    """"Alternativ kannst du 2 beliebige Handkarte auf deinen Ablagestapel legen, ohne sie
    auszuführen (keine Bewegung / keine Münzen). Du entscheidest, in welcher Reihenfolge du
    die beiden Karten ablegst." """
    st = pos(at("T3"), ["coins5", "coins3", "s1"])
    after = play(st, "discard coins5,coins3")
    assert figures_of(after)[0] == ["W", "T0", "T3"] and after.coins[0] == 6  # no coins
    assert hit.protected(after)[0]  # coins3 (shield) lies on top
    assert not hit.protected(play(st, "discard coins3,coins5"))[0]
    assert hit.to_json(after)["discards"][0] == ["coins5", "coins3"]
    assert codes(st, "discard coins5") == ["hit.discard_count"]
    assert codes(st, "discard coins5,s3") == ["hit.not_in_hand"]
    own = pos(at("T0"), ["coins5", "coins3", "s1"])
    assert codes(own, "discard coins5,coins3") == ["hit.start_occupied"]
    full = pos(at("T3", "T4", "T5"), ["coins5", "coins3", "s1"])
    assert codes(full, "discard coins5,coins3") == ["hit.no_waiting_figure"]
    assert not any(m.startswith("discard") for m in moves_text(full))
    pairs = [m for m in moves_text(st) if m.startswith("discard")]
    assert len(pairs) == 6  # ordered pairs of three different cards


def test_discard_two_hits_on_the_start_field_or_moves_on() -> None:
    """"Steht auf deinem Startfeld eine gegnerische Figur, dann schlägst du sie. Ist sie
    jedoch geschützt, setzt du deine Figur stattdessen auf das nächste freie Feld vor der
    gegnerischen Figur." """
    st = pos([["T3", "W", "W"], ["T0", "W", "W"], W3, W3], ["5", "7", "s1"])
    assert figures_of(play(st, "discard 5,7"))[1] == W3
    shield = pos([["T3", "W", "W"], ["T0", "T1", "W"], W3, W3], ["5", "7", "s1"],
                 discards=[[], ["s3"], [], []])
    after = play(shield, "discard 5,7")
    assert figures_of(after)[0] == ["W", "T2", "T3"] and figures_of(after)[1] == \
        ["W", "T0", "T1"]


# -- shields -----------------------------------------------------------------------------------
def test_only_the_top_card_protects() -> None:
    """"Nur wenn dieses Symbol oben auf deinem Ablagestapel ist, bist du geschützt!" """
    base = {"figures": [["T8", "W", "W"], ["T3", "W", "W"], W3, W3], "to_move": 1,
            "hand": ["5", "s1", "s6"], "bought": [["4"], ["5"], [], []]}
    top = pos(**base, discards=[["s1", "4"], [], [], []])
    below = pos(**base, discards=[["4", "s1"], [], [], []])
    assert plays(top, "5") == ["5 T3-T9"] and plays(below, "5") == ["5 T3-T8"]


def test_more_schadenfreude_ignores_shields() -> None:
    """Variante "Mehr Schadenfreude": "Figuren sind also niemals geschützt." """
    kw = {"figures": [["T8", "W", "W"], ["T3", "W", "W"], W3, W3], "to_move": 1,
          "hand": ["5", "s1", "s6"], "bought": [["4"], ["5"], [], []],
          "discards": [["4"], [], [], []]}
    assert plays(pos(**kw), "5") == ["5 T3-T9"]
    mean = pos(**kw, rules={"no_shields": True})
    assert hit.protected(mean) == [False] * 4 and plays(mean, "5") == ["5 T3-T8"]
    assert hit.to_json(mean)["rules"] == {"no_shields": True}


def test_four_instead_of_three() -> None:
    """Variante "4 statt 3": with 4 players all 4 figures per colour and 4 goal fields."""
    st = hit.start({"players": 4, "rules": {"four_figures": True}}, random.Random(1))
    assert all(len(fs) == 4 for fs in hit.to_json(st)["figures"])
    assert st.cfg.figures == 4 and st.cfg.geo.figures == 4
    four = pos([["T46", "G1", "G2", "G3"], ["W"] * 4, ["W"] * 4, ["W"] * 4], ["5", "s1", "s6"],
               rules={"four_figures": True})
    assert plays(four, "5") == ["5 T46-G4"] and "s1 G3-G4" in plays(four, "s1")
    with pytest.raises(Exception, match="figures"):
        pos([["T46", "G1", "G2", "G3"], ["W"] * 4, ["W"] * 4, ["W"] * 4], ["5", "s1", "s6"])


# -- buying ------------------------------------------------------------------------------------
def buying(coins: int = 10, market: list[str] | None = None) -> object:
    return pos(at("T3"), to_move=0, phase="buy", hands=[[], None, None, None],
               coins=[coins, 6, 6, 6], discards=[["s1", "s6", "scoins"], [], [], []],
               market=market or MARKET5)


def test_buying() -> None:
    """"Anschließend darfst du eine oder mehrere Karten aus dem offenen Kartenmarkt kaufen
    ... Lege jede neu gekaufte Karte verdeckt auf deinen persönlichen Nachziehstapel." """
    st = buying(coins=7)
    assert moves_text(st) == ["buy 4", "buy 5", "buy 7", "buy hunt", "buy jump", "end"]
    st = play(st, "buy 4")
    assert st.coins[0] == 4 and hit.to_json(st)["draw_top"][0] == ["4"]
    assert codes(st, "buy 4") == ["hit.not_in_market"]
    assert codes(st, "buy hunt") == ["hit.not_enough_coins"]
    v = violation_of(st, "buy hunt")
    assert hit.message(v) == "The hunt costs 6 coins; seat 0 has 4."
    st = play(st, "buy 5")
    assert hit.to_json(st)["draw_top"][0] == ["5", "4"]  # the last bought on top
    assert codes(st, "s1 T3-T4") == ["hit.wrong_phase"]
    st = play(st, "end")
    assert st.phase == DRAW and hit.to_move(st) == TABLE


def test_bought_cards_are_drawn_first_and_known_to_all() -> None:
    st = play(buying(coins=20), "buy 4", "buy 5", "buy 7", "buy jump", "end")
    assert hit.to_json(st)["draw_top"][0] == ["jump", "7", "5", "4"]
    assert moves_text(st) == ["draw"]
    assert codes(st, "draw s1") == ["hit.draw_count"]  # all three come from the known top
    st = play(st, "draw")
    obj = hit.to_json(st)
    assert obj["hands"][0] == obj["shown"][0] == ["5", "7", "jump"]
    assert obj["draw_top"][0] == ["4"]  # stays on top for the next turn
    assert hit.view(st, 1).hands[0] == st.hands[0]  # everyone knows them
    assert st.phase == MARKET
    st = play(st, "market 8,11,6,coins5")
    assert st.phase == PLAY and st.turn == 1


# -- drawing and reshuffling -------------------------------------------------------------------
def test_keep_the_shield_at_a_reshuffle() -> None:
    """"Liegt eine Karte mit Schild-Symbol oben auf deinem Ablagestapel, wenn du neu mischen
    musst? Dann darfst du diese Karte als einzige Karte dort liegen lassen." """
    st = pos(at("T3"), to_move=0, phase="shuffle", hands=[[], None, None, None],
             discards=[["s1", "s6", "scoins", "s1-5", "scorner", "s3"], [], [], []],
             market=MARKET5)
    assert st.phase == SHUFFLE and hit.to_move(st) == 0  # the seat decides
    assert moves_text(st) == ["shuffle", "shuffle keep"]
    kept = play(st, "shuffle keep")
    assert hit.to_json(kept)["discards"][0] == ["s3"] and hit.protected(kept)[0]
    assert hit.to_json(kept)["draw_pile"][0] == 5 and kept.phase == DRAW
    mixed = play(st, "shuffle")
    assert hit.to_json(mixed)["discards"][0] == [] and not hit.protected(mixed)[0]
    mean = pos(at("T3"), to_move="table", phase="shuffle", hands=[[], None, None, None],
               discards=[["s1", "s6", "scoins", "s1-5", "scorner", "s3"], [], [], []],
               market=MARKET5, rules={"no_shields": True})
    assert codes(mean, "shuffle keep") == ["hit.keep_no_shield"]


def test_draws_come_from_the_pile() -> None:
    st = pos(at("T3"), to_move="table", phase="draw", hands=[[], None, None, None],
             discards=[["s1", "s6", "scoins"], [], [], []], market=MARKET5)
    assert codes(st, "draw s1,s3,scorner") == ["hit.not_in_pile"]
    assert codes(st, "draw s3,scorner") == ["hit.draw_count"]
    assert codes(st, "draw s3,scorner,?") == []
    assert codes(st, "end") == ["hit.wrong_phase"]


# -- the market ----------------------------------------------------------------------------
def test_market_refill_from_the_stack() -> None:
    st = pos(at("T3"), to_move="table", phase="market", market=["4", "5", "7"],
             bought=[["jump"], [], [], []], discards=[["jump"], [], [], []])
    assert codes(st, "market jump,8") == ["hit.not_in_stack"]  # the only jump is seat 0's
    assert codes(st, "market 8") == ["hit.market_count"]
    with pytest.raises(InvalidActionError):
        hit.check(st, hit.parse_action(st, "market 8,?"))
    assert hit.phase(play(st, "market 8,8")) == "play"


def test_no_refill_once_the_stack_is_empty() -> None:
    """The stack holds 31 − 5 cards; once every card is bought the places stay empty."""
    every = ["4", "4", "5", "5", "6", "6", "7", "7", "8", "8", "11", "11", "3back", "3back",
             "split10", "split10", "tobarrier", "tobarrier", "tostart", "tostart", "coins3",
             "coins3", "coins5", "coins5", "corners", "corners", "hunt"]
    st = pos(at("T3"), to_move=0, phase="buy", hands=[[], None, None, None], coins=[20, 6, 6, 6],
             market=["hunt", "behind", "behind", "jump"], bought=[every[:14], every[14:], [], []],
             discards=[["s1", "s6", "scoins", *every[:14]], [], [], []])
    assert hit.score(st)["stack"] == 0
    st = play(st, "buy behind", "end", "draw")
    assert st.phase == PLAY and st.turn == 1 and len(st.market) == 3


# -- hands entered privately -------------------------------------------------------------------
def test_a_seat_enters_its_hand() -> None:
    st = pos(at("T3"), ["?", "?", "?"], discards=[["s1", "s6", "scoins"], [], [], []])
    assert codes(st, "hand 0 s3,scorner,s1-5") == []
    assert codes(st, "hand 0 s3,scorner") == ["hit.hand_mismatch"]
    assert codes(st, "hand 0 s3,scorner,s1") == ["hit.not_in_pile"]
    known = play(st, "hand 0 s3,scorner,s1-5")
    assert hit.to_json(known)["hand"] == ["s1-5", "s3", "scorner"]
    # entered again without a card known to be there: that card is named (issue #36)
    (lacks,) = hit.check(known, hit.parse_action(known, "hand 0 s3,scorner,s6"))
    assert lacks.code == "hit.hand_lacks_known" and lacks.param("card") == "s1-5"
    assert hit.view(known, 1).hands[0] == (0, 0, 0)  # private
    # a hand nobody entered: every card the deck may hold there is playable
    assert "s3 T3-T6" in moves_text(st) and "s1 W-T0" not in moves_text(st)
    assert codes(st, "s1 W-T0") == ["hit.not_in_hand"]  # s1 lies on the discard pile
    after = play(st, "s3 T3-T6")
    assert hit.to_json(after)["hands"][0] == ["?", "?"]
    assert hit.to_json(after)["unseen"][0] == ["s1-5", "scorner"]


# -- messages and codes --------------------------------------------------------------------
def test_wrong_phase_message() -> None:
    st = pos(at("T3"), to_move="table", phase="draw", hands=[[], None, None, None],
             discards=[["s1", "s6", "scoins"], [], [], []], market=MARKET5)
    v = violation_of(st, "buy 4")
    assert hit.message(v) == "This is the draw step; a buy does not fit now."


def test_no_free_field_to_move_on_to() -> None:
    """Unreachable with the rulebook's cards (a goal field is always free while a figure is
    out); a card moving back without hitting would need it."""
    st = pos([["T4", "W", "W"], ["T0", "T1", "T2"], ["T3", "W", "W"], W3], ["s1", "s6", "s3"])
    ctx = Ctx(st, 0)
    assert ctx.land_back(4, 1, True, False) == ERR_NO_FREE
    assert ctx.come_out() == 0 and WAIT in ctx.figs


def test_every_code_has_a_test_and_a_message() -> None:
    here = Path(__file__).parent
    text = "".join(p.read_text(encoding="utf-8") for p in here.glob("test_*.py"))
    for code, (rule, template) in CODES.items():
        assert rule and template.endswith(".")
        if code != "hit.no_free_field":  # see test_no_free_field_to_move_on_to
            assert f'"{code}"' in text, code
    assert set(re.findall(r'"(hit\.[a-z_]+)"', text)) <= set(CODES)
