"""HIT notation: action strings and JSON positions (docs/notation.md, ENGINE_CONTRACT.md).

Actions (the seat to move is implied; fields are the mover's: ``W`` its waiting fields,
``G1``.. its goal fields, ``T0``.. the track):
    6 T12-T18            play a card: the figure on T12 goes to T18 (``6 T12`` is read too)
    s1 W-T0              a start card brings a figure out (``s1 W``)
    split10 T3-T8 T20-T25   the split 10: the moves in the order taken
    coins5               a card that only pays coins
    11 -                 a card that cannot be used: laid down unused (its coins still paid)
    discard 5,coins3     lay down 2 cards, coins3 on top: a figure comes out
    buy hunt  /  end     buy a market card (repeatable) / done buying
    draw  /  draw s1,4,hunt      table: the seat draws (cards unknown, or named)
    shuffle  /  shuffle keep     the discard pile is shuffled (keep: the shield card stays)
    market 7,hunt        table: the market's empty places are refilled
    hand 1 s1,s6,?       seat 1 enters its hand (privately)
Cards: docs/notation.md; ``name*n`` for n of them, ``?`` for a card nobody reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from companion.engines.base import TABLE, InvalidActionError
from companion.engines.kit import positions
from companion.engines.kit.notation import seat_of, words
from companion.engines.kit.positions import bad, json_int

from .actions import (
    BUY,
    DISCARD,
    DRAW,
    END,
    END_ACTION,
    HAND,
    KEEP_ACTION,
    MARKET,
    NO_DEST,
    PLAY,
    SHUFFLE,
    SHUFFLE_ACTION,
    HitAction,
)
from .board import OFF_PATH, WAIT
from .cards import (
    COIN_ONLY,
    E_SPLIT,
    EFFECT,
    IS_START,
    KINDS,
    NAMES,
    NK,
    START_DECK,
    TOKEN,
    UNKNOWN,
    cards_of,
    parse_card,
)
from .data import DATA, DataError, HitData, from_setup, setup_of
from .moves import Ctx, field_name
from .state import BUY as PH_BUY
from .state import DRAW as PH_DRAW
from .state import (
    HAND_SIZE,
    MARKET_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHASES,
    START_COINS,
    HitConfig,
    HitState,
    HouseRules,
    deck_of,
    draw_count,
    pile_size,
    protected,
    refill_count,
    stack_size,
    to_move,
)
from .state import MARKET as PH_MARKET
from .state import OVER as PH_OVER
from .state import PLAY as PH_PLAY
from .state import SHUFFLE as PH_SHUFFLE

_FIELD = re.compile(r"^([TGW])([0-9]*)$", re.IGNORECASE)


def parse_cards(text: str, *, allow_unknown: bool = False, ordered: bool = False) -> tuple[
        int, ...]:
    """Cards separated by commas or spaces, `name*n` for n of them; sorted unless `ordered`."""
    return NAMES.parse(text, allow_unknown=allow_unknown, ordered=ordered)


def parse_field(state: HitState, seat: int, text: str) -> int:
    """A field of `seat`'s way as its relative place (``W``, ``T12``, ``G2``)."""
    return _place(state.cfg, seat, text, InvalidActionError)


def _place(cfg: HitConfig, seat: int, text: str, error: Callable[[str], Exception]) -> int:
    """The relative place of a field of `seat`'s way; raises `error(message)`."""
    geo = cfg.geo
    m = _FIELD.match(text.strip())
    if not m:
        raise error(f"{text!r} is not a field (W, T0 … T{geo.fields - 1}, G1 … G{cfg.figures})")
    letter, num = m.group(1).upper(), m.group(2)
    if letter == "W":
        if num:
            raise error("W (a waiting field) takes no number")
        return WAIT
    if not num:
        raise error(f"{text!r}: {letter} needs a number")
    i = int(num)
    if letter == "G":
        if not 1 <= i <= geo.figures:
            raise error(f"goal fields are G1 … G{geo.figures}")
        return geo.lap[seat] + i - 1
    if not 0 <= i < geo.fields:
        raise error(f"track fields are T0 … T{geo.fields - 1}")
    rel = geo.rel_of[seat][i]
    if rel == OFF_PATH:
        raise error(f"T{i} is beyond seat {seat}'s barrier: not on its way")
    return rel


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------
def format_action(state: HitState, action: HitAction) -> str:
    kind = action.kind
    seat = state.turn
    if kind == PLAY:
        tok = TOKEN[action.card]
        if COIN_ONLY[action.card]:
            return tok
        if not action.moves:
            return f"{tok} -"
        segs = []
        for p, t in action.moves:
            a = field_name(state, seat, p)
            segs.append(a if t == NO_DEST else f"{a}-{field_name(state, seat, t)}")
        return f"{tok} {' '.join(segs)}"
    if kind == DISCARD:
        return f"discard {NAMES.text(action.cards)}"
    if kind == BUY:
        return f"buy {TOKEN[action.card]}"
    if kind == END:
        return "end"
    if kind == DRAW:
        if all(c == UNKNOWN for c in action.cards):
            return "draw"
        return f"draw {NAMES.text(action.cards)}"
    if kind == SHUFFLE:
        return "shuffle keep" if action.keep else "shuffle"
    if kind == MARKET:
        return f"market {NAMES.text(action.cards)}"
    if kind == HAND:
        return f"hand {action.seat} {NAMES.compact(action.cards)}".rstrip()
    raise InvalidActionError(f"unknown action kind {kind}")


def parse_action(state: HitState, text: str) -> HitAction:
    """Read an action (docs/notation.md); raises InvalidActionError."""
    head, first, rest_text = words(text)
    rest = rest_text.split()
    if head == "play":
        if not rest:
            raise InvalidActionError("play <card> <moves>, e.g. 'play 6 T12-T18'")
        head, rest = rest[0].lower(), rest[1:]
    if head == "end":
        if rest:
            raise InvalidActionError("end takes nothing")
        return END_ACTION
    if head == "buy":
        if len(rest) != 1:
            raise InvalidActionError("buy <card>, e.g. 'buy hunt' (one card per buy)")
        return HitAction(BUY, NAMES.one(rest[0]))
    if head == "discard":
        cards = parse_cards(" ".join(rest), ordered=True)
        if not cards:
            raise InvalidActionError("discard <card>,<card>: the two cards laid down, the "
                                     "top one last, e.g. 'discard 5,coins3'")
        return HitAction(DISCARD, cards=cards)
    if head == "draw":
        body = " ".join(rest).strip()
        if body in ("", "?"):
            return HitAction(DRAW, cards=(UNKNOWN,) * draw_count(state))
        return HitAction(DRAW, cards=parse_cards(body, allow_unknown=True))
    if head == "shuffle":
        if not rest:
            return SHUFFLE_ACTION
        if len(rest) == 1 and rest[0].lower() == "keep":
            return KEEP_ACTION
        raise InvalidActionError("shuffle, or shuffle keep (the shield card stays on the "
                                 "discard pile)")
    if head == "market":
        cards = parse_cards(" ".join(rest))
        return HitAction(MARKET, cards=cards)
    if head == "hand":
        seat = seat_of(rest[0] if rest else "", state.cfg.players,
                       "hand <seat> <cards>, e.g. 'hand 1 s1,s6,?'")
        return HitAction(HAND, cards=parse_cards(" ".join(rest[1:]), allow_unknown=True),
                         seat=seat)
    k = parse_card(head)
    if k is None:
        raise InvalidActionError(f"{first!r}: an action is a card ({NAMES.names}), "
                                 "discard, buy, end, draw, shuffle, market or hand")
    return _parse_play(state, k, rest)


def _parse_play(state: HitState, k: int, rest: list[str]) -> HitAction:
    tok = TOKEN[k]
    if COIN_ONLY[k]:
        if rest:
            raise InvalidActionError(f"the {tok} moves no figure: just '{tok}'")
        return HitAction(PLAY, k)
    if not rest or (len(rest) == 1 and rest[0].lower() in ("-", "unused")):
        return HitAction(PLAY, k)
    seat = state.turn
    moves = []
    for seg in rest:
        a, sep, b = seg.partition("-")
        p = parse_field(state, seat, a)
        t = parse_field(state, seat, b) if sep else NO_DEST
        moves.append((p, t))
    if EFFECT[k] == E_SPLIT:
        if any(t == NO_DEST for _, t in moves):
            raise InvalidActionError(f"the {tok} names each move from-to, e.g. "
                                     f"'{tok} T3-T8 T20-T25'")
    elif len(moves) == 1 and moves[0][1] == NO_DEST:
        p = moves[0][0]
        if state.phase == PH_PLAY and (p == WAIT or p in state.figures[seat]):
            found = {r for r in Ctx(state, seat).targets(k, p) if r >= 0}
            if len(found) == 1:
                moves[0] = (p, found.pop())
            elif len(found) > 1:
                raise InvalidActionError(f"the {tok} can take the figure on "
                                         f"{field_name(state, seat, p)} to several fields: "
                                         "name the one, e.g. "
                                         f"'{tok} {field_name(state, seat, p)}-"
                                         f"{field_name(state, seat, min(found))}'")
    return HitAction(PLAY, k, tuple(moves))


# ---------------------------------------------------------------------------------------------
# JSON positions
# ---------------------------------------------------------------------------------------------
_tokens = NAMES.tokens_of


def _bought(state: HitState, seat: int) -> tuple[int, ...]:
    deck = deck_of(state, seat)
    return cards_of(tuple(max(0, deck[k] - START_DECK[k]) if k else 0 for k in range(NK)))


def _discard_list(state: HitState, seat: int) -> list[str]:
    d = list(state.discards[seat])
    top = state.dtops[seat]
    if not top:
        return []
    d[top] -= 1
    return [*_tokens(cards_of(d)), TOKEN[top]]


def to_json(state: HitState) -> dict[str, Any]:
    cfg = state.cfg
    n = cfg.players
    mover = to_move(state)
    return positions.position_json(
        "hit", ("players", n), PHASES[state.phase], mover,
        {
            "side": cfg.geo.side,
            "turn": state.turn,
            "turns": state.turns,
            "first_player": cfg.first_player,
            **({"setup": setup_of(cfg.data)} if cfg.setup else {}),
            "figures": [[field_name(state, s, p) for p in fs]
                        for s, fs in enumerate(state.figures)],
        },
        [_tokens(h) for h in state.hands],
        {
            "shown": [_tokens(h) for h in state.shown],
            "coins": list(state.coins),
            "bought": [_tokens(_bought(state, s)) for s in range(n)],
            "draw_top": [_tokens(t) for t in state.tops],
            "draw_pile": [pile_size(state, s) for s in range(n)],
            "unseen": [_tokens(cards_of((0, *p[1:]))) for p in state.pools],
            "discards": [_discard_list(state, s) for s in range(n)],
            "protected": [protected(state, s) for s in range(n)],
            "market": _tokens(state.market),
            "stack": stack_size(state),
            "winner": None if state.winner < 0 else state.winner,
        },
        cfg.rules.changed(),
    )


def _json_cards(value: Any, what: str, *, allow_unknown: bool = False) -> list[int]:
    return NAMES.from_json(value, what, allow_unknown=allow_unknown)


def _figures(obj: Mapping[str, Any], cfg: HitConfig) -> tuple[tuple[int, ...], ...]:
    geo = cfg.geo
    n = cfg.players
    raw = positions.seat_list(obj, "figures", n)
    default = tuple(sorted((0,) + (WAIT,) * (cfg.figures - 1)))
    if raw is None:
        return (default,) * n
    out = []
    owner: dict[int, int] = {}
    for s, fs in enumerate(raw):
        if not isinstance(fs, list) or len(fs) != cfg.figures:
            raise bad(f"seat {s} has {cfg.figures} figures: list a field for each "
                       "(W, T0 …, G1 …)")
        places = []
        for tok in fs:
            if not isinstance(tok, str):
                raise bad(f"seat {s}: {tok!r} is not a field")
            rel = _place(cfg, s, tok, lambda msg, s=s: bad(f"seat {s}: {msg}"))
            if 0 <= rel < geo.lap[s]:
                i = geo.path[s][rel]
                if i in owner:
                    raise bad(f"T{i} holds two figures (seats {owner[i]} and {s})")
                owner[i] = s
            places.append(rel)
        goal = [p for p in places if p >= geo.lap[s]]
        if len(set(goal)) != len(goal):
            raise bad(f"seat {s}: two figures on one goal field")
        out.append(tuple(sorted(places)))
    return tuple(out)


def setup_data(setup: Any) -> HitData:
    """The data of a game's set-up (None: the shipped files); InvalidPositionError naming what
    is wrong with it."""
    if setup is None:
        return DATA
    try:
        return from_setup(setup)
    except DataError as exc:
        raise bad(f"the set-up: {exc}") from exc


def from_json(obj: Any) -> HitState:
    obj = positions.position_object(obj, "hit", "HIT")
    n = positions.player_count(obj, MIN_PLAYERS, MAX_PLAYERS, ("figures", "hands", "coins"))
    rules = HouseRules.from_json(obj.get("rules"))
    first = json_int(obj, "first_player", 0, 0, n - 1)
    cfg = HitConfig.make(n, rules, first, setup_data(obj.get("setup")))
    geo = cfg.geo
    side = obj.get("side")
    if side is not None and side != geo.side:
        raise bad(f'{n} players play on side "{geo.side}", not {side!r}')
    figures = _figures(obj, cfg)
    # whose decision
    raw_to_move = obj.get("to_move", obj.get("turn", first))
    mover = positions.mover(obj, n, obj.get("turn", first))
    phase = positions.phase(obj, PHASES, "play" if mover != TABLE else "draw")
    phase_name = PHASES[phase]
    turn = json_int(obj, "turn", mover if mover != TABLE else first, 0, n - 1)
    if mover != TABLE and mover != turn:
        raise bad(f'"to_move" {mover} is not the seat whose turn it is ({turn})')
    turns = json_int(obj, "turns", 1, 0, 10**6)
    if turns == 0 and phase not in (PH_DRAW, PH_MARKET):
        raise bad('"turns": 0 is the set-up, which only lays out the market and draws')
    winners = [s for s in range(n) if all(p >= geo.lap[s] for p in figures[s])]
    if len(winners) > 1:
        raise bad("two seats have all their figures home")
    if winners:
        if phase != PH_OVER:
            raise bad(f"seat {winners[0]} has all its figures home: the game is over")
        turn = winners[0]
    elif phase == PH_OVER:
        raise bad('phase "over", but no seat has all its figures home')
    # cards
    coins = positions.seat_list(obj, "coins", n)
    if coins is None:
        coins = [START_COINS] * n
    elif any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 10**6
             for c in coins):
        raise bad('"coins" lists a number of coins (0 or more) per seat')
    market = _json_cards(obj.get("market", []), '"market"')
    if len(market) > MARKET_SIZE:
        raise bad(f"the market holds at most {MARKET_SIZE} cards")
    if turns == 0 and phase == PH_MARKET and market:
        raise bad("the set-up's market is laid out by the table (market ...)")
    stack = list(cfg.cards.neutral_stack)
    for c in market:
        stack[c] -= 1
    raw_bought = positions.seat_list(obj, "bought", n) or [[] for _ in range(n)]
    raw_tops = positions.seat_list(obj, "draw_top", n) or [[] for _ in range(n)]
    raw_disc = positions.seat_list(obj, "discards", n) or [[] for _ in range(n)]
    raw_hands = positions.seat_list(obj, "hands", n) or [None] * n
    raw_shown = positions.seat_list(obj, "shown", n) or [[] for _ in range(n)]
    hand = positions.mover_hand(obj, mover)
    if hand is not None:
        raw_hands = list(raw_hands)
        raw_hands[mover] = hand
    hands, shown, tops, pools, discards, dtops = [], [], [], [], [], []
    for s in range(n):
        bought = _json_cards(raw_bought[s], f"cards bought by seat {s}")
        if any(IS_START[c] for c in bought):
            raise bad(f"seat {s}: start cards are not bought")
        for c in bought:
            stack[c] -= 1
        deck = list(START_DECK)
        for c in bought:
            deck[c] += 1
        top = _json_cards(raw_tops[s], f"the known top of seat {s}'s draw pile")
        disc = _json_cards(raw_disc[s], f"seat {s}'s discard pile")
        if raw_hands[s] is None:
            hand = [UNKNOWN] * _default_hand(phase, turns, turn, first, n, s)
        else:
            hand = _json_cards(raw_hands[s], f"the hand of seat {s}", allow_unknown=True)
        if len(hand) > HAND_SIZE:
            raise bad(f"seat {s} holds at most {HAND_SIZE} cards, not {len(hand)}")
        sh = _json_cards(raw_shown[s], f"the shown cards of seat {s}")
        if any(sh.count(c) > hand.count(c) for c in sh):
            raise bad(f"seat {s}: the shown cards must be among its hand's cards")
        pool = list(deck)
        for c in (*[c for c in hand if c], *top, *disc):
            pool[c] -= 1
        for k in KINDS:
            if pool[k] < 0:
                raise bad(f"seat {s} owns {deck[k]} × {TOKEN[k]} "
                           f"(start deck and bought), but the position places more")
        pool[UNKNOWN] = 0
        if hand.count(UNKNOWN) > sum(pool):
            raise bad(f"seat {s}: more unknown hand cards than cards not seen")
        hands.append(tuple(sorted(hand)))
        shown.append(tuple(sorted(sh)))
        tops.append(tuple(top))
        pools.append(tuple(pool))
        dv = [0] * NK
        for c in disc:
            dv[c] += 1
        discards.append(tuple(dv))
        dtops.append(disc[-1] if disc else 0)
    for k in KINDS:
        if stack[k] < 0:
            raise bad(f"there are {cfg.cards.neutral_stack[k]} × {TOKEN[k]}: the market and the "
                       "decks hold more")
    if phase == PH_PLAY and not hands[turn]:
        raise bad(f"seat {turn} has no card left to play: its turn goes on with buying")
    state = HitState(cfg, phase, turn, turns, figures, tuple(hands), tuple(shown), tuple(tops),
                     tuple(pools), tuple(discards), tuple(dtops), tuple(coins),
                     tuple(sorted(market)), tuple(stack), winners[0] if winners else -1)
    if phase != PH_OVER and mover != to_move(state) and \
            not (phase == PH_SHUFFLE and mover == TABLE):
        want = to_move(state)
        raise bad(f'phase "{phase_name}" is decided by '
                   f'{"the table" if want == TABLE else f"seat {want}"}, not {raw_to_move!r}')
    if phase == PH_DRAW and draw_count(state) == 0 and not state.tops[turn]:
        raise bad("nothing is left to draw: the draw pile and its known top are empty")
    if phase == PH_MARKET and not refill_count(state):
        raise bad('phase "market", but the market is full or the neutral stack is empty')
    if phase == PH_SHUFFLE and (pile_size(state, turn) or not sum(state.discards[turn])):
        raise bad('phase "shuffle" needs an empty draw pile and cards on the discard pile')
    return state


def _default_hand(phase: int, turns: int, turn: int, first: int, n: int, seat: int) -> int:
    """How many (unknown) cards a hand holds when the position does not say."""
    if turns == 0:  # the set-up: seats draw their first hand from the first player on
        if phase == PH_MARKET:
            return HAND_SIZE
        return HAND_SIZE if (seat - first) % n < (turn - first) % n else 0
    if seat == turn and phase in (PH_BUY, PH_DRAW, PH_SHUFFLE, PH_OVER):
        return 0
    return HAND_SIZE


__all__ = ["format_action", "from_json", "parse_action",
           "parse_cards", "parse_field", "to_json"]
