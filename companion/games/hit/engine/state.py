"""HIT configuration, variants and the state (plain tuples, hashable, cheap to copy)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import add
from typing import Any, ClassVar, Final, NamedTuple

from companion.engines.base import TABLE, InvalidPositionError
from companion.engines.kit.rulesets import RuleSet

from .board import WAIT, Geometry, geometry
from .cards import EMPTY, START_DECK, UNKNOWN, CardTable, card_table
from .data import DATA, HitData

# Phases: what the pending decision is.
PLAY: Final = 0  # the seat plays its hand card by card (or discards 2 to bring a figure out)
BUY: Final = 1  # the seat buys market cards, then ends
DRAW: Final = 2  # the table: the seat draws from its draw pile
SHUFFLE: Final = 3  # the draw pile is empty: the discard pile is shuffled (keep a shield on top?)
MARKET: Final = 4  # the table: empty market places are refilled from the neutral stack
OVER: Final = 5  # somebody brought all figures home
PHASES: Final = ("play", "buy", "draw", "shuffle", "market", "over")

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4

MATERIAL = DATA.material
HAND_SIZE: Final = MATERIAL.hand
MARKET_SIZE: Final = MATERIAL.market
START_COINS: Final = MATERIAL.start_coins
DISCARD_TO_COME_OUT: Final = MATERIAL.discard_to_come_out


@dataclass(frozen=True, slots=True)
class HouseRules(RuleSet):
    """The rulebook's variants ("Varianten"); the defaults are the basic game.

    no_shields: "Mehr Schadenfreude": the shield symbols are ignored, figures are never
        protected (and no shield card stays on the discard pile at a reshuffle).
    four_figures: "4 statt 3": with 4 players every colour plays all 4 figures (and its 4 goal
        fields) instead of 3. Nothing changes with 2 or 3 players, who play 4 anyway.
    """

    no_shields: bool = False
    four_figures: bool = False

    NOUN: ClassVar[str] = "variant"


@dataclass(frozen=True, slots=True)
class HitConfig:
    """Players, variants and who begins; shared (by reference) by all states of a game."""

    players: int = 4
    rules: HouseRules = HouseRules()
    #: who begins ("Wer von euch am jüngsten ist ..., beginnt"); the set-up draws start there
    first_player: int = 0
    #: the board sides and card values (the shipped files, or a set-up a host checked)
    data: HitData = field(default=DATA, compare=False, repr=False)
    figures: int = field(init=False)
    #: "" for the shipped data, else the set-up's digest (positions of two set-ups differ)
    setup: str = field(init=False)
    geo: Geometry = field(init=False, compare=False, repr=False)
    cards: CardTable = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        n = self.players
        if isinstance(n, bool) or not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise InvalidPositionError("HIT is played by 2 to 4 players")
        fp = self.first_player
        if isinstance(fp, bool) or not isinstance(fp, int) or not 0 <= fp < n:
            raise InvalidPositionError("first_player must be a seat")
        figs = MATERIAL.figures_per_colour
        if n == 4 and not self.rules.four_figures:
            figs = MATERIAL.figures_four_players
        object.__setattr__(self, "figures", figs)
        object.__setattr__(self, "setup", self.data.key)
        object.__setattr__(self, "geo", geometry(n, figs, self.data))
        object.__setattr__(self, "cards", card_table(self.data))

    @classmethod
    def make(cls, players: int = 4, rules: Mapping[str, Any] | HouseRules | None = None,
             first_player: int = 0, data: HitData = DATA) -> HitConfig:
        if not isinstance(rules, HouseRules):
            rules = HouseRules.from_json(rules)
        return cls(players, rules, first_player, data)


class HitState(NamedTuple):
    """One HIT position. Plain data: compare, hash and copy freely.

    turn: the seat whose turn it is (also while the table draws for it or refills the market;
        during the set-up, the seat that draws its first hand, then the first player).
    turns: 0 during the set-up (first hands drawn, market laid out), then the number of the
        current turn (1 = the first player's first turn).
    figures: per seat, the sorted places of its figures, relative to its own path (board.py).
    hands: per seat, the sorted cards in hand; UNKNOWN (0) for a card nobody reported.
    shown: per seat, the sorted cards everyone knows to be in that hand (bought cards drawn
        from the top of the draw pile). Always a part of the hand.
    tops: per seat, the known cards on top of the draw pile (bought, face down but seen), top
        first; they are drawn before the shuffled rest.
    pools: per seat, a count vector of the cards whose place is not known: the shuffled part
        of the draw pile together with the hand's unknown cards. Deck contents are public, so
        this multiset is public; the order of the pile is never known (a draw samples it).
    discards: per seat, the count vector of the discard pile; dtops: its top card (0: empty).
    coins: per seat (coins are unlimited: only their value counts).
    market: the face-up market cards, sorted (fewer than 5 after buying until refilled).
    stack: count vector of the face-down neutral stack (public multiset, unknown order).
    winner: the seat that brought all its figures home, or -1.
    """

    cfg: HitConfig
    phase: int
    turn: int
    turns: int
    figures: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    shown: tuple[tuple[int, ...], ...]
    tops: tuple[tuple[int, ...], ...]
    pools: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    dtops: tuple[int, ...]
    coins: tuple[int, ...]
    market: tuple[int, ...]
    stack: tuple[int, ...]
    winner: int


def initial_state(cfg: HitConfig) -> HitState:
    """The set-up before the table's first events: one figure of each colour on its start
    field, the others waiting; each start deck shuffled face down; 1 + 5 coins each. The next
    events follow the set-up's order (French text, steps 5 and 6): each seat draws 3, from the
    first player on (`draw`), then the market is laid out (`market ...`)."""
    n = cfg.players
    figs = tuple(sorted((0,) + (WAIT,) * (cfg.figures - 1)))
    return HitState(cfg, DRAW, cfg.first_player, 0, (figs,) * n, ((),) * n, ((),) * n,
                    ((),) * n, (START_DECK,) * n, (EMPTY,) * n, (0,) * n, (START_COINS,) * n,
                    (), cfg.cards.neutral_stack, -1)


def protected(state: HitState, seat: int) -> bool:
    """Are `seat`'s figures protected: a shield on top of its discard pile (not in the variant
    "Mehr Schadenfreude")?"""
    return state.cfg.cards.shield[state.dtops[seat]] and not state.cfg.rules.no_shields


def protections(state: HitState) -> tuple[bool, ...]:
    """`protected` for every seat, in one pass (the search's hot paths)."""
    cfg = state.cfg
    if cfg.rules.no_shields:
        return (False,) * cfg.players
    shield = cfg.cards.shield
    return tuple([shield[d] for d in state.dtops])


def can_keep(state: HitState) -> bool:
    """At a reshuffle: may the seat leave the shield card on top of its discard pile?"""
    s = state.turn
    return protected(state, s) and sum(state.discards[s]) > 1


def to_move(state: HitState) -> int:
    ph = state.phase
    if ph in (PLAY, BUY):
        return state.turn
    if ph == SHUFFLE and can_keep(state):
        return state.turn
    return TABLE


def is_over(state: HitState) -> bool:
    """Has somebody brought all figures home?"""
    return state.phase == OVER


def unknown_in_hand(state: HitState, seat: int) -> int:
    return state.hands[seat].count(UNKNOWN)


def pile_size(state: HitState, seat: int) -> int:
    """Cards in the draw pile of `seat` (the known top and the shuffled rest)."""
    return len(state.tops[seat]) + sum(state.pools[seat]) - unknown_in_hand(state, seat)


def deck_of(state: HitState, seat: int) -> tuple[int, ...]:
    """The count vector of every card `seat` owns (public: the start deck and its buys)."""
    vec = list(state.pools[seat])
    for c in state.hands[seat]:
        if c:
            vec[c] += 1
    for c in state.tops[seat]:
        vec[c] += 1
    return tuple(map(add, vec, state.discards[seat]))  # both NK long


def stack_size(state: HitState) -> int:
    return sum(state.stack)


def refill_count(state: HitState) -> int:
    """How many cards the market refill lays out now (empty places, as far as the stack
    holds cards)."""
    return min(MARKET_SIZE - len(state.market), stack_size(state))


def draw_count(state: HitState) -> int:
    """How many cards the pending draw takes from below the known top of the draw pile."""
    seat = state.turn
    need = HAND_SIZE - len(state.hands[seat]) - len(state.tops[seat])
    if need <= 0:
        return 0
    pile = sum(state.pools[seat]) - state.hands[seat].count(UNKNOWN)
    return min(need, pile)


def home(state: HitState, seat: int) -> int:
    lap = state.cfg.geo.lap[seat]
    return sum(1 for p in state.figures[seat] if p >= lap)


__all__ = ["BUY", "DISCARD_TO_COME_OUT", "DRAW", "HAND_SIZE", "MARKET", "MARKET_SIZE",
           "MAX_PLAYERS", "MIN_PLAYERS", "OVER", "PHASES", "PLAY", "SHUFFLE", "START_COINS",
           "HitConfig", "HitState", "HouseRules", "can_keep", "deck_of", "home",
           "initial_state", "is_over", "pile_size", "protected", "protections", "refill_count",
           "stack_size", "to_move", "unknown_in_hand"]
