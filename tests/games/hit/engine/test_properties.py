"""Property tests: random complete HIT games for 2, 3 and 4 players (and the variants), with
invariants after every step — every card conserved, coins accounted for, figures where they
may stand — notation and JSON round trips, the generators against `check`, determinizations
of random views, and a physical table that never reports a drawn card."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engines.base import TABLE
from companion.games.hit.engine import HitAction, HitState
from companion.games.hit.engine.actions import BUY, DRAW, PLAY
from companion.games.hit.engine.board import WAIT
from companion.games.hit.engine.cards import COINS, COST, UNKNOWN
from companion.games.hit.engine.info import has_unknowns
from companion.games.hit.engine.state import HAND_SIZE, MARKET_SIZE, OVER
from tests.engines.contract import random_game

from .helpers import conserved, hit

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=6)


def check_invariants(state: HitState) -> None:
    assert conserved(state), "the cards are not conserved"
    geo = state.cfg.geo
    seen: set[int] = set()
    for s, fs in enumerate(state.figures):
        assert len(fs) == state.cfg.figures and list(fs) == sorted(fs)
        lap = geo.lap[s]
        goal = [p for p in fs if p >= lap]
        assert len(goal) == len(set(goal)) and all(p < lap + geo.figures for p in goal)
        for p in fs:
            assert p == WAIT or p >= 0
            if 0 <= p < lap:
                f = geo.path[s][p]
                assert f not in seen, "two figures on one field"
                seen.add(f)
    assert all(len(h) <= HAND_SIZE for h in state.hands)
    assert all(c >= 0 for c in state.coins) and len(state.market) <= MARKET_SIZE
    values = hit.evaluate(state)
    assert all(0.0 <= v <= 1.0 for v in values) and abs(sum(values) - 1.0) < 1e-9
    if state.phase == OVER:
        assert all(p >= geo.lap[state.winner] for p in state.figures[state.winner])
    else:
        assert state.winner == -1
        assert not any(all(p >= geo.lap[s] for p in fs) for s, fs in enumerate(state.figures))


def check_coins(before: HitState, action: HitAction, after: HitState) -> None:
    """Coins change only by a played card's coins (also unused) and by a purchase's price."""
    delta = [0] * before.cfg.players
    if action.kind == PLAY:
        delta[before.turn] = COINS[action.card]
    elif action.kind == BUY:
        delta[before.turn] = -COST[action.card]
    assert [a - b for a, b in zip(after.coins, before.coins, strict=True)] == delta


def check_moves(state: HitState, action: HitAction) -> None:
    """At a seat's decision: the action is among the legal ones, every legal action passes
    `check`, is read back from its notation, and leads to its own position."""
    if hit.to_move(state) == TABLE:
        return
    actions = hit.legal_actions(state)
    assert action in actions, hit.format_action(state, action)
    positions = set()
    for a in actions:
        assert hit.check(state, a) == [], hit.format_action(state, a)
        assert hit.parse_action(state, hit.format_action(state, a)) == a
        positions.add(hit.apply(state, a))
    assert len(positions) == len(actions)


def check_view(state: HitState, rng: random.Random) -> None:
    seat = rng.randrange(state.cfg.players)
    v = hit.view(state, seat)
    assert v.hands[seat] == state.hands[seat] and conserved(v)
    full = hit.determinize(v, seat, rng)
    assert not has_unknowns(full) and conserved(full)
    assert hit.view(full, seat) == v  # the seat cannot tell the sample from the truth
    assert [len(h) for h in full.hands] == [len(h) for h in state.hands]


def play_game(seed: int, players: int, rules: dict[str, bool] | None = None,
              check_every: int = 11) -> list[str]:
    """A random complete game with HIT's invariants after every step (the contract's own
    checks: test_contract.py); returns the action log."""
    log: list[str] = []
    state = None
    for step, (rng, before, action, state) in enumerate(
            random_game(hit, {"players": players, "rules": rules or {}}, seed)):
        if step % check_every == 0:
            check_moves(before, action)
            check_view(before, rng)
        log.append(hit.format_action(before, action))
        check_invariants(state)
        check_coins(before, action, state)
    assert state is not None and hit.returns(state)[state.winner] == 1.0
    assert sum(hit.returns(state)) == 1.0
    return log


@pytest.mark.parametrize("players", [2, 3, 4])
@FAST
@given(seed=SEEDS)
def test_random_games_end_with_a_winner(players: int, seed: int) -> None:
    log = play_game(seed, players)
    assert log[0].startswith("draw ") and log[players].startswith("market ")


@FAST
@given(seed=SEEDS, players=st.integers(min_value=2, max_value=4),
       no_shields=st.booleans(), four=st.booleans())
def test_random_games_in_the_variants(seed: int, players: int, no_shields: bool,
                                      four: bool) -> None:
    play_game(seed, players, {"no_shields": no_shields, "four_figures": four}, check_every=29)


@FAST
@given(seed=SEEDS, players=st.integers(min_value=2, max_value=4))
def test_a_physical_table_that_never_reports_a_drawn_card(seed: int, players: int) -> None:
    """The table reports every play, buy, refill and reshuffle, but each draw only as `draw`:
    every action of the real game is still legal on the engine's information state, and the
    public facts of both agree."""
    rng = random.Random(seed)
    truth = hit.start({"players": players}, rng)
    public = hit.public_view(truth)
    assert has_unknowns(public)
    for _ in range(400):
        if hit.is_terminal(truth):
            break
        action = hit.random_action(truth, rng)
        report = action
        if action.kind == DRAW:
            report = HitAction(DRAW, cards=(UNKNOWN,) * len(action.cards))
        assert hit.check(public, report) == [], hit.format_action(public, report)
        truth = hit.apply(truth, action)
        public = hit.apply(public, report)
        assert conserved(public)
        assert hit.public_view(truth) == hit.public_view(public)
    assert hit.is_terminal(truth) == hit.is_terminal(public)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games(players: int) -> None:
    for seed in range(100):
        play_game(seed, players, {"no_shields": seed % 3 == 1, "four_figures": seed % 2 == 1},
                  check_every=3)
