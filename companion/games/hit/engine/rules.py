"""HIT game flow: legal actions, check, apply, and the table's events.

A turn ("Spielablauf"): PLAY (the 3 hand cards one by one, each resolved fully, or 2 of them
laid down to bring a figure out) → BUY (any number of market cards, then `end`) → DRAW (3
cards; SHUFFLE when the draw pile runs out on the way) → MARKET (the empty places refilled)
→ the next seat. The set-up is the same machinery: every seat DRAWs its first hand, beginning
with the first player, then the MARKET is laid out (5 cards).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from typing import Final

from companion.engines.base import InvalidActionError, Violation

from .actions import (
    BUY,
    DISCARD,
    DRAW,
    END,
    END_ACTION,
    HAND,
    KEEP_ACTION,
    KIND_NAMES,
    MARKET,
    NO_DEST,
    PLAY,
    SHUFFLE,
    SHUFFLE_ACTION,
    HitAction,
)
from .board import WAIT
from .cards import (
    E_COINS,
    E_FWDBACK,
    E_SPLIT,
    EFFECT,
    KINDS,
    NK,
    TOKEN,
    UNKNOWN,
    cards_of,
)
from .messages import violation
from .moves import Ctx, board_plays, error_violation, field_name, usable
from .notation import format_action
from .state import BUY as PH_BUY
from .state import (
    DISCARD_TO_COME_OUT,
    HAND_SIZE,
    PHASES,
    HitState,
    can_keep,
    draw_count,
    protections,
    refill_count,
)
from .state import DRAW as PH_DRAW
from .state import MARKET as PH_MARKET
from .state import OVER as PH_OVER
from .state import PLAY as PH_PLAY
from .state import SHUFFLE as PH_SHUFFLE

#: which action kinds answer which phase (HAND: any phase but the end)
_PHASE_KINDS = {
    PH_PLAY: (PLAY, DISCARD),
    PH_BUY: (BUY, END),
    PH_DRAW: (DRAW,),
    PH_SHUFFLE: (SHUFFLE,),
    PH_MARKET: (MARKET,),
    PH_OVER: (),
}


# ---------------------------------------------------------------------------------------------
# Hands
# ---------------------------------------------------------------------------------------------
def available(state: HitState, seat: int) -> list[int]:
    """Per card, how many copies `seat` may hold in its hand as far as the server knows: the
    known ones, plus (for unknown cards) copies among the cards not seen."""
    hand = state.hands[seat]
    vec = [0] * NK
    for c in hand:
        vec[c] += 1
    u = vec[UNKNOWN]
    if u:
        pool = state.pools[seat]
        for k in KINDS:
            vec[k] += min(u, pool[k])
    vec[UNKNOWN] = 0
    return vec


def holds(state: HitState, seat: int, cards: tuple[int, ...]) -> int:
    """0 if `seat` may hold all of `cards` (known cards, or unknown ones that may be them),
    else the first card it cannot hold."""
    hand = state.hands[seat]
    pool = state.pools[seat]
    budget = hand.count(UNKNOWN)
    seen: set[int] = set()
    for c in cards:
        if c == UNKNOWN or c in seen:
            continue
        seen.add(c)
        more = cards.count(c) - hand.count(c)
        if more > 0:
            budget -= more
            if more > pool[c] or budget < 0:
                return c
    return 0


def _take(state: HitState, seat: int, cards: tuple[int, ...]) -> tuple[
        tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(hand, shown, pool) of `seat` after `cards` leave its hand: a known card first, else an
    unknown one (whose card then leaves the cards not seen)."""
    hand = list(state.hands[seat])
    shown = list(state.shown[seat])
    pool = state.pools[seat]
    pool_l: list[int] | None = None
    for c in cards:
        if c in hand:
            hand.remove(c)
        else:
            hand.remove(UNKNOWN)
            if pool_l is None:
                pool_l = list(pool)
            pool_l[c] -= 1
        if c in shown:
            shown.remove(c)
    return tuple(hand), tuple(shown), pool if pool_l is None else tuple(pool_l)


def _set(t: tuple, i: int, v: object) -> tuple:  # type: ignore[type-arg]
    """`t` with item `i` replaced by `v` (a list's item set: twice as fast as slicing)."""
    items = list(t)
    items[i] = v
    return tuple(items)


#: a named tuple made from its fields in order, without `_make`'s or `_replace`'s Python frames
_new = tuple.__new__


# ---------------------------------------------------------------------------------------------
# Legal actions
# ---------------------------------------------------------------------------------------------
def discards(state: HitState, ctx: Ctx | None = None) -> list[HitAction]:
    """Bringing a figure out by laying down 2 hand cards: every distinct (set, top card)."""
    seat = state.turn
    if len(state.hands[seat]) < DISCARD_TO_COME_OUT:
        return []
    ctx = ctx or Ctx(state, seat)
    if ctx.come_out() < 0:
        return []
    vec = available(state, seat)
    kinds = [k for k in KINDS if vec[k]]
    out = []
    for a in kinds:
        for b in kinds:
            pair = (a, b)
            if a == b and vec[a] < 2:
                continue
            if holds(state, seat, pair) == 0:
                out.append(HitAction(DISCARD, cards=pair))
    return out


#: The PLAY decision's actions per board and known hand: (figures, protections, seat, hand) →
#: (config, actions). With the hand known they depend on nothing else (`available` is the
#: hand, `holds` reads only the hand); a search meets the same boards and hands again and
#: again (the seat's own hand at each of its decisions). Cleared when full.
_LEGAL_MEMO: dict[tuple[object, ...], tuple[object, tuple[HitAction, ...]]] = {}
LEGAL_MEMO_SIZE: Final = 20_000

#: The buy of each card (a named tuple made once: the search lists them at every buy)
_BUY_ACTIONS: Final = tuple(HitAction(BUY, k) for k in range(NK))


def legal_actions(state: HitState) -> list[HitAction]:
    """The decision's actions, one per resulting position. PLAY: every play of every card the
    hand may hold and the come-out by discarding 2; BUY: each affordable market card and
    `end`; DRAW: the draw with unknown cards; SHUFFLE: with or without keeping the shield.
    MARKET lists nothing: a refill is reported with its (face-up) cards."""
    ph = state.phase
    seat = state.turn
    if ph == PH_PLAY:
        hand = state.hands[seat]
        known = UNKNOWN not in hand
        if known:  # a search's hands are known (determinized): remembered per board and hand
            key = (state.figures, protections(state), seat, hand)
            entry = _LEGAL_MEMO.get(key)
            if entry is not None and entry[0] is state.cfg:
                return list(entry[1])
        ctx = Ctx(state, seat)
        vec = available(state, seat)
        out: list[HitAction] = []
        for k in KINDS:
            if vec[k]:
                out.extend(board_plays(state, seat, k, ctx))
        out.extend(discards(state, ctx))
        if known:
            if len(_LEGAL_MEMO) >= LEGAL_MEMO_SIZE:
                _LEGAL_MEMO.clear()
            _LEGAL_MEMO[key] = (state.cfg, tuple(out))
        return out
    if ph == PH_BUY:
        coins, cost = state.coins[seat], state.cfg.cards.cost
        out = [_BUY_ACTIONS[k] for k in sorted(set(state.market)) if cost[k] <= coins]
        out.append(END_ACTION)
        return out
    if ph == PH_DRAW:
        return [HitAction(DRAW, cards=(UNKNOWN,) * draw_count(state))]
    if ph == PH_SHUFFLE:
        return [SHUFFLE_ACTION, KEEP_ACTION] if can_keep(state) else [SHUFFLE_ACTION]
    return []


# ---------------------------------------------------------------------------------------------
# Check
# ---------------------------------------------------------------------------------------------
def check(state: HitState, action: HitAction) -> list[Violation]:
    ph = state.phase
    kind = action.kind
    if ph == PH_OVER:
        return [violation("hit.game_over", winner=state.winner)]
    if not 0 <= kind < len(KIND_NAMES):
        raise InvalidActionError(f"unknown action kind {kind!r}")
    if kind == HAND:
        return _check_hand(state, action)
    if kind not in _PHASE_KINDS[ph]:
        if kind == END and ph == PH_PLAY:
            return [violation("hit.cards_left", seat=state.turn, count=len(state.hands[
                state.turn]))]
        return [violation("hit.wrong_phase", expected=PHASES[ph], got=KIND_NAMES[kind])]
    if kind == PLAY:
        return _check_play(state, action)
    if kind == DISCARD:
        return _check_discard(state, action)
    if kind == BUY:
        return _check_buy(state, action)
    if kind == END:
        return []
    if kind == DRAW:
        return _check_draw(state, action)
    if kind == SHUFFLE:
        if action.keep and not can_keep(state):
            return [violation("hit.keep_no_shield")]
        return []
    return _check_market(state, action)


def _card(k: object) -> int:
    if not isinstance(k, int) or isinstance(k, bool) or not 0 < k < NK:
        raise InvalidActionError(f"malformed card {k!r}")
    return k


def _check_play(state: HitState, action: HitAction) -> list[Violation]:
    seat = state.turn
    k = _card(action.card)
    missing = holds(state, seat, (k,))
    if missing:
        return [violation("hit.not_in_hand", seat=seat, card=TOKEN[k])]
    e = EFFECT[k]
    moves = action.moves
    if e == E_COINS:
        if moves:
            raise InvalidActionError(f"the {TOKEN[k]} moves no figure")
        return []
    ctx = Ctx(state, seat)
    if not moves:  # laid down unused
        example = usable(ctx, k)
        if example is not None:
            return [violation("hit.card_usable", card=TOKEN[k],
                              example=format_action(state, example))]
        return []
    if e == E_SPLIT:
        v = ctx.split_steps(k, moves)
        return [v] if v else []
    if len(moves) > 1:
        return [violation("hit.one_figure", card=TOKEN[k])]
    p, t = moves[0]
    figs = state.figures[seat]
    if p != WAIT and p not in figs:
        return [violation("hit.no_figure", seat=seat, field=field_name(state, seat, p))]
    results = ctx.targets(k, p)
    valid = [r for r in results if r >= 0]
    if t in valid:
        return []
    at = field_name(state, seat, p)
    if t == NO_DEST:
        if len(set(valid)) == 1:
            return []
        if valid:
            raise InvalidActionError(f"name where the {TOKEN[k]} takes the figure on {at}")
    if e == E_FWDBACK and p >= 0 and results[1] < 0 and t != NO_DEST and \
            _behind(state, seat, p, t):
        return [error_violation(ctx, results[1], k, p)]
    if not valid:
        return [error_violation(ctx, results[0], k, p)]
    if t in ctx.skips and 0 <= t < ctx.lap:
        return [ctx.moved_on(k, t)]
    if t >= 0 and t < ctx.end and ctx.occupant(t) == seat:
        return [violation("hit.own_figure", field=field_name(state, seat, t))]
    to = field_name(state, seat, t) if t >= 0 else "?"
    if len(results) == 1:
        return [violation("hit.wrong_destination", card=TOKEN[k], at=at,
                          expected=field_name(state, seat, valid[0]), to=to)]
    return [violation("hit.unreachable", card=TOKEN[k], at=at, to=to)]


def _behind(state: HitState, seat: int, p: int, t: int) -> bool:
    """Is `t` (a place of `seat`) the track field right behind the figure on `p`?"""
    geo = state.cfg.geo
    lap = geo.lap[seat]
    if p >= lap:
        return t == lap - 1
    if not 0 <= t < lap:
        return False
    return geo.path[seat][t] == (geo.path[seat][p] - 1) % geo.fields


def _check_discard(state: HitState, action: HitAction) -> list[Violation]:
    seat = state.turn
    cards = tuple(_card(c) for c in action.cards)
    if len(cards) != DISCARD_TO_COME_OUT:
        return [violation("hit.discard_count", expected=DISCARD_TO_COME_OUT, count=len(cards))]
    missing = holds(state, seat, cards)
    if missing:
        return [violation("hit.not_in_hand", seat=seat, card=TOKEN[missing])]
    ctx = Ctx(state, seat)
    r = ctx.come_out()
    if r < 0:
        return [error_violation(ctx, r, cards[-1], WAIT)]
    return []


def _check_buy(state: HitState, action: HitAction) -> list[Violation]:
    seat = state.turn
    k = _card(action.card)
    if k not in state.market:
        return [violation("hit.not_in_market", card=TOKEN[k])]
    if state.cfg.cards.cost[k] > state.coins[seat]:
        return [violation("hit.not_enough_coins", card=TOKEN[k], cost=state.cfg.cards.cost[k],
                          seat=seat,
                          coins=state.coins[seat])]
    return []


def _check_draw(state: HitState, action: HitAction) -> list[Violation]:
    seat = state.turn
    cards = action.cards
    for c in cards:
        if c != UNKNOWN:
            _card(c)
    expected = draw_count(state)
    if len(cards) != expected:
        return [violation("hit.draw_count", expected=expected, count=len(cards))]
    pool = state.pools[seat]
    for c in cards:
        if c and cards.count(c) > pool[c]:
            return [violation("hit.not_in_pile", seat=seat, card=TOKEN[c])]
    return []


def _check_market(state: HitState, action: HitAction) -> list[Violation]:
    cards = action.cards
    if UNKNOWN in cards:
        raise InvalidActionError("the market's cards lie face up: name each of them")
    for c in cards:
        _card(c)
    expected = refill_count(state)
    if len(cards) != expected:
        return [violation("hit.market_count", expected=expected, count=len(cards))]
    for c in cards:
        if cards.count(c) > state.stack[c]:
            return [violation("hit.not_in_stack", card=TOKEN[c])]
    return []


def _check_hand(state: HitState, action: HitAction) -> list[Violation]:
    seat = action.seat
    if not isinstance(seat, int) or not 0 <= seat < state.cfg.players:
        raise InvalidActionError(f"there is no seat {seat!r}")
    entry = action.cards
    for c in entry:
        if c != UNKNOWN:
            _card(c)
    hand = state.hands[seat]
    if len(entry) != len(hand):
        return [violation("hit.hand_mismatch", seat=seat, count=len(hand))]
    for c in sorted(set(hand)):  # a known card left out is named (issue #36)
        if c != UNKNOWN and entry.count(c) < hand.count(c):
            return [violation("hit.hand_lacks_known", seat=seat, count=len(hand),
                              card=TOKEN[c])]
    pool = state.pools[seat]
    for c in set(entry):
        if c and entry.count(c) - hand.count(c) > pool[c]:
            return [violation("hit.not_in_pile", seat=seat, card=TOKEN[c])]
    return []


# ---------------------------------------------------------------------------------------------
# Apply
# ---------------------------------------------------------------------------------------------
def apply(state: HitState, action: HitAction) -> HitState:
    """The state after a legal `action` (unchecked). The paths a search takes (a play, a buy,
    the end of buying, the come-out) build the new state in one go, field by field in
    `HitState`'s order (`_new`), not by `_replace` (a third of a hint's time): the same
    states."""
    kind = action.kind
    if kind == PLAY:
        return _apply_play(state, action)
    if kind == BUY:
        (cfg, phase, seat, turns, figures, hands, shown, tops, pools, discards, dtops, coins,
         market, stack, winner) = state
        k = action.card
        left = list(market)
        left.remove(k)
        return _new(HitState, (cfg, phase, seat, turns, figures, hands, shown,
                               _set(tops, seat, (k, *tops[seat])), pools, discards, dtops,
                               _set(coins, seat, coins[seat] - cfg.cards.cost[k]),
                               tuple(left), stack, winner))
    if kind == END:
        return _advance_draw(state)
    if kind == DRAW:
        return _apply_draw(state, action)
    if kind == SHUFFLE:
        return _apply_shuffle(state, action.keep)
    if kind == MARKET:
        stack = list(state.stack)
        for c in action.cards:
            stack[c] -= 1
        st = state._replace(market=tuple(sorted(state.market + action.cards)),
                            stack=tuple(stack))
        if state.turns == 0:  # the end of the set-up: the first player begins
            return st._replace(phase=PH_PLAY, turn=st.cfg.first_player, turns=1)
        return _next_turn(st)
    if kind == DISCARD:
        return _apply_discard(state, action)
    if kind == HAND:
        return _apply_hand(state, action)
    raise ValueError(f"unknown action kind {kind}")


def _in_phase(state: HitState, phase: int) -> HitState:
    """`state._replace(phase=phase)`, faster."""
    return _new(HitState, (state.cfg, phase, *state[2:]))


def _move_figures(state: HitState, seat: int, moves: tuple[tuple[int, int], ...],
                  k: int) -> tuple[tuple[int, ...], ...]:
    """The figures after `seat` made `moves`; a figure landing on an opponent hits it (legal
    moves end on an opponent's field only when they hit)."""
    geo = state.cfg.geo
    figures = list(state.figures)
    own = list(figures[seat])
    lap = geo.lap[seat]
    path = geo.path[seat]
    laps = geo.lap
    rel_of = geo.rel_of
    for p, t in moves:
        if t == NO_DEST:  # the one destination the notation left out, on the board so far
            figures[seat] = tuple(sorted(own))
            ctx = Ctx(state._replace(figures=tuple(figures)), seat)
            t = next(r for r in ctx.targets(k, p) if r >= 0)
        own[own.index(p)] = t
        if 0 <= t < lap:
            f = path[t]
            for o, theirs in enumerate(figures):
                if o == seat:
                    continue
                r = rel_of[o][f]
                if 0 <= r < laps[o] and r in theirs:
                    victim = list(theirs)
                    victim[victim.index(r)] = WAIT
                    figures[o] = tuple(sorted(victim))
                    break
    figures[seat] = tuple(sorted(own))
    return tuple(figures)


def _finish_card(state: HitState, seat: int, figures: tuple[tuple[int, ...], ...],
                 hand: tuple[int, ...]) -> HitState:
    """`state` with `figures` after a card of `seat` (whose hand is now `hand`): the game won
    when all its figures are home, its buying step when its hand is empty."""
    phase, winner = state.phase, state.winner
    if min(figures[seat]) >= state.cfg.geo.lap[seat]:  # every figure home
        phase, winner = PH_OVER, seat
    elif not hand:
        phase = PH_BUY
    return _new(HitState, (state.cfg, phase, state.turn, state.turns, figures, *state[5:14],
                           winner))


#: The figures after a play's moves: (figures, seat, moves) → (config, figures). The board is
#: public, so a search plays the same moves on the same board again and again (with other
#: hands). Moves with a destination left open (`NO_DEST`) are not kept. Cleared when full.
_FIGURES_MEMO: dict[tuple[object, ...], tuple[object, tuple[tuple[int, ...], ...]]] = {}


def _apply_play(state: HitState, action: HitAction) -> HitState:
    (cfg, phase, seat, turns, figures, hands, shown, tops, pools, discards, dtops, coins,
     market, stack, winner) = state
    k = action.card
    hand_l = list(hands[seat])
    if k in hand_l:
        hand_l.remove(k)
    else:  # an unknown card was this one: it leaves the cards not seen
        hand_l.remove(UNKNOWN)
        vec = list(pools[seat])
        vec[k] -= 1
        pools = _set(pools, seat, tuple(vec))
    hand = tuple(hand_l)
    if k in shown[seat]:
        shown_l = list(shown[seat])
        shown_l.remove(k)
        shown = _set(shown, seat, tuple(shown_l))
    d = list(discards[seat])
    d[k] += 1
    gain = cfg.cards.coins[k]
    if gain:  # paid also for a card played unused
        coins = _set(coins, seat, coins[seat] + gain)
    st = _new(HitState, (cfg, phase, seat, turns, figures, _set(hands, seat, hand), shown, tops,
                         pools, _set(discards, seat, tuple(d)), _set(dtops, seat, k), coins,
                         market, stack, winner))
    moves = action.moves
    if moves:
        key = (figures, seat, moves)
        entry = _FIGURES_MEMO.get(key)
        if entry is not None and entry[0] is cfg:
            figures = entry[1]
        else:
            figures = _move_figures(st, seat, moves, k)
            if all(t != NO_DEST for _p, t in moves):  # else the protections count too
                if len(_FIGURES_MEMO) >= LEGAL_MEMO_SIZE:
                    _FIGURES_MEMO.clear()
                _FIGURES_MEMO[key] = (cfg, figures)
    return _finish_card(st, seat, figures, hand)


def _apply_discard(state: HitState, action: HitAction) -> HitState:
    seat = state.turn
    hand, shown, pool = _take(state, seat, action.cards)
    d = list(state.discards[seat])
    for c in action.cards:
        d[c] += 1
    st = _new(HitState, (state.cfg, state.phase, seat, state.turns, state.figures,
                         _set(state.hands, seat, hand), _set(state.shown, seat, shown),
                         state.tops, _set(state.pools, seat, pool),
                         _set(state.discards, seat, tuple(d)),
                         _set(state.dtops, seat, action.cards[-1]), state.coins, state.market,
                         state.stack, state.winner))
    t = Ctx(st, seat).come_out()
    figures = _move_figures(st, seat, ((WAIT, t),), 0)
    return _finish_card(st, seat, figures, hand)


def _apply_draw(state: HitState, action: HitAction) -> HitState:
    seat = state.turn
    need = HAND_SIZE - len(state.hands[seat])
    top = state.tops[seat]
    take = top[:need]
    hand = state.hands[seat] + take + action.cards
    pool = state.pools[seat]
    if any(action.cards):
        vec = list(pool)
        for c in action.cards:
            if c:
                vec[c] -= 1
        pool = tuple(vec)
    st = state._replace(
        hands=_set(state.hands, seat, tuple(sorted(hand))),
        shown=_set(state.shown, seat, tuple(sorted(state.shown[seat] + take))) if take
        else state.shown,
        tops=_set(state.tops, seat, top[len(take):]) if take else state.tops,
        pools=_set(state.pools, seat, pool))
    return _advance_draw(st)


def _apply_shuffle(state: HitState, keep: bool) -> HitState:
    seat = state.turn
    d = state.discards[seat]
    pool = tuple(a + b for a, b in zip(state.pools[seat], d, strict=True))
    if keep:
        top = state.dtops[seat]
        vec = list(pool)
        vec[top] -= 1
        kept = [0] * NK
        kept[top] = 1
        st = state._replace(pools=_set(state.pools, seat, tuple(vec)),
                            discards=_set(state.discards, seat, tuple(kept)))
    else:
        st = state._replace(pools=_set(state.pools, seat, pool),
                            discards=_set(state.discards, seat, (0,) * NK),
                            dtops=_set(state.dtops, seat, 0))
    return _advance_draw(st)


def _apply_hand(state: HitState, action: HitAction) -> HitState:
    seat = action.seat
    entry = tuple(sorted(action.cards))
    hand = state.hands[seat]
    vec = list(state.pools[seat])
    for c in set(entry):
        if c:
            vec[c] -= entry.count(c) - hand.count(c)
    return state._replace(hands=_set(state.hands, seat, entry),
                          pools=_set(state.pools, seat, tuple(vec)))


def _advance_draw(state: HitState) -> HitState:
    """After buying (or a draw, or a reshuffle): draw on, reshuffle, or finish the turn."""
    seat = state.turn
    hand = state.hands[seat]
    if len(hand) >= HAND_SIZE:
        return _after_draw(state)
    if state.tops[seat] or sum(state.pools[seat]) > hand.count(UNKNOWN):
        return _in_phase(state, PH_DRAW)
    if sum(state.discards[seat]):
        return _in_phase(state, PH_SHUFFLE)
    return _after_draw(state)  # no card left anywhere (only in odd positions)


def _after_draw(state: HitState) -> HitState:
    if state.turns == 0:  # the set-up: the next seat draws its first hand, then the market
        nxt = (state.turn + 1) % state.cfg.players
        if nxt == state.cfg.first_player:
            return state._replace(phase=PH_MARKET, turn=nxt)
        return _advance_draw(state._replace(turn=nxt))
    if refill_count(state):
        return _in_phase(state, PH_MARKET)
    return _next_turn(state)


def _next_turn(state: HitState) -> HitState:
    return _new(HitState, (state.cfg, PH_PLAY, (state.turn + 1) % state.cfg.players,
                           state.turns + 1, *state[4:]))


# ---------------------------------------------------------------------------------------------
# The table's events, sampled for simulations
# ---------------------------------------------------------------------------------------------
def _sample(vec: tuple[int, ...], n: int, rng: random.Random) -> tuple[int, ...]:
    """`n` cards drawn uniformly without replacement from a count vector, sorted."""
    return tuple(_draw(vec, n, rng)[0])


def _draw(vec: tuple[int, ...], n: int, rng: random.Random) -> tuple[list[int],
                                                                      tuple[int, ...]]:
    """`_sample`'s cards (a sorted list) and the count vector of the cards left."""
    total = sum(vec)
    out = []
    left = list(vec)
    for _ in range(n):
        x = int(rng.random() * total)
        # the first card whose running count exceeds x (the counts walked one by one before)
        k = bisect_right(list(accumulate(left)), x)
        if k < len(left):
            left[k] -= 1
            out.append(k)
        total -= 1
    out.sort()
    return out, tuple(left)


def sample_chance(state: HitState, rng: random.Random) -> HitAction:
    """The table's event: a market refill drawn from the neutral stack, a draw from the
    shuffled draw pile (every order equally likely), or a reshuffle (without the choice)."""
    ph = state.phase
    if ph == PH_MARKET:
        return HitAction(MARKET, cards=_sample(state.stack, refill_count(state), rng))
    if ph == PH_DRAW:
        seat = state.turn
        pool = state.pools[seat]
        return HitAction(DRAW, cards=_sample(pool, draw_count(state), rng))
    if ph == PH_SHUFFLE:
        return SHUFFLE_ACTION
    raise ValueError(f"no table event is pending in phase {PHASES[ph]}")


#: Can a figure of the seat come out (by discarding 2) on this board: (figures, protections,
#: seat) → (config, answer); the random plays ask on every play step. Cleared when full.
_COME_OUT_MEMO: dict[tuple[object, ...], tuple[object, bool]] = {}


def _can_come_out(state: HitState, seat: int) -> bool:
    """`Ctx(state, seat).come_out() >= 0`, remembered per board."""
    key = (state.figures, protections(state), seat)
    entry = _COME_OUT_MEMO.get(key)
    if entry is not None and entry[0] is state.cfg:
        return entry[1]
    ok = Ctx(state, seat).come_out() >= 0
    if len(_COME_OUT_MEMO) >= LEGAL_MEMO_SIZE:
        _COME_OUT_MEMO.clear()
    _COME_OUT_MEMO[key] = (state.cfg, ok)
    return ok


def random_action(state: HitState, rng: random.Random) -> HitAction:
    """A random legal action, cheaper than choosing from `legal_actions`.

    "Random" means: in PLAY, uniformly one of the hand's cards (each physical card) or, when
    possible, bringing a figure out by discarding 2 (one more choice), then uniformly one of
    that card's plays (or of the discard pairs); in BUY, uniformly one affordable market card
    or `end`; at a reshuffle with a shield on top, keeping it or not with equal chance. A hand
    with unknown cards: uniformly among `legal_actions`. Table events as `sample_chance`.
    """
    ph = state.phase
    seat = state.turn
    if ph == PH_PLAY:
        hand = state.hands[seat]
        if UNKNOWN in hand:
            return rng.choice(legal_actions(state))
        n = len(hand)
        can_discard = n >= DISCARD_TO_COME_OUT and _can_come_out(state, seat)
        pick = int(rng.random() * (n + (1 if can_discard else 0)))
        if pick == n:
            i, j = rng.sample(range(n), 2)
            return HitAction(DISCARD, cards=(hand[i], hand[j]))
        return rng.choice(board_plays(state, seat, hand[pick]))
    if ph == PH_BUY:
        coins = state.coins[seat]
        options = [k for k in set(state.market) if state.cfg.cards.cost[k] <= coins]
        pick = int(rng.random() * (len(options) + 1))
        if pick == len(options):
            return END_ACTION
        return HitAction(BUY, sorted(options)[pick])
    if ph == PH_SHUFFLE and can_keep(state):
        return KEEP_ACTION if rng.random() < 0.5 else SHUFFLE_ACTION
    return sample_chance(state, rng)


__all__ = ["apply", "available", "cards_of", "check", "discards", "draw_count", "holds",
           "legal_actions", "random_action", "sample_chance"]
