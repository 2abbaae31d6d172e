"""DOG configuration, house rules and the state (plain tuples, hashable, cheap to copy)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, NamedTuple

from companion.engines.base import TABLE, InvalidPositionError
from companion.engines.kit.rulesets import RuleSet

from .board import Geometry, geometry, kennel
from .cards import DEAL_SIZES, DECK, DECK_SIZE, NKINDS, UNKNOWN

# Phases: what the pending decision is.
DEAL: Final = 0  # the table deals (or first reshuffles the discard pile)
EXCHANGE: Final = 1  # a seat gives one card face down (partner, or left neighbour in solo)
PLAY: Final = 2  # a seat plays a card, or folds (teams) / discards one (solo) when stuck
DRAW: Final = 3  # solo: the table reports the card the stuck seat draws
DRAWN: Final = 4  # solo: the seat that discarded and drew plays, or discards once more
OVER: Final = 5  # the game has ended
PHASES: Final = ("deal", "exchange", "play", "draw", "drawn", "over")

NO_CARD: Final = -1


@dataclass(frozen=True, slots=True)
class HouseRules(RuleSet):
    """House-rule toggles and table settings; the defaults are the rulebook (docs/rules-dog.md).

    direction: "cw" (clockwise, rulebook) or "ccw" (counter-clockwise, as in Switzerland). Seats
        and track fields are numbered in the direction of play, so the rules are the same; the
        setting tells the board view which way to draw.
    board: "compact" (engine contract: 16 fields per seat) or "schmidt" (the physical
        double-sided board: 64 fields for 2–4 players, 96 for 5–6).
    start_protection: "always" (a figure on its own start field is protected however it got
        there) or "from_kennel" (only a figure that came out of its kennel onto it).
    start_blocks_own: a protected figure blocks its own colour's figures too.
    goal_entry_mandatory: a figure that can end its move in its goal must go in.
    goal_from_start: a figure standing on its start field may move straight into its goal.
    knock_own: landing on (and the 7 passing) one's own or the partner's figure knocks it.
    seven_partner_exception: when a 7 brings the last own figure home, the rest of the 7 is
        moved with the partner's figures.
    swap_void: a swap card that cannot swap may be played without effect.
    fold_face_up: folded (and, in solo, discarded) cards are shown to everyone.
    card_exchange: cards are exchanged after each deal.
    """

    direction: str = "cw"
    board: str = "compact"
    start_protection: str = "always"
    start_blocks_own: bool = True
    goal_entry_mandatory: bool = False
    goal_from_start: bool = False
    knock_own: bool = True
    seven_partner_exception: bool = True
    swap_void: bool = True
    fold_face_up: bool = False
    card_exchange: bool = True

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "direction": ("cw", "ccw"),
        "board": ("compact", "schmidt"),
        "start_protection": ("always", "from_kennel"),
    }


@dataclass(frozen=True, slots=True)
class DogConfig:
    """Seats, mode and rules of one game; shared (by reference) by all of its states."""

    seats: int = 4
    mode: str = "teams"
    rules: HouseRules = HouseRules()
    first_dealer: int = -1  # -1: the last seat deals first, so seat 0 begins

    geo: Geometry = field(init=False, compare=False, repr=False)
    figures_per_seat: int = field(init=False, compare=False, repr=False)
    #: partner seat, or -1 in solo mode
    partner: tuple[int, ...] = field(init=False, compare=False, repr=False)
    #: who receives each seat's card in the exchange
    receiver: tuple[int, ...] = field(init=False, compare=False, repr=False)
    #: team index of each seat (solo: the seat itself)
    team_of: tuple[int, ...] = field(init=False, compare=False, repr=False)
    teams: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    #: per seat, bitmask of the seats of its team (itself included)
    team_mask: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        n = self.seats
        if not isinstance(n, int) or not 2 <= n <= 6:
            raise InvalidPositionError("DOG is played by 2 to 6 seats")
        if self.mode not in ("teams", "solo"):
            raise InvalidPositionError('mode must be "teams" or "solo"')
        if self.mode == "teams" and n not in (4, 6):
            raise InvalidPositionError("teams need 4 or 6 seats; 2, 3 and 5 play solo")
        dealer = self.first_dealer
        if isinstance(dealer, bool) or not isinstance(dealer, int):
            raise InvalidPositionError("first_dealer must be a seat number")
        if dealer == -1:
            object.__setattr__(self, "first_dealer", n - 1)
        elif not 0 <= dealer < n:
            raise InvalidPositionError("first_dealer must be a seat")
        object.__setattr__(self, "geo", geometry(n, self.rules.board))
        teams = self.mode == "teams"
        object.__setattr__(self, "figures_per_seat", 4 if teams else 5)
        half = n // 2
        partner = tuple((s + half) % n for s in range(n)) if teams else (-1,) * n
        object.__setattr__(self, "partner", partner)
        object.__setattr__(
            self, "receiver", partner if teams else tuple((s + 1) % n for s in range(n)))
        team_of = tuple(s % half for s in range(n)) if teams else tuple(range(n))
        object.__setattr__(self, "team_of", team_of)
        nteams = half if teams else n
        object.__setattr__(
            self, "teams", tuple(tuple(s for s in range(n) if team_of[s] == t)
                                 for t in range(nteams)))
        object.__setattr__(
            self, "team_mask", tuple(sum(1 << m for m in range(n) if team_of[m] == team_of[s])
                                     for s in range(n)))

    @classmethod
    def make(cls, seats: int = 4, mode: str | None = None,
             rules: Mapping[str, Any] | HouseRules | None = None,
             first_dealer: int = -1) -> DogConfig:
        if mode is None:
            mode = "teams" if seats in (4, 6) else "solo"
        if not isinstance(rules, HouseRules):
            rules = HouseRules.from_json(rules)
        return cls(seats, mode, rules, first_dealer)

    @property
    def teams_mode(self) -> bool:
        return self.mode == "teams"


class DogState(NamedTuple):
    """One DOG position. Plain data: compare, hash and copy freely.

    figures: per seat, the sorted position codes of its figures (board.py).
    hands: per seat, a sorted tuple of card codes; UNKNOWN (0) = a card nobody reported.
    discard: face-up discard pile as counts by card code (index 0: face up, kind unreported).
    folds: face-down discards since the last reshuffle: (seat, playable-kinds mask at that
        moment, cards). The mask says which kinds the seat could have played; a fold proves
        that none of its cards was of those kinds (used by determinization).
    avoid: per seat, a mask of kinds its hand provably does not hold (solo: stuck seat).
    transit: per seat, the card it gave during the exchange (NO_CARD: not yet).
    gifts: per seat, the card it gave this round, while the receiver still holds it.
    lapped: bitmask of seats whose figure stands on its start field without having come out
        of the kennel onto it (matters only with start_protection = "from_kennel").
    winner: the winning team index (teams) or seat (solo); -1 while the game runs.
    """

    cfg: DogConfig
    phase: int
    turn: int
    figures: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    folds: tuple[tuple[int, int, tuple[int, ...]], ...]
    avoid: tuple[int, ...]
    transit: tuple[int, ...]
    gifts: tuple[int, ...]
    round: int
    dealer: int
    lapped: int
    winner: int


EMPTY_COUNTS: Final = (0,) * NKINDS


def initial_state(cfg: DogConfig) -> DogState:
    """The game before the first deal: figures in the kennels (solo: one on the start field)."""
    n = cfg.seats
    figs = []
    for s in range(n):
        k = kennel(s)
        if cfg.teams_mode:
            figs.append((k, k, k, k))
        else:
            figs.append((k, k, k, k, cfg.geo.start[s]))
    none = (NO_CARD,) * n
    return DogState(cfg, DEAL, cfg.first_dealer, tuple(figs), ((),) * n, EMPTY_COUNTS, (),
                    (0,) * n, none, none, 0, cfg.first_dealer, 0, -1)


def deal_size(state: DogState) -> int:
    return DEAL_SIZES[state.round % len(DEAL_SIZES)]


def to_move(state: DogState) -> int:
    if state.phase in (DEAL, DRAW, OVER):
        return TABLE
    return state.turn


def located_counts(state: DogState) -> list[int]:
    """Cards whose place is known to the state, by kind (index 0: unknown cards in hands,
    face-down groups, the pile and in transit). The stock is everything else."""
    vec = list(state.discard)
    for hand in state.hands:
        for c in hand:
            vec[c] += 1
    for _, _, cards in state.folds:
        for c in cards:
            vec[c] += 1
    for c in state.transit:
        if c >= 0:
            vec[c] += 1
    return vec


def stock_size(state: DogState) -> int:
    return DECK_SIZE - sum(located_counts(state))


def unseen_pool(state: DogState) -> list[int]:
    """The cards not located by kind: they fill the unknown slots and the stock."""
    vec = located_counts(state)
    pool: list[int] = []
    for k in range(1, NKINDS):
        pool.extend([k] * (DECK[k] - vec[k]))
    return pool


def all_home(state: DogState, seat: int) -> bool:
    length = state.cfg.geo.length
    return all(p >= length for p in state.figures[seat])


def home_count(state: DogState, seat: int) -> int:
    length = state.cfg.geo.length
    return sum(1 for p in state.figures[seat] if p >= length)


def active_colour(state: DogState, seat: int) -> int:
    """Whose figures `seat` moves: its own, or its partner's once all its own are home."""
    cfg = state.cfg
    if cfg.teams_mode:
        length = cfg.geo.length
        for p in state.figures[seat]:
            if p < length:
                return seat
        return cfg.partner[seat]
    return seat


def hand_is_known(hand: tuple[int, ...]) -> bool:
    return UNKNOWN not in hand
