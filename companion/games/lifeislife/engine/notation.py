"""Life is Life notation: action strings and JSON positions (docs/notation.md, ENGINE_CONTRACT.md).

Actions:
    swap 3: mole,bear,pig        lay down three cards and take row 3 (rows 1..4 hold 1..4 cards)
    swap 2: cat,dog sudden cat   the same, calling sudden death (all 4 cats in the hand)
    knock                        announce the last round; in the last round: keep one's cards
    deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep      the table lays the rows
    deal rows ... hands giraffe*3,bear,.../?/-/...    and (a simulation) the hands, seat order
    hand 2 giraffe*3,bear*2,mole,goat,sheep,dog,cat   seat 2 enters (or shows) its hand
Cards: giraffe bear mole goat sheep dog hare pig cat mouse (Italian and German names are read
too), `name*n` for n of them, `?` for a card nobody reported; commas or spaces between cards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.engines.base import TABLE, InvalidActionError
from companion.engines.kit import positions
from companion.engines.kit.notation import seat_of, words
from companion.engines.kit.positions import bad, json_int

from .actions import DEAL, HAND, KNOCK, KNOCK_ACTION, SWAP, LifeAction
from .cards import (
    DECK,
    DECK_SIZE,
    EMPTY,
    HAND_SIZE,
    KINDS,
    NAMES,
    ROW_SIZES,
    SUDDEN,
    TOKEN,
    UNKNOWN,
    cards_of,
    counts,
    parse_animal,
)
from .state import DEAL as PH_DEAL
from .state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHASES,
    HouseRules,
    LifeConfig,
    LifeState,
    RoundResult,
    aside_count,
    located,
    to_move,
)
from .state import OVER as PH_OVER
from .state import PLAY as PH_PLAY
from .state import REVEAL as PH_REVEAL

_SWAP = re.compile(r"^([0-9]+)\s*:?\s*(.*)$", re.DOTALL)


def parse_cards(text: str, *, allow_unknown: bool = False) -> tuple[int, ...]:
    """Cards separated by commas or spaces, `name*n` for n of them; sorted."""
    return NAMES.parse(text, allow_unknown=allow_unknown)


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------
def format_action(state: LifeState, action: LifeAction) -> str:
    kind = action.kind
    if kind == SWAP:
        text = f"swap {action.row}: {NAMES.text(action.cards)}"
        return f"{text} sudden {TOKEN[action.sudden]}" if action.sudden else text
    if kind == KNOCK:
        return "knock"
    if kind == DEAL:
        text = "deal rows " + "/".join(NAMES.text(row) for row in action.rows)
        if not action.hands:
            return text
        hands = []
        for h in action.hands:
            if not h:
                hands.append("-")
            elif all(c == UNKNOWN for c in h):
                hands.append("?")
            else:
                hands.append(NAMES.compact(h))
        return f"{text} hands {'/'.join(hands)}"
    if kind == HAND:
        return f"hand {action.seat} {NAMES.compact(action.cards)}"
    raise InvalidActionError(f"unknown action kind {kind}")


def parse_action(state: LifeState, text: str) -> LifeAction:
    """Read an action (docs/notation.md); raises InvalidActionError."""
    head, first, rest = words(text)
    if head in ("knock", "pass"):
        if rest.strip():
            raise InvalidActionError("knock takes nothing")
        return KNOCK_ACTION
    if head == "swap":
        return _parse_swap(rest)
    if head == "deal":
        return _parse_deal(state, rest)
    if head == "hand":
        parts = rest.split(None, 1)
        seat = seat_of(parts[0] if parts else "", state.cfg.players,
                       "hand <seat> <cards>, e.g. 'hand 2 giraffe*3,bear,?*6'")
        cards = parse_cards(parts[1] if len(parts) > 1 else "", allow_unknown=True)
        return LifeAction(HAND, cards=cards, seat=seat)
    raise InvalidActionError(f"{first!r}: an action is swap, knock, deal or hand")


def _parse_swap(rest: str) -> LifeAction:
    m = _SWAP.match(rest.strip())
    if not m:
        raise InvalidActionError("swap <row>: <cards>, e.g. 'swap 3: mole,bear,pig'")
    row = int(m.group(1))
    if row not in ROW_SIZES:
        raise InvalidActionError(f"there is no row {row}: rows are 1 to 4")
    body = m.group(2)
    sudden = 0
    sm = re.search(r"(?:^|[,\s])sudden(?:\s*[=:]\s*|\s+)(\S+)\s*$", body, re.IGNORECASE)
    if sm:
        sudden = parse_animal(sm.group(1)) or 0
        if sudden not in SUDDEN:
            raise InvalidActionError(f"sudden death is called with cat, hare or pig, not "
                                     f"{sm.group(1)!r}")
        body = body[:sm.start()]
    cards = parse_cards(body)
    if not cards:
        raise InvalidActionError("name the cards laid down, e.g. 'swap 3: mole,bear,pig'")
    return LifeAction(SWAP, row, cards, sudden)


def _parse_deal(state: LifeState, rest: str) -> LifeAction:
    example = "'deal rows giraffe/mole,bear/pig,pig,cat/mouse,dog,goat,sheep'"
    body = rest.strip()
    if body.lower().startswith("rows"):
        body = body[4:]
    parts = re.split(r"\bhands\b", body, maxsplit=1, flags=re.IGNORECASE)
    rows_text = parts[0]
    hands_text = parts[1] if len(parts) > 1 else ""
    groups = re.sub(r"\s+", "", rows_text).split("/")
    if len(groups) != len(ROW_SIZES):
        raise InvalidActionError(f"a deal names the four rows, row 1 first, e.g. {example}")
    rows = tuple(parse_cards(g) for g in groups)
    if not hands_text.strip():
        return LifeAction(DEAL, rows=rows)
    hand_groups = hands_text.strip().split("/")
    n = state.cfg.players
    if len(hand_groups) != n:
        raise InvalidActionError(f"a deal lists {n} hands separated by '/' "
                                 "(- for a player out of the game, ? for an unknown hand)")
    hands = []
    for s, g in enumerate(hand_groups):
        g = g.strip()
        if g in ("", "-"):
            hands.append(())
        elif g == "?":
            hands.append((UNKNOWN,) * HAND_SIZE if state.lives[s] > 0 else ())
        else:
            hands.append(parse_cards(g, allow_unknown=True))
    if all(all(c == UNKNOWN for c in h) and len(h) == (HAND_SIZE if state.lives[s] > 0 else 0)
           for s, h in enumerate(hands)):
        return LifeAction(DEAL, rows=rows)
    return LifeAction(DEAL, rows=rows, hands=tuple(hands))


# ---------------------------------------------------------------------------------------------
# JSON positions
# ---------------------------------------------------------------------------------------------
def _tokens(vec: tuple[int, ...]) -> list[str]:
    return [TOKEN[c] for c in cards_of(vec)]


def result_json(result: RoundResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "round": result.round,
        "points": None if result.sudden >= 0 else list(result.points),
        "lives_lost": list(result.lost),
        "sudden_death": None if result.sudden < 0 else result.sudden,
        "sudden_animal": None if result.sudden < 0 else TOKEN[result.animal],
    }


def to_json(state: LifeState) -> dict[str, Any]:
    """The position as JSON (docs/notation.md); "swapped" and "public" as the table knows
    them, "last_round" the result of the round before."""
    return positions.position_json(
        "lifeislife", ("players", state.cfg.players), PHASES[state.phase], to_move(state),
        {
            "round": state.round,
            "starter": state.starter,
            "lives": list(state.lives),
            "rows": [[TOKEN[c] for c in row] for row in state.rows],
        },
        [_tokens(h) for h in state.hands],
        {
            "public": [_tokens(p) for p in state.public],
            "knocked_by": None if state.knocked_by < 0 else state.knocked_by,
            "swapped": [bool(state.swapped >> s & 1) for s in range(state.cfg.players)],
            "shown": [bool(state.shown >> s & 1) for s in range(state.cfg.players)],
            "aside": aside_count(state),
            "last_round": result_json(state.last),
            "winner": None if state.winner < 0 else state.winner,
        },
        state.cfg.rules.changed(),
    )


def _json_cards(value: Any, what: str, *, allow_unknown: bool = True) -> tuple[int, ...]:
    return tuple(sorted(NAMES.from_json(value, what, allow_unknown=allow_unknown)))


def from_json(obj: Any) -> LifeState:
    obj = positions.position_object(obj, "lifeislife", "Life is Life")
    n = positions.player_count(obj, MIN_PLAYERS, MAX_PLAYERS, ("lives", "hands"))
    rules = HouseRules.from_json(obj.get("rules"))
    # lives
    raw_lives = positions.seat_list(obj, "lives", n)
    if raw_lives is None:
        lives = (rules.start_lives,) * n
    else:
        if any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 99
               for v in raw_lives):
            raise bad('"lives" lists a number of lives (0 to 99) per seat')
        lives = tuple(raw_lives)
    alive = [s for s in range(n) if lives[s] > 0]
    if not alive:
        raise bad("every player is out: somebody must be left")
    # whose decision
    raw_to_move = obj.get("to_move", alive[0])
    mover = positions.mover(obj, n, alive[0])
    phase = positions.phase(obj, PHASES, "deal" if mover == TABLE else "play")
    phase_name = PHASES[phase]
    if len(alive) == 1:
        phase = PH_OVER
    elif phase == PH_OVER:
        raise bad('phase "over" but more than one player is left')
    elif (mover == TABLE) != (phase != PH_PLAY):
        raise bad(f'phase "{phase_name}" does not fit "to_move": {raw_to_move!r}')
    if phase == PH_PLAY and lives[mover] == 0:
        raise bad(f"seat {mover} is out of the game and cannot be to move")
    round_no = json_int(obj, "round", 0, 0, 10**6)
    default_starter = mover if mover != TABLE else alive[0]
    starter = json_int(obj, "starter", default_starter, 0, n - 1)
    if phase in (PH_PLAY, PH_DEAL) and lives[starter] == 0:
        raise bad(f"the starter, seat {starter}, is out of the game")
    first = obj.get("first_player")
    cfg = LifeConfig.make(n, rules, first if isinstance(first, int) and
                          not isinstance(first, bool) and 0 <= first < n else 0)
    # rows
    raw_rows = obj.get("rows")
    rows: tuple[tuple[int, ...], ...] = ()
    if raw_rows not in (None, []):
        if not isinstance(raw_rows, list) or len(raw_rows) != len(ROW_SIZES):
            raise bad('"rows" lists the four rows, row 1 (one card) first')
        rows = tuple(_json_cards(r, f"row {i + 1}", allow_unknown=False)
                     for i, r in enumerate(raw_rows))
        for i, row in enumerate(rows):
            if len(row) != ROW_SIZES[i]:
                raise bad(f"row {i + 1} holds exactly {ROW_SIZES[i]} cards, not {len(row)}")
    elif phase in (PH_PLAY, PH_REVEAL):
        raise bad('"rows" are needed while a round is played')
    in_round = phase in (PH_PLAY, PH_REVEAL)
    # hands and their public parts
    raw_public = positions.seat_list(obj, "public", n)
    given = positions.known_hands(obj, n, mover, _json_cards)
    hands: list[tuple[int, ...]] = []
    public: list[tuple[int, ...]] = []
    for s in range(n):
        pub = EMPTY
        if raw_public is not None and raw_public[s] is not None:
            pub = counts(_json_cards(raw_public[s], f"public cards of seat {s}",
                                     allow_unknown=False))
        h = given[s]
        if h is None:
            if in_round and lives[s] > 0:
                vec = list(pub)
                vec[UNKNOWN] = HAND_SIZE - sum(pub)
                if vec[UNKNOWN] < 0:
                    raise bad(f"seat {s}: more than {HAND_SIZE} public cards")
                hands.append(tuple(vec))
            elif sum(pub):
                raise bad(f"seat {s} holds no cards, so none of them can be public")
            else:
                hands.append(EMPTY)
        else:
            expected = (HAND_SIZE,) if in_round and lives[s] > 0 else \
                (0,) if in_round else (0, HAND_SIZE)
            if len(h) not in expected:
                raise bad(f"seat {s} holds {' or '.join(map(str, expected))} cards, "
                           f"not {len(h)}")
            vec = counts(h)
            if any(pub[k] > vec[k] for k in KINDS):
                raise bad(f"seat {s}: the public cards must be among the hand's cards")
            hands.append(vec)
        public.append(pub)
    # swaps and the knock
    swapped = 0
    raw_swapped = positions.seat_list(obj, "swapped", n)
    if raw_swapped is not None and in_round:
        for s, v in enumerate(raw_swapped):
            if not isinstance(v, bool):
                raise bad('"swapped" lists true or false per seat')
            if v and lives[s] > 0:
                swapped |= 1 << s
    knocked_by = -1
    raw_knock = obj.get("knocked_by")
    if raw_knock is not None and in_round:
        if isinstance(raw_knock, bool) or not isinstance(raw_knock, int) or \
                not 0 <= raw_knock < n or lives[raw_knock] == 0:
            raise bad('"knocked_by" is a seat still in the game, or null')
        if phase == PH_PLAY and raw_knock == mover:
            raise bad("the turn came back to the seat that knocked: the round is over")
        knocked_by = raw_knock
        swapped |= 1 << raw_knock  # one knocks only after a swap
    if phase == PH_REVEAL and knocked_by < 0:
        raise bad('phase "reveal" follows a knock: "knocked_by" is missing')
    shown = 0
    raw_shown = positions.seat_list(obj, "shown", n)
    if raw_shown is not None and phase == PH_REVEAL:
        for s, v in enumerate(raw_shown):
            if not isinstance(v, bool):
                raise bad('"shown" lists true or false per seat')
            if v and lives[s] > 0:
                if hands[s][UNKNOWN]:
                    raise bad(f"seat {s} has shown its hand, so all of its cards are known")
                shown |= 1 << s
                public[s] = (0, *hands[s][1:])
    last = _json_result(obj.get("last_round"), n)
    turn = mover if mover != TABLE else (knocked_by if phase == PH_REVEAL else starter)
    if phase == PH_OVER:
        turn = alive[0]
    state = LifeState(cfg, phase, turn, starter, round_no, lives, rows, tuple(hands),
                      tuple(public), swapped, knocked_by, last,
                      alive[0] if phase == PH_OVER else -1, shown)
    # consistency: the deck, and no unannounced sudden death
    vec = located(state)
    for k in KINDS:
        if vec[k] > DECK[k]:
            raise bad(f"the deck holds only {DECK[k]} {TOKEN[k]} cards; the position has "
                       f"{vec[k]}")
    if sum(vec) > DECK_SIZE:
        raise bad(f"the position holds more than the {DECK_SIZE} cards of the deck")
    if in_round:
        for s in range(n):
            if swapped >> s & 1:
                for k in rules.sudden:
                    if hands[s][k] == DECK[k]:
                        raise bad(f"seat {s} swapped and holds all {DECK[k]} {TOKEN[k]} "
                                   "cards: that ended the round at once (sudden death)")
    if phase == PH_REVEAL and all(shown >> s & 1 for s in alive):
        raise bad('phase "reveal" waits for a hand to be shown; every player has shown theirs')
    return state


def _json_result(value: Any, n: int) -> RoundResult | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise bad('"last_round" is an object {"round", "points", "lives_lost", '
                   '"sudden_death", "sudden_animal"}')
    try:
        lost = tuple(int(x) for x in value.get("lives_lost") or [0] * n)
        points_raw = value.get("points")
        points = tuple(None if p is None else int(p) for p in points_raw) if points_raw \
            else (None,) * n
        sudden_raw = value.get("sudden_death")
        sudden = -1 if sudden_raw is None else int(sudden_raw)
        animal_raw = value.get("sudden_animal")
        animal = 0 if animal_raw is None else (parse_animal(str(animal_raw)) or 0)
        round_no = int(value.get("round", 0))
    except (TypeError, ValueError) as exc:
        raise bad(f'"last_round": {exc}') from exc
    if len(lost) != n or len(points) != n or not -1 <= sudden < n:
        raise bad('"last_round" lists one entry per seat')
    return RoundResult(round_no, points, lost, sudden, animal)


__all__ = ["format_action", "from_json", "parse_action",
           "parse_cards", "result_json", "to_json"]
