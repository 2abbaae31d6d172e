"""Property tests: random complete Life is Life games for 3, 4 and 5 players, invariants after
every step (the 60 cards conserved), notation and JSON round trips, the fast move generators
against brute force, and determinizations of random views."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.lifeislife.engine.actions import DEAL, HAND, KNOCK, SWAP, LifeAction
from companion.games.lifeislife.engine.cards import DECK, KINDS, NK, UNKNOWN
from companion.games.lifeislife.engine.info import has_unknowns
from companion.games.lifeislife.engine.rules import laydowns
from companion.games.lifeislife.engine.state import DEAL as PH_DEAL
from companion.games.lifeislife.engine.state import OVER, PLAY, LifeState
from tests.engines.contract import random_game

from .helpers import conserved, life

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=40)


class Deck:
    """The set-aside cards kept by the test itself from each deal: with the hands and the rows
    they must always make up exactly the 60 cards."""

    def __init__(self) -> None:
        self.aside = [0] * NK

    def deal(self, action: LifeAction) -> None:
        vec = list(DECK)
        for group in (*action.rows, *action.hands):
            for c in group:
                vec[c] -= 1
        assert all(v >= 0 for v in vec)
        self.aside = vec

    def check(self, state: LifeState) -> None:
        vec = list(self.aside)
        for h in state.hands:
            assert h[UNKNOWN] == 0
            for k in KINDS:
                vec[k] += h[k]
        for row in state.rows:
            for c in row:
                vec[c] += 1
        assert vec[1:] == list(DECK[1:]), "the 60 cards are not conserved"


def check_invariants(state: LifeState) -> None:
    assert conserved(state)
    values = life.evaluate(state)
    assert all(0.0 <= v <= 1.0 for v in values) and abs(sum(values) - 1.0) < 1e-9
    n = state.cfg.players
    alive = [s for s in range(n) if state.lives[s] > 0]
    if state.phase == OVER:
        assert alive == [state.winner]
        return
    assert len(alive) >= 2 and state.winner == -1
    if state.phase == PLAY:
        assert [len(r) for r in state.rows] == [1, 2, 3, 4]
        assert state.lives[state.turn] > 0
        for s in range(n):
            assert sum(state.hands[s]) == (10 if state.lives[s] > 0 else 0)
            assert all(state.public[s][k] <= state.hands[s][k] for k in KINDS)
            if state.swapped >> s & 1:  # no undeclared set
                assert all(state.hands[s][k] < DECK[k] for k in state.cfg.rules.sudden)
        assert state.knocked_by != state.turn


def check_round_end(before: LifeState, after: LifeState) -> None:
    """Lives change only at the end of a round and as the rulebook says."""
    if after.last is before.last:
        assert after.lives == before.lives
        return
    res = after.last
    assert res is not None
    ins = [s for s in range(before.cfg.players) if before.lives[s] > 0]
    if res.sudden >= 0:
        expert = before.cfg.rules.expert
        assert res.sudden == before.turn and res.animal in before.cfg.rules.sudden
        assert after.hands[res.sudden][res.animal] == DECK[res.animal]
        assert [res.lost[s] for s in ins] == [(-1 if expert else 0) if s == res.sudden else 1
                                              for s in ins]
    else:
        pts = [res.points[s] for s in ins]
        hi, lo = max(pts), min(pts)
        for s in ins:
            p = res.points[s]
            expected = 0 if hi == lo or p == hi else (2 if p == lo else 1)
            assert res.lost[s] == expected
    for s in range(before.cfg.players):
        assert after.lives[s] == max(0, before.lives[s] - res.lost[s]) if before.lives[s] else \
            after.lives[s] == 0
    if after.phase == PH_DEAL:
        assert after.starter == next(
            (before.starter + i) % before.cfg.players for i in range(1, before.cfg.players + 1)
            if after.lives[(before.starter + i) % before.cfg.players] > 0)


def play_game(seed: int, players: int, expert: bool = False,
              check_every: int = 7) -> list[str]:
    """A random complete game with Life is Life's invariants after every step (the
    contract's own checks: test_contract.py); returns the action log."""
    deck = Deck()
    log: list[str] = []
    state = None
    for step, (rng, before, action, state) in enumerate(
            random_game(life, {"players": players, "rules": {"expert": expert}}, seed)):
        if step % check_every == 0:
            check_moves(before, action)
            check_view(before, rng)
        if action.kind == DEAL:
            deck.deal(action)
        log.append(life.format_action(before, action))
        check_invariants(state)
        check_round_end(before, state)
        if state.phase == PLAY:
            deck.check(state)
    assert state is not None and life.returns(state)[state.winner] == 1.0
    assert sum(life.returns(state)) == 1.0
    return log


def check_moves(state: LifeState, action: LifeAction) -> None:
    """The action is among the legal ones; each listed move leads to its own position; the
    fast generator agrees with brute force over the hand's physical cards."""
    if state.phase != PLAY:
        assert life.legal_actions(state) == []
        return
    actions = life.legal_actions(state)
    assert action in actions
    positions = [life.apply(state, a) for a in actions]
    assert len(set(positions)) == len(positions)
    hand = [k for k in KINDS for _ in range(state.hands[state.turn][k])]
    for row in (1, 2, 3, 4):
        brute = {c for c in combinations(hand, row)} - {state.rows[row - 1]}
        assert set(laydowns(state, state.turn, row)) == brute
        assert len(laydowns(state, state.turn, row)) == len(brute)
    knock = any(a.kind == KNOCK for a in actions)
    assert knock == (state.knocked_by >= 0 or bool(state.swapped >> state.turn & 1))


def check_view(state: LifeState, rng: random.Random) -> None:
    seat = rng.randrange(state.cfg.players)
    v = life.view(state, seat)
    full = life.determinize(v, seat, rng)
    assert not has_unknowns(full) and conserved(full)
    for s in range(state.cfg.players):
        assert sum(full.hands[s]) == sum(state.hands[s])
        assert all(full.hands[s][k] >= v.hands[s][k] for k in KINDS)
    assert life.view(full, seat) == v  # the seat cannot tell the sample from the truth
    if state.phase == PLAY and seat == state.turn:  # its own hand: the same choices
        assert set(life.legal_actions(full)) == set(life.legal_actions(state))


@pytest.mark.parametrize("players", [3, 4, 5])
@FAST
@given(seed=SEEDS)
def test_random_games_end_with_one_player_left(players: int, seed: int) -> None:
    log = play_game(seed, players)
    assert log[0].startswith("deal rows ")


@FAST
@given(seed=SEEDS, players=st.integers(min_value=3, max_value=5))
def test_random_games_in_the_expert_variant(seed: int, players: int) -> None:
    play_game(seed, players, expert=True)


@FAST
@given(seed=SEEDS, players=st.integers(min_value=3, max_value=5))
def test_a_physical_table_with_unknown_hands(seed: int, players: int) -> None:
    """Rows reported, hands never entered: every swap is checked against the public facts,
    the hands are shown at the end; the 60 cards still add up."""
    rng = random.Random(seed)
    truth = life.start({"players": players}, rng)  # the real table (the engine never sees it)
    public = life.apply(life.new_game({"players": players}),
                        LifeAction(DEAL, rows=truth.rows))
    for _ in range(8 * players):
        if life.phase(truth) != "play":
            break
        action = life.random_action(truth, rng)
        if action.kind == SWAP and action.sudden:
            break
        assert life.check(public, action) == [], life.format_action(public, action)
        if action.kind == SWAP and not public.swapped:  # the first swap of the round
            assert action in life.legal_actions(public)
        truth = life.apply(truth, action)
        public = life.apply(public, action)
        assert conserved(public) and public.rows == truth.rows
        if life.phase(truth) != "play":
            break
        assert life.view(truth, -1) == life.view(public, -1)  # the same public facts
        for s in range(players):
            assert all(public.hands[s][k] <= truth.hands[s][k] for k in KINDS)
    if life.phase(truth) == "deal":  # the round ended: the table shows the hands
        assert life.phase(public) == "reveal"
        for s in range(players):
            if public.hands[s][UNKNOWN]:
                public = life.play(public, LifeAction(
                    HAND, cards=tuple(k for k in KINDS for _ in range(truth.hands[s][k])),
                    seat=s))
        assert public.lives == truth.lives and life.phase(public) == life.phase(truth)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_many_random_games(players: int) -> None:
    for seed in range(300):
        play_game(seed, players, expert=seed % 2 == 1, check_every=3)
