"""DOG notation: action strings and JSON positions (docs/notation.md, ENGINE_CONTRACT.md).

Actions (the card first, then the moves in the order taken):
    5 T12-T17        move the figure on T12 five fields
    4 T16-T12        the 4 backwards
    1 K              bring a figure out of the kennel (also 13 K, joker=1 K)
    7 G2-G3 T30-T31 T57-T62      a split 7, segments in the order taken (burning in that order)
    joker=4 T16-T12  a joker played as a 4 (backwards)
    swap T5 T40      swap the own figure on T5 with the figure on T40; `swap` alone: no effect
    fold [cards]     stuck (teams): the whole hand is discarded
    discard 9        stuck (solo): discard one card (then `draw 7`, or the turn ends)
    give 7           the exchange: give a 7 face down
    deal [h0/h1/..]  the table deals; hands as comma lists, `?` for an unknown card or hand
    draw 7 | draw ?  the table gives the stuck seat (solo) one card
    reshuffle        the discard pile becomes the stock
    hand 2 7,4,swap  seat 2 enters its hand
Positions: T<n> track field (numbered in the direction of play), G1..G4 goal fields (G1 nearest
the entrance), K the kennel. G and K mean the colour the player moves (their own, or the
partner's once their own are all home); `@<seat>` names another colour, e.g. G2@1, K@3.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.engines.base import TABLE, InvalidActionError
from companion.engines.kit import positions
from companion.engines.kit.notation import seat_of, words
from companion.engines.kit.positions import bad, json_int

from .actions import DEAL, DISCARD, DRAW, FOLD, GIVE, HAND, PLAY, RESHUFFLE, DogAction, Seg
from .board import GOAL_FIELDS, kennel, kennel_seat
from .cards import (
    DECK,
    JOKER,
    KINDS,
    NAMES,
    NKINDS,
    SEVEN,
    SWAP,
    TOKEN,
    UNKNOWN,
    counts,
    mask_kinds,
    parse_card,
)
from .state import DEAL as PH_DEAL
from .state import DRAW as PH_DRAW
from .state import DRAWN as PH_DRAWN
from .state import EXCHANGE as PH_EXCHANGE
from .state import (
    NO_CARD,
    PHASES,
    DogConfig,
    DogState,
    HouseRules,
    active_colour,
    deal_size,
    initial_state,
    stock_size,
    to_move,
)
from .state import OVER as PH_OVER
from .state import PLAY as PH_PLAY

#: the actions that name one card: ``discard 9``, ``give 7``, ``draw 7``
_ONE_CARD_WORD = {DISCARD: "discard", GIVE: "give", DRAW: "draw"}
_ONE_CARD_KIND = {word: kind for kind, word in _ONE_CARD_WORD.items()}
_POS = re.compile(r"^(?:T(\d+)|G([1-4])(?:@(\d+))?|K(?:@(\d+))?)$", re.IGNORECASE)


# ---------------------------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------------------------
def position_token(cfg: DogConfig, code: int, ref: int | None) -> str:
    """T12 / G1 / K, with @seat when the colour is not `ref` (None: always qualified)."""
    geo = cfg.geo
    if 0 <= code < geo.length:
        return f"T{code}"
    if code < 0:
        s = kennel_seat(code)
        return "K" if s == ref else f"K@{s}"
    s = geo.goal_owner(code)
    g = geo.goal_index(code) + 1
    return f"G{g}" if s == ref else f"G{g}@{s}"


def parse_position(cfg: DogConfig, token: str, ref: int) -> tuple[int, bool]:
    """(code, explicit colour given). Raises InvalidActionError."""
    m = _POS.match(token)
    if not m:
        raise InvalidActionError(f"{token!r} is not a field (T12, G1, G2@1, K)")
    geo = cfg.geo
    track, goal, goal_seat, kennel_of = m.groups()
    if track is not None:
        t = int(track)
        if t >= geo.length:
            raise InvalidActionError(f"there is no track field {token} (T0..T{geo.length - 1})")
        return t, True
    seat_text = goal_seat if goal is not None else kennel_of
    seat = ref if seat_text is None else int(seat_text)
    if not 0 <= seat < cfg.seats:
        raise InvalidActionError(f"there is no seat {seat} in {token!r}")
    if goal is not None:
        return geo.goal(seat, int(goal) - 1), seat_text is not None
    return kennel(seat), seat_text is not None


def local_token(cfg: DogConfig, code: int) -> str:
    """A figure's field as listed in the JSON position of its seat: K, T37, G2."""
    geo = cfg.geo
    if code < 0:
        return "K"
    if code < geo.length:
        return f"T{code}"
    return f"G{geo.goal_index(code) + 1}"


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------
def _cards_text(cards: tuple[int, ...]) -> str:
    return NAMES.text(cards)


def _parse_cards(text: str) -> tuple[int, ...]:
    return NAMES.parse(text, allow_unknown=True, multiples=False)


def _actor(state: DogState) -> int:
    return state.turn


def format_action(state: DogState, action: DogAction) -> str:
    kind = action.kind
    if kind == PLAY:
        card, as_card = action.card, action.as_card
        head = f"joker={TOKEN[as_card]}" if card == JOKER else TOKEN[card]
        ref = active_colour(state, _actor(state))
        cfg = state.cfg
        if as_card == SWAP:
            if not action.segs:
                return head
            a, b = action.segs[0]
            return f"{head} {position_token(cfg, a, ref)} {position_token(cfg, b, ref)}"
        parts = [head]
        for frm, to in action.segs:
            if frm < 0 and to == cfg.geo.start[kennel_seat(frm)]:
                parts.append(position_token(cfg, frm, ref))
            else:
                parts.append(f"{position_token(cfg, frm, ref)}-{position_token(cfg, to, ref)}")
        return " ".join(parts)
    if kind == FOLD:
        return "fold " + _cards_text(action.cards[0]) if action.cards else "fold"
    if kind == GIVE and action.seat >= 0 and action.seat != state.turn:
        return f"give@{action.seat} {TOKEN[action.card]}"  # the exchange: another seat gives
    if kind in _ONE_CARD_WORD:
        return f"{_ONE_CARD_WORD[kind]} {TOKEN[action.card]}"
    if kind == RESHUFFLE:
        return "reshuffle"
    if kind == DEAL:
        if not action.cards:
            return "deal"
        return "deal " + "/".join(
            "?" if all(c == UNKNOWN for c in h) else _cards_text(h) for h in action.cards)
    if kind == HAND:
        return f"hand {action.seat} {_cards_text(action.cards[0])}"
    raise InvalidActionError(f"unknown action kind {kind}")


def parse_action(state: DogState, text: str) -> DogAction:
    """Read an action in `state` (G/K are resolved against the colour the player moves)."""
    head, first, rest_text = words(text)
    rest = rest_text.split()
    cfg = state.cfg
    if head == "fold":
        return DogAction(FOLD, cards=(_parse_cards(" ".join(rest)),) if rest else ())
    if head.startswith("give@"):  # the exchange: the seat that gives, any seat not yet given
        giver = seat_of(head[5:], cfg.seats, "give@<seat> <card>, e.g. 'give@2 7'")
        if len(rest) != 1:
            raise InvalidActionError("give@<seat> takes one card, e.g. 'give@2 7'")
        card = NAMES.one(rest[0], allow_unknown=True)
        return DogAction(GIVE, card, seat=-1 if giver == state.turn else giver)
    if head in _ONE_CARD_KIND:
        if len(rest) != 1:
            raise InvalidActionError(f"{head} takes one card, e.g. '{head} 7' or '{head} ?'")
        return DogAction(_ONE_CARD_KIND[head], NAMES.one(rest[0], allow_unknown=True))
    if head == "reshuffle":
        if rest:
            raise InvalidActionError("reshuffle takes nothing")
        return DogAction(RESHUFFLE)
    if head == "deal":
        if not rest:
            return DogAction(DEAL)
        hands_text = "".join(rest).split("/")
        if len(hands_text) != cfg.seats:
            raise InvalidActionError(f"a deal lists {cfg.seats} hands separated by '/'")
        size = deal_size(state)
        hands = []
        for h in hands_text:
            hands.append((UNKNOWN,) * size if h.strip() == "?" else _parse_cards(h))
        if all(c == UNKNOWN for h in hands for c in h) and all(len(h) == size for h in hands):
            return DogAction(DEAL)
        return DogAction(DEAL, cards=tuple(hands))
    if head == "hand":
        seat = seat_of(rest[0] if rest else "", cfg.seats,
                       "hand <seat> <cards>, e.g. 'hand 2 7,4,swap'")
        return DogAction(HAND, cards=(_parse_cards(" ".join(rest[1:])),), seat=seat)
    # a card play
    card_text, eq, as_text = head.partition("=")
    card = parse_card(card_text)
    if card is None:
        raise InvalidActionError(f"{first!r} is neither a card nor an action keyword")
    if card == JOKER:
        if not eq:
            raise InvalidActionError("say what the joker is played as, e.g. 'joker=4 T16-T12'")
        as_card = parse_card(as_text)
        if as_card is None or as_card == JOKER:
            raise InvalidActionError(f"a joker is played as another card, not {as_text!r}")
    else:
        if eq:
            raise InvalidActionError("only a joker is played as another card")
        as_card = card
    ref = active_colour(state, state.turn)
    if as_card == SWAP:
        if not rest:
            return DogAction(PLAY, card, as_card)
        if len(rest) != 2:
            raise InvalidActionError("a swap names two fields: 'swap T5 T40'")
        a, _ = parse_position(cfg, rest[0], ref)
        b, _ = parse_position(cfg, rest[1], ref)
        return DogAction(PLAY, card, as_card, ((a, b),))
    if not rest:
        raise InvalidActionError("name the move, e.g. '5 T12-T17' or '1 K'")
    if as_card != SEVEN and len(rest) != 1:
        raise InvalidActionError("only a 7 moves several figures")
    occ = {p: s for s, fs in enumerate(state.figures) for p in fs if p >= 0}
    geo = cfg.geo
    segs: list[Seg] = []
    for word in rest:
        frm_text, dash, to_text = word.partition("-")
        frm, _ = parse_position(cfg, frm_text, ref)
        if not dash:
            if frm >= 0:
                raise InvalidActionError(f"{word!r}: write the move as from-to, e.g. T12-T17")
            to = geo.start[kennel_seat(frm)]
        else:
            if 0 <= frm < geo.length:
                owner = occ.get(frm, ref)
            elif frm >= geo.length:
                owner = geo.goal_owner(frm)
            else:
                owner = kennel_seat(frm)
            to, _ = parse_position(cfg, to_text, owner)
            if to < 0:
                raise InvalidActionError(f"{word!r}: no move ends in a kennel")
        if frm >= 0:
            s = occ.pop(frm, None)
            if s is not None:
                occ[to] = s
        segs.append((frm, to))
    return DogAction(PLAY, card, as_card, tuple(segs))


# ---------------------------------------------------------------------------------------------
# JSON positions
# ---------------------------------------------------------------------------------------------
def _tokens(cards: tuple[int, ...]) -> list[str]:
    return NAMES.tokens_of(cards)


def _count_tokens(vec: tuple[int, ...]) -> list[str]:
    out: list[str] = []
    for k in (UNKNOWN, *KINDS):
        out.extend([TOKEN[k]] * vec[k])
    return out


def to_json(state: DogState) -> dict[str, Any]:
    cfg = state.cfg
    return positions.position_json(
        "dog", ("seats", cfg.seats), PHASES[state.phase], to_move(state),
        {
            "mode": cfg.mode,
            "figures": [[local_token(cfg, p) for p in fs] for fs in state.figures],
        },
        [_tokens(h) for h in state.hands],
        {
            "turn": state.turn,
            "round": state.round,
            "dealer": state.dealer,
            "stock": stock_size(state),
            "discard": _count_tokens(state.discard),
            "face_down": [{"seat": s, "cards": _tokens(cards), "playable": _tokens(mask_kinds(m))}
                          for s, m, cards in state.folds],
            "exchange": [None if c == NO_CARD else TOKEN[c] for c in state.transit],
            "gifts": [None if c == NO_CARD else TOKEN[c] for c in state.gifts],
            "avoid": [_tokens(mask_kinds(m)) for m in state.avoid],
            "lapped": [s for s in range(cfg.seats) if state.lapped >> s & 1],
            "winner": None if state.winner < 0 else list(cfg.teams[state.winner]),
        },
        cfg.rules.changed(),
    )


def _json_cards(value: Any, what: str) -> tuple[int, ...]:
    return tuple(sorted(NAMES.from_json(value, what, allow_unknown=True, numbers=True)))


def from_json(obj: Any) -> DogState:
    obj = positions.position_object(obj, "dog", "DOG")
    seats = json_int(obj, "seats", 4, 2, 6)
    mode = obj.get("mode", "teams" if seats in (4, 6) else "solo")
    round_no = json_int(obj, "round", 0, 0, 10**6)
    rules = HouseRules.from_json(obj.get("rules"))
    raw_to_move = obj.get("to_move", 0)
    mover = positions.mover(obj, seats, 0)
    if "dealer" in obj:
        dealer = json_int(obj, "dealer", 0, 0, seats - 1)
    elif mover != TABLE:
        dealer = (mover - 1) % seats  # as if the player to move had begun the round
    else:
        dealer = seats - 1
    # the dealer moves on one seat per round: the first dealer follows
    cfg = DogConfig.make(seats, mode, rules, (dealer - round_no) % seats)
    base = initial_state(cfg)
    # phase
    phase = positions.phase(obj, PHASES, "deal" if mover == TABLE else "play")
    if (mover == TABLE) != (phase in (PH_DEAL, PH_DRAW, PH_OVER)):
        raise bad(f'phase "{PHASES[phase]}" does not fit "to_move": {raw_to_move!r}')
    turn = json_int(obj, "turn", mover if mover != TABLE else dealer, 0, seats - 1)
    if mover != TABLE:
        turn = mover
    # figures
    figures = base.figures
    if "figures" in obj:
        raw = obj["figures"]
        if not isinstance(raw, list) or len(raw) != seats:
            raise bad(f'"figures" must list the figures of each of the {seats} seats')
        rows = []
        seen_track: dict[int, int] = {}
        for s, row in enumerate(raw):
            if not isinstance(row, list) or len(row) != cfg.figures_per_seat:
                raise bad(f"seat {s} has {cfg.figures_per_seat} figures in {mode} mode")
            codes = []
            for tok in row:
                code = _figure_code(cfg, s, tok)
                if code >= 0 and code in seen_track:
                    raise bad(f"two figures on {tok} (seats {seen_track[code]} and {s})")
                if code >= 0:
                    seen_track[code] = s
                codes.append(code)
            rows.append(tuple(sorted(codes)))
        figures = tuple(rows)
    # hands
    size_default = deal_size(base._replace(round=round_no))
    hands = positions.known_hands(obj, seats, mover, _json_cards)
    if phase == PH_DEAL:
        fill = 0
    elif mover != TABLE and hands[mover] is not None:
        fill = len(hands[mover])  # type: ignore[arg-type]
    else:
        fill = size_default
    hands_t = tuple(h if h is not None else (UNKNOWN,) * fill for h in hands)
    # piles
    discard = list(counts(_json_cards(obj.get("discard", []), '"discard"')))
    folds = []
    folds_are = '"face_down" lists objects {"seat", "cards", "playable"}'
    for g in positions.json_list(obj, "face_down", folds_are):
        if not isinstance(g, Mapping):
            raise bad(folds_are)
        s = g.get("seat")
        if not isinstance(s, int) or not 0 <= s < seats:
            raise bad("face_down: seat must be a seat number")
        cards = _json_cards(g.get("cards", []), "face_down cards")
        mask = 0
        for k in _json_cards(g.get("playable", []), "face_down playable"):
            mask |= 1 << k
        folds.append((s, mask, cards))
    transit = _seat_cards(obj.get("exchange"), seats, '"exchange"')
    gifts = _seat_cards(obj.get("gifts"), seats, '"gifts"')
    avoid = [0] * seats
    if obj.get("avoid") is not None:
        raw_avoid = obj["avoid"]
        if not isinstance(raw_avoid, list) or len(raw_avoid) != seats:
            raise bad('"avoid" lists one list of cards per seat')
        for s, lst in enumerate(raw_avoid):
            for k in _json_cards(lst, '"avoid"'):
                avoid[s] |= 1 << k
    lapped = 0
    for s in positions.json_list(obj, "lapped", '"lapped" lists seats'):
        if not isinstance(s, int) or not 0 <= s < seats:
            raise bad('"lapped" lists seats')
        lapped |= 1 << s
    state = DogState(cfg, phase, turn, figures, hands_t, tuple(discard), tuple(folds),
                     tuple(avoid), transit, gifts, round_no, dealer, lapped, -1)
    # consistency: the deck
    vec = [0] * NKINDS
    for h in hands_t:
        for c in h:
            vec[c] += 1
    for k in range(1, NKINDS):
        located = vec[k] + discard[k] + sum(cards.count(k) for _, _, cards in folds) + \
            sum(1 for c in transit if c == k)
        if located > DECK[k]:
            raise bad(f"the deck holds only {DECK[k]} × {TOKEN[k]}; the position has {located}")
    if stock_size(state) < 0:
        raise bad("the position holds more than the 110 cards of the deck")
    if phase == PH_EXCHANGE and all(c != NO_CARD for c in transit):
        raise bad("every seat has already given its card")
    if phase == PH_EXCHANGE:
        # The seats give in any order; the seat to move is the first, from the one after the
        # dealer, that has not given: those before it have given, it has not.
        starter = (dealer + 1) % seats
        given = [(starter + i) % seats for i in range((turn - starter) % seats)]
        if transit[turn] != NO_CARD or any(transit[s] == NO_CARD for s in given):
            raise bad('"exchange": the seat to move is the first from the one after the dealer '
                      "that has not given its card yet")
    if phase in (PH_PLAY, PH_DRAWN, PH_EXCHANGE) and not hands_t[turn]:
        raise bad(f"seat {turn} is to move but holds no cards")
    winner = _winner(state)
    if winner >= 0:
        state = state._replace(phase=PH_OVER, winner=winner)
    elif phase == PH_OVER:
        raise bad('phase "over" but nobody has won')
    return state


def _winner(state: DogState) -> int:
    cfg = state.cfg
    L = cfg.geo.length
    for t, members in enumerate(cfg.teams):
        if all(sum(1 for p in state.figures[s] if p >= L) >= GOAL_FIELDS for s in members):
            return t
    return -1


def _figure_code(cfg: DogConfig, seat: int, tok: Any) -> int:
    if not isinstance(tok, str):
        raise bad(f"figure {tok!r} of seat {seat}: use K, T<n> or G1..G4")
    t = tok.strip().upper()
    geo = cfg.geo
    if t == "K":
        return kennel(seat)
    m = re.fullmatch(r"T(\d+)", t)
    if m:
        f = int(m.group(1))
        if f >= geo.length:
            raise bad(f"there is no track field {t} (T0..T{geo.length - 1})")
        return f
    m = re.fullmatch(r"G([1-4])", t)
    if m:
        return geo.goal(seat, int(m.group(1)) - 1)
    raise bad(f"figure {tok!r} of seat {seat}: use K, T<n> or G1..G4")


def _seat_cards(value: Any, seats: int, what: str) -> tuple[int, ...]:
    if value is None:
        return (NO_CARD,) * seats
    if not isinstance(value, list) or len(value) != seats:
        raise bad(f"{what} lists one card or null per seat")
    cards = NAMES.from_json([c for c in value if c is not None], what, allow_unknown=True,
                            numbers=True)[::-1]
    return tuple(NO_CARD if c is None else cards.pop() for c in value)


__all__ = ["format_action", "from_json", "local_token", "parse_action", "parse_position",
           "position_token", "to_json"]
