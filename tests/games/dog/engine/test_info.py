"""What a seat knows (`view`) and states consistent with it (`determinize`)."""

from __future__ import annotations

import random
from collections import Counter

from companion.games.dog.engine.actions import GIVE, DogAction
from companion.games.dog.engine.cards import DECK, DECK_SIZE, KINDS, UNKNOWN
from companion.games.dog.engine.info import has_unknowns
from companion.games.dog.engine.state import NO_CARD, DogState, located_counts, stock_size

from .helpers import dog, play, pos


def exchanged(seed: int = 3, seats: int = 4) -> tuple[DogState, list[int]]:
    st = dog.start({"seats": seats}, random.Random(seed))
    given = []
    for seat in range(seats):
        card = st.hands[seat][-1]
        given.append(card)
        st = dog.apply(st, DogAction(GIVE, card))
    return st, given


def test_view_hides_the_other_hands_but_not_the_card_given_to_the_partner() -> None:
    st, given = exchanged()
    v = dog.view(st, 0)
    assert v.hands[0] == st.hands[0]
    assert [len(h) for h in v.hands] == [len(h) for h in st.hands]
    assert set(v.hands[1]) == {UNKNOWN} and set(v.hands[3]) == {UNKNOWN}
    assert [c for c in v.hands[2] if c != UNKNOWN] == [given[0]]  # the card seat 0 gave
    assert v.figures == st.figures and v.discard == st.discard


def test_the_given_card_is_known_until_the_receiver_plays_one_of_its_kind() -> None:
    figs = [["T3", "K", "K", "K"], ["K"] * 4, ["T40", "K", "K", "K"], ["K"] * 4]
    st = pos(figs, hands=[["2"], ["2"], ["5", "7"], ["2"]], to_move=2,
             gifts=["7", None, None, None])
    assert dog.to_json(dog.view(st, 0))["hands"][2] == ["?", "7"]
    assert dog.to_json(dog.view(st, 1))["hands"][2] == ["?", "?"]
    assert dog.to_json(dog.view(play(st, "5 T40-T45"), 0))["hands"][2] == ["7"]
    assert dog.to_json(dog.view(play(st, "7 T40-T47"), 0))["hands"][2] == ["?"]


def test_view_during_the_exchange_hides_the_cards_in_transit() -> None:
    st = dog.start({"seats": 4}, random.Random(4))
    card = st.hands[0][0]
    st = dog.apply(st, DogAction(GIVE, card))
    assert dog.view(st, 0).transit[0] == card
    assert dog.view(st, 2).transit[0] == UNKNOWN
    assert dog.view(st, 2).transit[1] == NO_CARD


def test_face_down_fold_shows_only_what_the_fold_proves() -> None:
    figs = [["K"] * 4, ["T20", "K", "K", "K"], ["K"] * 4, ["K"] * 4]
    st = pos(figs, hands=[["5", "6"], ["2"], ["2"], ["2"]])
    after = play(st, "fold")
    group = after.folds[0]
    assert group[0] == 0 and group[2] == (5, 6)
    playable = {k for k in KINDS if group[1] >> k & 1}
    assert playable == {1, 13, 14, 15}  # start cards, the joker, the (void) swap
    assert dog.view(after, 1).folds[0] == (0, group[1], (UNKNOWN, UNKNOWN))
    assert dog.view(after, 0).folds[0] == group
    face_up = pos(figs, hands=[["5", "6"], ["2"], ["2"], ["2"]], rules={"fold_face_up": True})
    assert dog.to_json(play(face_up, "fold"))["discard"] == ["5", "6"]


def conserved(st: DogState) -> bool:
    vec = located_counts(st)
    return (vec[UNKNOWN] == 0 and all(vec[k] <= DECK[k] for k in KINDS)
            and sum(vec) + stock_size(st) == DECK_SIZE)


def test_determinize_fills_every_unknown_consistently() -> None:
    st, given = exchanged(seed=11)
    v = dog.view(st, 1)
    for seed in range(20):
        d = dog.determinize(v, 1, random.Random(seed))
        assert not has_unknowns(d) and conserved(d)
        assert d.hands[1] == st.hands[1] and d.figures == st.figures
        assert [len(h) for h in d.hands] == [len(h) for h in st.hands]
        assert given[1] in d.hands[3]  # seat 1 gave this card to its partner
    samples = {dog.determinize(v, 1, random.Random(s)).hands for s in range(20)}
    assert len(samples) > 1
    assert dog.determinize(v, 1, random.Random(5)) == dog.determinize(v, 1, random.Random(5))


def test_determinize_honours_folds() -> None:
    figs = [["K"] * 4, ["T20", "K", "K", "K"], ["K"] * 4, ["K"] * 4]
    st = pos(figs, hands=[["5", "6", "8"], ["2", "3"], ["2", "9"], ["2", "4"]])
    st = play(st, "fold")  # seat 0 could play neither a start card, a joker nor a swap
    mask = st.folds[0][1]
    v = dog.view(st, 1)
    for seed in range(30):
        d = dog.determinize(v, 1, random.Random(seed))
        assert not any(mask >> c & 1 for c in d.folds[0][2])
        assert conserved(d)


def test_determinize_falls_back_when_the_constraint_cannot_be_met() -> None:
    # a fold proving "no card of any kind" is impossible; the sample stays complete
    figs = [["K"] * 4, ["T20", "K", "K", "K"], ["K"] * 4, ["K"] * 4]
    st = pos(figs, hands=[["2"], ["2"], ["2"], ["2"]],
             face_down=[{"seat": 3, "cards": ["?", "?"],
                         "playable": ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12",
                                      "13", "swap", "joker"]}])
    d = dog.determinize(dog.view(st, 0), 0, random.Random(1))
    assert not has_unknowns(d) and conserved(d)


def test_a_simulation_can_run_from_a_determinized_view() -> None:
    st, _ = exchanged(seed=21)
    d = dog.determinize(dog.view(st, 0), 0, random.Random(2))
    end = dog.playout(d, random.Random(3))
    assert dog.is_terminal(end)
    assert sorted(dog.returns(end)) == [0.0, 0.0, 1.0, 1.0]


def test_views_of_a_whole_game_never_leak_hidden_cards() -> None:
    rng = random.Random(8)
    st = dog.new_game({"seats": 4})
    steps = 0
    while not dog.is_terminal(st) and steps < 600:
        if st.phase in (1, 2):
            for seat in range(4):
                v = dog.view(st, seat)
                gift = st.gifts[seat]
                for other in range(4):
                    if other == seat:
                        continue
                    known = Counter(c for c in v.hands[other] if c != UNKNOWN)
                    allowed = Counter([gift]) if other == st.cfg.receiver[seat] else Counter()
                    assert not known - allowed
                    assert all(c == UNKNOWN for c in v.transit if c != NO_CARD) or \
                        v.transit[seat] != NO_CARD
                for s2, _, cards in v.folds:
                    assert s2 == seat or set(cards) <= {UNKNOWN}
        st = dog.apply(st, dog.random_action(st, rng))
        steps += 1
