"""What a seat knows (`view`) and complete states consistent with it (`determinize`)."""

from __future__ import annotations

import random

import pytest

from companion.engines.base import TABLE
from companion.games.lifeislife.engine import info
from companion.games.lifeislife.engine.cards import CAT, KINDS, UNKNOWN
from companion.games.lifeislife.engine.info import has_unknowns
from companion.games.lifeislife.engine.state import LifeState, unseen

from .helpers import ROWS, conserved, life, play, pos, rest_of_deck


def midgame(seed: int = 2, players: int = 4, steps: int = 6) -> LifeState:
    st = life.start({"players": players}, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(steps):
        st = life.apply(st, life.random_action(st, rng))
        if life.phase(st) != "play":
            break
    return st


def consistent(full: LifeState, v: LifeState) -> None:
    """`full` completes `v`: known cards kept, sizes kept, the deck conserved."""
    assert not has_unknowns(full) and conserved(full)
    assert full.rows == v.rows and full.public == v.public and full.lives == v.lives
    for h_full, h_view in zip(full.hands, v.hands, strict=True):
        assert sum(h_full) == sum(h_view)
        assert all(h_full[k] >= h_view[k] for k in KINDS)


def test_view_hides_exactly_the_unknown_part() -> None:
    st = midgame()
    assert not has_unknowns(st)
    for seat in range(4):
        v = life.view(st, seat)
        assert v.hands[seat] == st.hands[seat] and v.rows == st.rows
        for other in range(4):
            if other == seat:
                continue
            h = v.hands[other]
            assert h[1:] == st.public[other][1:]  # exactly what everyone saw it take
            assert h[UNKNOWN] == 10 - sum(st.public[other])
        assert life.view(v, seat) == v  # nothing more to hide


def test_cards_taken_are_public_and_cards_laid_down_leave_the_hand_publicly() -> None:
    hand = ["giraffe", "giraffe", "bear", "mole", "mole", "goat", "hare", "cat", "cat", "sheep"]
    st = play(pos(ROWS, [hand, None, None, None]), "swap 3: giraffe,bear,mole")
    assert life.known_cards(st, 1, 0) == ["pig", "pig", "cat"]
    st = play(st, "swap 1: dog")  # seat 1 (unknown hand) takes the giraffe seat 0 laid down
    st = play(st, "swap 2: cat,hare")
    st = play(st, "swap 4: sheep,dog,goat,hare")
    # seat 0 lays down one of the pigs everyone saw it take: one pig stays known
    st = play(st, "swap 1: pig")
    assert life.known_cards(st, 2, 0) == ["dog", "pig", "cat"]
    assert life.known_cards(st, 0, 0) == ["giraffe", "mole", "goat", "sheep", "dog", "hare",
                                          "pig", "cat", "cat", "cat"]
    assert life.to_json(life.public_view(st))["hands"][0] == ["dog", "pig", "cat"] + ["?"] * 7
    assert life.view(st, TABLE) == life.public_view(st)


def test_determinize_fills_every_unknown_consistently() -> None:
    st = midgame(seed=11, players=5)
    for seat in range(5):
        v = life.view(st, seat)
        for seed in range(10):
            consistent(life.determinize(v, seat, random.Random(seed)), v)


def test_determinize_never_uses_hidden_information() -> None:
    # two tables that differ only in what seat 1 cannot see look the same to seat 1
    rest = rest_of_deck(*ROWS)
    own, others = rest[:10], rest[10:]
    rng = random.Random(3)
    tables = []
    for _ in range(2):
        rng.shuffle(others)
        tables.append(pos(ROWS, [others[0:10], own, others[10:20], others[20:30],
                                 others[30:40]], players=5))
    a, b = tables
    assert a != b and life.view(a, 1) == life.view(b, 1)
    da = life.determinize(life.view(a, 1), 1, random.Random(9))
    db = life.determinize(life.view(b, 1), 1, random.Random(9))
    assert da == db
    consistent(da, life.view(a, 1))


def test_a_swap_without_sudden_death_proves_there_is_no_set() -> None:
    # seat 0 holds three cats everyone saw it take; the fourth is unseen. Having swapped
    # without calling sudden death, it cannot hold the fourth.
    rows = [["dog"], ["mole", "bear"], ["pig", "cat", "cat"], ["cat", "dog", "goat", "sheep"]]
    st = pos(rows, [None] * 4, players=4)
    st = play(st, "swap 3: giraffe,giraffe,bear")  # takes pig, cat, cat
    st = play(st, "swap 1: sheep")
    st = play(st, "swap 2: goat,goat")
    st = play(st, "swap 3: hare,hare,hare")
    st = play(st, "swap 4: giraffe,bear,mole,mouse")  # seat 0 takes cat, dog, goat, sheep
    assert life.known_cards(st, 1, 0)[-3:] == ["cat", "cat", "cat"]
    assert unseen(st)[CAT] == 1
    v = life.view(st, 1)
    held = 0
    for seed in range(300):
        full = life.determinize(v, 1, random.Random(seed))
        consistent(full, v)
        assert full.hands[0][CAT] == 3
        held += any(full.hands[s][CAT] for s in (1, 2, 3))
    assert held  # the fourth cat is somewhere else or set aside


def test_the_repairing_fallback_keeps_the_constraint(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [["dog"], ["mole", "bear"], ["pig", "cat", "cat"], ["cat", "dog", "goat", "sheep"]]
    st = pos(rows, [None] * 5, players=5)
    st = play(st, "swap 3: giraffe,giraffe,bear")
    for text in ("swap 1: sheep", "swap 2: goat,goat", "swap 3: hare,hare,hare",
                 "swap 1: mouse"):
        st = play(st, text)
    st = play(st, "swap 4: giraffe,bear,mole,mouse")
    monkeypatch.setattr(info, "MAX_TRIES", 0)  # straight to the fallback
    repaired = []
    original = info._repair

    def spy(fills: list[list[int]], rest: list[int], risky: list[tuple[int, int, int]],
            rng: random.Random) -> None:
        repaired.append(info._broken(fills, risky) is not None)
        original(fills, rest, risky, rng)

    monkeypatch.setattr(info, "_repair", spy)
    v = life.view(st, 2)
    for seed in range(100):
        full = life.determinize(v, 2, random.Random(seed))
        consistent(full, v)
        assert full.hands[0][CAT] == 3
    assert any(repaired)  # some draws gave seat 0 the fourth cat and were repaired


def test_sample_chance_draws_the_deal_and_the_hands_shown() -> None:
    deal = life.new_game({"players": 3})
    a = life.sample_chance(deal, random.Random(1))
    st = life.apply(deal, a)
    assert conserved(st) and not has_unknowns(st) and life.to_move(st) == 0
    assert sum(unseen(st)) == 20  # set aside
    with pytest.raises(ValueError):
        life.sample_chance(st, random.Random(1))
