"""The search's fast paths in HIT's engine (issue #39) against the code they replaced, kept
here as the reference: `apply` building each state in one go instead of `_replace` (and the
figures after a play remembered per board), the PLAY actions remembered per board and known
hand, the random play's come-out and plays read from the memos without a `Ctx`, the draw of
unknown cards in one pass (`_draw`) and the leaf evaluation inline. Every decision of seeded
random games of 2-4 players with and without the variants, on the full states and on each
seat's view (unknown cards in the other hands)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from operator import mul

from companion.engines import TABLE
from companion.engines.base import InvalidActionError
from companion.games.hit.engine import HitState, info, rules
from companion.games.hit.engine.actions import BUY, DISCARD, END, NO_DEST, PLAY, HitAction
from companion.games.hit.engine.board import WAIT
from companion.games.hit.engine.cards import KINDS, NK, UNKNOWN
from companion.games.hit.engine.moves import Ctx, plays_of
from companion.games.hit.engine.state import BUY as PH_BUY
from companion.games.hit.engine.state import DISCARD_TO_COME_OUT, HAND_SIZE, deck_of, refill_count
from companion.games.hit.engine.state import DRAW as PH_DRAW
from companion.games.hit.engine.state import MARKET as PH_MARKET
from companion.games.hit.engine.state import OVER as PH_OVER
from companion.games.hit.engine.state import PLAY as PH_PLAY
from companion.games.hit.engine.state import SHUFFLE as PH_SHUFFLE

from .helpers import hit

CONFIGS = ((2, {}), (3, {"no_shields": True}), (4, {"four_figures": True}), (4, {}))


def _decisions(moves: int = 250) -> Iterator[HitState]:
    """Every decision of one seeded random game per configuration, and each seat's view of
    it (the other hands unknown)."""
    for players, variants in CONFIGS:
        rng = random.Random(players * 10 + len(variants))
        state = hit.new_game({"players": players, "rules": variants})
        for _ in range(moves):
            if hit.is_terminal(state):
                break
            if hit.to_move(state) == TABLE:
                state = hit.apply(state, hit.sample_chance(state, rng))
                continue
            yield state
            yield hit.view(state, (state.turn + 1) % players)
            state = hit.apply(state, hit.random_action(state, rng))


# --- the reference: the code before the fast paths ------------------------------------------
def _set(t: tuple, i: int, v: object) -> tuple:  # type: ignore[type-arg]
    return (*t[:i], v, *t[i + 1:])


def _ref_move_figures(state: HitState, seat: int, moves: tuple[tuple[int, int], ...],
                      k: int) -> tuple[tuple[int, ...], ...]:
    geo = state.cfg.geo
    figures = list(state.figures)
    own = list(figures[seat])
    lap = geo.lap[seat]
    for p, t in moves:
        if t == NO_DEST:
            ctx = Ctx(state._replace(figures=tuple(figures)), seat)
            t = next(r for r in ctx.targets(k, p) if r >= 0)
        own[own.index(p)] = t
        if 0 <= t < lap:
            f = geo.path[seat][t]
            for o in range(len(figures)):
                if o == seat:
                    continue
                r = geo.rel_of[o][f]
                if r >= 0 and r < geo.lap[o] and r in figures[o]:
                    victim = list(figures[o])
                    victim[victim.index(r)] = WAIT
                    figures[o] = tuple(sorted(victim))
                    break
        figures[seat] = tuple(sorted(own))
    return tuple(figures)


def _ref_finish(state: HitState, seat: int, figures: tuple[tuple[int, ...], ...],
                hand: tuple[int, ...]) -> HitState:
    lap = state.cfg.geo.lap[seat]
    if all(p >= lap for p in figures[seat]):
        return state._replace(figures=figures, phase=PH_OVER, winner=seat)
    if not hand:
        return state._replace(figures=figures, phase=PH_BUY)
    return state._replace(figures=figures)


def _ref_play_or_discard(state: HitState, action: HitAction) -> HitState:
    seat = state.turn
    cards = (action.card,) if action.kind == PLAY else action.cards
    hand, shown, pool = rules._take(state, seat, cards)
    d = list(state.discards[seat])
    for c in cards:
        d[c] += 1
    st = state._replace(hands=_set(state.hands, seat, hand), shown=_set(state.shown, seat, shown),
                        pools=_set(state.pools, seat, pool),
                        discards=_set(state.discards, seat, tuple(d)),
                        dtops=_set(state.dtops, seat, cards[-1]))
    if action.kind == DISCARD:
        moves: tuple[tuple[int, int], ...] = ((WAIT, Ctx(st, seat).come_out()),)
        return _ref_finish(st, seat, _ref_move_figures(st, seat, moves, 0), hand)
    gain = st.cfg.cards.coins[action.card]
    if gain:
        st = st._replace(coins=_set(st.coins, seat, st.coins[seat] + gain))
    figures = (_ref_move_figures(st, seat, action.moves, action.card) if action.moves
               else st.figures)
    return _ref_finish(st, seat, figures, hand)


def _ref_apply(state: HitState, action: HitAction) -> HitState | None:
    """The old `apply` of the kinds that have a fast path now (None: another kind)."""
    if action.kind in (PLAY, DISCARD):
        return _ref_play_or_discard(state, action)
    if action.kind == BUY:
        seat, k = state.turn, action.card
        market = list(state.market)
        market.remove(k)
        return state._replace(coins=_set(state.coins, seat,
                                         state.coins[seat] - state.cfg.cards.cost[k]),
                              market=tuple(market),
                              tops=_set(state.tops, seat, (k, *state.tops[seat])))
    return None


def _ref_sample(vec: tuple[int, ...], n: int, rng: random.Random) -> tuple[int, ...]:
    total = sum(vec)
    out = []
    left = list(vec)
    for _ in range(n):
        x = int(rng.random() * total)
        for k in range(NK):
            if x < left[k]:
                left[k] -= 1
                out.append(k)
                break
            x -= left[k]
        total -= 1
    return tuple(sorted(out))


def _ref_complete(state: HitState, rng: random.Random) -> HitState:
    if not info.has_unknowns(state):
        return state
    hands, pools = list(state.hands), list(state.pools)
    for s, h in enumerate(state.hands):
        u = h.count(UNKNOWN)
        if not u:
            continue
        drawn = _ref_sample(pools[s], u, rng)
        vec = list(pools[s])
        for c in drawn:
            vec[c] -= 1
        pools[s] = tuple(vec)
        hands[s] = tuple(sorted([c for c in h if c] + list(drawn)))
    return state._replace(hands=tuple(hands), pools=tuple(pools))


def _ref_evaluate(state: HitState) -> tuple[float, ...]:
    if state.phase == PH_OVER:
        return hit.returns(state)
    cost = state.cfg.cards.cost
    w = []
    for s, p in enumerate(hit.progress(state)):
        eco = state.coins[s] + sum(map(mul, cost, deck_of(state, s)))
        strength = p + 0.05 * min(1.0, eco / 40)
        w.append((0.05 + strength) ** 4)
    total = sum(w)
    return tuple(x / total for x in w)


def _ref_random_play(state: HitState, rng: random.Random) -> HitAction:
    """The old `random_action` of a known hand's play step (a `Ctx` for every call)."""
    hand = state.hands[state.turn]
    ctx = Ctx(state, state.turn)
    n = len(hand)
    can_discard = n >= DISCARD_TO_COME_OUT and ctx.come_out() >= 0
    pick = int(rng.random() * (n + (1 if can_discard else 0)))
    if pick == n:
        i, j = rng.sample(range(n), 2)
        return HitAction(DISCARD, cards=(hand[i], hand[j]))
    return rng.choice(plays_of(ctx, hand[pick]))


def _ref_legal(state: HitState) -> list[HitAction]:
    seat = state.turn
    ctx = Ctx(state, seat)
    vec = rules.available(state, seat)
    out: list[HitAction] = []
    for k in KINDS:
        if vec[k]:
            out.extend(plays_of(ctx, k))
    out.extend(rules.discards(state, ctx))
    return out


def _one_destination(state: HitState, action: HitAction) -> bool:
    """May the play's destination be left out (the card takes that figure one way only)?"""
    try:
        return not rules.check(state, action)
    except InvalidActionError:  # "name where the card takes the figure"
        return False


# --- the tests ------------------------------------------------------------------------------
def test_apply_builds_the_states_the_old_code_built() -> None:
    """Every legal play, come-out and buy (and each single-figure play whose destination may
    be left to the engine, `NO_DEST`), applied by the fast path (twice: the second time the
    figures come from `_FIGURES_MEMO`) and by `_replace`."""
    compared = {PLAY: 0, DISCARD: 0, BUY: 0, NO_DEST: 0}
    rules._FIGURES_MEMO.clear()
    for state in _decisions():
        if state.phase not in (PH_PLAY, PH_BUY):
            continue
        for action in rules.legal_actions(state):
            expected = _ref_apply(state, action)
            if expected is None:
                continue
            got = rules.apply(state, action)
            assert type(got) is HitState
            assert got == expected, (state, action)
            assert rules.apply(state, action) == expected  # the figures now from the memo
            compared[action.kind] += 1
            if action.kind == PLAY and len(action.moves) == 1:
                (p, _t), = action.moves
                open_ = action._replace(moves=((p, NO_DEST),))
                if _one_destination(state, open_):
                    assert rules.apply(state, open_) == _ref_apply(state, open_) == expected
                    compared[NO_DEST] += 1
    assert min(compared.values()) > 100, compared


def _ref_advance_draw(state: HitState) -> HitState:
    """The old end of buying, and of a draw or a reshuffle (after the set-up)."""
    seat = state.turn
    hand = state.hands[seat]
    if len(hand) < HAND_SIZE:
        if state.tops[seat] or sum(state.pools[seat]) > hand.count(UNKNOWN):
            return state._replace(phase=PH_DRAW)
        if sum(state.discards[seat]):
            return state._replace(phase=PH_SHUFFLE)
    if refill_count(state):
        return state._replace(phase=PH_MARKET)
    return _ref_next_turn(state)


def _ref_next_turn(state: HitState) -> HitState:
    return state._replace(phase=PH_PLAY, turn=(state.turn + 1) % state.cfg.players,
                          turns=state.turns + 1)


def test_the_end_of_buying_and_the_next_turn_as_replace_made_them() -> None:
    """`end` (then a draw, a reshuffle, the market or the next turn) and the market's refill
    (then the next turn), on every buying step and every refill of the games."""
    ended = refilled = 0
    for players, variants in CONFIGS:
        rng = random.Random(players)
        state = hit.new_game({"players": players, "rules": variants})
        for _ in range(600):
            if hit.is_terminal(state):
                break
            if state.phase == PH_BUY and state.turns:
                got = rules.apply(state, HitAction(END))
                assert type(got) is HitState and got == _ref_advance_draw(state)
                ended += 1
            if state.phase == PH_MARKET and state.turns:
                refill = hit.sample_chance(state, random.Random(ended))
                got = rules.apply(state, refill)
                stack = list(state.stack)
                for c in refill.cards:
                    stack[c] -= 1
                assert type(got) is HitState and got == _ref_next_turn(state._replace(
                    market=tuple(sorted(state.market + refill.cards)), stack=tuple(stack)))
                refilled += 1
            if hit.to_move(state) == TABLE:
                state = hit.apply(state, hit.sample_chance(state, rng))
            else:
                state = hit.apply(state, hit.random_action(state, rng))
    assert ended > 100 and refilled > 50, (ended, refilled)


def test_the_remembered_legal_actions_are_the_computed_ones() -> None:
    compared = 0
    for state in _decisions():
        if state.phase != PH_PLAY:
            continue
        expected = _ref_legal(state)
        rules._LEGAL_MEMO.clear()
        first = rules.legal_actions(state)
        assert first == expected
        first.append(HitAction(END))  # the caller's own list: the memo keeps its own
        assert rules.legal_actions(state) == expected
        compared += UNKNOWN not in state.hands[state.turn]
    assert compared > 300


def test_the_random_play_draws_as_before() -> None:
    """The same actions from the same random numbers, with the come-out and the plays read
    from the memos (the generator's state compared after every call)."""
    compared = 0
    for state in _decisions():
        if state.phase != PH_PLAY or UNKNOWN in state.hands[state.turn]:
            continue
        for seed in range(4):
            a, b = random.Random(seed), random.Random(seed)
            assert rules.random_action(state, a) == _ref_random_play(state, b)
            assert a.getstate() == b.getstate()
            compared += 1
    assert compared > 1_000


def test_determinize_draws_as_the_count_walk() -> None:
    rng = random.Random(5)
    for _ in range(2_000):
        vec = tuple(rng.choice((0, 0, 1, 2, 3)) for _ in range(NK))
        n = rng.randint(0, sum(vec) + 2)  # also more cards than there are (none drawn then)
        seed = rng.random()
        drawn, left = rules._draw(vec, n, random.Random(seed))
        assert tuple(drawn) == _ref_sample(vec, n, random.Random(seed))
        assert rules._sample(vec, n, random.Random(seed)) == tuple(drawn)
        assert left == tuple(v - drawn.count(k) for k, v in enumerate(vec))
    for i, state in enumerate(_decisions()):
        got = info.complete(state, random.Random(i))
        assert type(got) is HitState
        assert got == _ref_complete(state, random.Random(i))


def test_the_leaf_evaluation_is_the_old_one() -> None:
    for state in _decisions():
        full = info.complete(state, random.Random(1))
        assert hit.evaluate(full) == _ref_evaluate(full)
        assert hit.is_terminal(full) is (full.phase == PH_OVER)
