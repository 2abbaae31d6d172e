"""Property tests: random complete DOG games for every seat count, invariants after every step,
replays, notation round-trips, and the fast move generators against slow references."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engines.base import Violation
from companion.games.dog.engine.actions import DEAL, DRAW, PLAY, RESHUFFLE, DogAction
from companion.games.dog.engine.cards import DECK, JOKER, KINDS, NKINDS, SEVEN, SWAP, UNKNOWN
from companion.games.dog.engine.info import has_unknowns
from companion.games.dog.engine.moves import (
    Ctx,
    _simulate,
    moves_as,
    plays_for,
    seven_next_steps,
    seven_plays,
    seven_search,
    simulate,
)
from companion.games.dog.engine.state import (
    DRAWN,
    EXCHANGE,
    OVER,
    DogState,
    active_colour,
    located_counts,
    stock_size,
)
from companion.games.dog.engine.state import (
    PLAY as PH_PLAY,
)

from .helpers import dog, random_dense_position

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

CONFIGS: list[tuple[int, str]] = [(4, "teams"), (6, "teams"), (2, "solo"), (3, "solo"),
                                  (5, "solo")]


class StockTracker:
    """The stock kept by the test itself, card by card, from the table's events: together
    with the cards the state locates it must always make up the 110-card deck."""

    def __init__(self) -> None:
        self.stock = list(DECK)

    def take(self, cards: list[int]) -> None:
        for c in cards:
            self.stock[c] -= 1
            assert self.stock[c] >= 0, f"dealt a card the stock did not hold: {c}"

    def event(self, before: DogState, action: DogAction) -> None:
        if action.kind == DEAL:
            self.take([c for h in action.cards for c in h])
        elif action.kind == DRAW:
            self.take([action.card])
        elif action.kind == RESHUFFLE:
            for k in range(NKINDS):
                self.stock[k] += before.discard[k]
            for _, _, cards in before.folds:
                for c in cards:
                    self.stock[c] += 1

    def check(self, state: DogState) -> None:
        located = located_counts(state)
        assert located[UNKNOWN] == 0
        for k in range(1, NKINDS):
            assert located[k] + self.stock[k] == DECK[k], k
        assert sum(self.stock) == stock_size(state)


def goal_profile(state: DogState, seat: int) -> list[int]:
    """For i = 0..3: how many of the seat's figures stand on goal field i or deeper."""
    geo = state.cfg.geo
    idx = [geo.goal_index(p) for p in state.figures[seat] if p >= geo.length]
    return [sum(1 for g in idx if g >= i) for i in range(4)]


def check_board(state: DogState) -> None:
    cfg = state.cfg
    placed = [p for fs in state.figures for p in fs if p >= 0]
    assert len(placed) == len(set(placed)), "two figures on one field"
    for s, fs in enumerate(state.figures):
        assert len(fs) == cfg.figures_per_seat
        assert all(p == -1 - s or 0 <= p < cfg.geo.length or cfg.geo.goal_owner(p) == s
                   for p in fs), "a figure off its board"
    if state.phase in (PH_PLAY, DRAWN, EXCHANGE):
        assert state.hands[state.turn], "the seat to move holds no card"


def goal_not_passed(before: DogState, action: DogAction) -> None:
    """No segment passes an occupied goal field (checked segment by segment for a 7)."""
    if action.kind != PLAY or action.as_card == SWAP:
        return
    geo = before.cfg.geo
    length = geo.length
    st_ = before
    seat = before.turn
    for i, (frm, to) in enumerate(action.segs):
        if i:
            res = _simulate(before, seat, SEVEN, action.segs[:i], partial=True)
            assert not isinstance(res, Violation)
            st_ = before._replace(figures=res[0], lapped=res[1])
        if to >= length:
            owner = geo.goal_owner(to)
            first = geo.goal_index(frm) + 1 if frm >= length else 0
            occupied = {geo.goal_index(p) for p in st_.figures[owner] if p >= length}
            assert not occupied & set(range(first, geo.goal_index(to))), "passed in the goal"


def play_game(seed: int, seats: int, mode: str, rules: dict[str, Any] | None = None,
              check_every: int = 0) -> list[str]:
    """A random complete game with invariants after every step; returns the action log."""
    rng = random.Random(seed)
    state = dog.new_game({"seats": seats, "mode": mode, "rules": rules or {}})
    tracker = StockTracker()
    log: list[str] = []
    steps = 0
    while not dog.is_terminal(state):
        if check_every and steps % check_every == 0:
            check_legal_actions(state)
        action = dog.random_action(state, rng)
        text = dog.format_action(state, action)
        assert dog.parse_action(state, text) == action, text  # parses back to itself
        log.append(text)
        before = state
        profiles = [goal_profile(state, s) for s in range(seats)]
        tracker.event(before, action)
        goal_not_passed(before, action)
        state = dog.apply(state, action)
        tracker.check(state)
        check_board(state)
        for s in range(seats):  # goal figures never leave nor move back
            assert all(a >= b for a, b in zip(goal_profile(state, s), profiles[s], strict=True))
        steps += 1
        assert steps < 50_000
    assert state.phase == OVER and dog.returns(state).count(1.0) == len(
        state.cfg.teams[state.winner])
    return log


def check_legal_actions(state: DogState) -> None:
    """Every legal action is accepted by check, formats and parses back, and leads to a
    distinct position; the position survives JSON."""
    assert dog.from_json(dog.to_json(state)) == state
    if dog.to_move(state) < 0:
        return
    seen = set()
    for action in dog.legal_actions(state):
        assert dog.check(state, action) == [], dog.format_action(state, action)
        text = dog.format_action(state, action)
        assert dog.parse_action(state, text) == action
        after = dog.apply(state, action)
        assert after not in seen, text
        seen.add(after)


@pytest.mark.parametrize(("seats", "mode", "examples"),
                         [(4, "teams", 30), (6, "teams", 12), (2, "solo", 25), (3, "solo", 15),
                          (5, "solo", 10)])
def test_random_complete_games(seats: int, mode: str, examples: int) -> None:
    @settings(FAST, max_examples=examples)
    @given(seed=SEEDS)
    def run(seed: int) -> None:
        play_game(seed, seats, mode)

    run()


@settings(FAST, max_examples=15)
@given(seed=SEEDS, config=st.sampled_from(CONFIGS), rules=st.fixed_dictionaries({}, optional={
    "knock_own": st.booleans(), "start_blocks_own": st.booleans(),
    "goal_from_start": st.booleans(), "start_protection": st.sampled_from(["always",
                                                                          "from_kennel"]),
    "seven_partner_exception": st.booleans(), "swap_void": st.booleans(),
    "fold_face_up": st.booleans(), "card_exchange": st.booleans(),
    "goal_entry_mandatory": st.booleans(), "board": st.sampled_from(["compact", "schmidt"])}))
def test_random_games_under_house_rules(seed: int, config: tuple[int, str],
                                        rules: dict[str, Any]) -> None:
    play_game(seed, *config, rules=rules)


@settings(FAST, max_examples=6)
@given(seed=SEEDS, config=st.sampled_from(CONFIGS))
def test_the_same_seed_replays_the_same_game(seed: int, config: tuple[int, str]) -> None:
    assert play_game(seed, *config) == play_game(seed, *config)


@settings(FAST, max_examples=5)
@given(seed=SEEDS, config=st.sampled_from(CONFIGS))
def test_legal_actions_along_games(seed: int, config: tuple[int, str]) -> None:
    play_game(seed, *config, check_every=23)


# -- the fast generators against slow references --------------------------------------------------
RULE_VARIANTS: list[dict[str, Any]] = [
    {}, {"knock_own": False}, {"start_blocks_own": False}, {"goal_from_start": True},
    {"start_protection": "from_kennel"}, {"seven_partner_exception": False},
    {"goal_entry_mandatory": True}]


def brute_force(state: DogState, seat: int, as_card: int) -> set[tuple[tuple[int, ...], ...]]:
    """Positions after every single move the checked simulator accepts, trying every pair of
    fields (the slow reference for the plain cards)."""
    cfg = state.cfg
    c = active_colour(state, seat)
    fields = range(cfg.geo.length + 4 * cfg.seats)
    out = set()
    for frm in set(state.figures[c]):
        for to in ([cfg.geo.start[c]] if frm < 0 else fields):
            res = simulate(state, seat, as_card, ((frm, to),))
            if not isinstance(res, Violation):
                out.add(res[0])
    return out


def compare_generators(state: DogState) -> None:
    seat = state.turn
    ctx = Ctx(state, seat)
    for card in (1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 13):
        gen = [simulate(state, seat, card, segs) for segs in moves_as(ctx, card)]
        assert not any(isinstance(r, Violation) for r in gen)
        results = {r[0] for r in gen}  # type: ignore[index]
        assert len(results) == len(gen), f"{card}: two plays to one position"
        assert results == brute_force(state, seat, card), card
    fast = {}
    for segs in seven_plays(Ctx(state, seat)).values():
        res = simulate(state, seat, SEVEN, segs)
        assert not isinstance(res, Violation), segs
        assert res[0] not in fast, "two 7s to one position"
        fast[res[0]] = segs
    # the exhaustive search tries every order, also interleaved ones
    assert set(fast) == set(seven_search(state, seat))
    joker: dict[Any, DogAction] = {}
    for a in plays_for(Ctx(state, seat), JOKER):
        res = simulate(state, seat, a.as_card, a.segs)
        assert not isinstance(res, Violation)
        assert res[0] not in joker, (a, joker.get(res[0]))
        joker[res[0]] = a


@settings(FAST, max_examples=250)
@given(seed=SEEDS, config=st.sampled_from([*CONFIGS, (4, "solo")]),
       rules=st.sampled_from(RULE_VARIANTS))
def test_fast_generators_match_the_references(seed: int, config: tuple[int, str],
                                              rules: dict[str, Any]) -> None:
    state = random_dense_position(random.Random(seed), *config, rules)
    if state.cfg.teams_mode and any(
            all(all(p >= state.cfg.geo.length for p in state.figures[s]) for s in team)
            for team in state.cfg.teams):
        return  # already won
    compare_generators(state)


@settings(FAST, max_examples=60)
@given(seed=SEEDS, config=st.sampled_from(CONFIGS))
def test_seven_step_by_step_reaches_exactly_the_legal_sevens(seed: int,
                                                            config: tuple[int, str]) -> None:
    """Following `seven_next_steps` from the empty split, every completed path is a legal 7
    and every legal 7's position is reached."""
    state = random_dense_position(random.Random(seed), *config)
    seat = state.turn
    legal = {simulate(state, seat, SEVEN, segs)[0]  # type: ignore[index]
             for segs in seven_plays(Ctx(state, seat)).values()}
    reached = set()
    rng = random.Random(seed)
    frontier: list[tuple[tuple[int, int], ...]] = [()]
    for _ in range(40):
        if not frontier:
            break
        segs = frontier.pop(rng.randrange(len(frontier)))
        left, nexts = seven_next_steps(state, seat, segs)
        if left == 0:
            res = simulate(state, seat, SEVEN, segs)
            assert not isinstance(res, Violation)
            reached.add(res[0])
            continue
        assert nexts or not segs, "a prefix offered earlier cannot be completed"
        frontier.extend((*segs, n) for n in nexts)
    assert reached <= legal
    if not legal:
        assert seven_next_steps(state, seat, ())[1] == []


@settings(FAST, max_examples=8)
@given(seed=SEEDS, config=st.sampled_from(CONFIGS))
def test_determinized_views_are_complete_and_consistent(seed: int,
                                                        config: tuple[int, str]) -> None:
    rng = random.Random(seed)
    state = dog.new_game({"seats": config[0], "mode": config[1]})
    for step in range(1200):
        if dog.is_terminal(state):
            break
        if step % 97 == 5:
            seat = rng.randrange(config[0])
            view = dog.view(state, seat)
            full = dog.determinize(view, seat, rng)
            assert not has_unknowns(full)
            assert full.hands[seat] == state.hands[seat] and full.figures == state.figures
            assert [len(h) for h in full.hands] == [len(h) for h in state.hands]
            vec = located_counts(full)
            assert all(vec[k] <= DECK[k] for k in KINDS)
            for other in range(config[0]):  # what the seat knew stays
                known = Counter(c for c in view.hands[other] if c != UNKNOWN)
                assert not known - Counter(full.hands[other])
        state = dog.apply(state, dog.random_action(state, rng))


@pytest.mark.slow
@settings(FAST, max_examples=200)
@given(seed=SEEDS, config=st.sampled_from([*CONFIGS, (4, "solo"), (6, "solo")]))
def test_many_more_random_games(seed: int, config: tuple[int, str]) -> None:
    play_game(seed, *config, check_every=53)

