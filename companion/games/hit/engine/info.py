"""What a seat knows (`view`) and complete states consistent with it (`determinize`).

Nearly everything in HIT is public: the board, the market, every discard pile (cards are laid
down face up), the coins, and every deck's contents (the start decks are known and every buy
is seen). Bought cards lie face down on top of the buyer's draw pile, but everyone saw them go
there, so they stay known when drawn (`HitState.shown`). Hidden are only the order of each
shuffled draw pile and of the neutral stack — which is why the engine never stores an order:
a draw or a refill samples it — and so which of the shuffled cards a seat drew into its hand.

So seat s sees another seat's hand as its shown cards plus unknown cards, and those unknown
cards are a uniformly random part of the cards that seat has not shown (its `pools` entry):
that is exactly how `determinize` fills them. Playing cards reveals nothing else, since every
hand card must be played.
"""

from __future__ import annotations

import random

from .cards import UNKNOWN
from .rules import _draw
from .state import HitState


def view(state: HitState, seat: int) -> HitState:
    """`state` as `seat` sees it: every other hand reduced to its shown cards, the rest
    unknown (and back among that seat's cards not seen). A seat that is not at the table
    (e.g. `TABLE`, a spectator) sees only what is public."""
    hands = list(state.hands)
    pools = list(state.pools)
    changed = False
    for s, (h, sh) in enumerate(zip(state.hands, state.shown, strict=True)):
        if s == seat:
            continue
        private = [c for c in h if c]
        for c in sh:
            private.remove(c)
        if not private:
            continue
        vec = list(pools[s])
        for c in private:
            vec[c] += 1
        pools[s] = tuple(vec)
        hands[s] = tuple(sorted(sh + (UNKNOWN,) * (len(h) - len(sh))))
        changed = True
    if not changed:
        return state
    return state._replace(hands=tuple(hands), pools=tuple(pools))


def forget(state: HitState, seat: int) -> HitState:
    """`state` with `seat`'s hand reduced to its shown cards, the rest unknown again (used
    when another entry contradicts what that seat entered privately)."""
    public = view(state, -1)
    hands = list(state.hands)
    pools = list(state.pools)
    hands[seat] = public.hands[seat]
    pools[seat] = public.pools[seat]
    return state._replace(hands=tuple(hands), pools=tuple(pools))


def has_unknowns(state: HitState) -> bool:
    return any(UNKNOWN in h for h in state.hands)


def determinize(view_state: HitState, seat: int, rng: random.Random) -> HitState:
    """A complete state consistent with `view_state`: every unknown hand card drawn uniformly
    from the cards of that seat not seen (the rest stays its draw pile, in no order)."""
    del seat  # everything the seat knows is in its view
    return complete(view_state, rng)


def complete(state: HitState, rng: random.Random) -> HitState:
    """Fill every unknown hand card of `state` (see `determinize`)."""
    hands: list[tuple[int, ...]] | None = None
    pools: list[tuple[int, ...]] = []
    for s, h in enumerate(state.hands):
        u = h.count(UNKNOWN)
        if not u:
            continue
        if hands is None:
            hands, pools = list(state.hands), list(state.pools)
        drawn, pools[s] = _draw(pools[s], u, rng)
        hands[s] = tuple(sorted([c for c in h if c] + drawn))
    if hands is None:
        return state
    # `state._replace(hands=..., pools=...)` without its Python frames (once per iteration)
    return tuple.__new__(HitState, (*state[:5], tuple(hands), state.shown, state.tops,
                                    tuple(pools), *state[9:]))


__all__ = ["complete", "determinize", "has_unknowns", "view"]
