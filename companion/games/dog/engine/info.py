"""What a seat knows (`view`) and complete states consistent with it (`determinize`)."""

from __future__ import annotations

import random
from math import comb

try:
    import cython  # compiled: see moves.py (kit/accel.py); run as Python: no-ops
except ImportError:  # pure Python without Cython installed
    from companion.engines.kit import nocython as cython

from companion.engines.kit.memo import last_result

from .cards import KINDS, NKINDS, UNKNOWN
from .state import NO_CARD, DogState, unseen_pool

#: `random.Random.sample` in C with the same draws (`_fast.sample`), where this module runs
#: compiled and this Python's `sample` draws as it does; else None (`rng.sample`)
_FAST_SAMPLE = None
if cython.compiled:
    from companion.engines.kit import accel as _accel

    _fast = _accel.accelerator("companion.games.dog.engine._fast")
    if _fast is not None and _fast.sample_matches():
        _FAST_SAMPLE = _fast.sample

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


def forget(state: DogState, seat: int) -> DogState:
    """`state` with what is known of `seat`'s cards made unknown again: its hand (the card a
    partner gave it included), the cards it put face down and the card it gave in the exchange
    (used when another entry contradicts what is known of that seat's cards: the public fact
    wins). The table's readings apply it alike, so it changes only those that knew the cards:
    the seat's own and the giver's of a card in its hand."""
    hand = state.hands[seat]
    hands = list(state.hands)
    hands[seat] = (UNKNOWN,) * len(hand)
    transit = tuple(UNKNOWN if s == seat and c != NO_CARD else c
                    for s, c in enumerate(state.transit))
    folds = tuple((g[0], g[1], (UNKNOWN,) * len(g[2])) if g[0] == seat else g
                  for g in state.folds)
    return state._replace(hands=tuple(hands), transit=transit, folds=folds)


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


class _Plan:
    """What `determinize` needs about one view, computed once and reused while the same view
    object is determinized again (a search determinizes one view thousands of times)."""

    __slots__ = ("bound", "constrained", "fills_known", "free", "need", "pool", "slots")

    def __init__(self, view_state: DogState) -> None:
        self.slots = slots = _slots(view_state)
        self.pool = pool = unseen_pool(view_state)
        self.need = sum(u for _, _, u, _ in slots)
        # Constrained slots with the same mask draw together (their cards are interchangeable),
        # the most restrictive mask first: (slot indices, cards, pool indices of allowed cards).
        by_mask: dict[int, list[int]] = {}
        for j, (_, _, _, mask) in enumerate(slots):
            if mask:
                by_mask.setdefault(mask, []).append(j)
        groups = [(js, sum(slots[j][2] for j in js),
                   [i for i, c in enumerate(pool) if not mask >> c & 1])
                  for mask, js in by_mask.items()]
        groups.sort(key=lambda g: len(g[2]))
        self.constrained = groups
        #: the unconstrained slots, in order
        self.free = [j for j, (_, _, _, mask) in enumerate(slots) if not mask]
        # The largest acceptance weight: group g finds at most its allowed cards less those
        # that earlier groups must have taken from them (all of them when masks are nested,
        # and then nothing is ever rejected).
        bound = 1
        for g, (_, u, allowed) in enumerate(groups):
            mine = set(allowed)
            forced = sum(max(0, u2 - sum(1 for i in a2 if i not in mine))
                         for _, u2, a2 in groups[:g])
            bound *= comb(max(0, len(allowed) - forced), u)
        self.bound = bound
        #: per slot, the known cards already there
        known: list[list[int]] = []
        for where, idx, _, _ in slots:
            if where == "hand":
                known.append([c for c in view_state.hands[idx] if c != UNKNOWN])
            elif where == "fold":
                known.append([c for c in view_state.folds[idx][2] if c != UNKNOWN])
            else:
                known.append([])
        self.fills_known = known


#: the plan of the last view determinized (a search determinizes one view many times)
_plan = last_result(_Plan)


def determinize(view_state: DogState, seat: int, rng: random.Random) -> DogState:
    """A complete state (no unknown card anywhere) consistent with `view_state`: the deck's
    110 cards are conserved, known cards stay where they are, and a seat that folded held no
    card of a kind it could have played.

    Every consistent completion is equally likely (the unseen cards are dealt uniformly,
    conditioned on what the folds prove): the groups with a constraint draw from the cards
    they may hold, the others from the rest, and the draw is accepted with a probability that
    undoes the bias of drawing the constrained groups first (rejection sampling, `MAX_TRIES`
    tries). When the constraints cannot be met (or too rarely), a sample honours them group by
    group where the cards allow it."""
    del seat  # everything the seat knows is in its view
    plan = _plan(view_state)
    slots = plan.slots
    if not slots:
        return view_state
    pool = plan.pool
    need = plan.need
    if need > len(pool):
        raise ValueError("inconsistent view: more unknown cards than unseen cards")
    if not plan.constrained:
        drawn = (rng.sample(pool, need) if _FAST_SAMPLE is None
                 else _FAST_SAMPLE(rng, pool, need))
        fills = []
        i = 0
        for _, _, u, _ in slots:
            fills.append(drawn[i:i + u])
            i += u
        return _fill(view_state, plan, fills)
    fills2 = _sample_constrained(plan, rng) if plan.bound else None
    if fills2 is None:
        fills2 = _constrained_sample(pool, slots, rng)
    return _fill(view_state, plan, fills2)


def _sample_constrained(plan: _Plan, rng: random.Random) -> list[list[int]] | None:
    """Uniform among the completions that honour every constraint, or None after
    `MAX_TRIES` rejected proposals. The proposal draws each constrained group uniformly from
    the allowed cards still left, so a completion x is proposed with probability
    ∝ 1 / Π C(a_j(x), u_j) (a_j: allowed cards left when group j draws); accepting with
    probability Π C(a_j(x), u_j) / Π C(A_j, u_j) (A_j: allowed cards in the whole pool) makes
    every completion equally likely. With one constrained group nothing is ever rejected."""
    pool = plan.pool
    slots = plan.slots
    constrained = plan.constrained
    single = len(constrained) == 1
    for _ in range(MAX_TRIES):
        fills: list[list[int]] = [[] for _ in slots]
        taken: set[int] = set()
        weight = 1
        ok = True
        for js, u, allowed in constrained:
            left = allowed if not taken else [i for i in allowed if i not in taken]
            if len(left) < u:
                ok = False
                break
            if not single:
                weight *= comb(len(left), u)
            picked = rng.sample(left, u) if _FAST_SAMPLE is None else _FAST_SAMPLE(rng, left, u)
            taken.update(picked)
            k = 0
            for j in js:
                n = slots[j][2]
                fills[j] = [pool[i] for i in picked[k:k + n]]
                k += n
        if not ok:
            continue
        if not single and rng.random() * plan.bound >= weight:
            continue
        rest = [c for i, c in enumerate(pool) if i not in taken]
        n_free = plan.need - len(taken)
        drawn = ((rng.sample(rest, n_free) if _FAST_SAMPLE is None
                  else _FAST_SAMPLE(rng, rest, n_free)) if n_free else [])
        i = 0
        for j in plan.free:
            u = slots[j][2]
            fills[j] = drawn[i:i + u]
            i += u
        return fills
    return None


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


def _fill(st: DogState, plan: _Plan, fills: list[list[int]]) -> DogState:
    hands = list(st.hands)
    folds = list(st.folds)
    transit = list(st.transit)
    discard: list[int] | None = None
    for (where, idx, _, _), known, cards in zip(plan.slots, plan.fills_known, fills,
                                                strict=True):
        if where == "hand":
            hands[idx] = tuple(sorted(known + cards))
        elif where == "fold":
            s, mask, _ = folds[idx]
            folds[idx] = (s, mask, tuple(sorted(known + cards)))
        elif where == "transit":
            transit[idx] = cards[0]
        else:
            discard = list(st.discard)
            discard[UNKNOWN] = 0
            for c in cards:
                discard[c] += 1
    return st._replace(hands=tuple(hands), folds=tuple(folds), transit=tuple(transit),
                       discard=st.discard if discard is None else tuple(discard))


def has_unknowns(st: DogState) -> bool:
    return (any(UNKNOWN in h for h in st.hands) or any(UNKNOWN in g[2] for g in st.folds)
            or UNKNOWN in st.transit or st.discard[UNKNOWN] > 0)


_ = (KINDS, NKINDS)
