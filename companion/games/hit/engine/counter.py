"""The HIT card counter: per player, the cards left in the draw pile since its last reshuffle,
and for a seat that entered its hand, the exact chance of drawing a given card next time.

Every deck is public (the start deck and every buy are seen) and so is every discard pile;
only the order of a shuffled draw pile is hidden, and with it which of those cards a player
drew. So for everyone a player's shuffled pile and the unknown cards of its hand together are
one known multiset (`HitState.pools`); bought cards lie known on top (`HitState.tops`). A
player that entered its hand knows its pile exactly, and its next draw takes the known top
first, then cards uniformly from the shuffled pile; when the pile runs out, the discard pile
is shuffled and the draw goes on from it.
"""

from __future__ import annotations

from fractions import Fraction

from companion.engines.counter import CardCount, Chance, Group, hypergeometric_none, tallies

from .cards import KINDS, NK, TOKEN, UNKNOWN
from .state import DRAW, HAND_SIZE, OVER, SHUFFLE, HitState, deck_of, pile_size


def public_count(view: HitState) -> CardCount:
    """Every player's draw pile as everyone knows it (``view``: the public view)."""
    groups: list[Group] = []
    for s in range(view.cfg.players):
        groups.extend(_pile_groups(view, s))
    return CardCount("hit", "public", None, tuple(groups))


def seat_count(view: HitState, seat: int) -> CardCount | None:
    """``seat``'s own draw pile, known exactly once its hand is entered (``view``: its own
    view), and per card it owns the chance of drawing at least one in its next draw. None while
    the hand holds unknown cards."""
    if UNKNOWN in view.hands[seat]:
        return None
    groups = tuple(_pile_groups(view, seat))
    if view.phase == OVER:
        return CardCount("hit", "seat", seat, groups)
    pending, need, pile, reshuffled, after = next_draw(view, seat)
    owned = deck_of(view, seat)
    top = _top_taken(view, seat, pending)
    on_top = view.tops[seat][:top]  # drawn first, and known
    chances = []
    for k in KINDS:
        if not owned[k]:
            continue
        if k in on_top:
            p = 1.0
        else:
            none = _none(pile, need, k) * (_none(reshuffled, after, k) if after else 1)
            p = float(1 - none)
        chances.append(Chance(TOKEN[k], "draw", seat, p))
    facts: list[tuple[str, object]] = [("draws", top + need + after), ("from_top", top)]
    if after:
        facts.append(("reshuffle", after))
    if not pending:
        facts.append(("assumes", "no_buys"))
    return CardCount("hit", "seat", seat, groups, tuple(chances), True, tuple(facts))


def next_draw(view: HitState, seat: int) -> tuple[bool, int, tuple[int, ...], tuple[int, ...], int]:
    """What ``seat``'s next draw takes below the known top of its pile (its hand known):
    (pending, cards from the shuffled pile, that pile, the reshuffled discard pile, cards from
    it). ``pending``: the draw is under way now (the hand stays); otherwise it comes after the
    seat's next (or current) turn, when every hand card has been played onto the discard pile
    and nothing was bought (bought cards would lie on top and be drawn first). A reshuffle is
    taken to shuffle the whole discard pile (no shield card kept on it)."""
    hand = view.hands[seat]
    pending = (view.turn == seat and view.phase in (DRAW, SHUFFLE)) or (
        view.turns == 0 and len(hand) < HAND_SIZE
    )
    held = len(hand) if pending else 0
    need = max(0, HAND_SIZE - held - len(view.tops[seat]))
    pile = view.pools[seat]  # the hand has no unknown card: this is the shuffled pile
    size = sum(pile)
    if need <= size:
        return pending, need, pile, (0,) * NK, 0
    discard = list(view.discards[seat])
    if not pending:
        for c in hand:
            discard[c] += 1
    return pending, size, pile, tuple(discard), min(need - size, sum(discard))


def _top_taken(view: HitState, seat: int, pending: bool) -> int:
    held = len(view.hands[seat]) if pending else 0
    return min(len(view.tops[seat]), HAND_SIZE - held)


def _none(vec: tuple[int, ...], drawn: int, kind: int) -> Fraction:
    return hypergeometric_none(sum(vec), vec[kind], drawn)


def _pile_groups(view: HitState, seat: int) -> list[Group]:
    """The shuffled pile (with the hand's unknown cards, when there are any) and the known
    top of ``seat``'s draw pile."""
    owned = deck_of(view, seat)
    kinds = [k for k in KINDS if owned[k]]
    pool = view.pools[seat]
    hidden = view.hands[seat].count(UNKNOWN)
    parts = (("draw_pile", pile_size(view, seat)), ("hand", hidden))
    groups = [
        Group(
            "pile",
            seat,
            sum(pool),
            tallies(pool, kinds, TOKEN, owned),
            hidden,
            tuple((k, v) for k, v in parts if v),
        )
    ]
    top = view.tops[seat]
    if top:
        vec = [0] * NK
        for c in top:
            vec[c] += 1
        groups.append(Group("top", seat, len(top), tallies(vec, kinds, TOKEN, owned, zeros=False)))
    return groups
