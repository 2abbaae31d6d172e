"""DOG at the table: colours, the board drawing, private reports and the play-entry choices."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from companion.engines.base import Game
from companion.engines.dog.actions import DEAL, DISCARD, DRAW, FOLD, GIVE, HAND, RESHUFFLE
from companion.engines.dog.cards import UNKNOWN
from companion.engines.dog.state import NO_CARD, DogState

from ..errors import BadInput
from . import Privacy

#: Default colours in seat order; each has a letter so colour-blind players can tell them apart.
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
COLOUR_HEX = {
    "red": "#d32f2f",
    "blue": "#1976d2",
    "green": "#388e3c",
    "yellow": "#f9a825",
    "purple": "#7b1fa2",
    "orange": "#ef6c00",
    "black": "#212121",
    "white": "#eeeeee",
}
OPTION_KEYS = {"seats", "mode", "rules", "first_dealer"}
# Actions that reveal or move hidden cards: no undo can take back what a phone has seen.
UNDO_BARRIERS = {DEAL, DRAW, RESHUFFLE, HAND, GIVE}


@dataclass(frozen=True, slots=True)
class DogPresenter:
    def engine_config(self, options: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(options, dict):
            raise BadInput("options must be an object", code="bad_config")
        unknown = set(options) - OPTION_KEYS
        if unknown:
            raise BadInput(
                f"unknown option(s) for DOG: {', '.join(sorted(unknown))}; "
                f"known: {', '.join(sorted(OPTION_KEYS))}",
                code="bad_config",
            )
        return {k: v for k, v in options.items() if v is not None}

    def seat_colours(self, seats: int, requested: list[str] | None) -> list[str]:
        colours = list(requested or COLOURS[:seats])
        if len(colours) != seats or len(set(colours)) != seats:
            raise BadInput(f"{seats} different colours are needed", code="bad_colours")
        bad = [c for c in colours if c not in COLOUR_HEX]
        if bad:
            raise BadInput(
                f"unknown colour(s) {', '.join(map(str, bad))}; choose from "
                f"{', '.join(COLOUR_HEX)}",
                code="bad_colours",
            )
        return colours

    def is_undo_barrier(self, game: Game, action: Any) -> bool:
        return action.kind in UNDO_BARRIERS

    def is_seat_report(self, game: Game, state: DogState, action: Any, seat: int | None) -> bool:
        """A seat may enter its own hand at any time."""
        if action.kind == HAND:
            if action.seat != seat:
                from ..errors import Forbidden

                raise Forbidden("a seat can only enter its own hand", code="not_your_hand")
            return True
        return False

    def hand_action(self, seat: int, cards: list[str]) -> str:
        return f"hand {seat} " + ",".join(c.strip() for c in cards)

    def spectator_view(self, game: Game, state: DogState) -> DogState:
        """What a phone without a seat may see: seat 0's view with every card hidden."""
        view = game.view(state, 0)
        return view._replace(
            hands=tuple((UNKNOWN,) * len(hand) for hand in view.hands),
            transit=tuple(UNKNOWN if c != NO_CARD else c for c in view.transit),
            folds=tuple((s, m, (UNKNOWN,) * len(cards)) for s, m, cards in view.folds),
            gifts=(NO_CARD,) * len(view.gifts),
        )

    def privacy(self, game: Game, state: DogState, action: Any) -> Privacy:
        kind = action.kind
        mover = state.turn
        if kind == HAND:
            return Privacy(action.seat, f"seat {action.seat} entered their hand")
        if kind == GIVE:
            receiver = state.cfg.receiver[mover]
            return Privacy(mover, f"seat {mover} gave a card to seat {receiver}")
        if kind == FOLD and action.cards and not state.cfg.rules.fold_face_up:
            return Privacy(mover, f"seat {mover} folded")
        if kind == DISCARD and not state.cfg.rules.fold_face_up:
            return Privacy(mover, f"seat {mover} discarded a card")
        if kind == DRAW and action.card:
            return Privacy(mover, f"seat {mover} drew a card")
        if kind == DEAL and action.cards:
            raise BadInput(
                "at a real table a deal is reported without its cards ('deal'); "
                "each seat enters its own hand",
                code="private_deal",
            )
        return Privacy(None, None)


PRESENTER = DogPresenter()


# --- the board drawing ------------------------------------------------------------------------

VIEW = 400
CENTRE = VIEW / 2


@dataclass(frozen=True, slots=True)
class Spot:
    field: str  # the engine's field name as the player to move writes it: T12, G1@2, K@0
    x: float
    y: float
    seat: int | None  # the colour of a kennel/goal/start field
    kind: str  # track, start, goal, kennel


def board_spots(length: int, starts: tuple[int, ...], direction: str) -> list[Spot]:
    """Where each field is drawn on a 400×400 board: the track as a ring, each seat's kennel
    outside and its goal inside next to its start field."""
    radius = 150.0
    sign = 1 if direction == "cw" else -1
    spots: list[Spot] = []
    owner = {t: s for s, t in enumerate(starts)}

    def at(pos: float, r: float) -> tuple[float, float]:
        angle = -math.pi / 2 + sign * 2 * math.pi * pos / length
        return round(CENTRE + r * math.cos(angle), 1), round(CENTRE + r * math.sin(angle), 1)

    for t in range(length):
        x, y = at(t, radius)
        spots.append(Spot(f"T{t}", x, y, owner.get(t), "start" if t in owner else "track"))
    step = 2 * math.pi * radius / length
    for seat, start in enumerate(starts):
        for g in range(4):
            x, y = at(start, radius - step * (g + 1.2))
            spots.append(Spot(f"G{g + 1}@{seat}", x, y, seat, "goal"))
        for k in range(4):
            x, y = at(start - 1.6 - (k % 2) * 1.1, radius + step * (1.3 + (k // 2) * 1.1))
            spots.append(Spot(f"K@{seat}#{k}", x, y, seat, "kennel"))
    return spots


def action_fields(game: Game, state: DogState, text: str) -> frozenset[str]:
    """The board fields (as drawn: T12, G2@1) that a play starts from or lands on."""
    from companion.engines.dog.board import kennel_seat

    try:
        action = game.parse_action(state, text)
    except Exception:
        return frozenset()
    geo = state.cfg.geo
    fields: set[str] = set()
    for code in (c for seg in action.segs for c in seg):
        if code < 0:
            fields.add(f"T{geo.start[kennel_seat(code)]}")  # coming out: the start field
        elif code < geo.length:
            fields.add(f"T{code}")
        else:
            fields.add(f"G{geo.goal_index(code) + 1}@{geo.goal_owner(code)}")
    return frozenset(fields)


# --- the play entry ---------------------------------------------------------------------------

CARD_LABELS = {
    "1": "1 / 11",
    "4": "4 ±",
    "7": "7 split",
    "13": "13",
    "swap": "Swap",
    "joker": "Joker",
}
ALL_CARDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13", "swap", "joker")


def move_label(text: str) -> str:
    """ "5 T12-T17" → "T12 → T17"; "1 K" → "K → out"; "swap T5 T40" → "T5 ⇄ T40"."""
    words = text.split()[1:]
    if text.startswith(("swap", "joker=swap")):
        return " ⇄ ".join(words) if words else "without effect"
    parts = []
    for w in words:
        if "-" in w:
            frm, to = w.split("-", 1)
            parts.append(f"{frm} → {to}")
        else:
            parts.append(f"{w} → start field")
    return ", ".join(parts)


def entry(
    game: Game,
    state: DogState,
    seat: int | None,
    is_host: bool,
    card: str | None,
    joker_as: str | None,
    seven: str | None,
) -> dict[str, Any]:
    """What the phone offers next: cards, then only the legal moves of the chosen card.

    ``seven`` carries the 7's segments chosen so far (notation, e.g. "T12-T15 T20-T21")."""
    from companion.engines import TABLE
    from companion.engines.dog.actions import PLAY, DogAction
    from companion.engines.dog.cards import JOKER, SEVEN, START_CARDS, parse_card

    phase = game.phase(state)
    mover = game.to_move(state)
    out: dict[str, Any] = {"phase": phase, "mover": mover, "card": card, "joker_as": joker_as}
    if phase == "over":
        return {**out, "mode": "over"}
    if mover == TABLE:
        return {**out, "mode": "table"}
    if not (is_host or seat == mover):
        return {**out, "mode": "wait"}
    hand = game.to_json(state).get("hand") or []
    known = [c for c in hand if c != "?"]
    unknown_hand = not hand or "?" in hand
    cards = sorted(set(ALL_CARDS if unknown_hand else known), key=ALL_CARDS.index)
    out["cards"] = [{"token": c, "label": CARD_LABELS.get(c, c)} for c in cards]
    out["hand"] = hand
    if phase == "exchange":
        return {**out, "mode": "exchange"}
    if phase not in ("play", "drawn"):
        return {**out, "mode": phase}
    out["mode"] = "play"
    if card is None:
        return out
    code = parse_card(card)
    if code is None or card not in ALL_CARDS:
        raise BadInput(f"{card!r} is not a DOG card")
    if code == JOKER and joker_as is None:
        out["joker_choices"] = [
            {"token": c, "label": CARD_LABELS.get(c, c)} for c in ALL_CARDS if c != "joker"
        ]
        return out
    as_code = parse_card(joker_as) if code == JOKER else code
    if as_code is None or as_code == JOKER:
        raise BadInput(f"a joker cannot be played as {joker_as!r}")
    head = f"joker={joker_as}" if code == JOKER else card
    if as_code == SEVEN:
        segs: tuple = ()
        if seven:
            segs = game.parse_action(state, f"{head} {seven}").segs
        left, steps = game.seven_steps(state, segs)
        done = game.format_action(state, DogAction(PLAY, code, SEVEN, segs)) if segs else head
        out["seven"] = {
            "left": left,
            "chosen": move_label(done) if segs else "",
            "so_far": " ".join(done.split()[1:]),
            "steps": [
                {
                    "label": move_label(
                        game.format_action(state, DogAction(PLAY, code, SEVEN, (step,)))
                    ),
                    "seven": " ".join(
                        game.format_action(
                            state, DogAction(PLAY, code, SEVEN, (*segs, step))
                        ).split()[1:]
                    ),
                }
                for step in steps
            ],
            "action": done if left == 0 and segs else None,
        }
        return out
    plays = [a for a in game.plays_of(state, code) if a.as_card == as_code]
    if code == JOKER and as_code in START_CARDS:
        # The engine lists coming out once (as the joker=1); offer it under the 13 too.
        twins = [
            a._replace(as_card=as_code)
            for a in game.plays_of(state, code)
            if a.as_card in START_CARDS and a.as_card != as_code and a.segs[0][0] < 0
        ]
        plays += [a for a in twins if not game.check(state, a)]
    out["moves"] = [
        {"action": (text := game.format_action(state, a)), "label": move_label(text)} for a in plays
    ]
    return out
