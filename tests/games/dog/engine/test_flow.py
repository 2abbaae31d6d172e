"""DOG game flow: dealing 6-5-4-3-2, dealer rotation, card exchange, reshuffles, round end,
partner play, team and solo wins, the solo set-up, the direction setting."""

from __future__ import annotations

import random

import pytest

from companion.engines.base import TABLE, InvalidPositionError
from companion.games.dog.engine.actions import DEAL, GIVE, RESHUFFLE, DogAction
from companion.games.dog.engine.cards import DECK_SIZE, UNKNOWN
from companion.games.dog.engine.state import stock_size

from .helpers import codes, dog, fig_tokens, moves_text, play, pos


def test_new_game_teams_and_solo_set_up() -> None:
    teams = dog.new_game({"seats": 4})
    assert dog.to_move(teams) == TABLE and dog.phase(teams) == "deal"
    assert dog.to_json(teams)["figures"] == [["K"] * 4] * 4
    assert teams.cfg.partner == (2, 3, 0, 1)
    six = dog.new_game({"seats": 6})
    assert six.cfg.partner == (3, 4, 5, 0, 1, 2) and six.cfg.teams == ((0, 3), (1, 4), (2, 5))
    # "Jeder Spieler spielt mit 5 Figuren, wobei 4 Figuren in den Start gestellt werden und
    # eine Figur sofort auf das Startfeld."
    for seats in (2, 3, 5):
        solo = dog.new_game({"seats": seats})
        assert solo.cfg.mode == "solo"
        assert dog.to_json(solo)["figures"] == [["K"] * 4 + [f"T{16 * s}"]
                                                 for s in range(seats)]


def test_deal_sizes_cycle_and_the_dealer_rotates() -> None:
    """"... so erhält in der dritten Runde jeder 4 Karten, darauf jeder 3 Karten und dann jeder
    nur 2 Karten. Darauf beginnt es wieder mit 6 Karten" — and "So wechseln das Kartenausteilen
    und der Rundenbeginn von Runde zu Runde im Uhrzeigersinn weiter.\""""
    rng = random.Random(7)
    st = dog.new_game({"seats": 4})
    deals: list[tuple[int, int, int]] = []
    starters: list[int] = []
    reshuffles = 0
    while not dog.is_terminal(st) and len(deals) < 12:
        if st.phase == 0:  # deal
            needed = 4 * [6, 5, 4, 3, 2][st.round % 5]
            if stock_size(st) < needed:
                assert [a.kind for a in dog.legal_actions(st)] == [RESHUFFLE]
                assert codes(st, "deal") == ["dog.reshuffle_first"]
                reshuffles += 1
            else:
                assert [a.kind for a in dog.legal_actions(st)] == [DEAL]
        action = dog.random_action(st, rng)
        if action.kind == DEAL:
            deals.append((st.round, st.dealer, len(action.cards[0])))
        before = st
        st = dog.apply(st, action)
        if action.kind == DEAL:
            starters.append(dog.to_move(st))
            assert before.dealer == st.dealer
    assert [size for _, _, size in deals] == [6, 5, 4, 3, 2, 6, 5, 4, 3, 2, 6, 5]
    assert [dealer for _, dealer, _ in deals] == [(3 + r) % 4 for r in range(12)]
    assert starters == [(4 + r) % 4 for r in range(12)]  # the left neighbour of the dealer
    assert reshuffles >= 1  # 110 cards do not last for 6+5+4+3+2+6+5 rounds of four


def test_reshuffle_turns_the_discard_pile_into_the_stock() -> None:
    pile = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13"] * 8 + ["joker"] * 4
    st = pos([["K"] * 4] * 4, to_move="table", phase="deal", discard=pile,
             face_down=[{"seat": 1, "cards": ["swap", "swap"], "playable": []}])
    assert stock_size(st) == 8
    after = play(st, "reshuffle")
    assert stock_size(after) == DECK_SIZE
    assert dog.to_json(after)["discard"] == [] and dog.to_json(after)["face_down"] == []


def test_partners_exchange_one_card_face_down() -> None:
    """"Nach dem Austeilen der Karten tauschen vor Beginn der Runde die Teampartner gegenseitig
    je eine Karte verdeckt aus.\""""
    st = dog.start({"seats": 4}, random.Random(3))
    assert dog.phase(st) == "exchange" and dog.to_move(st) == 0
    before = [list(h) for h in st.hands]
    given = []
    for seat in range(4):
        assert dog.to_move(st) == seat
        card = st.hands[seat][0]
        given.append(card)
        assert all(a.kind == GIVE for a in dog.legal_actions(st))
        st = play(st, dog.format_action(st, DogAction(GIVE, card)))  # "give 7"
    assert dog.phase(st) == "play" and dog.to_move(st) == 0
    for seat in range(4):
        expect = list(before[seat])
        expect.remove(given[seat])
        expect.append(given[(seat + 2) % 4])
        assert sorted(expect) == list(st.hands[seat])


def test_every_seat_gives_at_once_in_any_order() -> None:
    """At the table everyone gives at the same time: any seat that has not given yet may give
    (``give@<seat> <card>``), once; the seat to move stays the first, from the one after the
    dealer, still to give, whose actions are unchanged."""
    st = dog.start({"seats": 4}, random.Random(3))
    before = [list(h) for h in st.hands]
    legal0 = dog.legal_actions(st)
    assert dog.gives_of(st, 0) == legal0  # the seat to move's own gives: "give 7"
    assert all(a.seat == 2 for a in dog.gives_of(st, 2))
    texts = [dog.format_action(st, a) for a in dog.gives_of(st, 2)]
    assert all(t.startswith("give@2 ") for t in texts)
    card2 = st.hands[2][-1]
    text = f"give@2 {dog.to_json(st)['hands'][2][-1]}"
    assert dog.parse_action(st, text) == DogAction(GIVE, card2, seat=2)
    assert dog.parse_action(st, "give@0 " + text.split()[1]) == DogAction(GIVE, card2)
    st = play(st, text)  # seat 2 gives first
    assert dog.phase(st) == "exchange" and dog.to_move(st) == 0
    assert dog.legal_actions(st) == legal0  # unchanged for the seat to move
    assert dog.gives_of(st, 2) == [] and codes(st, text) == ["dog.already_given"]
    exchange = dog.to_json(st)["exchange"]
    assert [c is not None for c in exchange] == [False, False, True, False]
    assert dog.view(st, 0).transit[2] == UNKNOWN and dog.view(st, 2).transit[2] == card2
    assert dog.from_json(dog.to_json(st)) == st
    st = play(st, f"give@3 {dog.to_json(st)['hands'][3][0]}")
    st = play(st, dog.format_action(st, dog.legal_actions(st)[0]))  # seat 0
    assert dog.to_move(st) == 1  # the first still to give
    given1 = st.hands[1][0]
    st = play(st, dog.format_action(st, DogAction(GIVE, given1)))
    assert dog.phase(st) == "play" and dog.to_move(st) == 0
    assert sum(len(h) for h in st.hands) == sum(len(h) for h in before)
    assert given1 in st.hands[3] and card2 in st.hands[0]


def test_an_exchange_position_needs_the_first_seat_still_to_give_to_move() -> None:
    base = {"seats": 4, "phase": "exchange", "dealer": 3}
    assert dog.from_json({**base, "to_move": 0, "exchange": [None, None, "?", "?"]})
    for to_move, exchange in ((1, [None, None, "?", None]), (0, ["?", None, None, None])):
        with pytest.raises(InvalidPositionError):
            dog.from_json({**base, "to_move": to_move, "exchange": exchange})


def test_solo_passes_a_card_to_the_left_neighbour() -> None:
    """"Kartentausch: Zu Beginn der Runde schiebt jeder Spieler eine Karte seiner Wahl an
    seinen linken Nachbarn.\""""
    st = dog.start({"seats": 3}, random.Random(5))
    before = [list(h) for h in st.hands]
    given = []
    for seat in range(3):
        card = st.hands[seat][-1]
        given.append(card)
        st = dog.apply(st, DogAction(GIVE, card))
    for seat in range(3):
        expect = list(before[seat])
        expect.remove(given[seat])
        expect.append(given[(seat - 1) % 3])
        assert sorted(expect) == list(st.hands[seat])


def test_no_exchange_house_rule() -> None:
    st = dog.start({"seats": 4, "rules": {"card_exchange": False}}, random.Random(1))
    assert dog.phase(st) == "play"


def test_the_round_ends_when_every_card_is_played_and_the_next_dealer_deals() -> None:
    figs = [["T3", "K", "K", "K"], ["T20", "K", "K", "K"], ["T40", "K", "K", "K"],
            ["T50", "K", "K", "K"]]
    st = pos(figs, hands=[["2"], ["2"], ["2"], ["2"]], dealer=3)
    for text in ("2 T3-T5", "2 T20-T22", "2 T40-T42", "2 T50-T52"):
        st = play(st, text)
    assert dog.phase(st) == "deal" and st.round == 1 and st.dealer == 0
    st = dog.apply(st, dog.sample_chance(st, random.Random(1)))
    assert [len(h) for h in st.hands] == [5] * 4 and dog.to_move(st) == 1


def test_folded_seats_are_skipped_for_the_rest_of_the_round() -> None:
    figs = [["K"] * 4, ["T20", "K", "K", "K"], ["K"] * 4, ["T50", "K", "K", "K"]]
    st = pos(figs, hands=[["5", "6"], ["2", "2"], ["3"], ["2", "3"]])
    st = play(st, "fold")
    assert dog.to_move(st) == 1
    st = play(st, "2 T20-T22")
    assert dog.to_move(st) == 2
    st = play(st, "fold")
    st = play(st, "2 T50-T52")
    assert dog.to_move(st) == 1  # seats 0 and 2 are out for this round


def test_team_wins_when_both_partners_are_home() -> None:
    """"Erst wenn alle acht Spielsteine eines Teams im Ziel sind, hat das Team gewonnen."
    "Um die letzte Figur eines Teams ins Ziel zu bringen, müssen nicht alle Karten aufgebraucht
    werden.\""""
    figs = [["G1", "G2", "G3", "G4"], ["T20", "K", "K", "K"], ["T30", "G2", "G3", "G4"],
            ["K"] * 4]
    st = pos(figs, ["3", "5"], hands=[["3", "5"], ["2"], ["2"], ["2"]])
    assert codes(st, "3 T30-G1") == []
    end = play(st, "3 T30-G1")
    assert dog.is_terminal(end) and dog.returns(end) == (1.0, 0.0, 1.0, 0.0)
    assert dog.score(end)["winner"] == [0, 2]
    one_home = [["G1", "G2", "G3", "G4"], ["K"] * 4, ["K"] * 4, ["K"] * 4]
    assert not dog.is_terminal(pos(one_home, ["3"], hands=[["3"], ["2"], ["2"], ["2"]]))


def test_solo_first_with_four_home_wins() -> None:
    figs = [["G2", "G3", "G4", "T46", "K"], ["T20", "K", "K", "K", "K"],
            ["T40", "K", "K", "K", "K"]]
    st = pos(figs, ["3"], seats=3, hands=[["3"], ["2"], ["2"]])
    end = play(st, "3 T46-G1")  # T47, T0 (the start field), G1
    assert dog.is_terminal(end) and dog.returns(end) == (1.0, 0.0, 0.0)
    assert fig_tokens(end, 0) == ["K", "G1", "G2", "G3", "G4"]


def test_direction_is_a_table_setting_only() -> None:
    """Seats and fields are numbered in the direction of play, so counter-clockwise play (as
    in Switzerland) has the same moves; the setting tells the board view how to draw."""
    figs = [["T3", "T60", "K", "K"], ["T16", "K", "K", "K"], ["K"] * 4, ["K"] * 4]
    cw = pos(figs, ["7", "4", "joker"], hands=[["7", "4", "joker"], ["2"], ["2"], ["2"]])
    ccw = pos(figs, ["7", "4", "joker"], hands=[["7", "4", "joker"], ["2"], ["2"], ["2"]],
              rules={"direction": "ccw"})
    assert moves_text(cw) == moves_text(ccw)
    assert dog.to_json(ccw)["rules"] == {"direction": "ccw"}


def test_schmidt_board_for_two_players_has_64_fields() -> None:
    st = dog.new_game({"seats": 2, "rules": {"board": "schmidt"}})
    assert st.cfg.geo.length == 64 and st.cfg.geo.start == (0, 32)
    assert dog.to_json(st)["figures"] == [["K"] * 4 + ["T0"], ["K"] * 4 + ["T32"]]
