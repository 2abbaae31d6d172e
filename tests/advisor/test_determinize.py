"""Determinization for the search: everything the asking seat knows is respected (own hand,
public cards, the exchange, what folds prove), nothing else is assumed, and every consistent
completion is equally likely. Also: the engine's speed-ups change no answer."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from companion.games.dog.engine import info, moves
from companion.games.dog.engine.actions import GIVE, DogAction
from companion.games.dog.engine.cards import DECK, KINDS, TOKEN, UNKNOWN
from companion.games.dog.engine.info import has_unknowns
from companion.games.dog.engine.state import located_counts, stock_size
from tests.games.dog.positions import dog, midgame


def conserved(st) -> bool:
    vec = located_counts(st)
    return vec[UNKNOWN] == 0 and all(vec[k] <= DECK[k] for k in KINDS) and stock_size(st) >= 0


def tiny(unseen: list[int], hand0: list[int], face_down: list[dict], hands: list) -> object:
    """A position whose unseen cards are exactly `unseen` (everything else is on the pile)."""
    discard = []
    for k in KINDS:
        discard += [TOKEN[k]] * (DECK[k] - unseen.count(k) - hand0.count(k))
    obj = {"seats": 4, "to_move": 0, "round": 4, "hands": [[TOKEN[c] for c in hand0], *hands],
           "discard": discard, "face_down": face_down,
           "figures": [["T1", "K", "K", "K"], ["K"] * 4, ["K"] * 4, ["K"] * 4]}
    return dog.from_json(obj)


@pytest.mark.parametrize("face_down", [
    # two folds with overlapping masks, one with a disjoint mask
    [{"seat": 1, "cards": ["?", "?"], "playable": ["1", "13", "swap", "joker"]},
     {"seat": 3, "cards": ["?"], "playable": ["5", "2"]}],
    # nested masks (the usual case in DOG) and two folds with the same mask
    [{"seat": 1, "cards": ["?"], "playable": ["1", "13"]},
     {"seat": 3, "cards": ["?"], "playable": ["1", "13", "5"]},
     {"seat": 1, "cards": ["?"], "playable": ["1", "13"]}],
])
def test_every_consistent_completion_is_equally_likely(face_down: list[dict]) -> None:
    unseen = [1, 1, 2, 5, 5, 13, 15]
    st = tiny(unseen, [2, 3], face_down, [[], ["?", "?"], []])
    view = dog.view(st, 0)
    slots = info._slots(view)
    sizes = [u for _, _, u, _ in slots]
    masks = [m for _, _, _, m in slots]
    need = sum(sizes)
    # brute force over the physical cards: the uniform distribution of completions
    exact: Counter = Counter()
    for perm in itertools.permutations(range(len(unseen)), need):
        cards = [unseen[i] for i in perm]
        groups, i = [], 0
        for u in sizes:
            groups.append(tuple(sorted(cards[i:i + u])))
            i += u
        if all(not m >> c & 1 for g, m in zip(groups, masks, strict=True) for c in g):
            exact[tuple(groups)] += 1
    total = sum(exact.values())

    def key(d) -> tuple:
        out = []
        for where, idx, _, _ in slots:
            out.append(d.hands[idx] if where == "hand" else d.folds[idx][2])
        return tuple(out)

    n = 30_000
    rng = random.Random(7)
    seen = Counter(key(dog.determinize(view, 0, rng)) for _ in range(n))
    assert set(seen) <= set(exact)  # never an inconsistent completion
    chi2 = sum((seen[k] - n * c / total) ** 2 / (n * c / total) for k, c in exact.items())
    dof = len(exact) - 1
    assert chi2 < dof + 6 * (2 * dof) ** 0.5, (chi2, dof)


def test_respects_everything_the_seat_knows() -> None:
    st = midgame(seed=9, min_round=3)
    for seat in range(4):
        view = dog.view(st, seat)
        for k in range(50):
            d = dog.determinize(view, seat, random.Random(k))
            assert not has_unknowns(d) and conserved(d)
            assert d.hands[seat] == st.hands[seat]  # own hand
            assert d.figures == st.figures and d.discard[1:] == st.discard[1:]  # public
            assert [len(h) for h in d.hands] == [len(h) for h in st.hands]
            for s, h in enumerate(view.hands):  # known cards of others (the gift) stay
                assert not Counter(c for c in h if c != UNKNOWN) - Counter(d.hands[s])
            for (s, mask, cards), (s2, mask2, cards2) in zip(view.folds, d.folds, strict=True):
                assert (s, mask) == (s2, mask2)
                if s == seat:
                    assert cards == cards2  # the own fold is known
                else:
                    assert not any(mask >> c & 1 for c in cards2)  # what the fold proves
            assert dog.view(d, seat) == view  # indistinguishable from the real state


def test_the_card_given_in_the_exchange_stays_with_the_partner() -> None:
    st = dog.start({"seats": 4}, random.Random(3))
    given = []
    for seat in range(4):
        card = st.hands[seat][0]
        given.append(card)
        st = dog.apply(st, DogAction(GIVE, card))
    view = dog.view(st, 1)
    for k in range(30):
        d = dog.determinize(view, 1, random.Random(k))
        assert given[1] in d.hands[3] and d.hands[1] == st.hands[1]


def test_the_view_plan_is_not_reused_for_another_view() -> None:
    a = midgame(seed=3)
    b = midgame(seed=4)
    va, vb = dog.view(a, 0), dog.view(b, 0)
    rng = random.Random(1)
    for _ in range(3):
        assert dog.view(dog.determinize(va, 0, rng), 0) == va
        assert dog.view(dog.determinize(vb, 0, rng), 0) == vb


def test_remembered_sevens_are_the_computed_ones() -> None:
    """The memo of 7s (engine speed-up) gives the same legal actions as a fresh analysis."""
    rng = random.Random(5)
    st = dog.start({"seats": 4}, rng)
    checked = 0
    for _ in range(3000):
        if dog.is_terminal(st):
            break
        if st.phase == 2 and any(c in (7, 15) for c in st.hands[st.turn]):
            moves._SEVEN_MEMO.clear()
            fresh = dog.legal_actions(st)
            assert dog.legal_actions(st) == fresh  # now from the memo
            checked += 1
        st = dog.apply(st, dog.random_action(st, rng))
    assert checked > 10


def test_remembered_plays_are_the_computed_ones() -> None:
    """The memo of plays per board (engine speed-up) changes no legal action list, whatever
    the hand, and an unreported hand still lists every kind."""
    from companion.games.dog.engine import rules

    rng = random.Random(6)
    st = dog.start({"seats": 4}, rng)
    checked = 0
    for _ in range(2000):
        if dog.is_terminal(st):
            break
        if st.phase == 2:
            rules._PLAYS_MEMO.clear()
            moves._SEVEN_MEMO.clear()
            fresh = dog.legal_actions(st)
            assert dog.legal_actions(st) == fresh
            view = dog.view(st, (st.turn + 1) % 4)  # the mover's hand is unknown here
            unknown = dog.legal_actions(view)
            assert set(fresh) <= set(unknown)
            rules._PLAYS_MEMO.clear()
            moves._SEVEN_MEMO.clear()
            assert dog.legal_actions(view) == unknown
            checked += 1
        st = dog.apply(st, dog.random_action(st, rng))
    assert checked > 100
