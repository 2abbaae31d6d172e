"""What each seat knows: hands are private except the bought cards drawn from the known top
of a draw pile; deck contents, discard piles, the market and coins are public; the order of a
draw pile or of the neutral stack is never stored (draws and refills sample it)."""

from __future__ import annotations

import random

from companion.engines.base import TABLE
from companion.games.hit.engine.cards import UNKNOWN
from companion.games.hit.engine.info import has_unknowns

from .helpers import conserved, hit, play, pos

W3 = ["W", "W", "W"]


def test_view_hides_the_other_hands() -> None:
    st = hit.start({"players": 3}, random.Random(2))
    for seat in range(3):
        v = hit.view(st, seat)
        assert v.hands[seat] == st.hands[seat]
        for other in range(3):
            if other != seat:
                assert v.hands[other] == (UNKNOWN,) * 3
                assert sum(v.pools[other]) == sum(st.pools[other]) + 3
        assert v.market == st.market and v.figures == st.figures and v.coins == st.coins
        assert conserved(v)
    spectator = hit.public_view(st)
    assert all(h == (UNKNOWN,) * 3 for h in spectator.hands)
    assert hit.view(st, TABLE) == spectator


def test_bought_cards_stay_known_in_the_hand() -> None:
    st = pos([["T3", "W", "W"], W3, W3, W3], to_move=0, phase="buy",
             hands=[[], None, None, None], coins=[12, 6, 6, 6], market=["4", "5", "hunt"],
             discards=[["s1", "s6", "scoins"], [], [], []])
    st = play(st, "buy hunt", "buy 4", "end", "draw s3")
    assert hit.to_json(st)["shown"][0] == ["4", "hunt"]
    v = hit.view(st, 2)
    assert hit.to_json(v)["hands"][0] == ["?", "4", "hunt"]


def test_determinize_fills_hands_from_the_cards_not_seen() -> None:
    rng = random.Random(9)
    st = hit.start({"players": 4}, rng)
    for _ in range(40):
        st = hit.apply(st, hit.random_action(st, rng))
    varied = 0
    for seat in range(4):
        v = hit.view(st, seat)
        samples = set()
        for _ in range(30):
            full = hit.determinize(v, seat, rng)
            assert not has_unknowns(full) and conserved(full)
            assert hit.view(full, seat) == v
            assert full.hands[seat] == st.hands[seat]
            samples.add(full.hands[(seat + 1) % 4])
        varied += len(samples) > 1
    assert varied  # the others' hands really are sampled


def test_the_draw_pile_keeps_no_order() -> None:
    """The engine stores a seat's unseen cards as a multiset: a simulated draw samples them,
    so two runs from one position may draw differently."""
    st = pos([["T3", "W", "W"], W3, W3, W3], to_move="table", phase="draw",
             hands=[[], None, None, None], discards=[["s1", "s6", "scoins"], [], [], []],
             market=["4", "5", "7", "hunt", "jump"])
    draws = {hit.sample_chance(st, random.Random(i)).cards for i in range(20)}
    assert len(draws) == 1  # three cards left, all of them drawn
    st2 = pos([["T3", "W", "W"], W3, W3, W3], to_move="table", phase="draw",
              hands=[[], None, None, None], discards=[["s1", "s6"], [], [], []],
              market=["4", "5", "7", "hunt", "jump"])
    assert len({hit.sample_chance(st2, random.Random(i)).cards for i in range(30)}) > 1
