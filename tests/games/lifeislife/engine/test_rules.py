"""Each Life is Life rule and each violation code: at least one legal and one illegal case.

Seats are numbered in playing order (clockwise: the next seat is the left neighbour). Rows are
numbered as in the rulebook: row r holds r cards.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.engines.base import TABLE, IllegalActionError, InvalidActionError
from companion.games.lifeislife.engine.messages import CODES

from .helpers import (
    ROWS,
    act,
    codes,
    hand_of,
    life,
    moves_text,
    play,
    pos,
    rest_of_deck,
    rows_of,
    show_all,
    violation_of,
)

#: a hand of ten that fits beside ROWS
H0 = ["giraffe", "giraffe", "bear", "mole", "mole", "goat", "hare", "cat", "cat", "sheep"]
FOUR_CATS_BUT_ONE = ["cat", "cat", "cat", "giraffe", "giraffe", "bear", "mole", "goat", "hare",
                     "sheep"]


def started(players: int = 4, seed: int = 1, **rules: object) -> object:
    return life.start({"players": players, "rules": dict(rules)}, random.Random(seed))


# -- phases and the end of the game ----------------------------------------------------------
def test_game_over() -> None:
    over = pos(ROWS, [H0, [], [], []], to_move="table", phase="over", lives=[3, 0, 0, 0])
    assert life.is_terminal(over) and life.returns(over) == (1.0, 0.0, 0.0, 0.0)
    assert codes(over, "knock") == ["lifeislife.game_over"]
    assert violation_of(over, "knock").param("winner") == 0
    running = pos(ROWS, [H0, None, None, None], lives=[3, 1, 0, 0])
    assert not life.is_terminal(running) and codes(running, "swap 1: hare") == []


def test_wrong_phase() -> None:
    deal = life.new_game({"players": 4})
    assert life.to_move(deal) == TABLE and life.phase(deal) == "deal"
    assert codes(deal, "knock") == ["lifeislife.wrong_phase"]
    v = violation_of(deal, "knock")
    assert (v.param("expected"), v.param("got")) == ("deal", "knock")
    assert life.message(v) == "This is the deal phase; a knock does not fit now."
    assert codes(deal, "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep") == []
    playing = pos(ROWS, [H0, None, None, None])
    assert codes(playing, "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep") == \
        ["lifeislife.wrong_phase"]


# -- A) swapping -----------------------------------------------------------------------------
def test_wrong_count() -> None:
    # "mette al centro del tavolo lo stesso numero di carte di quelle che ha in mano"
    st = pos(ROWS, [H0, None, None, None])
    assert codes(st, "swap 3: giraffe,bear") == ["lifeislife.wrong_count"]
    assert codes(st, "swap 1: giraffe,bear") == ["lifeislife.wrong_count"]
    v = violation_of(st, "swap 4: cat")
    assert life.message(v) == "Row 4 holds 4 cards: lay down 4 cards, not 1."
    assert codes(st, "swap 3: giraffe,bear,cat") == []
    with pytest.raises(InvalidActionError):
        act(st, "swap 5: giraffe")  # there are four rows


def test_card_not_in_hand() -> None:
    st = pos(ROWS, [H0, None, None, None])
    assert codes(st, "swap 1: dog") == ["lifeislife.card_not_in_hand"]
    assert codes(st, "swap 2: hare,hare") == ["lifeislife.card_not_in_hand"]
    v = violation_of(st, "swap 2: hare,hare")
    assert (v.param("seat"), v.param("count"), v.param("card")) == (0, 2, "hare")
    assert life.message(v) == "Seat 0 does not hold 2 × hare."
    assert codes(st, "swap 2: hare,cat") == []


def test_unknown_hands_are_checked_against_the_public_facts() -> None:
    # seat 1's hand was not entered: what it lays down is checked against what is known
    st = play(pos(ROWS, [H0, None, None, None]), "swap 3: giraffe,giraffe,bear")
    assert hand_of(st, 1) == ["?"] * 10
    assert codes(st, "swap 4: giraffe,dog,dog,sheep") == []
    assert codes(st, "swap 2: mouse,mouse") == []  # two mice are still unseen
    # the mouse of row 4 and two laid down: no third one can be anywhere else
    after = play(st, "swap 2: mouse,mouse")
    assert hand_of(after, 1) == ["bear", "mole"] + ["?"] * 8
    assert life.to_json(after)["public"][1] == ["bear", "mole"]
    st2 = pos(rows_of(after), [hand_of(after, 0), None, None, None], to_move=2,
              public=life.to_json(after)["public"], swapped=[True, True, False, False])
    assert codes(st2, "swap 1: mouse") == ["lifeislife.deck_exceeded"]
    assert codes(st2, "swap 1: sheep") == []
    # a hand partly known: its known cards leave first, unknown ones stand in for the rest
    partly = pos(ROWS, [["pig", "pig"] + ["?"] * 8, None, None, None], swapped=[True] * 4)
    assert hand_of(play(partly, "swap 2: pig,dog"), 0) == ["bear", "mole", "pig"] + ["?"] * 7
    assert codes(partly, "swap 4: pig,pig,pig,pig") == ["lifeislife.deck_exceeded"]


def test_swap_same_cards() -> None:
    # "Non è comunque permesso posare esattamente gli stessi animali che si prendono."
    rows = [["cat"], ["mole", "bear"], ["pig", "pig", "hare"], ["mouse", "dog", "goat", "sheep"]]
    hand = ["cat", "pig", "pig", "hare", "bear", "mole", "giraffe", "giraffe", "goat", "sheep"]
    st = pos(rows, [hand, None, None, None])
    assert codes(st, "swap 1: cat") == ["lifeislife.swap_same_cards"]
    assert codes(st, "swap 3: pig,hare,pig") == ["lifeislife.swap_same_cards"]
    assert life.message(violation_of(st, "swap 3: hare,pig,pig")) == \
        "The cards laid down must differ from those of row 3 (hare,pig,pig) by at least one card."
    # "Le carte che si posano devono distinguersi per almeno una carta"
    assert codes(st, "swap 3: pig,hare,giraffe") == [] and codes(st, "swap 1: pig") == []
    assert "swap 1: cat" not in moves_text(st) and "swap 1: pig" in moves_text(st)


# -- B) knocking and the last round ----------------------------------------------------------
def test_knock_before_swap() -> None:
    # "Nota: Un giocatore può picchiettare soltanto quando ha cambiato carte almeno una volta."
    st = pos(ROWS, [H0, None, None, None])
    assert codes(st, "knock") == ["lifeislife.knock_before_swap"]
    assert "knock" not in moves_text(st)
    assert life.message(violation_of(st, "knock")) == \
        "Seat 0 may knock only after having swapped at least once this round."
    swapped = pos(ROWS, [H0, None, None, None], swapped=[True, False, False, False])
    assert codes(swapped, "knock") == [] and moves_text(swapped)[-1] == "knock"
    assert life.can_knock(swapped) and not life.can_knock(st)


def test_after_a_knock_every_other_player_has_exactly_one_more_turn() -> None:
    # "Tutti gli altri giocatori (ma non chi ha picchiato) sono di turno ancora una volta e
    # possono cambiare ancora una volta le carte. Chi in quest'ultimo giro non volesse più
    # cambiare carte, batte anche lui dei colpi. Si valuta quindi la tornata."
    st = started(4, seed=3)
    for _ in range(4):  # everybody swaps once
        st = play(st, moves_text(st)[0])
    assert life.to_move(st) == 0 and codes(st, "knock") == []
    st = play(st, "knock")
    assert st.knocked_by == 0 and life.to_move(st) == 1
    st = play(st, moves_text(st)[0])  # seat 1 swaps once more
    assert life.to_move(st) == 2
    assert "knock" in moves_text(st)
    st = play(st, "knock")  # seat 2 keeps its cards
    assert life.to_move(st) == 3
    st = play(st, moves_text(st)[-2])  # seat 3 swaps: the last turn
    assert life.phase(st) == "reveal" and st.last is None  # every hand is known, and shown
    st = show_all(st)
    assert life.phase(st) == "deal" and st.last is not None and st.round == 1
    assert sum(st.last.lost) > 0 or len(set(st.last.points)) == 1
    assert st.starter == 1  # the left neighbour of the previous starter


def test_the_last_round_skips_players_out() -> None:
    st = pos(ROWS, [H0, [], None, None], to_move=3, lives=[2, 0, 3, 4], knocked_by=2,
             swapped=[True, False, True, True], starter=2)
    after = play(st, "knock")  # seat 3's turn is the last; seat 0 comes next, then seat 2
    assert life.to_move(after) == 0
    assert life.phase(play(after, "knock")) == "reveal"  # seat 2 knocked: the round is over


# -- sudden death --------------------------------------------------------------------------
def test_sudden_death_ends_the_round_at_once() -> None:
    # "Se un giocatore, dopo aver cambiato le carte, dovesse avere in mano una delle tre
    # combinazioni ... Tutti gli altri giocatori devono cedere 1 vita ... Non si procede a
    # normale valutazione!"
    st = pos(ROWS, [FOUR_CATS_BUT_ONE, None, None, None], lives=[5, 5, 1, 5])
    swap = act(st, "swap 3: giraffe,giraffe,bear")
    moves = moves_text(st)
    assert "swap 3: giraffe,giraffe,bear sudden cat" in moves
    assert "swap 3: giraffe,giraffe,bear" not in moves  # one entry per resulting position
    after = life.apply(st, swap)  # the engine sees the set even when it is not called
    assert after == play(st, "swap 3: giraffe,giraffe,bear sudden cat")
    assert after.lives == (5, 4, 0, 4) and life.phase(after) == "deal"
    score = life.score(after)
    assert score["sudden_death"] == 0 and score["sudden_animal"] == "cat"
    assert score["points"] is None and score["lives_lost"] == [0, 1, 1, 1]
    assert score["out"] == [2] and after.starter == 1


def test_sudden_death_even_after_a_knock() -> None:
    # "Nota: È possibile terminare subito la tornata, anche quando un altro giocatore ha già
    # picchiettato."
    st = pos(ROWS, [FOUR_CATS_BUT_ONE, None, None, None], knocked_by=3,
             swapped=[True, True, True, True], starter=1)
    after = play(st, "swap 3: giraffe,bear,mole")
    assert life.score(after)["sudden_death"] == 0 and after.lives == (5, 4, 4, 4)


def test_sudden_death_only_after_a_swap() -> None:
    # a dealt set ends nothing until its holder swaps and still holds it
    cats = ["cat"] * 4 + ["giraffe", "giraffe", "bear", "mole", "goat", "sheep"]
    rows = [["giraffe"], ["mole", "bear"], ["pig", "pig", "dog"], ["mouse", "dog", "goat",
                                                                    "sheep"]]
    st = pos(rows, [cats, None, None, None])
    assert life.phase(st) == "play"
    assert life.phase(play(st, "swap 1: cat")) == "play"  # laid a cat down
    assert life.phase(play(st, "swap 1: bear")) == "deal"  # still all four after the swap


def test_no_sudden_death() -> None:
    st = pos(ROWS, [H0, None, None, None])
    assert codes(st, "swap 3: giraffe,bear,mole sudden cat") == ["lifeislife.no_sudden_death"]
    v = violation_of(st, "swap 1: hare sudden pig")
    assert life.message(v) == "After this swap seat 0 does not hold all 5 pig cards."
    near = pos(ROWS, [FOUR_CATS_BUT_ONE, None, None, None])
    assert codes(near, "swap 3: giraffe,bear,mole sudden cat") == []
    # an unknown hand may call it when the cards allow it; its set becomes public
    unknown = pos(ROWS, [None, None, None, None])
    assert codes(unknown, "swap 3: giraffe,bear,mole sudden cat") == []
    assert codes(unknown, "swap 3: giraffe,bear,mole sudden pig") == []
    assert codes(unknown, "swap 3: cat,bear,mole sudden cat") == ["lifeislife.no_sudden_death"]
    assert codes(unknown, "swap 1: mole sudden hare") == []
    after = play(unknown, "swap 3: giraffe,bear,mole sudden pig")
    assert life.to_json(after)["public"][0] == ["pig"] * 5 + ["cat"]
    assert life.score(after)["sudden_animal"] == "pig"
    with pytest.raises(InvalidActionError):
        act(st, "swap 1: hare sudden giraffe")


def test_undeclared_sudden_death() -> None:
    # "Se un giocatore, dopo aver cambiato le carte, dovesse avere in mano una delle tre
    # combinazioni ..., lo dice ad alta voce": seat 0 swapped without calling it, so it
    # cannot hold all four cats now
    rows = [["giraffe"], ["mole", "bear"], ["pig", "pig", "dog"], ["mouse", "dog", "goat",
                                                                    "sheep"]]
    st = play(pos(rows, [None, None, None, None]), "swap 1: hare")  # took the giraffe
    assert codes(st, "hand 0 cat*3,giraffe*3,bear,mole,goat,sheep") == []
    v = violation_of(st, "hand 0 cat*4,giraffe*2,bear,mole,goat,sheep")
    assert v.code == "lifeislife.undeclared_sudden_death"
    assert (v.param("seat"), v.param("count"), v.param("card")) == (0, 4, "cat")
    assert life.message(v).startswith("Seat 0 has swapped this round and would hold all 4 cat")
    fresh = pos(rows, [None, None, None, None])  # seat 2 has not swapped: it may hold them
    assert codes(fresh, "hand 2 cat*4,giraffe*3,bear,mole,goat") == []
    assert codes(fresh, "hand 0 cat*4,giraffe*3,bear,mole,goat") == []


def test_expert_variant() -> None:
    # "Ora però si può ottenere la Sudden Death soltanto con tutte e 5 le lepri o tutti e 5 i
    # maiali. Il giocatore che arriva a una Sudden Death, ottiene 1 vita in più."
    expert = {"expert": True}
    st = pos(ROWS, [FOUR_CATS_BUT_ONE, None, None, None], rules=expert)
    assert codes(st, "swap 3: giraffe,bear,mole sudden cat") == ["lifeislife.expert_cats"]
    assert life.message(violation_of(st, "swap 3: giraffe,bear,mole sudden cat")).startswith(
        "In the expert variant only all 5 hares or all 5 pigs")
    after = play(st, "swap 3: giraffe,bear,mole")  # four cats: the round goes on
    assert life.phase(after) == "play" and after.hands[0][9] == 4
    pigs = ["pig", "pig", "pig", "giraffe", "giraffe", "bear", "mole", "goat", "hare", "sheep"]
    st = pos(ROWS, [pigs, None, None, None], rules=expert, lives=[5, 5, 5, 2])
    assert codes(st, "swap 3: giraffe,bear,mole sudden pig") == []
    after = play(st, "swap 3: giraffe,bear,mole sudden pig")
    assert after.lives == (6, 4, 4, 1)  # the holder gains a life, the others lose one
    assert life.score(after)["lives_lost"] == [-1, 1, 1, 1]
    assert life.to_json(after)["rules"] == {"expert": True}


# -- the table's events ----------------------------------------------------------------------
def test_row_size() -> None:
    deal = life.new_game({"players": 4})
    assert codes(deal, "deal rows giraffe,bear/mole,bear/pig,pig,cat/mouse,dog,goat,sheep") == \
        ["lifeislife.row_size"]
    v = violation_of(deal, "deal rows giraffe/mole/pig,pig,cat/mouse,dog,goat,sheep")
    assert life.message(v) == "Row 2 holds exactly 2 cards, not 1."
    assert codes(deal, "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep") == []


def test_deal_size_and_deck_exceeded() -> None:
    deal = life.new_game({"players": 3})
    rows = "giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep"
    ok = f"deal rows {rows} hands giraffe*8,bear*2/?/?"
    assert codes(deal, ok) == []
    assert codes(deal, f"deal rows {rows} hands giraffe*8,bear/?/?") == ["lifeislife.deal_size"]
    assert life.message(violation_of(deal, f"deal rows {rows} hands giraffe*8,bear/?/?")) == \
        "Seat 0 gets 10 cards, not 9."
    assert codes(deal, f"deal rows {rows} hands giraffe*9,bear/?/?") == \
        ["lifeislife.deck_exceeded"]
    assert life.message(violation_of(deal, f"deal rows {rows} hands giraffe*9,bear/?/?")) == \
        "The deck holds only 9 giraffe cards."
    assert codes(deal, "deal rows mouse/mouse,mouse/mouse,pig,cat/dog,dog,goat,sheep") == \
        ["lifeislife.deck_exceeded"]
    # a player out of the game gets nothing
    later = pos(to_move="table", phase="deal", lives=[2, 0, 3, 1], players=4)
    assert codes(later, f"deal rows {rows} hands ?/-/?/?") == []
    assert codes(later, f"deal rows {rows} hands ?/mole*10/?/?") == ["lifeislife.deal_size"]


def test_hand_mismatch() -> None:
    # the table's report must fit what is known
    st = play(pos(ROWS, [None, None, None, None]), "swap 3: giraffe,bear,mole")  # took pig,pig,cat
    assert codes(st, "hand 0 pig*2,cat,giraffe*7") == []
    assert codes(st, "hand 0 pig,cat,giraffe*8") == ["lifeislife.hand_lacks_known"]  # a pig
    assert codes(st, "hand 0 pig*2,cat,giraffe*6") == ["lifeislife.hand_mismatch"]
    assert life.message(violation_of(st, "hand 0 pig,cat")) == \
        "Seat 0 holds 10 cards, and these must include every card already known to be there."
    assert codes(st, "hand 0 pig*2,cat,?*7") == []  # partly known is fine
    out = pos(ROWS, [None, [], None, None], lives=[5, 0, 5, 5])
    assert codes(out, "hand 1 giraffe") == ["lifeislife.hand_mismatch"]


def test_entering_a_hand_is_private_and_at_the_end_public() -> None:
    st = pos(ROWS, [None, None, None, None])
    entered = play(st, "hand 2 " + ",".join(rest_of_deck(*ROWS)[:10]))
    assert "?" not in hand_of(entered, 2)
    assert life.to_json(life.view(entered, 1))["hands"][2] == ["?"] * 10
    assert life.to_json(life.view(entered, 2))["hands"][2] == hand_of(entered, 2)
    assert life.known_cards(entered, 1, 2) == [] and len(life.known_cards(entered, 2, 2)) == 10


def test_reveal_when_hands_are_unknown_at_the_end() -> None:
    # "Ciascun giocatore mette le sue 10 carte che ha in mano scoperte dinanzi a sé sul tavolo"
    st = pos(ROWS, [H0, None, None, None], to_move=3, knocked_by=0, swapped=[True] * 4,
             starter=0)
    st = play(st, "knock")
    assert life.phase(st) == "reveal" and life.to_move(st) == TABLE
    assert life.legal_actions(st) == [] and life.score(st)["points"] is None
    rest = rest_of_deck(*ROWS, H0)
    st = play(st, "hand 1 " + ",".join(rest[:10]))
    assert life.phase(st) == "reveal" and life.to_json(st)["public"][1] == rest[:10]
    assert codes(st, "hand 1 " + ",".join(rest[:10])) == ["lifeislife.already_shown"]
    st = play(st, "hand 2 " + ",".join(rest[10:20]))
    assert codes(st, "knock") == ["lifeislife.wrong_phase"]
    st3 = play(st, "hand 3 " + ",".join(rest[20:30]))
    # seat 0's hand was known, and it is shown all the same: the others cannot tell
    assert life.phase(st3) == "reveal" and life.score(st3)["shown"] == [False, True, True, True]
    assert codes(st3, "hand 3 " + ",".join(rest[20:30])) == ["lifeislife.already_shown"]
    done = play(st3, "hand 0 " + ",".join(H0))
    assert life.phase(done) == "deal" and life.score(done)["final"] is True
    # a simulation draws the unknown hands and shows the known ones as they are
    rng = random.Random(5)
    while life.phase(st) == "reveal":
        st = life.apply(st, life.sample_chance(st, rng))
    assert life.phase(st) == "deal" and hand_of(st, 0) == hand_of(done, 0)


def test_every_round_end_asks_for_every_hand_even_when_all_are_known() -> None:
    """Whether the table knew a hand (entered privately, or forgotten after a conflict) does
    not change the round's end: it always waits for each player still in to show."""
    rest = rest_of_deck(*ROWS, H0)
    hands = [H0, rest[:10], rest[10:20], rest[20:30]]
    known = pos(ROWS, hands, to_move=3, knocked_by=0, swapped=[True] * 4, starter=0)
    unknown = pos(ROWS, [H0, None, None, None], to_move=3, knocked_by=0, swapped=[True] * 4,
                  starter=0)
    ends = [play(st, "knock") for st in (known, unknown)]
    assert [life.phase(st) for st in ends] == ["reveal", "reveal"]
    assert [life.score(st)["shown"] for st in ends] == [[False] * 4] * 2
    assert life.public_view(ends[0]) == life.public_view(ends[1])


# -- majorities, lives, the next round, the end ----------------------------------------------
def test_a_single_card_is_a_majority_while_more_than_two_play() -> None:
    # "Finché sono in gioco più di 2 giocatori, è permesso e possibile ottenere una
    # maggioranza con una singola carta ... Non appena sono rimasti ancora in gioco soltanto
    # due giocatori ... almeno due carte"
    rest = rest_of_deck(ROWS[0], ROWS[1], ROWS[2], ["mouse", "dog", "goat", "sheep"])
    assert rest.count("mouse") == 2
    a = ["mouse", "hare"] + ["giraffe"] * 8
    b = ["bear"] * 5 + ["mole"] * 5
    three = pos(ROWS, [a, b, ["goat"] * 6 + ["sheep"] * 4], to_move=0)
    res = life.round_result(three)
    assert res is not None and res["majorities"]["mouse"] == 0
    assert res["points"][0] == 9 + 5 + 3  # one hare and one mouse are majorities
    two = pos(ROWS, [a, b, []], lives=[3, 3, 0], to_move=0)
    res2 = life.round_result(two)
    assert res2 is not None and res2["majorities"]["mouse"] is None
    assert res2["majorities"]["hare"] is None
    assert res2["points"] == [9, 8 + 7, None]
    b2 = ["bear"] * 5 + ["mole"] * 3 + ["mouse"] * 2
    a2 = ["giraffe"] * 8 + ["mole", "hare"]
    res3 = life.round_result(pos(ROWS, [a2, b2, []], lives=[3, 3, 0], to_move=0))
    assert res3 is not None and res3["majorities"]["mouse"] == 1  # two mice do


def test_elimination_the_next_starter_and_the_winner() -> None:
    # "Una tornata inizia sempre dal giocatore alla sinistra di quello che ha iniziato nella
    # tornata precedente. Se il nuovo giocatore di partenza dovesse avere già perso la sua
    # ultima vita ..., inizia il suo vicino di sinistra. ... Vince l'ultimo che rimane in gioco."
    st = pos(ROWS, [FOUR_CATS_BUT_ONE, None, None, None], lives=[5, 1, 1, 5], starter=0)
    after = play(st, "swap 3: giraffe,bear,mole")  # sudden death: seats 1 and 2 are out
    assert after.lives == (5, 0, 0, 4) and after.starter == 3 and life.to_move(after) == TABLE
    dealt = life.apply(after, life.sample_chance(after, random.Random(1)))
    assert life.to_move(dealt) == 3 and [len(h) for h in life.to_json(dealt)["hands"]] == \
        [10, 0, 0, 10]
    assert life.to_json(dealt)["aside"] == 30
    last = pos(ROWS, [FOUR_CATS_BUT_ONE, None, [], []], lives=[2, 1, 0, 0])
    won = play(last, "swap 3: giraffe,bear,mole")
    assert life.is_terminal(won) and won.winner == 0 and life.returns(won) == (1, 0, 0, 0)
    assert life.score(won)["winner"] == 0 and life.phase(won) == "over"


def test_the_deal_sets_cards_aside_with_fewer_than_five_players() -> None:
    # "Con meno di 5 giocatori rimangono carte con animali in più ... messe coperte"
    for players, aside in ((3, 20), (4, 10), (5, 0)):
        st = started(players, seed=players)
        obj = life.to_json(st)
        assert [len(r) for r in obj["rows"]] == [1, 2, 3, 4]
        assert [len(h) for h in obj["hands"]] == [10] * players
        assert obj["aside"] == aside and obj["to_move"] == 0
        assert "knock" not in moves_text(st)  # the first turn is a swap


def test_play_raises_with_the_violations() -> None:
    st = pos(ROWS, [H0, None, None, None])
    with pytest.raises(IllegalActionError) as err:
        play(st, "knock")
    assert [v.code for v in err.value.violations] == ["lifeislife.knock_before_swap"]


def test_every_code_has_a_legal_and_an_illegal_case_here() -> None:
    text = Path(__file__).read_text(encoding="utf-8")
    asserted = set(re.findall(r'"(lifeislife\.[a-z_]+)"', text))
    assert asserted == set(CODES)


def test_malformed_action_objects_raise() -> None:
    from companion.games.lifeislife.engine.actions import DEAL, HAND, SWAP, LifeAction

    st = pos(ROWS, [H0, None, None, None])
    for bad in (LifeAction(SWAP, 7, (1,) * 7), LifeAction(SWAP, 1, (11,)),
                LifeAction(SWAP, 1, (0,)), LifeAction(SWAP, 1, (1,), sudden=1),
                LifeAction(HAND, cards=(99,) * 10, seat=1), LifeAction(HAND, seat=9)):
        with pytest.raises(InvalidActionError):
            life.check(st, bad)
    deal = life.new_game({"players": 4})
    for bad in (LifeAction(DEAL, rows=((1,), (2, 3))),
                LifeAction(DEAL, rows=((1,), (2, 3), (4, 4, 4), (5, 5, 5, 0))),
                LifeAction(DEAL, rows=((1,), (2, 3), (4, 4, 4), (5, 5, 5, 6)), hands=((1,),))):
        with pytest.raises(InvalidActionError):
            life.check(deal, bad)


@pytest.mark.parametrize("expert", [False, True])
def test_known_hand_swaps_are_the_general_ones(expert: bool) -> None:
    """`legal_actions`' fast path for a known hand (`_known_swaps`, every state of a search)
    lists the same swaps in the same order as the general path (`_swaps`, `laydowns`), on
    determinized positions of random games of 3 to 5 players, hands with sudden-death sets
    included."""
    from companion.games.lifeislife.engine import rules

    compared = 0
    for players in (3, 4, 5):
        rng = random.Random(players + 10 * expert)
        state = life.new_game({"players": players, "rules": {"expert": expert}})
        for _ in range(400):
            if life.is_terminal(state):
                break
            mover = life.to_move(state)
            if mover == TABLE:
                state = life.apply(state, life.sample_chance(state, rng))
                continue
            full = life.determinize(life.view(state, mover), mover, rng)
            if full.phase == state.phase and full.rows:
                fast: list[object] = []
                general: list[object] = []
                rules._known_swaps(full, full.turn, fast)
                rules._swaps(full, full.turn, general)
                assert fast == general
                compared += len(fast)
            state = life.apply(state, life.random_action(state, rng))
    assert compared > 5_000
    # hands a swap completes a set with (seldom met at random)
    cats = ["cat"] * 4 + ["giraffe", "giraffe", "bear", "mole", "goat", "sheep"]
    sudden = 0
    rows = [["giraffe"], ["mole", "bear"], ["pig", "pig", "dog"], ["mouse", "dog", "goat",
                                                                    "sheep"]]
    for st in (pos(ROWS, [FOUR_CATS_BUT_ONE, None, None, None]),
               pos(rows, [cats, None, None, None])):
        fast, general = [], []
        rules._known_swaps(st, 0, fast)
        rules._swaps(st, 0, general)
        assert fast == general
        sudden += sum(1 for a in fast if a.sudden)
    assert sudden > 0
