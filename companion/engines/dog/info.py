"""What a seat knows (`view`) and complete states consistent with it (`determinize`)."""

from __future__ import annotations

import random

from .cards import KINDS, NKINDS, UNKNOWN
from .state import NO_CARD, DogState, unseen_pool

#: rejection-sampling tries before the constrained fallback
MAX_TRIES = 64


def view(state: DogState, seat: int) -> DogState:
    """`state` as `seat` sees it: the other hands, face-down discards and cards in transit of
    the other seats become unknown. Kept: the own hand, what the own fold put face down, the
    card this seat gave in the exchange (while the receiver still holds it), everything face
    up, and the public fold information (which kinds the folding seat could have played)."""
    cfg = state.cfg
    n = cfg.seats
    receiver = cfg.receiver[seat]
    gift = state.gifts[seat]
    hands = []
    for s in range(n):
        h = state.hands[s]
        if s == seat:
            hands.append(h)
            continue
        if s == receiver and gift not in (NO_CARD, UNKNOWN) and gift in h:
            hands.append(tuple(sorted((gift,) + (UNKNOWN,) * (len(h) - 1))))
        else:
            hands.append((UNKNOWN,) * len(h))
    transit = tuple(c if s == seat or c == NO_CARD else UNKNOWN
                    for s, c in enumerate(state.transit))
    folds = tuple(g if g[0] == seat else (g[0], g[1], (UNKNOWN,) * len(g[2]))
                  for g in state.folds)
    gifts = tuple(c if s == seat else NO_CARD for s, c in enumerate(state.gifts))
    return state._replace(hands=tuple(hands), transit=transit, folds=folds, gifts=gifts)


def _slots(view_state: DogState) -> list[tuple[str, int, int, int]]:
    """Unknown card groups: (where, index, how many, kinds they cannot be)."""
    out: list[tuple[str, int, int, int]] = []
    for s, h in enumerate(view_state.hands):
        u = h.count(UNKNOWN)
        if u:
            out.append(("hand", s, u, view_state.avoid[s]))
    for i, (_, mask, cards) in enumerate(view_state.folds):
        u = cards.count(UNKNOWN)
        if u:
            out.append(("fold", i, u, mask))
    for s, c in enumerate(view_state.transit):
        if c == UNKNOWN:
            out.append(("transit", s, 1, 0))
    if view_state.discard[UNKNOWN]:
        out.append(("discard", 0, view_state.discard[UNKNOWN], 0))
    return out


def determinize(view_state: DogState, seat: int, rng: random.Random) -> DogState:
    """A complete state (no unknown card anywhere) consistent with `view_state`: the deck's
    110 cards are conserved, known cards stay where they are, and a seat that folded held no
    card of a kind it could have played (rejection sampling with `MAX_TRIES` tries, then a
    sample that honours the constraints group by group where the cards allow it)."""
    del seat  # everything the seat knows is in its view
    slots = _slots(view_state)
    if not slots:
        return view_state
    pool = unseen_pool(view_state)
    need = sum(u for _, _, u, _ in slots)
    if need > len(pool):
        raise ValueError("inconsistent view: more unknown cards than unseen cards")
    constrained = any(mask for _, _, _, mask in slots)
    fills: list[list[int]] | None = None
    for _ in range(MAX_TRIES if constrained else 1):
        drawn = rng.sample(pool, need)
        groups = []
        i = 0
        ok = True
        for _, _, u, mask in slots:
            g = drawn[i:i + u]
            i += u
            if mask and any(mask >> c & 1 for c in g):
                ok = False
                break
            groups.append(g)
        if ok:
            fills = groups
            break
    if fills is None:
        fills = _constrained_sample(pool, slots, rng)
    return _fill(view_state, slots, fills)


def _constrained_sample(pool: list[int], slots: list[tuple[str, int, int, int]],
                        rng: random.Random) -> list[list[int]]:
    remaining = list(pool)
    rng.shuffle(remaining)
    order = sorted(range(len(slots)), key=lambda j: -bin(slots[j][3]).count("1"))
    fills: list[list[int]] = [[] for _ in slots]
    for j in order:
        _, _, u, mask = slots[j]
        allowed = [c for c in remaining if not mask >> c & 1]
        take = allowed[:u]
        if len(take) < u:  # not enough cards to honour the constraint: take what there is
            rest = [c for c in remaining if mask >> c & 1]
            take += rest[:u - len(take)]
        for c in take:
            remaining.remove(c)
        fills[j] = take
    return fills


def _fill(st: DogState, slots: list[tuple[str, int, int, int]],
          fills: list[list[int]]) -> DogState:
    hands = list(st.hands)
    folds = list(st.folds)
    transit = list(st.transit)
    discard = list(st.discard)
    for (where, idx, _, _), cards in zip(slots, fills, strict=True):
        if where == "hand":
            known = [c for c in hands[idx] if c != UNKNOWN]
            hands[idx] = tuple(sorted(known + cards))
        elif where == "fold":
            s, mask, old = folds[idx]
            known = [c for c in old if c != UNKNOWN]
            folds[idx] = (s, mask, tuple(sorted(known + cards)))
        elif where == "transit":
            transit[idx] = cards[0]
        else:
            discard[UNKNOWN] = 0
            for c in cards:
                discard[c] += 1
    return st._replace(hands=tuple(hands), folds=tuple(folds), transit=tuple(transit),
                       discard=tuple(discard))


def has_unknowns(st: DogState) -> bool:
    return (any(UNKNOWN in h for h in st.hands) or any(UNKNOWN in g[2] for g in st.folds)
            or UNKNOWN in st.transit or st.discard[UNKNOWN] > 0)


_ = (KINDS, NKINDS)
