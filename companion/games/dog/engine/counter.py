"""The DOG card counter: the cards not yet seen since the last reshuffle, and for a seat that
entered its hand, the exact chance that another hand holds a given card.

What "seen" means comes from the information state (`info.view`): a card is seen once it is
located by kind — face up on the discard pile (played, or folded with the house rule
`fold_face_up`), in the seat's own hand or own folds, the card it gave while the receiver
still holds it. A reshuffle empties the discard pile into the stock, so the count starts again
from the whole deck less the hands. The unknown places are exactly those `determinize` fills
(`info._slots`): the other hands (a solo seat that discarded provably holds none of the kinds
it could have played), face-down folds (none of the kinds the folder could have played), cards
in transit; the rest is the stock.
"""

from __future__ import annotations

import random
from functools import lru_cache

from companion.engines.counter import (
    CardCount,
    Chance,
    Group,
    Slot,
    TooComplex,
    Unknowns,
    exact_chances,
    sampled_chances,
    tallies,
)

from .cards import DECK, KINDS, TOKEN, UNKNOWN, counts
from .info import _slots, determinize
from .state import DogState, stock_size, unseen_pool


def public_count(view: DogState) -> CardCount:
    """The cards not yet seen by the table (``view``: what a spectator sees)."""
    return CardCount("dog", "public", None, (_unseen(view),))


def seat_count(view: DogState, seat: int) -> CardCount | None:
    """What ``seat`` knows (``view``: its own view) and the chances it can work out: for every
    card kind, at least one copy in each other hand that holds cards, and in any of them.
    None while the seat's hand is not entered."""
    if UNKNOWN in view.hands[seat]:
        return None
    return _seat_count(view, seat)


@lru_cache(maxsize=256)
def _seat_count(view: DogState, seat: int) -> CardCount:
    n = view.cfg.seats
    groups = [_unseen(view)]
    for s in range(n):
        known = [c for c in view.hands[s] if c != UNKNOWN]
        if s != seat and known:
            groups.append(
                Group(
                    "known",
                    s,
                    len(view.hands[s]),
                    tallies(counts(known), KINDS, TOKEN, DECK, zeros=False),
                    hidden=view.hands[s].count(UNKNOWN),
                )
            )
    others = [s for s in range(n) if s != seat and view.hands[s]]
    try:
        chances = _exact_chances(view, others)
        exact = True
    except TooComplex:
        chances = _sampled_chances(view, seat, others)
        exact = False
    partner = view.cfg.partner[seat]
    facts = (("partner", partner),) if partner >= 0 else ()
    return CardCount("dog", "seat", seat, tuple(groups), tuple(chances), exact, facts)


def _unseen(view: DogState) -> Group:
    """Per kind, the copies not located in ``view``, and where the unseen cards are."""
    vec = counts(unseen_pool(view))
    in_hands = sum(h.count(UNKNOWN) for h in view.hands)
    face_down = sum(cards.count(UNKNOWN) for _, _, cards in view.folds)
    face_down += view.discard[UNKNOWN]
    transit = sum(1 for c in view.transit if c == UNKNOWN)
    parts = (
        ("hands", in_hands),
        ("stock", stock_size(view)),
        ("face_down", face_down),
        ("in_transit", transit),
    )
    return Group(
        "unseen",
        None,
        sum(vec),
        tallies(vec, KINDS, TOKEN, DECK),
        parts=tuple((k, v) for k, v in parts if v),
    )


def _exact_chances(view: DogState, others: list[int]) -> list[Chance]:
    constrained: list[Slot] = []
    slot_of: dict[int, int] = {}  # seat → its constrained hand slot
    free: dict[int, int] = {}  # seat → unknown cards of its hand without constraint
    for place, idx, unknown, mask in _slots(view):
        if mask:
            if place == "hand":
                slot_of[idx] = len(constrained)
            constrained.append(Slot(unknown, tuple((k, 0) for k in KINDS if mask >> k & 1)))
        elif place == "hand":
            free[idx] = unknown
    unknowns = Unknowns(counts(unseen_pool(view)), constrained)
    return exact_chances(
        unknowns, free, slot_of, others, KINDS, TOKEN, lambda s, k: k in view.hands[s]
    )


def _sampled_chances(view: DogState, seat: int, others: list[int]) -> list[Chance]:
    def draw(rng: random.Random) -> tuple[tuple[int, ...], ...]:
        return determinize(view, seat, rng).hands

    return sampled_chances(draw, others, KINDS, TOKEN, view[1:])
