"""DOG cards: codes, tokens, the 110-card deck.

A card is a small int. Hands are sorted tuples of card codes in which `UNKNOWN` (0) stands for a
card the table did not report; a count vector is a tuple indexed by card code.
"""

from __future__ import annotations

from typing import Final

from companion.engines.kit.notation import CardNames, card_reader

UNKNOWN: Final = 0
ONE: Final = 1  # 1 or 11, start card
FOUR: Final = 4  # 4 forwards or backwards
SEVEN: Final = 7  # split, burns
TWELVE: Final = 12
THIRTEEN: Final = 13  # 13, start card
SWAP: Final = 14
JOKER: Final = 15
NKINDS: Final = 16  # length of a count vector (index 11 is never used)

#: The 14 card kinds, in notation order.
KINDS: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, SWAP, JOKER)
#: What a joker can be played as: every other card.
JOKER_AS: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, SWAP)
#: Cards that bring a figure out of the kennel (and the joker as one of them).
START_CARDS: Final = frozenset({ONE, THIRTEEN})
#: Forward distances of the plain moving cards (1 is 1 or 11).
FORWARD: Final = {1: (1, 11), 2: (2,), 3: (3,), 4: (4,), 5: (5,), 6: (6,), 8: (8,), 9: (9,),
                  10: (10,), 12: (12,), 13: (13,)}

DECK_SIZE: Final = 110
#: Copies of each kind in the deck, indexed by card code: 8 of each, 6 jokers.
DECK: Final = tuple(8 if k in KINDS and k != JOKER else (6 if k == JOKER else 0)
                    for k in range(NKINDS))
assert sum(DECK) == DECK_SIZE

#: Cards dealt per round, cycling (rulebook "Spielablauf").
DEAL_SIZES: Final = (6, 5, 4, 3, 2)

TOKEN: Final = {UNKNOWN: "?", 1: "1", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8",
                9: "9", 10: "10", 12: "12", 13: "13", SWAP: "swap", JOKER: "joker"}
_ALIASES: Final = {"11": 1, "1/11": 1, "exchange": SWAP, "?": UNKNOWN}
CARD_OF: Final = {**{v: k for k, v in TOKEN.items()}, **_ALIASES}


def card_token(card: int) -> str:
    return TOKEN[card]


#: The card code of a token (case-insensitive; also "11" and "1/11" for the 1), or None.
parse_card = card_reader(CARD_OF, UNKNOWN)


#: DOG's cards in the notation (card lists as ``7,4,swap``, no ``name*n``).
NAMES: Final = CardNames(TOKEN, (*KINDS, UNKNOWN), parse_card, "a card", "cards",
                         "1..10, 12, 13, swap, joker", most=DECK_SIZE)


def kinds_mask(cards: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def mask_kinds(mask: int) -> tuple[int, ...]:
    return tuple(k for k in KINDS if mask >> k & 1)


def counts(cards: tuple[int, ...] | list[int]) -> list[int]:
    vec = [0] * NKINDS
    for c in cards:
        vec[c] += 1
    return vec


def remove_card(hand: tuple[int, ...], card: int) -> tuple[int, ...] | None:
    """`hand` without one `card`; an unknown card stands in for it. None if impossible."""
    if card in hand:
        i = hand.index(card)
    elif UNKNOWN in hand:
        i = 0  # unknowns sort first
    else:
        return None
    return hand[:i] + hand[i + 1:]


def add_card(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted((*hand, card)))
