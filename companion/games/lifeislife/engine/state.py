"""Life is Life configuration, house rules and the state (plain tuples, hashable, cheap to copy)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, NamedTuple

from companion.engines.base import TABLE, InvalidPositionError
from companion.engines.kit.rulesets import RuleSet

from .cards import DECK, DECK_SIZE, EMPTY, HAND_SIZE, NK, ROWS_TOTAL, SUDDEN, SUDDEN_EXPERT, UNKNOWN

# Phases: what the pending decision is.
DEAL: Final = 0  # the table deals: the four rows (and, in a simulation, the hands)
PLAY: Final = 1  # a seat swaps or knocks
REVEAL: Final = 2  # the round ended normally; each player still in shows its hand, one by one
OVER: Final = 3  # one player is left: the game is over
PHASES: Final = ("deal", "play", "reveal", "over")

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 5


@dataclass(frozen=True, slots=True)
class HouseRules(RuleSet):
    """Variant and table settings; the defaults are the rulebook (docs/rules-lifeislife.md).

    expert: the rulebook's expert variant ("Variante per esperti"): only all 5 hares or all 5
        pigs end the round at once, and their holder gains a life.
    start_lives: lives per player at the start ("Ciascun giocatore riceve 5 vite").
    """

    expert: bool = False
    start_lives: int = 5

    RANGES: ClassVar[dict[str, tuple[int, int]]] = {"start_lives": (1, 9)}


    @property
    def sudden(self) -> tuple[int, ...]:
        """The animals whose every copy in one hand ends the round at once."""
        return SUDDEN_EXPERT if self.expert else SUDDEN


@dataclass(frozen=True, slots=True)
class LifeConfig:
    """Players, rules and the first starter; shared (by reference) by all states of a game."""

    players: int = 4
    rules: HouseRules = HouseRules()
    #: who begins the first round; positions do not carry it (they carry `starter`)
    first_player: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        n = self.players
        if isinstance(n, bool) or not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise InvalidPositionError("Life is Life is played by 3 to 5 players")
        if isinstance(self.first_player, bool) or not isinstance(self.first_player, int) or \
                not 0 <= self.first_player < n:
            raise InvalidPositionError("first_player must be a seat")

    @classmethod
    def make(cls, players: int = 4, rules: Mapping[str, Any] | HouseRules | None = None,
             first_player: int = 0) -> LifeConfig:
        if not isinstance(rules, HouseRules):
            rules = HouseRules.from_json(rules)
        return cls(players, rules, first_player)


class RoundResult(NamedTuple):
    """How the last finished round ended.

    points: per seat, the points of the normal scoring (None: out of the game, or sudden death);
    lost: per seat, the lives lost (negative: gained, expert sudden death; 0 for seats out);
    sudden: the seat whose set ended the round at once, or -1; animal: the animal of that set.
    """

    round: int
    points: tuple[int | None, ...]
    lost: tuple[int, ...]
    sudden: int
    animal: int


class LifeState(NamedTuple):
    """One Life is Life position. Plain data: compare, hash and copy freely.

    turn: the seat to move (PLAY); otherwise the seat that will start / whose turn it was.
    starter: who began this round (the next round begins with the next seat still in).
    lives: per seat (0: out of the game).
    rows: the four rows, row r (index r-1) a sorted tuple of r animals; () before the first deal.
    hands: per seat, a count vector (cards.py) of what the server knows: index 0 counts the
        cards nobody reported. Seats out of the game hold nothing. After a round has ended the
        hands and rows stay as they were until the next deal.
    public: per seat, the count vector of the cards everyone knows to be in that hand (taken
        from the rows, shown at the end). Always a part of the hand's known cards.
    swapped: bitmask of the seats that have swapped this round.
    knocked_by: the seat that knocked this round, or -1.
    last: the result of the last finished round, or None.
    winner: the last player left, or -1.
    shown: bitmask of the seats that have shown their hand at this round's end (REVEAL). Every
        player still in shows, whether or not the table knew the hand before: the round's end
        goes the same way for everyone, whatever a seat entered privately (docs/operations.md).
    """

    cfg: LifeConfig
    phase: int
    turn: int
    starter: int
    round: int
    lives: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    public: tuple[tuple[int, ...], ...]
    swapped: int
    knocked_by: int
    last: RoundResult | None
    winner: int
    shown: int = 0


def initial_state(cfg: LifeConfig) -> LifeState:
    """The game before the first deal: every player has its lives, no cards are out."""
    n = cfg.players
    return LifeState(cfg, DEAL, cfg.first_player, cfg.first_player, 0,
                     (cfg.rules.start_lives,) * n, (), (EMPTY,) * n, (EMPTY,) * n, 0, -1, None,
                     -1)


def to_move(state: LifeState) -> int:
    return state.turn if state.phase == PLAY else TABLE


def players_in(state: LifeState) -> list[int]:
    """The seats still in the game, in playing order."""
    return [s for s, lives in enumerate(state.lives) if lives > 0]


def next_in(lives: tuple[int, ...], seat: int) -> int:
    """The next seat after `seat` (its left neighbour) that is still in the game."""
    n = len(lives)
    for i in range(1, n + 1):
        s = (seat + i) % n
        if lives[s] > 0:
            return s
    return seat


def located(state: LifeState) -> list[int]:
    """Cards whose place the state knows, by animal (index 0: unknown cards in hands)."""
    vec = [0] * NK
    for h in state.hands:
        for k in range(NK):
            vec[k] += h[k]
    for row in state.rows:
        for c in row:
            vec[c] += 1
    return vec


def unseen(state: LifeState) -> list[int]:
    """Per animal, the copies not located: they fill the unknown cards and the set-aside pile."""
    vec = located(state)
    return [0] + [DECK[k] - vec[k] for k in range(1, NK)]


def aside_count(state: LifeState) -> int:
    """How many cards lie set aside face down this round (fewer than 5 players)."""
    if not state.rows:
        return 0
    return DECK_SIZE - ROWS_TOTAL - sum(sum(h) for h in state.hands)


def hand_known(hand: tuple[int, ...]) -> bool:
    return hand[UNKNOWN] == 0


def deal_sizes(state: LifeState) -> list[int]:
    """Cards each seat gets at the deal: 10 for every player still in, none for those out."""
    return [HAND_SIZE if lives > 0 else 0 for lives in state.lives]


def sudden_set(hand: tuple[int, ...], animals: tuple[int, ...]) -> int:
    """The first animal of `animals` whose every copy the hand is known to hold, else 0."""
    for k in animals:
        if hand[k] == DECK[k]:
            return k
    return 0
