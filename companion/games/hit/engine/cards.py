"""HIT cards as small ints, with lookup tables built once from `data/cards.toml`.

Card ids: 0 is a card nobody reported (`UNKNOWN`, token ``?``), then the cards in the order of
the data file (the six start cards first). A multiset of cards is a count vector of length
`NK` indexed by card id, as in the other engines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from companion.engines.kit.notation import CardNames

from .data import DATA, EFFECTS, HitData

UNKNOWN: Final = 0

#: effect codes (index into data.EFFECTS)
(E_COINS, E_OUT, E_UPTO, E_MOVE, E_FWDBACK, E_SPLIT, E_FREE_CORNER, E_CORNERS, E_BARRIER,
 E_START, E_HUNT, E_BEHIND, E_JUMP) = range(len(EFFECTS))

_CARDS = DATA.cards
NK: Final = len(_CARDS) + 1
KINDS: Final = tuple(range(1, NK))
TOKEN: Final = ("?", *(c.token for c in _CARDS))
NAME: Final = ("unknown card", *(c.name for c in _CARDS))
EFFECT: Final = (-1, *(EFFECTS.index(c.effect) for c in _CARDS))
STEPS: Final = (0, *(c.steps for c in _CARDS))
BACK: Final = (0, *(c.back for c in _CARDS))
COINS: Final = (0, *(c.coins for c in _CARDS))
NO_HIT: Final = (False, *("no_hit" in c.symbols for c in _CARDS))
SHIELD: Final = (False, *("shield" in c.symbols for c in _CARDS))
BREAKER: Final = (False, *("shield_breaker" in c.symbols for c in _CARDS))
NO_GOAL: Final = (False, *("no_goal_entry" in c.symbols for c in _CARDS))
#: the price of a neutral card (0 for start cards: they are never sold)
COST: Final = (0, *(c.cost or 0 for c in _CARDS))
IS_START: Final = (False, *(c.deck == "start" for c in _CARDS))
START_KINDS: Final = tuple(k for k in KINDS if IS_START[k])
NEUTRAL_KINDS: Final = tuple(k for k in KINDS if not IS_START[k])
#: cards that move no figure (only coins)
COIN_ONLY: Final = tuple(EFFECT[k] == E_COINS for k in range(NK))
#: cards that can bring a figure out
OUT_KINDS: Final = tuple(k for k in KINDS if EFFECT[k] == E_OUT)

#: each colour's start deck, and the neutral stack before the market is laid out
START_DECK: Final = tuple(1 if IS_START[k] else 0 for k in range(NK))
NEUTRAL_STACK: Final = (0, *(0 if c.deck == "start" else c.copies for c in _CARDS))
EMPTY: Final = (0,) * NK

_ALIASES: dict[str, int] = {}
for _k in KINDS:
    _t = TOKEN[_k]
    _ALIASES[_t] = _k
    _ALIASES.setdefault(_t.replace("-", ""), _k)
for _alias, _target in (("10", "split10"), ("3/-1", "3back"), ("3/1", "3back"),
                        ("3b", "3back"), ("3-1", "3back"), ("1-5", "s1-5"), ("1..5", "s1-5")):
    if _target in _ALIASES:
        _ALIASES.setdefault(_alias, _ALIASES[_target])


@dataclass(frozen=True, slots=True)
class CardTable:
    """The values of a set-up's cards by card id (index 0: the unknown card): what a host may
    correct against the box (movement, coins, symbols, price, copies). The kinds, their
    tokens and effects are the module's (`TOKEN`, `EFFECT`): every set-up has the same."""

    steps: tuple[int, ...]
    back: tuple[int, ...]
    coins: tuple[int, ...]
    no_hit: tuple[bool, ...]
    shield: tuple[bool, ...]
    breaker: tuple[bool, ...]
    no_goal: tuple[bool, ...]
    cost: tuple[int, ...]
    #: the neutral stack before the market is laid out
    neutral_stack: tuple[int, ...]

    @classmethod
    def of(cls, data: HitData) -> CardTable:
        cards = data.cards
        return cls(
            steps=(0, *(c.steps for c in cards)),
            back=(0, *(c.back for c in cards)),
            coins=(0, *(c.coins for c in cards)),
            no_hit=(False, *("no_hit" in c.symbols for c in cards)),
            shield=(False, *("shield" in c.symbols for c in cards)),
            breaker=(False, *("shield_breaker" in c.symbols for c in cards)),
            no_goal=(False, *("no_goal_entry" in c.symbols for c in cards)),
            cost=(0, *(c.cost or 0 for c in cards)),
            neutral_stack=(0, *(0 if c.deck == "start" else c.copies for c in cards)),
        )


_TABLES: dict[str, CardTable] = {}


def card_table(data: HitData) -> CardTable:
    """The card values of `data` (built once per set-up)."""
    table = _TABLES.get(data.key)
    if table is None:
        if len(_TABLES) > 256:
            _TABLES.clear()
        table = _TABLES[data.key] = CardTable.of(data)
    return table


#: the shipped card list's values
DEFAULT_TABLE: Final = card_table(DATA)


def parse_card(text: str, *, allow_unknown: bool = False) -> int | None:
    """The card id of a token as typed (case-insensitive; a few aliases such as ``10`` for
    the split 10), or None."""
    t = text.strip().lower()
    if t == "?":
        return UNKNOWN if allow_unknown else None
    return _ALIASES.get(t)


#: HIT's cards in the notation (``s1,4*2,?``).
NAMES: Final = CardNames(TOKEN, (*KINDS, UNKNOWN), parse_card, "a HIT card", "cards",
                         " ".join(TOKEN[k] for k in KINDS), most=60)


def counts(cards: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    vec = [0] * NK
    for c in cards:
        vec[c] += 1
    return tuple(vec)


def cards_of(vec: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The sorted cards of a count vector (unknown cards first)."""
    return tuple(k for k in range(NK) for _ in range(vec[k]))


def vec_add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def vec_sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def card_list(data: HitData = DATA) -> list[dict[str, object]]:
    """The card list for people and the web app: token, name, deck, cost, copies, coins,
    symbols (JSON-ready), of the shipped files or of a set-up's `data`."""
    return [{"token": c.token, "name": c.name, "deck": c.deck, "effect": c.effect,
             "steps": c.steps, "back": c.back, "coins": c.coins, "symbols": sorted(c.symbols),
             "copies": c.copies, "cost": c.cost} for c in data.cards]


__all__ = [
    "BACK",
    "BREAKER",
    "COINS",
    "COIN_ONLY",
    "COST",
    "DEFAULT_TABLE",
    "EFFECT",
    "EMPTY",
    "IS_START",
    "KINDS",
    "NAME",
    "NEUTRAL_KINDS",
    "NEUTRAL_STACK",
    "NK",
    "NO_GOAL",
    "NO_HIT",
    "OUT_KINDS",
    "SHIELD",
    "START_DECK",
    "START_KINDS",
    "STEPS",
    "TOKEN",
    "UNKNOWN",
    "CardTable",
    "card_list",
    "card_table",
    "cards_of",
    "counts",
    "parse_card",
    "vec_add",
    "vec_sub",
]
