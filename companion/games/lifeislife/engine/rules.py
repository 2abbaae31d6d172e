"""Life is Life game flow: legal actions, check, apply, the end of a round, the table's events."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from companion.engines.base import InvalidActionError, Violation

from .actions import DEAL, HAND, KIND_NAMES, KNOCK, KNOCK_ACTION, SWAP, LifeAction
from .cards import (
    DECK,
    EMPTY,
    HAND_SIZE,
    KINDS,
    NK,
    ROW_SIZES,
    SUDDEN,
    TOKEN,
    UNKNOWN,
    cards_of,
    counts,
)
from .messages import violation
from .scoring import lives_lost, round_points, sudden_lost
from .state import DEAL as PH_DEAL
from .state import OVER as PH_OVER
from .state import PHASES, LifeState, RoundResult, located, next_in, players_in, unseen
from .state import PLAY as PH_PLAY
from .state import REVEAL as PH_REVEAL

#: which action kinds answer which phase
_PHASE_KINDS = {
    PH_DEAL: (DEAL,),
    PH_PLAY: (SWAP, KNOCK, HAND),
    PH_REVEAL: (HAND,),
    PH_OVER: (),
}

#: the 60 cards, for shuffling
FULL_DECK = tuple(k for k in KINDS for _ in range(DECK[k]))


def _cards_text(cards: tuple[int, ...]) -> str:
    return ",".join(TOKEN[c] for c in cards)


# ---------------------------------------------------------------------------------------------
# Legal actions
# ---------------------------------------------------------------------------------------------
def can_knock(state: LifeState, seat: int) -> bool:
    """Knocking announces the last round only after a swap this round; in the last round it
    means keeping one's cards, which every other player may do."""
    return state.knocked_by >= 0 or bool(state.swapped >> seat & 1)


def laydowns(state: LifeState, seat: int, row: int) -> list[tuple[int, ...]]:
    """Every set of cards (sorted animals) `seat` may lay down to take row `row` (1..4): as
    many cards as the row holds, from its hand, and not exactly the row's animals. Cards the
    server does not know may be any animal that is not located elsewhere."""
    if not state.rows:
        return []
    hand = state.hands[seat]
    target = state.rows[row - 1]
    budget = hand[UNKNOWN]
    free = unseen(state) if budget else EMPTY
    caps = [hand[k] + min(budget, free[k]) for k in range(NK)]
    out: list[tuple[int, ...]] = []
    cur: list[int] = []
    nkinds = len(KINDS)

    def rec(i: int, left: int, budget_left: int) -> None:
        if left == 0:
            t = tuple(cur)
            if t != target:
                out.append(t)
            return
        if i == nkinds:
            return
        k = KINDS[i]
        have = hand[k]
        top = min(left, have + budget_left, caps[k])
        for m in range(top, -1, -1):
            extra = m - have if m > have else 0
            cur.extend([k] * m)
            rec(i + 1, left - m, budget_left - extra)
            if m:
                del cur[-m:]

    rec(0, row, budget)
    return out


def _after_swap(hand: tuple[int, ...], laid: tuple[int, ...],
                taken: tuple[int, ...]) -> list[int]:
    """The hand's count vector after laying down `laid` and taking `taken` (known cards of an
    animal leave first, unknown cards stand in for the rest)."""
    h = list(hand)
    for c in laid:
        if h[c] > 0:
            h[c] -= 1
        else:
            h[UNKNOWN] -= 1
    for c in taken:
        h[c] += 1
    return h


def _sudden_options(state: LifeState, seat: int, row: int,
                    laid: tuple[int, ...]) -> tuple[int, list[int]]:
    """(the animal of a set the swap is known to complete, or 0; the animals of the sets it
    may complete as far as the server knows)."""
    animals = state.cfg.rules.sudden
    after = _after_swap(state.hands[seat], laid, state.rows[row - 1])
    for k in animals:
        if after[k] == DECK[k]:
            return k, []
    if not after[UNKNOWN]:
        return 0, []
    free = _unseen_after(state, seat, row, laid, after)
    return 0, [k for k in animals if DECK[k] - after[k] <= min(after[UNKNOWN], free[k])]


def _unseen_after(state: LifeState, seat: int, row: int, laid: tuple[int, ...],
                  after: list[int]) -> list[int]:
    hands = list(state.hands)
    hands[seat] = tuple(after)
    rows = list(state.rows)
    rows[row - 1] = laid
    return unseen(state._replace(hands=tuple(hands), rows=tuple(rows)))


def _known_swaps(state: LifeState, seat: int, out: list[LifeAction]) -> None:
    """`legal_actions`' swaps when the seat's whole hand is known (every state of a search):
    the same actions in the same order, without the general path's unknown-card bookkeeping.
    The distinct sets of `row` cards are the hand's combinations, first occurrences kept
    (the hand spelled out in `KINDS`' order: the combinations come in `laydowns`' order, the
    most of the first animal first), and the sudden-death set a swap completes is counted
    directly (with every card known nothing else is possible)."""
    hand = state.hands[seat]
    cards = [k for k in KINDS for _ in range(hand[k])]
    new = tuple.__new__
    for row in ROW_SIZES:
        target = state.rows[row - 1]
        # the animals whose set a swap of this row may complete
        animals = [k for k in state.cfg.rules.sudden if hand[k] + target.count(k) >= DECK[k]]
        for laid in dict.fromkeys(combinations(cards, row)):
            if laid == target:
                continue
            proven = 0
            for k in animals:
                if hand[k] - laid.count(k) + target.count(k) == DECK[k]:
                    proven = k
                    break
            out.append(new(LifeAction, (SWAP, row, laid, proven, -1, (), ())))


def legal_actions(state: LifeState) -> list[LifeAction]:
    """The seat's swaps (row 1 to 4; per row each distinct set of cards once; a swap that
    completes a sudden-death set carries it) and `knock` when allowed. A table decision lists
    nothing: a deal or a shown hand is only reported with its cards."""
    if state.phase != PH_PLAY:
        return []
    seat = state.turn
    out: list[LifeAction] = []
    if state.rows and not state.hands[seat][UNKNOWN]:
        _known_swaps(state, seat, out)
    else:
        _swaps(state, seat, out)
    if can_knock(state, seat):
        out.append(KNOCK_ACTION)
    return out


def _swaps(state: LifeState, seat: int, out: list[LifeAction]) -> None:
    """`legal_actions`' swaps in general (cards the server does not know included)."""
    for row in ROW_SIZES:
        for laid in laydowns(state, seat, row):
            proven, possible = _sudden_options(state, seat, row, laid)
            out.append(LifeAction(SWAP, row, laid, proven))
            for k in possible:
                out.append(LifeAction(SWAP, row, laid, k))


# ---------------------------------------------------------------------------------------------
# Check
# ---------------------------------------------------------------------------------------------
def check(state: LifeState, action: LifeAction) -> list[Violation]:
    phase = state.phase
    kind = action.kind
    if phase == PH_OVER:
        return [violation("lifeislife.game_over", winner=state.winner)]
    if kind not in _PHASE_KINDS[phase]:
        return [violation("lifeislife.wrong_phase", expected=PHASES[phase],
                          got=KIND_NAMES[kind])]
    if kind == SWAP:
        return _check_swap(state, action)
    if kind == KNOCK:
        seat = state.turn
        if not can_knock(state, seat):
            return [violation("lifeislife.knock_before_swap", seat=seat)]
        return []
    if kind == DEAL:
        return _check_deal(state, action)
    return _check_hand(state, action)


def _check_swap(state: LifeState, action: LifeAction) -> list[Violation]:
    row = action.row
    if row not in ROW_SIZES or not state.rows:
        raise InvalidActionError(f"there is no row {row}: rows are 1 to 4")
    if action.sudden and action.sudden not in SUDDEN:
        raise InvalidActionError(f"{TOKEN[action.sudden]} is no sudden-death animal")
    laid = tuple(sorted(action.cards))
    _valid(laid)
    if UNKNOWN in laid:
        raise InvalidActionError("the cards laid down are face up: name each of them")
    seat = state.turn
    if len(laid) != row:
        return [violation("lifeislife.wrong_count", row=row, expected=row, count=len(laid))]
    hand = state.hands[seat]
    vec = counts(laid)
    free = unseen(state) if hand[UNKNOWN] else EMPTY
    need = 0
    for k in KINDS:
        extra = vec[k] - hand[k]
        if extra > 0:
            need += extra
            if need > hand[UNKNOWN]:
                return [violation("lifeislife.card_not_in_hand", seat=seat, count=vec[k],
                                  card=TOKEN[k])]
            if extra > free[k]:  # an unknown card cannot be one whose copies are all elsewhere
                return [violation("lifeislife.deck_exceeded", copies=DECK[k], card=TOKEN[k])]
    target = state.rows[row - 1]
    if laid == target:
        return [violation("lifeislife.swap_same_cards", row=row, cards=_cards_text(target))]
    if action.sudden:
        k = action.sudden
        if state.cfg.rules.expert and k not in state.cfg.rules.sudden:
            return [violation("lifeislife.expert_cats")]
        proven, possible = _sudden_options(state, seat, row, laid)
        if k != proven and k not in possible:
            return [violation("lifeislife.no_sudden_death", seat=seat, count=DECK[k],
                              card=TOKEN[k])]
    return []


def _valid(cards: tuple[int, ...]) -> None:
    for c in cards:
        if not isinstance(c, int) or not 0 <= c < NK:
            raise InvalidActionError(f"malformed card {c!r}")


def _check_deck(vec: list[int]) -> list[Violation]:
    for k in KINDS:
        if vec[k] > DECK[k]:
            return [violation("lifeislife.deck_exceeded", copies=DECK[k], card=TOKEN[k])]
    return []


def _check_deal(state: LifeState, action: LifeAction) -> list[Violation]:
    rows = action.rows
    if len(rows) != len(ROW_SIZES):
        raise InvalidActionError("a deal lays out four rows")
    for r, row in zip(ROW_SIZES, rows, strict=True):
        _valid(row)
        if len(row) != r:
            return [violation("lifeislife.row_size", row=r, expected=r, count=len(row))]
        if UNKNOWN in row:
            raise InvalidActionError("the rows lie face up: name each of their cards")
    vec = [0] * NK
    for row in rows:
        for c in row:
            vec[c] += 1
    if action.hands:
        if len(action.hands) != state.cfg.players:
            raise InvalidActionError(f"a deal lists {state.cfg.players} hands")
        for s, h in enumerate(action.hands):
            _valid(h)
            expected = HAND_SIZE if state.lives[s] > 0 else 0
            if len(h) != expected:
                return [violation("lifeislife.deal_size", seat=s, expected=expected,
                                  count=len(h))]
            for c in h:
                vec[c] += 1
    return _check_deck(vec)


def _check_hand(state: LifeState, action: LifeAction) -> list[Violation]:
    seat = action.seat
    if not 0 <= seat < state.cfg.players:
        raise InvalidActionError(f"there is no seat {seat}")
    hand = state.hands[seat]
    _valid(action.cards)
    entry = counts(action.cards)
    if state.phase == PH_REVEAL and state.shown >> seat & 1:
        return [violation("lifeislife.already_shown", seat=seat)]
    if len(action.cards) != sum(hand):
        return [violation("lifeislife.hand_mismatch", seat=seat, count=sum(hand))]
    for k in KINDS:  # a known card left out is named (issue #36)
        if hand[k] > entry[k]:
            return [violation("lifeislife.hand_lacks_known", seat=seat, count=sum(hand),
                              card=TOKEN[k])]
    vec = located(state)
    for k in KINDS:
        vec[k] += entry[k] - hand[k]
    deck = _check_deck(vec)
    if deck:
        return deck
    if state.swapped >> seat & 1:
        for k in state.cfg.rules.sudden:
            if entry[k] == DECK[k]:
                return [violation("lifeislife.undeclared_sudden_death", seat=seat,
                                  count=DECK[k], card=TOKEN[k])]
    return []


# ---------------------------------------------------------------------------------------------
# Apply
# ---------------------------------------------------------------------------------------------
def apply(state: LifeState, action: LifeAction) -> LifeState:
    """The state after a legal `action` (unchecked): by kind, one of the `_apply_*` below."""
    return _APPLY[action.kind](state, action)


def _apply_knock(state: LifeState, action: LifeAction) -> LifeState:
    seat = state.turn
    knocked_by = state.knocked_by if state.knocked_by >= 0 else seat
    nxt = next_in(state.lives, seat)
    if nxt == knocked_by:
        return _end_normally(state._replace(knocked_by=knocked_by))
    return state._replace(turn=nxt, knocked_by=knocked_by)


def _apply_swap(state: LifeState, action: LifeAction) -> LifeState:
    seat = state.turn
    r = action.row - 1
    laid = action.cards
    if len(laid) > 1 and laid != tuple(sorted(laid)):
        laid = tuple(sorted(laid))
    taken = state.rows[r]
    hand = list(state.hands[seat])
    pub = list(state.public[seat])
    for c in laid:
        if hand[c] > 0:
            hand[c] -= 1
        else:
            hand[UNKNOWN] -= 1
        if pub[c] > 0:
            pub[c] -= 1
    for c in taken:
        hand[c] += 1
        pub[c] += 1
    rules = state.cfg.rules
    sudden = action.sudden if action.sudden in rules.sudden else 0
    if not sudden:
        for k in rules.sudden:
            if hand[k] == DECK[k]:
                sudden = k
                break
    if sudden:  # the holder shows the set
        missing = DECK[sudden] - hand[sudden]
        hand[UNKNOWN] -= missing
        hand[sudden] = DECK[sudden]
        pub[sudden] = DECK[sudden]
    rows = state.rows
    hands = state.hands
    public = state.public
    nxt = seat if sudden else next_in(state.lives, seat)
    st = LifeState(state.cfg, PH_PLAY, nxt, state.starter, state.round, state.lives,
                   (*rows[:r], laid, *rows[r + 1:]),
                   (*hands[:seat], tuple(hand), *hands[seat + 1:]),
                   (*public[:seat], tuple(pub), *public[seat + 1:]),
                   state.swapped | 1 << seat, state.knocked_by, state.last, -1)
    if sudden:
        return _end_sudden(st, seat, sudden)
    if nxt == state.knocked_by:
        return _end_normally(st)
    return st


def _apply_deal(state: LifeState, action: LifeAction) -> LifeState:
    n = state.cfg.players
    if action.hands:
        hands = tuple(counts(h) for h in action.hands)
    else:
        unknown = (HAND_SIZE,) + (0,) * (NK - 1)
        hands = tuple(unknown if state.lives[s] > 0 else EMPTY for s in range(n))
    return state._replace(phase=PH_PLAY, turn=state.starter, rows=tuple(action.rows),
                          hands=hands, public=(EMPTY,) * n, swapped=0, knocked_by=-1, shown=0)


def _apply_hand(state: LifeState, action: LifeAction) -> LifeState:
    seat = action.seat
    entry = counts(action.cards)
    hands = list(state.hands)
    hands[seat] = entry
    st = state._replace(hands=tuple(hands))
    if state.phase != PH_REVEAL:
        return st  # entered privately: nothing becomes public
    public = list(state.public)
    public[seat] = (0, *entry[1:])  # shown at the end of the round
    shown = state.shown | 1 << seat
    st = st._replace(public=tuple(public), shown=shown)
    if all(shown >> s & 1 for s in players_in(st)):
        return _settle_normally(st)
    return st


_APPLY: dict[int, Callable[[LifeState, LifeAction], LifeState]] = {
    SWAP: _apply_swap, KNOCK: _apply_knock, DEAL: _apply_deal, HAND: _apply_hand}


# ---------------------------------------------------------------------------------------------
# The end of a round
# ---------------------------------------------------------------------------------------------
def _end_normally(state: LifeState) -> LifeState:
    """Everyone has had the last turn after the knock: each player still in shows its hand
    (a `HAND` report each), and the round is scored when the last one has. Always, also
    where the table already knew every hand: whether a seat's private entry was kept or
    forgotten after a conflict must not change what the others see happen."""
    return state._replace(phase=PH_REVEAL, turn=state.knocked_by, shown=0)


def _settle_normally(state: LifeState) -> LifeState:
    ins = players_in(state)
    n = state.cfg.players
    points = round_points(state.hands, ins, n)
    lost = lives_lost(points)
    public = tuple((0, *state.hands[s][1:]) if s in ins else state.public[s] for s in range(n))
    result = RoundResult(state.round, tuple(points), tuple(lost), -1, 0)
    return _next_round(state._replace(public=public, shown=0), lost, result)


def _end_sudden(state: LifeState, holder: int, animal: int) -> LifeState:
    n = state.cfg.players
    lost = sudden_lost(holder, players_in(state), n, state.cfg.rules.expert)
    result = RoundResult(state.round, (None,) * n, tuple(lost), holder, animal)
    return _next_round(state, lost, result)


def _next_round(state: LifeState, lost: list[int], result: RoundResult) -> LifeState:
    """Lives change, players at 0 are out; the last one left wins, else the next deal, begun by
    the left neighbour of this round's starter (skipping players who are out)."""
    lives = tuple(max(0, lv - d) if lv > 0 else 0 for lv, d in zip(state.lives, lost, strict=True))
    alive = [s for s, lv in enumerate(lives) if lv > 0]
    if len(alive) == 1:
        return state._replace(phase=PH_OVER, lives=lives, last=result, winner=alive[0],
                              turn=alive[0], swapped=0, knocked_by=-1)
    starter = next_in(lives, state.starter)
    return state._replace(phase=PH_DEAL, lives=lives, last=result, turn=starter,
                          starter=starter, round=state.round + 1, swapped=0, knocked_by=-1)


# ---------------------------------------------------------------------------------------------
# The table's events, sampled for simulations
# ---------------------------------------------------------------------------------------------
def sample_chance(state: LifeState, rng: random.Random) -> LifeAction:
    """The deal: the 60 cards shuffled, 10 to each player still in (in seat order), then rows
    1 to 4; the rest is set aside. At the end of a round, an unknown hand shown (drawn
    consistently with everything known), or a known one shown as it is."""
    if state.phase == PH_DEAL:
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hands = []
        i = 0
        for lv in state.lives:
            if lv > 0:
                hands.append(tuple(sorted(deck[i:i + HAND_SIZE])))
                i += HAND_SIZE
            else:
                hands.append(())
        rows = []
        for r in ROW_SIZES:
            rows.append(tuple(sorted(deck[i:i + r])))
            i += r
        return LifeAction(DEAL, rows=tuple(rows), hands=tuple(hands))
    if state.phase == PH_REVEAL:
        from .info import complete

        for s in players_in(state):
            if not state.shown >> s & 1:
                hand = state.hands[s]
                if hand[UNKNOWN]:
                    hand = complete(state, rng).hands[s]
                return LifeAction(HAND, cards=cards_of(hand), seat=s)
    raise ValueError(f"no table event is pending in phase {PHASES[state.phase]}")


def random_action(state: LifeState, rng: random.Random) -> LifeAction:
    """A random legal action, cheaper than choosing from `legal_actions`.

    "Random" means: uniformly one of the four rows or, when allowed, knocking (so a knock is
    chosen one time in five), then uniformly as many of the hand's cards as the row holds
    (each physical card equally likely), drawn again while they are exactly the row's
    animals. A hand with unknown cards: uniformly among `legal_actions`. Table events as
    `sample_chance`.
    """
    if state.phase != PH_PLAY:
        return sample_chance(state, rng)
    seat = state.turn
    hand = state.hands[seat]
    if hand[UNKNOWN]:
        return rng.choice(legal_actions(state))
    choices = 5 if state.knocked_by >= 0 or state.swapped >> seat & 1 else 4
    pick = int(rng.random() * choices)
    if pick == 4:
        return KNOCK_ACTION
    row = pick + 1
    target = state.rows[pick]
    cards = [k for k in KINDS for _ in range(hand[k])]
    while True:
        laid = tuple(sorted(rng.sample(cards, row)))
        if laid != target:
            break
    sudden = 0
    for k in state.cfg.rules.sudden:
        if hand[k] - laid.count(k) + target.count(k) == DECK[k]:
            sudden = k
            break
    return LifeAction(SWAP, row, laid, sudden)


__all__ = ["apply", "can_knock", "check", "laydowns", "legal_actions", "random_action",
           "sample_chance"]
