"""What a seat knows (`view`) and complete states consistent with it (`determinize`).

At this table nearly everything is public: the rows lie face up, so every card a player takes
is known to all, and every card laid down is seen. Hidden are only the hands as dealt (each
seat sees its own) and the cards set aside. What seat s knows about another hand is therefore
exactly its public part (`LifeState.public`): the cards taken from the rows, less those laid
down again, and the cards shown at the end of a round.

One more thing is public: a player who has swapped this round and did not call sudden death
does not hold a sudden-death set (all 4 cats, all 5 hares, all 5 pigs; the expert variant only
the hares and pigs), since the set would have ended the round at once. Determinization honours
that too.
"""

from __future__ import annotations

import random

from companion.engines.kit.memo import last_result

from .cards import DECK, KINDS, NK, UNKNOWN
from .state import PLAY, REVEAL, LifeState, unseen

#: rejection-sampling tries before the repairing fallback
MAX_TRIES = 64


def view(state: LifeState, seat: int) -> LifeState:
    """`state` as `seat` sees it: every other hand reduced to its public part, the rest of it
    unknown. A seat that is not at the table (e.g. `TABLE`, a spectator) sees only what is
    public."""
    hands = []
    for s, (h, pub) in enumerate(zip(state.hands, state.public, strict=True)):
        if s == seat:
            hands.append(h)
            continue
        total = sum(h)
        hidden = total - sum(pub)
        if hidden == h[UNKNOWN] and all(h[k] == pub[k] for k in KINDS):
            hands.append(h)  # nothing more to hide
        else:
            hands.append((hidden, *pub[1:]))
    return state._replace(hands=tuple(hands))


def forget(state: LifeState, seat: int) -> LifeState:
    """`state` with `seat`'s hand reduced to its public part, the rest unknown again (used
    when another entry contradicts what that seat entered privately)."""
    hands = list(state.hands)
    hands[seat] = view(state, -1).hands[seat]
    return state._replace(hands=tuple(hands))


def known_cards(state: LifeState, seat: int, other: int) -> tuple[int, ...]:
    """The count vector of the cards `seat` knows to be in `other`'s hand (index 0: 0)."""
    if seat == other:
        return (0, *state.hands[other][1:])
    return (0, *state.public[other][1:])


class _Plan:
    """What `determinize` needs about one view, computed once and reused while the same view
    object is determinized again (a search determinizes one view thousands of times)."""

    __slots__ = ("need", "pool", "risky", "slots")

    def __init__(self, st: LifeState) -> None:
        free = unseen(st)
        self.pool = [k for k in KINDS for _ in range(free[k])]
        #: the hands with unknown cards: (seat, how many)
        self.slots = [(s, h[UNKNOWN]) for s, h in enumerate(st.hands) if h[UNKNOWN]]
        self.need = sum(u for _, u in self.slots)
        #: (slot index, animal, cards of it that would complete the set): a seat that swapped
        #: this round without calling sudden death holds no set
        self.risky: list[tuple[int, int, int]] = []
        if st.phase in (PLAY, REVEAL):
            for j, (s, u) in enumerate(self.slots):
                if not st.swapped >> s & 1:
                    continue
                for k in st.cfg.rules.sudden:
                    missing = DECK[k] - st.hands[s][k]
                    if 0 < missing <= min(u, free[k]):
                        self.risky.append((j, k, missing))


#: the plan of the last view determinized (a search determinizes one view many times)
_plan = last_result(_Plan)


def determinize(view_state: LifeState, seat: int, rng: random.Random) -> LifeState:
    """A complete state consistent with `view_state`: the 60 cards are conserved (the unknown
    cards are drawn from those not located, the rest lies set aside), known cards stay where
    they are, and a seat that swapped without calling sudden death holds no set.

    Every consistent completion is equally likely (uniform draws, rejected while a constraint
    fails, `MAX_TRIES` times; then a draw repaired card by card)."""
    del seat  # everything the seat knows is in its view
    return complete(view_state, rng)


def complete(st: LifeState, rng: random.Random) -> LifeState:
    """Fill every unknown card of `st` (see `determinize`)."""
    plan = _plan(st)
    if not plan.slots:
        return st
    pool = plan.pool
    need = plan.need
    if need > len(pool):
        raise ValueError("inconsistent view: more unknown cards than unseen cards")
    risky = plan.risky
    fills: list[list[int]] = []
    for _ in range(max(1, MAX_TRIES)):
        drawn = rng.sample(pool, need)
        fills = []
        i = 0
        for _, u in plan.slots:
            fills.append(drawn[i:i + u])
            i += u
        if not risky or (MAX_TRIES and not _broken(fills, risky)):
            return _fill(st, plan, fills)
    rest = _rest(pool, fills)
    _repair(fills, rest, risky, rng)
    return _fill(st, plan, fills)


def _broken(fills: list[list[int]], risky: list[tuple[int, int, int]]) -> tuple[int, int] | None:
    for j, k, missing in risky:
        if fills[j].count(k) >= missing:
            return j, k
    return None


def _rest(pool: list[int], fills: list[list[int]]) -> list[int]:
    left = [0] * NK
    for k in pool:
        left[k] += 1
    for f in fills:
        for k in f:
            left[k] -= 1
    return [k for k in KINDS for _ in range(left[k])]


def _repair(fills: list[list[int]], rest: list[int], risky: list[tuple[int, int, int]],
            rng: random.Random) -> None:
    """Move one card of each completed set out of the hand: to the set-aside cards (a card of
    another animal comes back), else to another hand where it completes nothing."""
    for _ in range(4 * len(risky) + 4):
        broken = _broken(fills, risky)
        if broken is None:
            return
        j, k = broken
        i = fills[j].index(k)
        others = [x for x, c in enumerate(rest)
                  if c != k and not _completes(fills[j], j, c, risky)]
        if others:
            x = rng.choice(others)
            fills[j][i], rest[x] = rest[x], k
            continue
        swaps = [(j2, x) for j2, f in enumerate(fills) if j2 != j
                 for x, c in enumerate(f) if c != k and not _completes(fills[j], j, c, risky)]
        rng.shuffle(swaps)
        for j2, x in swaps:
            if not _completes(fills[j2], j2, k, risky):
                fills[j][i], fills[j2][x] = fills[j2][x], k
                break
        else:
            return  # nothing helps: the view itself is inconsistent


def _completes(cards: list[int], j: int, k: int, risky: list[tuple[int, int, int]]) -> bool:
    """Would one more card of animal `k` complete a forbidden set in slot `j`?"""
    return any(j2 == j and k2 == k and cards.count(k) + 1 >= missing
               for j2, k2, missing in risky)


def _fill(st: LifeState, plan: _Plan, fills: list[list[int]]) -> LifeState:
    hands = list(st.hands)
    for (s, _), cards in zip(plan.slots, fills, strict=True):
        h = list(hands[s])
        h[UNKNOWN] = 0
        for c in cards:
            h[c] += 1
        hands[s] = tuple(h)
    return st._replace(hands=tuple(hands))


def has_unknowns(st: LifeState) -> bool:
    return any(h[UNKNOWN] for h in st.hands)
