"""Life is Life cards: the ten animals, the 60-card deck, count vectors.

An animal is a small int (1 = giraffe … 10 = mouse, in the rulebook's scoring order); 0 is a
card nobody reported. A hand is a *count vector*: a tuple of 11 ints indexed by animal, index 0
counting the unknown cards. Rows and laid-down cards are sorted tuples of animals.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from companion.engines.kit.notation import CardNames, card_reader

UNKNOWN: Final = 0
GIRAFFE: Final = 1
BEAR: Final = 2
MOLE: Final = 3
GOAT: Final = 4
SHEEP: Final = 5
DOG: Final = 6
HARE: Final = 7
PIG: Final = 8
CAT: Final = 9
MOUSE: Final = 10
NK: Final = 11  # length of a count vector

#: The ten animals in the rulebook's scoring order ("Si valutano per prime le giraffe (valore
#: 9), poi gli orsi (valore 8), poi le talpe (valore 7), e così via").
KINDS: Final = (GIRAFFE, BEAR, MOLE, GOAT, SHEEP, DOG, HARE, PIG, CAT, MOUSE)
#: Copies of each animal, indexed by animal; the value of an animal is its number of copies.
DECK: Final = (0, 9, 8, 7, 7, 6, 6, 5, 5, 4, 3)
VALUE: Final = DECK
DECK_SIZE: Final = 60
assert sum(DECK) == DECK_SIZE

TOKEN: Final = ("?", "giraffe", "bear", "mole", "goat", "sheep", "dog", "hare", "pig", "cat",
                "mouse")
#: Names accepted on input besides the tokens: English plurals, Italian (the rulebook) and
#: German (the box), singular and plural, lower case.
ALIASES: Final = {
    "giraffes": GIRAFFE, "giraffa": GIRAFFE, "giraffen": GIRAFFE,
    "bears": BEAR, "orso": BEAR, "orsi": BEAR, "bär": BEAR, "bären": BEAR,
    "baer": BEAR,
    "moles": MOLE, "talpa": MOLE, "talpe": MOLE, "maulwurf": MOLE, "maulwürfe": MOLE,
    "goats": GOAT, "capra": GOAT, "capre": GOAT, "ziege": GOAT, "ziegen": GOAT,
    "pecora": SHEEP, "pecore": SHEEP, "schaf": SHEEP, "schafe": SHEEP,
    "dogs": DOG, "cane": DOG, "cani": DOG, "hund": DOG, "hunde": DOG,
    "hares": HARE, "lepre": HARE, "lepri": HARE, "hase": HARE, "hasen": HARE,
    "pigs": PIG, "maiale": PIG, "maiali": PIG, "schwein": PIG, "schweine": PIG,
    "cats": CAT, "gatto": CAT, "gatti": CAT, "katze": CAT, "katzen": CAT,
    "mice": MOUSE, "topo": MOUSE, "topi": MOUSE, "maus": MOUSE, "mäuse": MOUSE,
}
ANIMAL_OF: Final = {**{t: k for k, t in enumerate(TOKEN)}, **ALIASES}

#: Sudden death ("Gli ci vogliono tutti e 4 i gatti o tutte e 5 le lepri o tutti e 5 i maiali"):
#: the animals whose every copy in one hand ends the round; the expert variant drops the cats.
SUDDEN: Final = (CAT, HARE, PIG)
SUDDEN_EXPERT: Final = (HARE, PIG)

HAND_SIZE: Final = 10
#: Row r (1..4, as the rulebook numbers them) holds exactly r cards.
ROW_SIZES: Final = (1, 2, 3, 4)
ROWS_TOTAL: Final = 10

EMPTY: Final = (0,) * NK


#: The animal of a token (case-insensitive, English/Italian/German), or None.
parse_animal = card_reader(ANIMAL_OF, UNKNOWN)


#: The animals in the notation (``giraffe*3,bear,?*7``).
NAMES: Final = CardNames(TOKEN, (*KINDS, UNKNOWN), parse_animal, "an animal", "animals",
                         ", ".join(TOKEN[k] for k in KINDS), most=DECK_SIZE)


def counts(cards: Iterable[int]) -> tuple[int, ...]:
    vec = [0] * NK
    for c in cards:
        vec[c] += 1
    return tuple(vec)


def cards_of(vec: tuple[int, ...] | list[int], *, unknown_last: bool = True) -> tuple[int, ...]:
    """The cards of a count vector, sorted by animal (unknown cards last)."""
    out: list[int] = []
    for k in KINDS:
        out.extend([k] * vec[k])
    if vec[UNKNOWN]:
        unknown = [UNKNOWN] * vec[UNKNOWN]
        out = out + unknown if unknown_last else unknown + out
    return tuple(out)


def size(vec: tuple[int, ...] | list[int]) -> int:
    return sum(vec)


def known(vec: tuple[int, ...] | list[int]) -> int:
    """How many cards of a count vector are known."""
    return sum(vec) - vec[UNKNOWN]
