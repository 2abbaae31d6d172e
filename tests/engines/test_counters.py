"""The card counters (companion/engines/counter.py and <game>/counter.py): exact counts on
scripted games, reshuffles, and chances checked against hand-computed hypergeometric values
and against brute-force enumeration."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from companion.engines import get_game
from companion.engines.counter import (
    Slot,
    TooComplex,
    Unknowns,
    completions,
    hypergeometric_none,
)
from companion.games.dog.engine import counter as dog_counter
from companion.games.hit.engine import counter as hit_counter
from companion.games.lifeislife.engine import counter as lil_counter


def run(game, state, *actions: str):
    for text in actions:
        action = game.parse_action(state, text)
        assert not game.check(state, action), (text, game.check(state, action))
        state = game.apply(state, action)
    return state


def unseen(count) -> dict[str, int]:
    group = next(g for g in count.groups if g.kind == "unseen")
    return {t.card: t.count for t in group.tallies}


def chance(count, card: str, target: str = "seat", seat: int | None = None) -> float:
    return next(
        c.p for c in count.chances if c.card == card and c.target == target and c.seat == seat
    )


def miss(total: int, of_kind: int, drawn: int) -> float:
    """1 - P(none): the textbook hypergeometric chance of at least one."""
    return 1 - comb(total - of_kind, drawn) / comb(total, drawn)


# --- the exact arithmetic ---------------------------------------------------------------------


def brute_force(pool: list[int], slots: list[Slot]) -> int:
    """Completions counted by placing every (distinct) card: the definition itself."""
    cards = [k for k, n in enumerate(pool) for _ in range(n)]
    total = 0

    def place(i: int, room: list[int], held: list[dict[int, int]]) -> None:
        nonlocal total
        if i == len(cards):
            total += all(r == 0 for r in room)
            return
        place(i + 1, room, held)  # to the free places
        k = cards[i]
        for j, s in enumerate(slots):
            if room[j] and held[j].get(k, 0) < s.cap(k):
                room[j] -= 1
                held[j][k] = held[j].get(k, 0) + 1
                place(i + 1, room, held)
                room[j] += 1
                held[j][k] -= 1

    place(0, [s.size for s in slots], [{} for _ in slots])
    return total


def random_case(rng: random.Random) -> tuple[list[int], list[Slot]]:
    kinds = rng.randint(1, 4)
    pool = [0] + [rng.randint(0, 3) for _ in range(kinds)]
    while sum(pool) > 9:
        pool[rng.randint(1, kinds)] = 0
    slots = []
    for _ in range(rng.randint(0, 3)):
        caps = tuple(
            (k, rng.choice([0, 0, 1, 2])) for k in range(1, kinds + 1) if rng.random() < 0.5
        )
        slots.append(Slot(rng.randint(0, 3), caps))
    return pool, slots


def test_completions_equal_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(300):
        pool, slots = random_case(rng)
        assert completions(pool, slots) == brute_force(pool, slots), (pool, slots)


def test_chances_equal_brute_force() -> None:
    rng = random.Random(11)
    checked = 0
    while checked < 200:
        pool, slots = random_case(rng)
        if sum(s.size for s in slots) > sum(pool) or not completions(pool, slots):
            continue
        unknowns = Unknowns(pool, slots)
        kind = rng.randint(1, len(pool) - 1)
        free = rng.randint(0, unknowns.free)
        targets = [i for i in range(len(slots)) if rng.random() < 0.5]
        every = [*slots, Slot(free)]
        asked = [*targets, len(slots)]
        restricted = [s.without(kind) if i in asked else s for i, s in enumerate(every)]
        expected = Fraction(brute_force(pool, restricted), brute_force(pool, every))
        assert unknowns.none(kind, free, targets) == expected, (pool, slots, kind, free, targets)
        checked += 1


def test_without_constraints_it_is_the_hypergeometric() -> None:
    unknowns = Unknowns([0, 7, 96], [])
    assert unknowns.none(1, 6) == Fraction(comb(96, 6), comb(103, 6))
    assert hypergeometric_none(7, 1, 3) == Fraction(comb(6, 3), comb(7, 3))


def test_too_many_constraints_are_refused_not_slow(monkeypatch) -> None:
    monkeypatch.setattr("companion.engines.counter.WORK_LIMIT", 50)
    slots = [Slot(3, ((k, 0),)) for k in range(1, 9)]
    with pytest.raises(TooComplex):
        completions([0] + [6] * 10, slots)


# --- DOG --------------------------------------------------------------------------------------

DOG = get_game("dog")
NO_EXCHANGE = {"seats": 4, "rules": {"card_exchange": False}}


def test_dog_counts_the_cards_played_since_the_reshuffle() -> None:
    s = DOG.new_game(NO_EXCHANGE)
    s = run(DOG, s, "deal", "hand 0 1,13,7,4,5,joker", "hand 1 1,2,3,8,9,10")
    public = dog_counter.public_count(_spectator(s))
    assert unseen(public) == {
        **{t: 8 for t in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13")},
        "swap": 8,
        "joker": 6,
    }
    s = run(DOG, s, "1 K", "1 K")  # seats 0 and 1 come out with a 1 each
    public = dog_counter.public_count(_spectator(s))
    assert unseen(public)["1"] == 6 and unseen(public)["13"] == 8
    group = public.groups[0]
    assert group.size == 108 and dict(group.parts) == {"hands": 22, "stock": 86}
    # Seat 0 also knows its own hand (13, 7, 4, 5, joker left).
    mine = dog_counter.seat_count(DOG.view(s, 0), 0)
    assert mine is not None
    assert unseen(mine)["1"] == 6 and unseen(mine)["13"] == 7 and unseen(mine)["joker"] == 5
    assert dog_counter.seat_count(DOG.view(s, 2), 2) is None  # seat 2 has not entered its hand


def test_dog_chance_is_the_hypergeometric_over_the_unseen_cards() -> None:
    s = DOG.new_game(NO_EXCHANGE)
    s = run(DOG, s, "deal", "hand 0 1,13,7,4,5,joker")
    mine = dog_counter.seat_count(DOG.view(s, 0), 0)
    # 104 cards unseen by seat 0, 7 of them sevens; seat 2 (the partner) holds 6 of them.
    assert chance(mine, "7", seat=2) == pytest.approx(miss(104, 7, 6), abs=1e-12)
    assert chance(mine, "7", seat=1) == pytest.approx(miss(104, 7, 6), abs=1e-12)
    # Anyone of the three other hands: 18 unknown cards.
    assert chance(mine, "7", "anyone") == pytest.approx(miss(104, 7, 18), abs=1e-12)
    assert chance(mine, "joker", seat=3) == pytest.approx(miss(104, 5, 6), abs=1e-12)
    assert dict(mine.facts)["partner"] == 2 and mine.exact


def test_dog_the_exchange_gift_is_known_to_the_giver() -> None:
    s = DOG.new_game({"seats": 4})
    s = run(DOG, s, "deal", "hand 0 1,13,7,4,5,joker", "give 7", "give ?", "give ?", "give ?")
    # Seat 0 received an unknown card from seat 2 and enters its hand again: it was a 9.
    assert dog_counter.seat_count(DOG.view(s, 0), 0) is None
    s = run(DOG, s, "hand 0 1,13,4,5,joker,9")
    mine = dog_counter.seat_count(DOG.view(s, 0), 0)
    assert mine is not None
    known = [g for g in mine.groups if g.kind == "known"]
    assert [(g.seat, [(t.card, t.count) for t in g.tallies]) for g in known] == [(2, [("7", 1)])]
    assert known[0].size == 6 and known[0].hidden == 5
    assert chance(mine, "7", seat=2) == 1.0 and chance(mine, "7", "anyone") == 1.0
    assert chance(mine, "7", seat=1) == pytest.approx(miss(103, 7, 6), abs=1e-12)
    assert dog_counter.seat_count(DOG.view(s, 2), 2) is None


def test_dog_a_fold_proves_what_the_folder_did_not_hold() -> None:
    s = DOG.new_game(NO_EXCHANGE)
    s = run(DOG, s, "deal", "hand 0 2,3,4,5,6,8", "hand 1 2,3,4,5,6,8", "fold")
    # Everyone saw seat 0 fold 6 cards face down with all figures in the kennel: none of them
    # was a 1, a 13 or a joker. For seat 1 the 6 jokers lie among the 104 - 6 = 98 other
    # unseen cards, so its partner (6 cards) holds none with C(92, 6) / C(98, 6).
    mine = dog_counter.seat_count(DOG.view(s, 1), 1)
    assert chance(mine, "joker", seat=3) == pytest.approx(miss(98, 6, 6), abs=1e-12)
    assert chance(mine, "joker", seat=3) > miss(104, 6, 6)  # the fold made it likelier
    public = dog_counter.public_count(_spectator(s))
    assert unseen(public)["2"] == 8  # face down: nothing seen
    # Seat 0 knows the cards it folded (its hand is empty now, so fully known).
    folder = dog_counter.seat_count(DOG.view(s, 0), 0)
    assert folder is not None and unseen(folder)["2"] == 7


def test_dog_face_up_folds_are_seen_by_everyone() -> None:
    s = DOG.new_game({"seats": 4, "rules": {"card_exchange": False, "fold_face_up": True}})
    s = run(DOG, s, "deal", "hand 0 2,3,4,5,6,8", "fold")
    public = dog_counter.public_count(_spectator(s))
    assert unseen(public)["2"] == 7 and unseen(public)["8"] == 7 and unseen(public)["7"] == 8


def test_dog_a_reshuffle_starts_the_count_again() -> None:
    pile = [t for t in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12") for _ in range(8)]
    position = {
        "game": "dog",
        "seats": 4,
        "phase": "deal",
        "to_move": "table",
        "round": 5,
        "dealer": 0,
        "figures": [["K"] * 4] * 4,
        "hands": [[], [], [], []],
        "discard": [*pile, "joker", "joker"],
    }
    s = DOG.from_json(position)
    before = unseen(dog_counter.public_count(_spectator(s)))
    assert before["7"] == 0 and before["joker"] == 4 and before["13"] == 8
    s = run(DOG, s, "reshuffle")
    after = unseen(dog_counter.public_count(_spectator(s)))
    assert after["7"] == 8 and after["joker"] == 6


def _spectator(state):
    from companion.games.dog.engine.cards import UNKNOWN
    from companion.games.dog.engine.state import NO_CARD

    view = DOG.view(state, 0)
    return view._replace(
        hands=tuple((UNKNOWN,) * len(h) for h in view.hands),
        transit=tuple(UNKNOWN if c != NO_CARD else c for c in view.transit),
        folds=tuple((s, m, (UNKNOWN,) * len(c)) for s, m, c in view.folds),
        gifts=(NO_CARD,) * len(view.gifts),
    )


# --- Life is Life -----------------------------------------------------------------------------

LIL = get_game("lifeislife")
ROWS = "deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep"


def test_lifeislife_counts_the_animals_nobody_has_seen() -> None:
    s = run(LIL, LIL.new_game({"players": 3}), ROWS)
    public = lil_counter.public_count(LIL.public_view(s))
    counts = unseen(public)
    assert counts["giraffe"] == 8 and counts["pig"] == 3 and counts["cat"] == 3
    assert dict(public.groups[0].parts) == {"hands": 30, "aside": 20}
    s = run(LIL, s, "hand 0 giraffe*3,bear*2,mole,goat,sheep,dog,cat", "swap 2: bear,dog")
    public = lil_counter.public_count(LIL.public_view(s))
    known = {
        g.seat: {t.card: t.count for t in g.tallies} for g in public.groups if g.kind == "known"
    }
    assert known[0] == {"mole": 1, "bear": 1}  # taken from row 2, seen by all
    assert unseen(public)["bear"] == 8 - 2  # one laid down in row 2, one taken by seat 0
    mine = lil_counter.seat_count(LIL.view(s, 0), 0)
    assert unseen(mine)["giraffe"] == 9 - 1 - 3
    # Seat 1 holds 10 cards, 40 unseen by seat 0 of which 5 giraffes.
    assert chance(mine, "giraffe", seat=1) == pytest.approx(miss(40, 5, 10), abs=1e-12)
    assert chance(mine, "giraffe", "anyone") == pytest.approx(miss(40, 5, 20), abs=1e-12)
    assert lil_counter.seat_count(LIL.view(s, 1), 1) is None  # hand not entered


def test_lifeislife_a_new_deal_starts_the_count_again() -> None:
    s = run(LIL, LIL.new_game({"players": 3}), ROWS)
    before = unseen(lil_counter.public_count(LIL.public_view(s)))
    assert before["pig"] == 3
    fresh = LIL.new_game({"players": 3})
    assert unseen(lil_counter.public_count(LIL.public_view(fresh)))["pig"] == 5


def test_lifeislife_no_sudden_death_set_after_a_swap() -> None:
    """A seat that swapped without calling sudden death holds no complete set, and everyone
    knows it: the exact count honours it (as the determinization does)."""
    s = run(
        LIL,
        LIL.new_game({"players": 3}),
        "deal rows giraffe/cat,cat/pig,pig,hare/mouse,dog,goat,sheep",
    )
    s = run(LIL, s, "hand 1 giraffe*4,bear*2,mole,goat,sheep,dog")
    s = run(LIL, s, "swap 2: giraffe,giraffe")  # seat 0 takes both cats of row 2
    mine = lil_counter.seat_count(LIL.view(s, 1), 1)
    assert mine is not None and mine.exact
    # (A hare and two pigs lie in row 3: seat 0 cannot hold all 5 of either, no other limit.)
    # Seat 1 sees 38 unseen cards, 2 of them cats. Seat 0 holds 2 cats and 8 hidden cards; it
    # cannot hold both other cats (all 4 would have ended the round), so its 8 cards hold x = 0
    # or 1 cat, with weights C(36, 8) and 2·C(36, 7). The other 30 cards (seat 2's 10 and 20 set
    # aside) hold the rest: seat 2 has no cat with C(30 - (2 - x), 10) / C(30, 10).
    w0, w1 = comb(36, 8), 2 * comb(36, 7)
    none = Fraction(w0 * comb(28, 10) + w1 * comb(29, 10), (w0 + w1) * comb(30, 10))
    assert chance(mine, "cat", seat=2) == pytest.approx(float(1 - none), abs=1e-12)
    assert chance(mine, "cat", seat=2) != pytest.approx(miss(38, 2, 10), abs=1e-3)
    assert chance(mine, "cat", seat=0) == 1.0


# --- HIT --------------------------------------------------------------------------------------

HIT = get_game("hit")
RED_TURN = {  # docs/notation.md: red's turn 9, red (seat 1) has entered its hand
    "game": "hit",
    "players": 4,
    "phase": "play",
    "turn": 1,
    "turns": 9,
    "figures": [["W", "T26", "T31"], ["W", "W", "T20"], ["W", "W", "T33"], ["W", "W", "W"]],
    "hands": [["?", "?", "?"], ["scoins", "s6", "6"], ["?", "?", "?"], ["?", "?", "?"]],
    "shown": [[], ["6"], [], []],
    "coins": [4, 3, 7, 2],
    "bought": [[], ["6"], [], ["hunt"]],
    "draw_top": [[], [], [], ["hunt"]],
    "unseen": [
        ["scoins", "s1-5", "scorner"],
        [],
        ["s1-5", "s3", "scorner"],
        ["scoins", "s1", "s6", "s1-5", "s3", "scorner"],
    ],
    "discards": [["s1", "s6", "s3"], ["s1", "s1-5", "s3", "scorner"], ["s1", "s6", "scoins"], []],
    "market": ["4", "5", "7", "coins5", "jump"],
    "stack": 24,
}


def piles(count) -> dict[int, dict[str, int]]:
    return {
        g.seat: {t.card: t.count for t in g.tallies if t.count}
        for g in count.groups
        if g.kind == "pile"
    }


def test_hit_public_piles_are_the_cards_not_seen_of_each_deck() -> None:
    s = HIT.from_json(RED_TURN)
    public = hit_counter.public_count(HIT.public_view(s))
    yellow = next(g for g in public.groups if g.kind == "pile" and g.seat == 3)
    assert yellow.size == 6 and yellow.hidden == 3 and dict(yellow.parts)["draw_pile"] == 4
    top = next(g for g in public.groups if g.kind == "top")
    assert top.seat == 3 and [(t.card, t.count) for t in top.tallies] == [("hunt", 1)]
    # Red showed its 6 (bought, drawn from the known top): its 2 other cards are scoins, s6.
    assert piles(public)[1] == {"scoins": 1, "s6": 1}


def test_hit_next_draw_chance_and_the_reshuffle() -> None:
    s = HIT.from_json(RED_TURN)
    mine = hit_counter.seat_count(HIT.view(s, 1), 1)
    assert mine is not None
    # Red's pile is empty: after this turn it draws 3 from its shuffled discard pile, which
    # then holds the 4 cards there and the 3 it plays now: 1 - C(6, 3) / C(7, 3) = 3/7.
    assert chance(mine, "s1", "draw", 1) == pytest.approx(3 / 7, abs=1e-12)
    facts = dict(mine.facts)
    assert facts["draws"] == 3 and facts["reshuffle"] == 3 and facts["assumes"] == "no_buys"
    assert hit_counter.seat_count(HIT.view(s, 0), 0) is None  # seat 0's hand is not known
    s = run(HIT, s, "scoins", "s6 W-T12", "6 T12-T18", "end")
    assert HIT.phase(s) == "shuffle"
    assert piles(hit_counter.public_count(HIT.public_view(s)))[1] == {}
    s = run(HIT, s, "shuffle")
    # The reshuffle: red's pile is its whole discard pile again, known to everyone.
    after = piles(hit_counter.public_count(HIT.public_view(s)))[1]
    assert after == {t: 1 for t in ("s1", "s1-5", "s3", "scorner", "scoins", "s6", "6")}
    mine = hit_counter.seat_count(HIT.view(s, 1), 1)
    assert chance(mine, "6", "draw", 1) == pytest.approx(miss(7, 1, 3), abs=1e-12)
    assert dict(mine.facts) == {"draws": 3, "from_top": 0}


def test_hit_known_top_cards_are_drawn_for_sure() -> None:
    s = HIT.from_json(
        {
            **RED_TURN,
            "draw_top": [[], ["5"], [], ["hunt"]],
            "bought": [[], ["6", "5"], [], ["hunt"]],
        }
    )
    mine = hit_counter.seat_count(HIT.view(s, 1), 1)
    assert chance(mine, "5", "draw", 1) == 1.0
    # One card from the top, two from the reshuffled 7: 1 - C(6, 2) / C(7, 2).
    assert chance(mine, "s1", "draw", 1) == pytest.approx(miss(7, 1, 2), abs=1e-12)


def test_dog_falls_back_to_sampling_when_the_count_is_too_costly(monkeypatch) -> None:
    s = DOG.new_game(NO_EXCHANGE)
    s = run(DOG, s, "deal", "hand 0 2,3,4,5,6,8", "hand 1 2,3,4,5,6,8", "fold")
    view = DOG.view(s, 1)
    exact = dog_counter.seat_count(view, 1)
    monkeypatch.setattr("companion.engines.counter.WORK_LIMIT", 0)
    dog_counter._seat_count.cache_clear()
    try:
        sampled = dog_counter.seat_count(view, 1)
    finally:
        dog_counter._seat_count.cache_clear()
    assert exact.exact and not sampled.exact
    assert sampled == dog_counter._seat_count.__wrapped__(view, 1)  # same seed: same numbers
    for card in ("joker", "7", "2"):
        assert chance(sampled, card, seat=3) == pytest.approx(chance(exact, card, seat=3), abs=0.05)
