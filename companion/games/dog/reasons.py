"""What a DOG play does to the danger around a figure, and the chances behind it.

A figure on the track is in reach of an opponent when one of that opponent's cards brings one
of its figures onto it next turn: a figure 1 to 13 fields behind it (the card of that count;
the 1 also as 11; a 7 split over the way passes or lands on it), 4 fields ahead of it (the 4
backwards), or the opponent's kennel when the figure stands on that opponent's start field (a
1, a 13). The joker is any card. A figure on its own start field is safe.

Whether the opponent holds such a card is a chance, computed from what the asking seat knows
(its view: its own hand, every card on the table, the card it gave): the card counter's
arithmetic (engines/counter.py) — each copy of a card equally likely to be in any unknown
place, a hand of ``n`` unknown cards holds none of ``K`` unseen copies among ``N`` with
probability ``C(N-K, n) / C(N, n)``. Where folds constrain the unknown cards (the counter
then counts completions), the chance is estimated on the search's own determinizations (the
same distribution, tested against the enumeration), seeded by the position.

Pure Python, no Django.
"""

from __future__ import annotations

import random
import time
import zlib
from dataclasses import dataclass
from functools import lru_cache

from companion.engines.counter import hypergeometric_none
from companion.games.dog.engine.cards import FOUR, JOKER, ONE, SEVEN, THIRTEEN, UNKNOWN
from companion.games.dog.engine.info import _slots, determinize
from companion.games.dog.engine.state import DogState, unseen_pool

#: determinizations for a chance that folds constrain (a standard error of at most 4.6 points;
#: a constrained determinization costs up to about 1 ms, and this runs in the hint's finishing
#: time: docs/hints.md)
SAMPLES = 120


@dataclass(frozen=True, slots=True)
class Threat:
    """An opponent seat that can reach a field next turn, the cards that do it, and the
    chance (for the asking seat) that it holds one of them."""

    seat: int
    cards: tuple[int, ...]
    chance: float


def reaching_cards(state: DogState, hunter: int, field: int) -> tuple[int, ...]:
    """The card kinds with which ``hunter`` can bring a figure onto the track field ``field``
    next turn (the joker last, when any card does), in card order."""
    geo = state.cfg.geo
    length = geo.length
    kinds: set[int] = set()
    for p in state.figures[hunter]:
        if geo.is_track(p):
            d = (field - p) % length
            if 1 <= d <= 13:
                kinds.add(ONE if d in (1, 11) else d)
                if d <= 7:
                    kinds.add(SEVEN)
            if (p - field) % length == 4:
                kinds.add(FOUR)
        elif p < 0 and field == geo.start[hunter]:
            kinds.update((ONE, THIRTEEN))
    kinds.discard(11)
    if not kinds:
        return ()
    return (*sorted(kinds), JOKER)


def hold_chance(view: DogState, seat: int, hunter: int, kinds: tuple[int, ...]) -> float:
    """The chance, from ``seat``'s view, that ``hunter``'s hand holds a card of ``kinds``."""
    hand = view.hands[hunter]
    if any(c in kinds for c in hand if c != UNKNOWN):
        return 1.0
    unknown = hand.count(UNKNOWN)
    if not unknown:
        return 0.0
    if any(mask for _, _, _, mask in _slots(view)):
        return _sampled(view, seat, hunter, kinds)
    pool = unseen_pool(view)
    of_kind = sum(1 for c in pool if c in kinds)
    return float(1 - hypergeometric_none(len(pool), of_kind, unknown))


#: the time the samples of one position may take (they are drawn in the hint's finishing
#: time); at least MIN_SAMPLES are drawn whatever it takes
SAMPLE_S = 0.04
MIN_SAMPLES = 30


@lru_cache(maxsize=64)
def _samples(view: DogState, seat: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    rng = random.Random(zlib.crc32(repr(view.figures).encode()) ^ seat)
    until = time.perf_counter() + SAMPLE_S
    hands = []
    while len(hands) < SAMPLES and (len(hands) < MIN_SAMPLES or time.perf_counter() < until):
        hands.append(determinize(view, seat, rng).hands)
    return tuple(hands)


def _sampled(view: DogState, seat: int, hunter: int, kinds: tuple[int, ...]) -> float:
    hands = _samples(view, seat)
    wanted = set(kinds)
    return sum(1 for h in hands if wanted.intersection(h[hunter])) / len(hands)


def threats(view: DogState, seat: int, state: DogState, colour: int, field: int,
            team: set[int]) -> list[Threat]:
    """Who can reach ``colour``'s figure on ``field`` in ``state`` next turn (the opponents
    outside ``team``), most likely first; chances from ``seat``'s ``view``."""
    geo = state.cfg.geo
    if not geo.is_track(field) or field == geo.start[colour]:
        return []  # in the goal, or safe on its own start field
    found = []
    for hunter in range(state.cfg.seats):
        if hunter in team:
            continue
        cards = reaching_cards(state, hunter, field)
        if cards:
            found.append(Threat(hunter, cards, hold_chance(view, seat, hunter, cards)))
    found.sort(key=lambda t: -t.chance)
    return found


def blocked(state: DogState, colour: int, team: set[int]) -> list[int]:
    """The opponents with a figure 1 to 13 fields behind ``colour``'s start field, which a
    figure of ``colour`` standing there keeps from passing."""
    geo = state.cfg.geo
    start = geo.start[colour]
    return [
        s for s in range(state.cfg.seats)
        if s not in team
        and any(geo.is_track(p) and 1 <= (start - p) % geo.length <= 13 for p in state.figures[s])
    ]


def to_go(state: DogState, colour: int, field: int) -> int | None:
    """Fields from ``field`` (on the track) to ``colour``'s first goal field."""
    geo = state.cfg.geo
    if not geo.is_track(field):
        return None
    return geo.length + 1 - geo.progress(colour, field)
