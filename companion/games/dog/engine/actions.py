"""DOG actions: one small named tuple for plays and table events."""

from __future__ import annotations

from typing import Final, NamedTuple

PLAY: Final = 0  # play a card: segs are the moves (a swap: one (own, other) pair)
FOLD: Final = 1  # teams: stuck, the whole hand is discarded; cards = (cards,) when reported
DISCARD: Final = 2  # solo: stuck, discard `card` (then draw one, or end the turn after a draw)
GIVE: Final = 3  # exchange: give `card` face down to the partner (solo: left neighbour)
DEAL: Final = 4  # table: cards = per-seat hands (UNKNOWN for unreported), () = all unknown
DRAW: Final = 5  # table, solo: the stuck seat draws `card`
RESHUFFLE: Final = 6  # table: the discard pile becomes the stock
HAND: Final = 7  # table: `seat` enters its hand: cards = (cards,)

KIND_NAMES: Final = ("play", "fold", "discard", "give", "deal", "draw", "reshuffle", "hand")

Seg = tuple[int, int]


class DogAction(NamedTuple):
    """kind; card played/given/discarded/drawn; as_card = what it is played as (differs from
    card only for a joker); segs = moves as (from, to) position codes in the order taken (a
    swap: (own figure, other figure)); cards = hands of a deal or reported cards; seat = the
    seat of a HAND event."""

    kind: int
    card: int = 0
    as_card: int = 0
    segs: tuple[Seg, ...] = ()
    cards: tuple[tuple[int, ...], ...] = ()
    seat: int = -1


_new = tuple.__new__


def new_plays(card: int, as_card: int, segs_list: list[tuple[Seg, ...]]) -> list[DogAction]:
    """`[DogAction(PLAY, card, as_card, segs) for segs in segs_list]`, built with
    `tuple.__new__` directly: the generators' hot path (a NamedTuple's own `__new__` is a
    Python function, about twice as slow)."""
    return [_new(DogAction, (PLAY, card, as_card, segs, (), -1)) for segs in segs_list]
