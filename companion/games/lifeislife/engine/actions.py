"""Life is Life actions: one small named tuple for the seats' decisions and the table's reports."""

from __future__ import annotations

from typing import Final, NamedTuple

SWAP: Final = 0  # lay down `cards` and take row `row` (sudden: the animal of a declared set)
KNOCK: Final = 1  # knock: announce the last round, or (in the last round) keep the cards
DEAL: Final = 2  # table: the four rows and (optionally) the hands
HAND: Final = 3  # a seat enters its hand (privately), or the table shows it at the end

KIND_NAMES: Final = ("swap", "knock", "deal", "hand")


class LifeAction(NamedTuple):
    """kind; row = 1..4 (row r holds r cards, as the rulebook numbers them); cards = the cards
    laid down (SWAP) or the hand entered (HAND), a sorted tuple of animals (0 = unknown);
    sudden = the animal of the sudden-death set the swapper declares (0: none); seat = the
    seat of a HAND; rows = the four rows of a DEAL; hands = a DEAL's hands per seat (sorted
    animals, 0 = unknown; () for a seat out of the game), () when no hand is reported."""

    kind: int
    row: int = 0
    cards: tuple[int, ...] = ()
    sudden: int = 0
    seat: int = -1
    rows: tuple[tuple[int, ...], ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()


KNOCK_ACTION: Final = LifeAction(KNOCK)
