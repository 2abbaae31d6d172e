"""The card counter: its common shape and its exact arithmetic (pure Python, no Django).

Each game has a ``<game>/counter.py`` with two functions of the same shape:

- ``public_count(view)``: what everyone at the table knows (``view`` is what a spectator sees);
- ``seat_count(view, seat)``: what ``seat`` knows from its own view (its entered hand, the card
  it gave, what folds prove…), with the chances computed from it; None while the seat's own
  hand is not entered. Only the seat's own view goes in, so nothing else can come out.

Both answer a `CardCount`: groups of tallies (the cards not yet seen, the cards known in a
hand, a draw pile) and, for a seat, chances ("seat 2 holds at least one 7": 41 %).

The chances are exact. Every completion of the unknown cards that is consistent with what the
seat knows is taken as equally likely, each copy of a card a distinct card (the deal and the
shuffle are uniform). Without constraints this is the hypergeometric distribution: a hand of
``n`` unknown cards drawn from ``N`` unseen cards of which ``K`` are of a kind holds none of
them with probability ``C(N-K, n) / C(N, n)``. With constraints (a fold proves the folded
cards were not of the kinds the seat could play; a seat that swapped holds no sudden-death
set) `completions` counts the consistent completions exactly, so that
``P(none in the targets) = completions(targets hold none) / completions()``.
"""

from __future__ import annotations

import random
import zlib
from collections import defaultdict
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import comb, factorial
from typing import Any

#: Work (DP transitions) allowed for one count before `TooComplex` is raised; a game may
#: then estimate by sampling its determinization instead.
WORK_LIMIT = 400_000


class TooComplex(Exception):
    """The exact count would take too long (very many differently constrained groups)."""


# ---------------------------------------------------------------------------------------------
# The common shape
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Tally:
    """``count`` cards of ``card`` (the engine's token), out of ``copies`` (0: not meaningful)."""

    card: str
    count: int
    copies: int = 0


@dataclass(frozen=True, slots=True)
class Group:
    """A group of cards the counter reports.

    kind: "unseen" (not yet seen by whoever the count is for), "known" (known to be in
        ``seat``'s hand), "pile" (the shuffled part of ``seat``'s draw pile, together with the
        hand's ``hidden`` unknown cards when they are not known), "top" (cards known to lie on
        top of ``seat``'s draw pile).
    size: how many cards the group holds (a hand may hold more than its known tallies).
    parts: where the cards of the group are, e.g. (("hands", 12), ("stock", 40)).
    """

    kind: str
    seat: int | None
    size: int
    tallies: tuple[Tally, ...]
    hidden: int = 0
    parts: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Chance:
    """The probability ``p`` of at least one ``card`` — in ``seat``'s hand (target "seat"),
    in any other hand (target "anyone"), or in the own next draw (target "draw")."""

    card: str
    target: str
    seat: int | None
    p: float


@dataclass(frozen=True, slots=True)
class CardCount:
    """What the counter tells one audience: ``scope`` "public" (everyone) or "seat"."""

    game: str
    scope: str
    seat: int | None
    groups: tuple[Group, ...]
    chances: tuple[Chance, ...] = ()
    #: False when the chances were estimated by sampling (see `TooComplex`)
    exact: bool = True
    #: small named facts the page may show, e.g. (("partner", 2),) or (("assumes", "no_buys"),)
    facts: tuple[tuple[str, Any], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "scope": self.scope,
            "seat": self.seat,
            "exact": self.exact,
            "facts": dict(self.facts),
            "groups": [
                {
                    "kind": g.kind,
                    "seat": g.seat,
                    "size": g.size,
                    "hidden": g.hidden,
                    "parts": dict(g.parts),
                    "cards": [
                        {"card": t.card, "count": t.count, "copies": t.copies} for t in g.tallies
                    ],
                }
                for g in self.groups
            ],
            "chances": [
                {"card": c.card, "target": c.target, "seat": c.seat, "p": c.p} for c in self.chances
            ],
        }


def tallies(
    vec: Sequence[int],
    kinds: Sequence[int],
    tokens: Sequence[str],
    copies: Sequence[int] | None = None,
    *,
    zeros: bool = True,
) -> tuple[Tally, ...]:
    """A count vector (indexed by card code) as tallies in the order of ``kinds``."""
    return tuple(
        Tally(tokens[k], vec[k], copies[k] if copies is not None else 0)
        for k in kinds
        if zeros or vec[k]
    )


# ---------------------------------------------------------------------------------------------
# Exact arithmetic
# ---------------------------------------------------------------------------------------------
def hypergeometric_none(total: int, of_kind: int, drawn: int) -> Fraction:
    """P(no card of a kind among ``drawn`` cards taken from ``total``, ``of_kind`` of the kind)."""
    if drawn <= 0:
        return Fraction(1)
    if drawn > total:
        raise ValueError("cannot draw more cards than there are")
    return Fraction(comb(total - of_kind, drawn), comb(total, drawn))


@dataclass(frozen=True, slots=True)
class Slot:
    """A place holding ``size`` unknown cards, of which at most ``caps[kind]`` of each kind
    (a kind absent from ``caps``: no limit; 0: none at all)."""

    size: int
    caps: tuple[tuple[int, int], ...] = ()

    def cap(self, kind: int) -> int:
        for k, c in self.caps:
            if k == kind:
                return min(c, self.size)
        return self.size

    def without(self, kind: int) -> Slot:
        """The same place, known to hold no card of ``kind``."""
        return replace(self, caps=(*((k, c) for k, c in self.caps if k != kind), (kind, 0)))


def completions(pool: Sequence[int], slots: Sequence[Slot]) -> int:
    """How many ways the unseen cards fill ``slots``, honouring their caps.

    ``pool[k]`` is the number of unseen copies of kind ``k``; every copy counts as a distinct
    card. The cards the slots do not take go to the places nobody constrains (the stock, the
    cards set aside, the hands without a constraint); the ways to split those are the same
    whatever the slots hold, so they cancel in every ratio and are not counted.

    Dynamic programming over groups of kinds (kinds that every slot treats alike are merged)
    with the slots' remaining room as the state. Raises `TooComplex` past `WORK_LIMIT`.
    """
    if sum(s.size for s in slots) > sum(pool):
        return 0
    merged, factor = _merge(slots)
    if not merged:
        return factor
    states = _fill(_classes(pool, merged), [s.size for s in merged])
    return factor * states.get((0,) * len(merged), 0)


class Unknowns:
    """The unseen cards of one view and the places they fill, for the counter's questions.

    ``pool[k]``: unseen copies of kind ``k``. ``slots``: the places with a constraint (a fold
    that proves which kinds it does not hold, a hand with a forbidden set). Every other unseen
    card lies, uniformly at random, in the free places: the hands without a constraint, the
    stock, the cards set aside.
    """

    def __init__(self, pool: Sequence[int], slots: Sequence[Slot]) -> None:
        self.pool = tuple(pool)
        self.slots = tuple(slots)
        #: cards in the free places
        self.free = sum(self.pool) - sum(s.size for s in self.slots)
        if self.free < 0:
            raise ValueError("more unknown places than unseen cards")
        self._base = completions(self.pool, self.slots)
        if self._base == 0:
            raise ValueError("no completion is consistent with what is known")
        self._marginals: dict[int, dict[int, int]] = {}

    def none(self, kind: int, free: int = 0, slots: Sequence[int] = ()) -> Fraction:
        """P(no card of ``kind`` among ``free`` cards of the free places (e.g. a hand without
        constraint) and in the constrained ``slots`` (indices) together).

        Given that the constrained slots hold x copies of the kind, the free places hold the
        other copies, spread uniformly: the ``free`` cards asked about are a hypergeometric
        draw. So P = Σ_x P(the target slots hold none, and x in all slots) · C(F-(K-x), n) /
        C(F, n), with F the free cards, K the unseen copies and n = ``free``."""
        if free > self.free:
            raise ValueError("more free cards asked about than there are")
        chosen = set(slots)
        if chosen:
            restricted = [s.without(kind) if i in chosen else s for i, s in enumerate(self.slots)]
            weights = marginal_weights(self.pool, restricted, kind)
        else:
            weights = self._marginal(kind)
        copies = self.pool[kind]
        total = sum(
            w * hypergeometric_none(self.free, copies - x, free) for x, w in weights.items()
        )
        return Fraction(total) / self._base

    def _marginal(self, kind: int) -> dict[int, int]:
        cached = self._marginals.get(kind)
        if cached is None:
            cached = self._marginals[kind] = marginal_weights(self.pool, self.slots, kind)
        return cached


def marginal_weights(pool: Sequence[int], slots: Sequence[Slot], kind: int) -> dict[int, int]:
    """Per x, the completions (as `completions` counts them) in which ``slots`` hold x copies
    of ``kind`` in all."""
    copies = pool[kind]
    merged, factor = _merge(slots)
    caps = tuple(s.cap(kind) for s in merged)
    rest = list(pool)
    rest[kind] = 0
    # The kind comes last: each room left is filled by its copies, where they may go.
    states = _fill(_classes(rest, merged), [s.size for s in merged], [min(copies, c) for c in caps])
    weights: dict[int, int] = defaultdict(int)
    for room, ways in states.items():
        x = sum(room)
        if x > copies or any(r > c for r, c in zip(room, caps, strict=True)):
            continue
        w = ways * factor
        left = copies
        for r in room:
            w *= comb(left, r)
            left -= r
        weights[x] += w
    return dict(weights)


def chance_none(
    pool: Sequence[int],
    slots: Sequence[Slot],
    targets: Sequence[int],
    kind: int,
    base: int | None = None,
) -> Fraction:
    """P(the slots ``targets`` (indices) hold no card of ``kind``), every consistent
    completion equally likely. ``base``: ``completions(pool, slots)`` when already known."""
    if base is None:
        base = completions(pool, slots)
    if base == 0:
        raise ValueError("no completion is consistent with what is known")
    chosen = set(targets)
    restricted = [s.without(kind) if i in chosen else s for i, s in enumerate(slots)]
    return Fraction(completions(pool, restricted), base)


def exact_chances(
    unknowns: Unknowns,
    free: Mapping[int, int],
    slot_of: Mapping[int, int],
    others: Sequence[int],
    kinds: Sequence[int],
    tokens: Sequence[str],
    holds: Callable[[int, int], bool],
) -> list[Chance]:
    """Per kind, the exact chance of at least one copy in each hand of ``others`` and in any
    of them. A seat's unknown cards are ``free[seat]`` cards without constraint and its
    constrained slot ``slot_of[seat]`` (an index into ``unknowns.slots``), either may be
    absent; ``holds(seat, kind)``: the seat is known to hold one already (chance 1)."""

    def chance(k: int, seats: Sequence[int]) -> float:
        if any(holds(s, k) for s in seats):
            return 1.0
        none = unknowns.none(
            k, sum(free.get(s, 0) for s in seats), [slot_of[s] for s in seats if s in slot_of]
        )
        return float(1 - none)

    out: list[Chance] = []
    for k in kinds:
        out.extend(Chance(tokens[k], "seat", s, chance(k, [s])) for s in others)
        if others:
            out.append(Chance(tokens[k], "anyone", None, chance(k, others)))
    return out


def sampled_chances(
    draw: Callable[[random.Random], Sequence[Collection[int]]],
    others: Sequence[int],
    kinds: Sequence[int],
    tokens: Sequence[str],
    key: object,
    samples: int = 2000,
) -> list[Chance]:
    """The chances of `completions`' questions estimated from ``samples`` determinizations,
    for when the exact count is `TooComplex`. ``draw(rng)`` gives, for one determinization,
    the card kinds in each seat's hand. The seed comes from ``key`` (the view), so the numbers
    do not change between refreshes of the same position, in any process."""
    rng = random.Random(zlib.crc32(repr(key).encode()))
    hits = {s: defaultdict(int) for s in others}
    anyone: dict[int, int] = defaultdict(int)
    for _ in range(samples):
        hands = draw(rng)
        seen: set[int] = set()
        for s in others:
            held = set(hands[s])
            seen |= held
            for k in held:
                hits[s][k] += 1
        for k in seen:
            anyone[k] += 1
    out: list[Chance] = []
    for k in kinds:
        out.extend(Chance(tokens[k], "seat", s, hits[s][k] / samples) for s in others)
        if others:
            out.append(Chance(tokens[k], "anyone", None, anyone[k] / samples))
    return out


def _fill(
    classes: list[tuple[int, tuple[int, ...]]], sizes: list[int], tail: list[int] | None = None
) -> dict[tuple[int, ...], int]:
    """The slots' room left after the classes, with the number of ways to get there.

    A class of ``copies`` distinct cards is placed slot by slot (t of the copies left into
    slot j: C(left, t) ways); the copies no slot takes go to the free places. ``tail``: per
    slot, what a step after these classes can still put there (for the pruning)."""
    n = len(sizes)
    # After class i, slot j can still receive at most supply[i][j] cards: prune beyond.
    supply = [[0] * n for _ in range(len(classes) + 1)]
    supply[-1] = list(tail) if tail is not None else [0] * n
    for i in range(len(classes) - 1, -1, -1):
        copies, caps = classes[i]
        supply[i] = [supply[i + 1][j] + min(copies, caps[j]) for j in range(n)]
    states: dict[tuple[int, ...], int] = {tuple(sizes): 1}
    work = 0
    for i, (copies, caps) in enumerate(classes):
        cur: dict[tuple[tuple[int, ...], int], int] = {
            (room, copies): w for room, w in states.items()
        }
        for j in range(n):
            if not caps[j]:
                continue
            nxt: dict[tuple[tuple[int, ...], int], int] = defaultdict(int)
            for (room, left), ways in cur.items():
                top = min(caps[j], room[j], left)
                work += top + 1
                for t in range(top + 1):
                    moved = (*room[:j], room[j] - t, *room[j + 1 :]) if t else room
                    nxt[(moved, left - t)] += ways * comb(left, t)
            if work > WORK_LIMIT:
                raise TooComplex(f"more than {WORK_LIMIT} steps")
            cur = nxt
        after = supply[i + 1]
        states = defaultdict(int)
        for (room, _), ways in cur.items():
            if all(r <= a for r, a in zip(room, after, strict=True)):
                states[room] += ways
    return states


def _merge(slots: Sequence[Slot]) -> tuple[list[Slot], int]:
    """Slots that only forbid kinds (caps 0) and forbid the same ones hold interchangeable
    cards: one slot of their total size, times the ways to split its cards among them."""
    merged: list[Slot] = []
    by_mask: dict[frozenset[int], list[int]] = {}
    factor = 1
    for s in slots:
        if s.size == 0:
            continue
        caps = [(k, min(c, s.size)) for k, c in s.caps if c < s.size]
        if all(c == 0 for _, c in caps):
            by_mask.setdefault(frozenset(k for k, _ in caps), []).append(s.size)
        else:
            merged.append(Slot(s.size, tuple(caps)))
    for mask, sizes in by_mask.items():
        n = sum(sizes)
        ways = factorial(n)
        for size in sizes:
            ways //= factorial(size)
        factor *= ways
        merged.append(Slot(n, tuple((k, 0) for k in sorted(mask))))
    return merged, factor


def _classes(pool: Sequence[int], slots: Sequence[Slot]) -> list[tuple[int, tuple[int, ...]]]:
    """Kinds grouped by how the slots treat them: (copies, cap per slot). Kinds whose caps are
    all none-or-unlimited merge (their copies add up); a kind with a partial cap (at most 3
    of it) stays alone, since a cap limits each kind, not their sum."""
    groups: dict[tuple[int, ...], int] = defaultdict(int)
    alone: list[tuple[int, tuple[int, ...]]] = []
    for k, copies in enumerate(pool):
        if copies <= 0:
            continue
        caps = tuple(s.cap(k) for s in slots)
        if all(c in (0, s.size) for c, s in zip(caps, slots, strict=True)):
            groups[caps] += copies
        else:
            alone.append((copies, caps))
    out = [(copies, caps) for caps, copies in groups.items()] + alone
    # The most restricted first: the pruning then cuts early.
    out.sort(key=lambda c: sum(c[1]))
    return out
