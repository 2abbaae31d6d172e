"""The Life is Life card counter: per animal the copies nobody has seen (hidden in hands or set
aside), what is known of each hand, and for a seat that entered its hand the exact chance that
another hand holds a given animal.

The rows lie face up, so every card taken or laid down is public; what a seat knows of another
hand is its public part (`info.view`). The unknown cards are those `determinize` fills
(`info._Plan`): each other hand's hidden cards, with one constraint that is public too — a
player who swapped this round without calling sudden death holds no complete sudden-death set.
The rest of the unseen cards lies set aside.
"""

from __future__ import annotations

import random
from collections import defaultdict
from functools import lru_cache

from companion.engines import counter as shared

from .cards import DECK, KINDS, TOKEN, UNKNOWN
from .info import _Plan, complete
from .state import LifeState, aside_count, unseen


def public_count(view: LifeState) -> shared.CardCount:
    """What everyone knows (``view``: the public view)."""
    return shared.CardCount("lifeislife", "public", None, _groups(view, None))


def seat_count(view: LifeState, seat: int) -> shared.CardCount | None:
    """What ``seat`` knows (``view``: its own view) and, per animal, the chance of at least one
    in each other hand with hidden cards and in any of them. None while the seat's hand is not
    entered (or it holds no cards: before the deal, or out of the game)."""
    hand = view.hands[seat]
    if hand[UNKNOWN] or not sum(hand) or not view.rows:
        return None
    return _seat_count(view, seat)


@lru_cache(maxsize=256)
def _seat_count(view: LifeState, seat: int) -> shared.CardCount:
    others = [s for s, h in enumerate(view.hands) if s != seat and sum(h)]
    try:
        chances, exact = _chances(view, others), True
    except shared.TooComplex:
        chances, exact = _sampled_chances(view, others), False
    return shared.CardCount("lifeislife", "seat", seat, _groups(view, seat), tuple(chances), exact)


def _groups(view: LifeState, seat: int | None) -> tuple[shared.Group, ...]:
    vec = unseen(view)
    hidden = sum(h[UNKNOWN] for h in view.hands)
    parts = tuple((k, v) for k, v in (("hands", hidden), ("aside", aside_count(view))) if v)
    groups = [shared.Group("unseen", None, sum(vec), shared.tallies(vec, KINDS, TOKEN, DECK),
                           parts=parts)]
    for s, h in enumerate(view.hands):
        if s != seat and sum(h):
            groups.append(
                shared.Group(
                    "known",
                    s,
                    sum(h),
                    shared.tallies(h, KINDS, TOKEN, DECK, zeros=False),
                    hidden=h[UNKNOWN],
                )
            )
    return tuple(groups)


def _chances(view: LifeState, others: list[int]) -> list[shared.Chance]:
    plan = _Plan(view)
    caps: dict[int, list[tuple[int, int]]] = defaultdict(list)  # plan slot → caps
    for j, k, missing in plan.risky:
        caps[j].append((k, missing - 1))  # fewer than the copies that would complete the set
    constrained: list[shared.Slot] = []
    slot_of: dict[int, int] = {}  # seat → its constrained slot
    free: dict[int, int] = {}  # seat → hidden cards without constraint
    for j, (s, hidden) in enumerate(plan.slots):
        if caps[j]:
            slot_of[s] = len(constrained)
            constrained.append(shared.Slot(hidden, tuple(caps[j])))
        else:
            free[s] = hidden
    unknowns = shared.Unknowns(unseen(view), constrained)
    return shared.exact_chances(
        unknowns, free, slot_of, others, KINDS, TOKEN, lambda s, k: view.hands[s][k] > 0
    )


def _sampled_chances(view: LifeState, others: list[int]) -> list[shared.Chance]:
    def draw(rng: random.Random) -> list[list[int]]:
        return [[k for k in KINDS if h[k]] for h in complete(view, rng).hands]

    return shared.sampled_chances(draw, others, KINDS, TOKEN, view[1:])
