"""DOG game flow: the pending decision, legal actions, check, apply and the table's events."""

from __future__ import annotations

import random
from typing import Final

from companion.engines.base import TABLE, InvalidActionError, Violation

from .actions import DEAL, DISCARD, DRAW, FOLD, GIVE, HAND, KIND_NAMES, PLAY, RESHUFFLE, DogAction
from .board import GOAL_FIELDS
from .cards import (
    DECK,
    JOKER,
    JOKER_AS,
    KINDS,
    NKINDS,
    SEVEN,
    SWAP,
    TOKEN,
    UNKNOWN,
    add_card,
    remove_card,
)
from .messages import violation
from .moves import (
    Ctx,
    example_play,
    fast_result,
    moves_as,
    plays_for,
    sevens,
    simulate,
    swap_pairs,
)
from .notation import format_action
from .state import DEAL as PH_DEAL
from .state import DRAW as PH_DRAW
from .state import DRAWN as PH_DRAWN
from .state import (
    EMPTY_COUNTS,
    NO_CARD,
    PHASES,
    DogState,
    deal_size,
    located_counts,
    stock_size,
    to_move,
    unseen_pool,
)
from .state import EXCHANGE as PH_EXCHANGE
from .state import OVER as PH_OVER
from .state import PLAY as PH_PLAY

# which action kinds answer which phase
_PHASE_KINDS = {
    PH_DEAL: (DEAL, RESHUFFLE),
    PH_EXCHANGE: (GIVE,),
    PH_PLAY: (PLAY, FOLD, DISCARD),
    PH_DRAW: (DRAW, RESHUFFLE),
    PH_DRAWN: (PLAY, DISCARD),
    PH_OVER: (),
}
_PHASE_WORDS = {p: PHASES[p] for p in range(len(PHASES))}
_new = tuple.__new__


def _distinct(hand: tuple[int, ...]) -> list[int]:
    """The kinds a hand may hold: its known cards, or every kind if a card is unknown."""
    if hand and hand[0] == UNKNOWN:
        return list(KINDS)
    return list(dict.fromkeys(hand))


def known_kinds(hand: tuple[int, ...]) -> list[int]:
    return [c for c in dict.fromkeys(hand) if c != UNKNOWN]


# ---------------------------------------------------------------------------------------------
# Legal actions
# ---------------------------------------------------------------------------------------------
def need_reshuffle(state: DogState) -> bool:
    if state.phase == PH_DEAL:
        return stock_size(state) < deal_size(state) * state.cfg.seats
    if state.phase == PH_DRAW:
        return stock_size(state) < 1
    return False


def legal_actions(state: DogState) -> list[DogAction]:
    phase = state.phase
    if phase in (PH_PLAY, PH_DRAWN):
        return _play_actions(state)
    if phase == PH_EXCHANGE:
        return [DogAction(GIVE, c) for c in dict.fromkeys(state.hands[state.turn])]
    if phase == PH_DEAL:
        return [DogAction(RESHUFFLE)] if need_reshuffle(state) else [DogAction(DEAL)]
    if phase == PH_DRAW:
        return [DogAction(RESHUFFLE)] if need_reshuffle(state) else [DogAction(DRAW, UNKNOWN)]
    return []


def _stuck_actions(state: DogState, hand: tuple[int, ...]) -> list[DogAction]:
    if state.cfg.teams_mode:
        return [DogAction(FOLD)]
    return [DogAction(DISCARD, c) for c in dict.fromkeys(hand)]


#: The plays of each card on recent boards: (figures, lapped, seat) → (config, card → plays).
#: What a card can do depends on the board only, and a search meets the same boards again
#: with other hands. Read-only values; cleared when full.
_PLAYS_MEMO: dict[tuple[tuple[tuple[int, ...], ...], int, int],
                  tuple[object, dict[int, list[DogAction]]]] = {}
PLAYS_MEMO_SIZE: Final = 20_000


def _board_plays(state: DogState) -> dict[int, list[DogAction]]:
    """The memo of the plays of each card on this board for the seat to move (filled by
    `plays_of`; read-only lists)."""
    key = (state.figures, state.lapped, state.turn)
    entry = _PLAYS_MEMO.get(key)
    if entry is None or entry[0] is not state.cfg:
        if len(_PLAYS_MEMO) >= PLAYS_MEMO_SIZE:
            _PLAYS_MEMO.clear()
        entry = (state.cfg, {})
        _PLAYS_MEMO[key] = entry
    return entry[1]


def plays_of(state: DogState, cards: list[int]) -> list[list[DogAction]]:
    """Every legal play of each of `cards` by the seat to move (its hand is not consulted),
    from the memo when this board was met before. The lists are shared: do not change
    them."""
    by_card = _board_plays(state)
    ctx: Ctx | None = None
    out = []
    for card in cards:
        plays = by_card.get(card)
        if plays is None:
            if ctx is None:
                ctx = Ctx(state, state.turn)
            plays = by_card[card] = plays_for(ctx, card)
        out.append(plays)
    return out


def _play_actions(state: DogState) -> list[DogAction]:
    hand = state.hands[state.turn]
    out: list[DogAction] = []
    known_playable = False
    unknown = bool(hand) and hand[0] == UNKNOWN
    kinds = _distinct(hand)
    for card, plays in zip(kinds, plays_of(state, kinds), strict=True):
        if plays:
            out.extend(plays)
            if not unknown or card in hand:
                known_playable = True
    if not known_playable:
        out.extend(_stuck_actions(state, hand))
    return out


def playable_kinds(state: DogState, seat: int, kinds: list[int] | None = None) -> int:
    """Bitmask of the card kinds `seat` could play now (whatever its hand)."""
    ctx = Ctx(state, seat)
    mask = 0
    for card in (kinds if kinds is not None else [k for k in KINDS if k != JOKER]):
        if card != JOKER and example_play(ctx, card) is not None:
            mask |= 1 << card
    if kinds is None or JOKER in kinds:
        # a joker can be played whenever any other card could (never as a void swap)
        other = mask & ~(1 << SWAP)
        if other or (mask >> SWAP & 1 and swap_pairs(ctx)) or example_play(ctx, JOKER) is not None:
            mask |= 1 << JOKER
    return mask


def example_for(state: DogState, seat: int, hand: tuple[int, ...]) -> DogAction | None:
    """One legal play among the known cards of `hand` (for "you could play ...")."""
    ctx = Ctx(state, seat)
    for card in known_kinds(hand):
        ex = example_play(ctx, card)
        if ex is not None:
            return ex
    return None


def gives_of(state: DogState, seat: int) -> list[DogAction]:
    """During the exchange: the cards `seat` may give now, one action per kind of card in its
    hand (none once it has given). The seat to move's are its `legal_actions`; another
    seat's name it (`give@2 7`)."""
    if state.phase != PH_EXCHANGE or state.transit[seat] != NO_CARD:
        return []
    who = -1 if seat == state.turn else seat
    return [DogAction(GIVE, c, seat=who) for c in dict.fromkeys(state.hands[seat])]


# ---------------------------------------------------------------------------------------------
# Check
# ---------------------------------------------------------------------------------------------
def check(state: DogState, action: DogAction) -> list[Violation]:
    phase = state.phase
    kind = action.kind
    if kind == HAND:
        return _check_hand(state, action)
    if phase == PH_OVER:
        return [violation("dog.game_over")]
    if kind not in _PHASE_KINDS[phase]:
        return [violation("dog.wrong_phase", expected=_PHASE_WORDS[phase],
                          got=KIND_NAMES[kind])]
    seat = state.turn
    hand = state.hands[seat]
    if kind == PLAY:
        card, as_card = action.card, action.as_card
        if card not in KINDS or (as_card not in JOKER_AS if card == JOKER else as_card != card):
            raise InvalidActionError(f"malformed play: card {card} as {as_card}")
        if remove_card(hand, action.card) is None:
            return [violation("dog.card_not_in_hand", card=TOKEN[action.card],
                              seat=seat)]
        if action.as_card == SWAP and not action.segs:
            if action.card == JOKER:
                pairs = swap_pairs(Ctx(state, seat))
                if pairs:
                    ex = DogAction(PLAY, JOKER, SWAP, (pairs[0],))
                    return [violation("dog.swap_possible", example=format_action(state, ex))]
                return [violation("dog.swap_void_forbidden")]
            if not state.cfg.rules.swap_void:
                return [violation("dog.swap_void_forbidden")]
            pairs = swap_pairs(Ctx(state, seat))
            if pairs:
                ex = DogAction(PLAY, action.card, SWAP, (pairs[0],))
                return [violation("dog.swap_possible", example=format_action(state, ex))]
            return []
        res = simulate(state, seat, action.as_card, action.segs)
        return [res] if isinstance(res, Violation) else []
    if kind in (FOLD, DISCARD):
        teams = state.cfg.teams_mode
        if kind == FOLD and not teams:
            return [violation("dog.fold_in_solo")]
        if kind == DISCARD and teams:
            return [violation("dog.discard_in_teams")]
        if kind == DISCARD and remove_card(hand, action.card) is None:
            return [violation("dog.card_not_in_hand", card=TOKEN[action.card],
                              seat=seat)]
        if kind == FOLD and action.cards:
            v = _check_reported(state, seat, hand, action.cards[0])
            if v:
                return v
        known = hand
        if kind == FOLD and action.cards:
            known = action.cards[0]
        ex = example_for(state, seat, known)
        if ex is not None:
            return [violation("dog.must_play", example=format_action(state, ex))]
        return []
    if kind == GIVE:  # the exchange: any seat that has not given yet, in any order
        giver = seat if action.seat < 0 else action.seat
        if state.transit[giver] != NO_CARD:
            return [violation("dog.already_given", seat=giver)]
        if remove_card(state.hands[giver], action.card) is None:
            return [violation("dog.card_not_in_hand", card=TOKEN[action.card],
                              seat=giver)]
        return []
    if kind == RESHUFFLE:
        if not need_reshuffle(state):
            return [violation("dog.reshuffle_not_needed", stock=stock_size(state))]
        return []
    if need_reshuffle(state):
        return [violation("dog.reshuffle_first")]
    if kind == DEAL:
        return _check_deal(state, action)
    if kind == DRAW:
        if action.card != UNKNOWN:
            return _check_deck(state, (action.card,))
        return []
    return [violation("dog.wrong_phase", expected=_PHASE_WORDS[phase], got=KIND_NAMES[kind])]


def _check_deck(state: DogState, new_cards: tuple[int, ...] | list[int],
                freed: tuple[int, ...] = ()) -> list[Violation]:
    vec = located_counts(state)
    for c in freed:
        vec[c] -= 1
    for c in new_cards:
        vec[c] += 1
    for k in range(1, NKINDS):
        if vec[k] > DECK[k]:
            return [violation("dog.deck_exceeded", copies=DECK[k], card=TOKEN[k])]
    return []


def _check_deal(state: DogState, action: DogAction) -> list[Violation]:
    if not action.cards:
        return []
    size = deal_size(state)
    if len(action.cards) != state.cfg.seats:
        return [violation("dog.deal_size", expected=size, seat=len(action.cards), count=0)]
    for s, h in enumerate(action.cards):
        if len(h) != size:
            return [violation("dog.deal_size", expected=size, seat=s, count=len(h))]
    return _check_deck(state, [c for h in action.cards for c in h if c != UNKNOWN])


def _check_reported(state: DogState, seat: int, hand: tuple[int, ...],
                    cards: tuple[int, ...]) -> list[Violation]:
    """Reported cards must fit the hand: same count, every known card among them."""
    rest = list(cards)
    for c in hand:
        if c == UNKNOWN:
            continue
        if c in rest:
            rest.remove(c)
        elif UNKNOWN in rest:
            rest.remove(UNKNOWN)
        else:  # the card that is missing, named (issue #36)
            return [violation("dog.hand_lacks_known", seat=seat, count=len(hand),
                              card=TOKEN[c])]
    if len(cards) != len(hand):
        return [violation("dog.hand_mismatch", seat=seat, count=len(hand))]
    return _check_deck(state, [c for c in cards if c != UNKNOWN],
                       tuple(c for c in hand if c != UNKNOWN))


def _check_hand(state: DogState, action: DogAction) -> list[Violation]:
    seat = action.seat
    return _check_reported(state, seat, state.hands[seat], action.cards[0])


# ---------------------------------------------------------------------------------------------
# Apply
# ---------------------------------------------------------------------------------------------
def apply(state: DogState, action: DogAction) -> DogState:
    """The state after a legal `action` (unchecked)."""
    kind = action.kind
    if kind == PLAY:
        return _apply_play(state, action)
    if kind == GIVE:
        return _apply_give(state, action.card, state.turn if action.seat < 0 else action.seat)
    if kind == DEAL:
        return _apply_deal(state, action)
    if kind == FOLD:
        return _apply_fold(state, action)
    if kind == DISCARD:
        return _apply_discard(state, action.card)
    if kind == DRAW:
        return _apply_draw(state, action.card)
    if kind == RESHUFFLE:
        return state._replace(discard=EMPTY_COUNTS, folds=())
    if kind == HAND:
        hands = list(state.hands)
        hands[action.seat] = action.cards[0]
        return state._replace(hands=tuple(hands))
    raise ValueError(f"unknown action kind {kind}")


def _received_from(state: DogState, seat: int) -> int:
    cfg = state.cfg
    return cfg.partner[seat] if cfg.teams_mode else (seat - 1) % cfg.seats


def _apply_play(state: DogState, action: DogAction) -> DogState:
    seat = state.turn
    _, card, as_card, segs, _, _ = action
    if as_card == SWAP and not segs:
        figures, lapped = state.figures, state.lapped
    else:
        figures, lapped = fast_result(state, seat, as_card, segs)
    cfg = state.cfg
    hands = list(state.hands)
    hand = hands[seat]
    new_hand = remove_card(hand, card)
    hands[seat] = new_hand if new_hand is not None else hand[1:]
    discard = list(state.discard)
    discard[card] += 1
    gifts = state.gifts
    giver = cfg.partner[seat] if cfg.teams_mode else (seat - 1) % cfg.seats  # _received_from
    if gifts[giver] == card:
        g = list(gifts)
        g[giver] = NO_CARD
        gifts = tuple(g)
    # won? (only the team of the player moved figures home)
    L = cfg.geo.length
    won = True
    for s in cfg.teams[cfg.team_of[seat]]:
        row = figures[s]  # sorted: home when its last GOAL_FIELDS figures are in the goal
        if len(row) < GOAL_FIELDS or row[-GOAL_FIELDS] < L:
            won = False
            break
    if won:
        phase, turn, winner = PH_OVER, seat, cfg.team_of[seat]
    else:
        n = cfg.seats
        winner = -1
        for i in range(1, n + 1):
            s = (seat + i) % n
            if hands[s]:
                phase, turn = PH_PLAY, s
                break
        else:
            st = state._replace(figures=figures, lapped=lapped, hands=tuple(hands),
                                discard=tuple(discard), gifts=gifts)
            return _next_turn(st, seat)
    # tuple.__new__: DogState's own __new__ is a Python function (this is every ply's apply)
    return _new(DogState, (cfg, phase, turn, figures, tuple(hands), tuple(discard), state.folds,
                           state.avoid, state.transit, gifts, state.round, state.dealer, lapped,
                           winner))


def _next_turn(state: DogState, seat: int) -> DogState:
    n = state.cfg.seats
    hands = state.hands
    for i in range(1, n + 1):
        s = (seat + i) % n
        if hands[s]:
            return state._replace(phase=PH_PLAY, turn=s)
    # the round is over: the next dealer deals
    dealer = (state.dealer + 1) % n
    none = (NO_CARD,) * n
    return state._replace(phase=PH_DEAL, turn=dealer, round=state.round + 1, dealer=dealer,
                          gifts=none, transit=none, avoid=(0,) * n)


def _apply_deal(state: DogState, action: DogAction) -> DogState:
    cfg = state.cfg
    n = cfg.seats
    if action.cards:
        hands = tuple(tuple(sorted(h)) for h in action.cards)
    else:
        hands = ((UNKNOWN,) * deal_size(state),) * n
    starter = (state.dealer + 1) % n
    none = (NO_CARD,) * n
    st = state._replace(hands=hands, turn=starter, transit=none, gifts=none, avoid=(0,) * n)
    if cfg.rules.card_exchange:
        return st._replace(phase=PH_EXCHANGE)
    return st._replace(phase=PH_PLAY)


def _apply_give(state: DogState, card: int, seat: int) -> DogState:
    """`seat` gives `card` face down. The seat to move is the first, from the one after the
    dealer, that has not given yet; when all have given, the cards are delivered."""
    cfg = state.cfg
    n = cfg.seats
    hands = list(state.hands)
    new_hand = remove_card(hands[seat], card)
    hands[seat] = new_hand if new_hand is not None else hands[seat][1:]
    transit = list(state.transit)
    transit[seat] = card
    starter = (state.dealer + 1) % n
    for i in range(n):
        nxt = (starter + i) % n
        if transit[nxt] == NO_CARD:
            return state._replace(hands=tuple(hands), transit=tuple(transit), turn=nxt)
    # everyone has given: deliver
    gifts = [NO_CARD] * n
    for s in range(n):
        r = cfg.receiver[s]
        hands[r] = add_card(hands[r], transit[s])
        if transit[s] != UNKNOWN:
            gifts[s] = transit[s]
    return state._replace(hands=tuple(hands), transit=(NO_CARD,) * n, gifts=tuple(gifts),
                          phase=PH_PLAY, turn=starter)


def _fold_group(state: DogState, seat: int, cards: tuple[int, ...], mask: int) -> DogState:
    """Put cards on the pile: face up (house rule) or face down with what the fold proves
    (`mask`: the kinds the seat could have played)."""
    if state.cfg.rules.fold_face_up:
        discard = list(state.discard)
        for c in cards:
            discard[c] += 1
        return state._replace(discard=tuple(discard))
    return state._replace(folds=(*state.folds, (seat, mask, cards)))


def _apply_fold(state: DogState, action: DogAction) -> DogState:
    seat = state.turn
    hand = state.hands[seat]
    cards = action.cards[0] if action.cards else hand
    mask = 0 if state.cfg.rules.fold_face_up else playable_kinds(state, seat)
    st = _fold_group(state, seat, tuple(sorted(cards)), mask)
    hands = list(st.hands)
    hands[seat] = ()
    gifts = st.gifts
    giver = _received_from(st, seat)
    if gifts[giver] != NO_CARD:
        g = list(gifts)
        g[giver] = NO_CARD
        gifts = tuple(g)
    return _next_turn(st._replace(hands=tuple(hands), gifts=gifts), seat)


def _apply_discard(state: DogState, card: int) -> DogState:
    seat = state.turn
    mask = playable_kinds(state, seat)
    st = _fold_group(state, seat, (card,), 0 if state.cfg.rules.fold_face_up else mask)
    hands = list(st.hands)
    new_hand = remove_card(hands[seat], card)
    hands[seat] = new_hand if new_hand is not None else hands[seat][1:]
    avoid = list(st.avoid)
    avoid[seat] = mask  # the rest of the hand could not be played either
    gifts = st.gifts
    giver = _received_from(st, seat)
    if gifts[giver] == card:
        g = list(gifts)
        g[giver] = NO_CARD
        gifts = tuple(g)
    st = st._replace(hands=tuple(hands), avoid=tuple(avoid), gifts=gifts)
    if state.phase == PH_PLAY:
        return st._replace(phase=PH_DRAW)
    return _next_turn(st, seat)


def _apply_draw(state: DogState, card: int) -> DogState:
    seat = state.turn
    hands = list(state.hands)
    hands[seat] = add_card(hands[seat], card)
    avoid = list(state.avoid)
    avoid[seat] = 0
    return state._replace(hands=tuple(hands), avoid=tuple(avoid), phase=PH_DRAWN)


# ---------------------------------------------------------------------------------------------
# The table's events, sampled for simulations
# ---------------------------------------------------------------------------------------------
def sample_chance(state: DogState, rng: random.Random) -> DogAction:
    """The next table event drawn from the unseen cards (uniformly, as a shuffle would)."""
    if need_reshuffle(state):
        return DogAction(RESHUFFLE)
    if state.phase == PH_DEAL:
        n = state.cfg.seats
        size = deal_size(state)
        drawn = rng.sample(unseen_pool(state), size * n)
        return DogAction(DEAL, cards=tuple(tuple(sorted(drawn[i * size:(i + 1) * size]))
                                           for i in range(n)))
    if state.phase == PH_DRAW:
        return DogAction(DRAW, rng.choice(unseen_pool(state)))
    raise ValueError(f"no table event is pending in phase {PHASES[state.phase]}")


def random_action(state: DogState, rng: random.Random) -> DogAction:
    """A random legal action, cheaper than choosing from `legal_actions`.

    "Random" means: a card kind chosen uniformly among the playable kinds in the hand (a
    joker: then uniformly among what it can be played as), then a play of that card chosen
    uniformly among its plays (one per resulting position); fold or discard (a uniformly
    chosen card) only when nothing is playable; a uniformly chosen card to give; table
    events sampled as by `sample_chance`.
    """
    phase = state.phase
    if phase in (PH_DEAL, PH_DRAW):
        return sample_chance(state, rng)
    seat = state.turn
    hand = state.hands[seat]
    if phase == PH_EXCHANGE:
        return DogAction(GIVE, rng.choice(hand))
    ctx = Ctx(state, seat)
    kinds = _distinct(hand)
    rng.shuffle(kinds)
    for card in kinds:
        if card == JOKER:
            as_list = list(JOKER_AS)
            rng.shuffle(as_list)
            for as_card in as_list:
                if as_card == SWAP:
                    pairs = swap_pairs(ctx)
                    if pairs:
                        return DogAction(PLAY, JOKER, SWAP, (rng.choice(pairs),))
                    continue
                segs_list = _moves(ctx, as_card)
                if segs_list:
                    return DogAction(PLAY, JOKER, as_card, rng.choice(segs_list))
            continue
        segs_list = _moves(ctx, card)
        if segs_list:
            return DogAction(PLAY, card, card, rng.choice(segs_list))
    stuck = _stuck_actions(state, hand)
    return rng.choice(stuck)


def _moves(ctx: Ctx, card: int) -> list[tuple[tuple[int, int], ...]]:
    if card == SEVEN:
        return list(sevens(ctx).values())
    return moves_as(ctx, card)


__all__ = ["apply", "check", "legal_actions", "need_reshuffle", "playable_kinds", "plays_of",
           "random_action", "sample_chance", "to_move"]
_ = TABLE
