"""HIT actions: one small named tuple for the seats' decisions and the table's reports."""

from __future__ import annotations

from typing import Final, NamedTuple

PLAY: Final = 0  # play `card` from the hand; `moves` says which figures go where
DISCARD: Final = 1  # lay `cards` (2, in this order) on the discard pile: a figure comes out
BUY: Final = 2  # buy `card` from the market
END: Final = 3  # done buying
DRAW: Final = 4  # table: the seat to draw draws `cards` from below the known top of its pile
SHUFFLE: Final = 5  # the discard pile becomes the draw pile (`keep`: the shield card stays)
MARKET: Final = 6  # table: `cards` from the neutral stack fill the market's empty places
HAND: Final = 7  # seat `seat` enters its hand (privately)

KIND_NAMES: Final = ("play", "discard", "buy", "end", "draw", "shuffle", "market", "hand")

#: a destination the notation did not give (the engine fills it in when it is unique)
NO_DEST: Final = -99


class HitAction(NamedTuple):
    """kind; card = the card played or bought; moves = the figures moved by a play, in the
    order taken, each (from, to) in the mover's relative places (board.py; from = WAIT brings
    a figure out); () = a card played without moving (a coin card, or a card that cannot be
    used); cards = a DISCARD's two cards in the order laid down, or the cards of a DRAW, MARKET
    or HAND (sorted; 0 = unknown); seat = the seat of a HAND; keep = a SHUFFLE that leaves the
    shield card on the discard pile."""

    kind: int
    card: int = 0
    moves: tuple[tuple[int, int], ...] = ()
    cards: tuple[int, ...] = ()
    seat: int = -1
    keep: bool = False


END_ACTION: Final = HitAction(END)
SHUFFLE_ACTION: Final = HitAction(SHUFFLE)
KEEP_ACTION: Final = HitAction(SHUFFLE, keep=True)

__all__ = ["BUY", "DISCARD", "DRAW", "END", "END_ACTION", "HAND", "KEEP_ACTION", "KIND_NAMES",
           "MARKET", "NO_DEST", "PLAY", "SHUFFLE", "SHUFFLE_ACTION", "HitAction"]
