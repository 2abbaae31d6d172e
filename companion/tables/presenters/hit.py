"""HIT at the table: the board with corners and barriers, the market, coins and discard tops,
the play entry (card → only its legal plays → confirm; the split 10 part by part; laying down
2 to come out), buying, and the table's reports (draws, reshuffles, market refills).

No rule is decided here: every choice offered comes from the engine (``plays_of``,
``legal_actions``, ``buyable``), and every entry is checked by it when recorded.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from companion.engines import TABLE
from companion.engines.base import Game
from companion.engines.hit.actions import DISCARD, DRAW, HAND, MARKET, SHUFFLE
from companion.engines.hit.board import geometry
from companion.engines.hit.cards import UNKNOWN
from companion.engines.hit.data import DATA
from companion.engines.hit.rules import draw_count
from companion.engines.hit.state import HitState, refill_count
from companion.engines.i18n import N_
from companion.tables.errors import BadInput, Forbidden
from companion.tables.presenters import hit_setups

from . import Privacy, hit_words
from .base import BasePresenter
from .colours import COLOUR_HEX, chip
from .hit_names import CARDS, NEUTRAL_TOKENS, START_TOKENS, TOKENS, card_label, table_cards

OPTION_KEYS = {"players", "seats", "rules", "first_player", "setup"}
#: Draws, reshuffles, market refills and hand entries reveal or move hidden cards: no undo.
UNDO_BARRIERS = {DRAW, SHUFFLE, MARKET, HAND}
VARIANTS = (
    (
        "no_shields",
        gettext_lazy("Mehr Schadenfreude: shields are ignored, figures are never protected"),
    ),
    ("four_figures", gettext_lazy("4 statt 3: with 4 players, everyone plays all 4 figures")),
)
PLAYER_COUNTS = (2, 3, 4)

SYMBOL_TAGS = {
    "shield": pgettext_lazy("HIT symbol", "shield"),
    "shield_breaker": pgettext_lazy("HIT symbol", "breaker"),
    "no_hit": pgettext_lazy("HIT symbol", "no hit"),
    "no_goal_entry": pgettext_lazy("HIT symbol", "no goal"),
}

VIEW = 400
CENTRE = VIEW / 2
RADIUS = 140.0


def card_chip(token: str, cards: dict[str, dict[str, Any]] = CARDS) -> dict[str, Any]:
    """A card as the page shows it: token, short label, what it does, cost and symbols (of
    the game's set-up: `cards`, see `table_cards`)."""
    card = cards.get(token)
    if card is None:
        return {"token": token, "label": card_label(token), "name": "", "cost": None, "tags": []}
    return {
        "token": token,
        "label": card_label(token),
        "name": _(card["name"]),  # the data file's name, marked in hit_names.py
        "cost": card["cost"],
        "coins": card["coins"],
        "shield": "shield" in card["symbols"],
        "tags": [str(SYMBOL_TAGS[s]) for s in card["symbols"] if s in SYMBOL_TAGS],
    }


def _int(value: Any, what: str, low: int, high: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError) as exc:
        raise BadInput(_("%(what)s must be a whole number") % {"what": what}) from exc
    if not low <= number <= high:
        raise BadInput(
            _("%(what)s must be from %(low)s to %(high)s")
            % {"what": what, "low": low, "high": high}
        )
    return number


def _token(value: Any, what: str = "a card") -> str:
    """A card token as typed (case-insensitive) → the engine's token, or BadInput."""
    from companion.engines import get_game

    token = get_game("hit").card_token(str(value or "")) if value else None
    if token is None:
        raise BadInput(
            _("%(value)r is not a HIT card (%(what)s: %(tokens)s)")
            % {"value": value, "what": what, "tokens": ", ".join(TOKENS)}
        )
    return token


def engine_colours(players: int) -> list[str]:
    """The colours of the seats, seat 0 first: each seat plays the board segment (start field,
    barrier, goal) the data file gives it, so its colour is fixed by the board."""
    return list(geometry(players, DATA.material.figures_per_colour).colour)


def _segment(pos: str) -> tuple[str, str, str]:
    """ "T20-T26" → ("T20", "-", "T26")."""
    return pos.partition("-")


def _tapped_field(token: str) -> str:
    """A field tapped on the board ("T12", "G2@1", "W0@1") as the mover's notation writes it."""
    name = token.split("@")[0]
    return "W" if name.startswith("W") else name


def play_label(text: str, hits: dict[str, str] | None = None) -> str:
    """A play without its card, for a move button, in words: "from field 20 to field 26", "a
    figure comes out onto field 0", "laid down unused", "take the coins"; ``hits`` names whose
    figure stands on a destination. (Never the notation: nobody at the board says "T20".)"""
    from .hit_words import field_words

    words = text.split()
    if len(words) == 1:
        card = CARDS.get(words[0])
        return _("take %(coins)s coins") % {"coins": card["coins"]} if card else text
    if words[1:] == ["-"]:
        card = CARDS.get(words[0])
        if card and card["coins"]:
            return _("laid down unused (+%(coins)s coins)") % {"coins": card["coins"]}
        return _("laid down unused")
    parts = []
    for seg in words[1:]:
        frm, _sep, to = _segment(seg)
        if frm == "W":
            part = _("a figure comes out onto %(to)s") % {"to": field_words(to)}
        elif to:
            part = _("from %(from)s to %(to)s") % {"from": field_words(frm), "to": field_words(to)}
        else:
            part = field_words(frm)
        if hits and to in hits:
            part = _("%(move)s (hits %(name)s)") % {"move": part, "name": hits[to]}
        parts.append(part)
    return ", ".join(parts)


def action_label(text: str) -> str:
    """Any HIT action in words (hints, confirmations)."""
    words = text.split()
    if not words:
        return text
    head, rest = words[0], " ".join(words[1:])
    if head == "end":
        return _("done buying: end the turn")
    if head == "buy" and rest:
        chip = card_chip(rest)
        if chip["cost"]:
            values = {"card": chip["label"], "cost": chip["cost"]}
            return _("buy %(card)s for %(cost)s coins") % values
        return _("buy %(card)s") % {"card": chip["label"]}
    if head == "discard":
        cards = [c for c in rest.replace(",", " ").split() if c]
        shown = _(" and ").join(card_label(c) for c in cards)
        if len(cards) > 1:
            return _("lay down %(cards)s (%(top)s on top): a figure comes out") % {
                "cards": shown,
                "top": card_label(cards[-1]),
            }
        return _("lay down %(cards)s: a figure comes out") % {"cards": shown}
    if head == "draw":
        if not rest:
            return _("draw")
        return _("draw %(cards)s") % {"cards": ", ".join(card_label(c) for c in rest.split(","))}
    if head == "shuffle":
        return (
            _("shuffle, keeping the shield card on the discard pile")
            if rest == "keep"
            else _("shuffle the discard pile")
        )
    if head == "market":
        return _("the market gets %(cards)s") % {
            "cards": ", ".join(card_label(c) for c in rest.split(","))
        }
    if head == "hand":
        return _("hand of seat %(seat)s") % {"seat": text.split()[1]} if len(words) > 1 else text
    if head in CARDS:
        return f"{card_label(head)}: {play_label(text)}"
    return text


# --- the board ----------------------------------------------------------------------------------


def _at(pos: float, radius: float, fields: int) -> tuple[float, float]:
    angle = -math.pi / 2 + 2 * math.pi * pos / fields
    return round(CENTRE + radius * math.cos(angle), 1), round(CENTRE + radius * math.sin(angle), 1)


def board_context(
    state: HitState,
    position: dict[str, Any],
    seats: list[Any],
    protected: list[bool],
    lit: set[str],
) -> dict[str, Any]:
    """The side in play as a ring of track fields (clockwise, T0 at the top), corner fields
    square, start fields ringed and barriers drawn in their colour; per seat its waiting
    fields outside and its goal inside, at the turn between its barrier and start field."""
    geo = state.cfg.geo
    side = state.cfg.data.side_for(geo.players)
    colours = state.cfg.data.material.colours
    n = geo.fields
    step = 2 * math.pi * RADIUS / n
    segment_colour: dict[int, str] = {}
    for g, start in enumerate(side.starts):
        segment_colour[start] = COLOUR_HEX.get(colours[side.colours[g]], "#777")
    barrier_colour = {
        b: COLOUR_HEX.get(colours[side.colours[g]], "#777") for g, b in enumerate(side.barriers)
    }
    label_every = max(1, n // 8)
    spots: list[dict[str, Any]] = []
    where: dict[str, tuple[float, float]] = {}
    for t in range(n):
        x, y = _at(t, RADIUS, n)
        field = f"T{t}"
        where[field] = (x, y)
        kinds = ["track"]
        if t in geo.corners:
            kinds.append("corner")
        if t in segment_colour:
            kinds.append("start")
        if t in barrier_colour:
            kinds.append("barrier")
        label = None
        if t % label_every == 0:
            lx, ly = _at(t, RADIUS - 17, n)
            label = {"x": lx, "y": ly, "text": t}
        spots.append(
            {
                "field": field,
                "x": x,
                "y": y,
                "x0": round(x - 6, 1),
                "y0": round(y - 6, 1),
                "kind": " ".join(kinds),
                "corner": t in geo.corners,
                "colour": segment_colour.get(t) or barrier_colour.get(t),
                "lit": field in lit,
                "label": label,
            }
        )
    bars = []
    for b, colour in barrier_colour.items():
        x1, y1 = _at(b + 0.5, RADIUS - 11, n)
        x2, y2 = _at(b + 0.5, RADIUS + 11, n)
        bars.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2, "colour": colour})
    seat_colours = [COLOUR_HEX.get(s.colour, "#777") for s in seats]
    homes = []
    for seat in range(geo.players):
        start = geo.start[seat]
        colour = seat_colours[seat]
        for g in range(geo.figures):
            x, y = _at(start - 0.5, RADIUS - step * (g + 1.3), n)
            where[f"G{g + 1}@{seat}"] = (x, y)
            homes.append(
                {
                    "field": f"G{g + 1}@{seat}",
                    "x": x,
                    "y": y,
                    "kind": "goal",
                    "colour": colour,
                    "lit": f"G{g + 1}@{seat}" in lit,
                }
            )
        for k in range(geo.figures):
            x, y = _at(start - 1.7 - (k % 2) * 1.15, RADIUS + step * (1.25 + (k // 2) * 1.15), n)
            where[f"W{k}@{seat}"] = (x, y)
            homes.append(
                {
                    "field": f"W{k}@{seat}",
                    "x": x,
                    "y": y,
                    "kind": "waiting",
                    "colour": colour,
                    "lit": False,
                }
            )
    chips = [chip(s.colour) for s in seats]
    figures = []
    for seat, tokens in enumerate(position["figures"]):
        waiting = 0
        for token in tokens:
            if token == "W":
                key = f"W{waiting}@{seat}"
                waiting += 1
            elif token.startswith("G"):
                key = f"{token}@{seat}"
            else:
                key = token
            x, y = where[key]
            figures.append(
                {
                    "x": x,
                    "y": y,
                    "seat": seat,
                    "field": token,
                    "colour": seat_colours[seat],
                    "letter": chips[seat]["letter"],
                    "ink": chips[seat]["ink"],
                    "shielded": protected[seat],
                    "title": _("%(name)s (%(letter)s): %(where)s")
                    % {
                        "name": seats[seat].name,
                        "letter": chips[seat]["letter"],
                        "where": field_words(token),
                    },
                }
            )
    return {
        "view_size": VIEW,
        "spots": spots,
        "homes": homes,
        "bars": bars,
        "figures": figures,
        "side": geo.side,
        "description": board_description(position, seats, protected),
    }


def field_words(token: str) -> str:
    """A figure's field as the position writes it ("T20", "G1", "W") in words."""
    if token == "W":
        return _("waiting")
    if token.startswith("G"):
        return _("goal field %(number)s") % {"number": token[1:]}
    return _("field %(number)s") % {"number": token[1:]}


def board_description(position: dict[str, Any], seats: list[Any], protected: list[bool]) -> str:
    """The board in words for screen readers: per seat, where its figures stand."""
    lines = []
    for seat, (player, tokens) in enumerate(zip(seats, position["figures"], strict=False)):
        waiting = tokens.count("W")
        places = [field_words(t) for t in tokens if t != "W"]
        if waiting:
            places.append(
                ngettext("%(count)s waiting", "%(count)s waiting", waiting) % {"count": waiting}
            )
        c = chip(player.colour)
        line = _("%(name)s (%(colour)s, letter %(letter)s): %(places)s") % {
            "name": player.name,
            "colour": c["name"],
            "letter": c["letter"],
            "places": ", ".join(places),
        }
        if protected[seat]:
            line += " " + _("(protected by a shield)")
        lines.append(line)
    return ". ".join(lines) + "."


def action_fields(text: str, mover: int | None) -> set[str]:
    """The board fields a play starts from or lands on (the mover's W and G fields as drawn)."""
    fields: set[str] = set()
    for word in text.split()[1:]:
        for part in word.split("-"):
            if part.startswith("T") and part[1:].isdigit():
                fields.add(part)
            elif part.startswith("G") and part[1:].isdigit() and mover is not None:
                fields.add(f"{part}@{mover}")
    return fields


# --- the presenter ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HitPresenter(BasePresenter):
    game = "hit"
    template = "tables/hit.html"
    notation_examples = ("6 T20-T26", "s1 W-T0", "buy hunt", "end")
    lobby_template = "tables/new_hit.html"

    # -- lobby ---------------------------------------------------------------------------------
    def lobby_context(self) -> dict[str, Any]:
        by_count = {n: engine_colours(n) for n in PLAYER_COUNTS}
        rows = [
            {
                "index": i,
                "number": i + 1,
                "colours": [
                    {"players": n, "name": by_count[n][i], "hex": COLOUR_HEX.get(by_count[n][i])}
                    for n in PLAYER_COUNTS
                    if i < n
                ],
                "in": [n for n in PLAYER_COUNTS if i < n],
            }
            for i in range(max(PLAYER_COUNTS))
        ]
        return {
            "rows": rows,
            "player_counts": PLAYER_COUNTS,
            "variants": VARIANTS,
            "by_count": by_count,
            "setups": _saved_setups(),
        }

    def lobby_options(self, form: Any) -> tuple[dict[str, Any], list[str], list[str] | None]:
        players = _int(form.get("players", "4"), _("the number of players"), 2, 4)
        rules = {key: form.get(key) == "on" for key, _label in VARIANTS}
        if players != 4:
            rules["four_figures"] = False  # 2 and 3 players play all 4 figures anyway
        first = _int(form.get("first_player") or "1", _("who begins"), 1, players) - 1
        names = [form.get(f"name{i}", "") for i in range(players)]
        options: dict[str, Any] = {"players": players, "rules": rules, "first_player": first}
        setup = hit_setups.setup_for(form.get("setup"))
        if setup is not None:
            options["setup"] = setup
        return options, names, None

    def engine_config(self, options: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(options, dict):
            raise BadInput(_("options must be an object"), code="bad_config")
        unknown = set(options) - OPTION_KEYS
        if unknown:
            raise BadInput(
                _("unknown option(s) for HIT: %(unknown)s; known: %(known)s")
                % {"unknown": ", ".join(sorted(unknown)), "known": ", ".join(sorted(OPTION_KEYS))},
                code="bad_config",
            )
        return {k: v for k, v in options.items() if v is not None}

    def seat_colours(self, seats: int, requested: list[str] | None) -> list[str]:
        colours = engine_colours(seats)
        if requested and list(requested) != colours:
            raise BadInput(
                _(
                    "in HIT each seat plays the colour of its start field on the board: "
                    "%(colours)s (seat 0 first)"
                )
                % {"colours": ", ".join(colours)},
                code="bad_colours",
            )
        return colours

    def colour_hex(self, colour: str) -> str:
        return COLOUR_HEX.get(colour, "#777777")

    def card_name(self, token: str) -> str:
        """A card as referee messages name it: its short label, in the reader's language."""
        return card_label(token)

    # -- the rules' bookkeeping at the table ----------------------------------------------------
    def hand_tokens(self) -> tuple[str, ...]:
        return TOKENS

    def is_undo_barrier(self, game: Game, action: Any) -> bool:
        return action.kind in UNDO_BARRIERS

    def is_seat_report(self, game: Game, state: HitState, action: Any, seat: int | None) -> bool:
        """A seat enters only its own hand (at any time); only the seat that draws may name
        the cards it drew (anyone at the table may report a draw without them)."""
        if action.kind == HAND:
            if action.seat != seat:
                raise Forbidden(_("a seat can only enter its own hand"), code="not_your_hand")
            return True
        if action.kind == DRAW and any(c != UNKNOWN for c in action.cards) and seat != state.turn:
            raise Forbidden(
                _("only the seat that draws can name the cards it drew (report just 'draw')"),
                code="not_your_draw",
            )
        return False

    def spectator_view(self, game: Game, state: HitState) -> HitState:
        return game.public_view(state)

    def privacy(self, game: Game, state: HitState, action: Any) -> Privacy:
        if action.kind == HAND:
            return Privacy(action.seat, N_("seat {seat} entered their hand"), {"seat": action.seat})
        if action.kind == DRAW and any(c != UNKNOWN for c in action.cards):
            count = len(action.cards)
            one, many = N_("seat {seat} drew 1 card"), N_("seat {seat} drew {count} cards")
            template = one if count == 1 else many
            return Privacy(state.turn, template, {"seat": state.turn, "count": count})
        return Privacy(None)

    def compose(self, kind: str, form: Any) -> str:
        """Pickers → notation: a market refill (one card per empty place) or a draw with the
        drawn cards named (places left empty stay unknown)."""
        if kind == "market":
            slots = _int(form.get("slots"), _("the number of places"), 1, DATA.material.market)
            cards = []
            for i in range(slots):
                value = (form.get(f"card{i}") or "").strip()
                if not value:
                    raise BadInput(
                        _("choose the card revealed on place %(place)s") % {"place": i + 1}
                    )
                cards.append(_token(value, _("a market card")))
            return "market " + ",".join(cards)
        if kind == "play":  # the referee's question, tapped: the card, then each figure's move
            card = _token(form.get("card") or "", _("the card"))
            taps = [_tapped_field(t) for t in (form.get("taps") or "").split()]
            if len(taps) % 2:
                raise BadInput(_("tap where each figure stood, then where it went"))
            moves = [f"{a}-{b}" for a, b in zip(taps[::2], taps[1::2], strict=True)]
            return " ".join([card, *moves])
        if kind == "draw":
            slots = _int(form.get("slots"), _("the number of cards drawn"), 0, DATA.material.hand)
            cards = [(form.get(f"card{i}") or "").strip() for i in range(slots)]
            if not any(cards):
                return "draw"
            return "draw " + ",".join(_token(c, _("a drawn card")) if c else "?" for c in cards)
        raise BadInput(_("nothing to compose as %(kind)r in HIT") % {"kind": kind})

    # -- the page ------------------------------------------------------------------------------
    def label(self, action_text: str) -> str:
        return action_label(action_text)

    def describe_play(self, game: Game, state: HitState, action: Any, names: list[str]) -> Any:
        return hit_words.describe(game, state, action, names)

    def page_context(
        self,
        game: Game,
        state: HitState,
        position: dict[str, Any],
        seats: list[Any],
        seat: int | None,
        is_host: bool,
        entry_args: dict[str, Any],
        highlight: str | None = None,
    ) -> dict[str, Any]:
        score = game.score(state)
        mover = game.to_move(state)
        turn = position["turn"]
        protected = score["protected"]
        names = [s.name for s in seats]
        entry = self._entry(game, state, position, names, seat, is_host, entry_args)
        pick = entry_args.get("pick")
        moves = entry.get("moves") or []
        if not pick and entry.get("mode") == "play" and len(moves) == 1:
            pick = moves[0]["action"]  # a choice with one option needs no tap: the confirm
        if pick and entry.get("mode") in ("play", "buy", "keep"):
            entry["pick_said"] = _pick_said(game, state, pick, names)
        lit: set[str] = set()
        mover_seat = None if mover == TABLE else mover
        for text in [m["action"] for m in entry.get("moves", [])] + [highlight or ""]:
            lit |= action_fields(text, mover_seat)
        for part in entry.get("split", {}).get("next", []):
            lit |= action_fields(f"x {part['part']}", mover_seat)
        cards = table_cards(state)
        buyable = set(game.buyable(state)) if position["phase"] == "buy" else set()
        market = [{**card_chip(t, cards), "affordable": t in buyable} for t in position["market"]]
        hands = position["hands"]
        players = []
        for i, s in enumerate(seats):
            discards = position["discards"][i]
            hand = hands[i] or []
            players.append(
                {
                    "index": i,
                    "name": s.name,
                    "colour": COLOUR_HEX.get(s.colour, "#777"),
                    "colour_name": s.colour,
                    "letter": chip(s.colour)["letter"],
                    "ink": chip(s.colour)["ink"],
                    "coins": score["coins"][i],
                    "home": score["home"][i],
                    "to_go": score["steps_to_go"][i],
                    "progress": round(100 * score["progress"][i]),
                    "top": card_chip(discards[-1], cards) if discards else None,
                    "discards": len(discards),
                    "protected": protected[i],
                    "deck": score["deck"][i],
                    "draw_pile": score["draw_pile"][i],
                    "hand": len(hand),
                    "own_hand": [
                        card_chip(c, cards) if c != "?" else {"label": "?", "token": "?"}
                        for c in hand
                    ]
                    if i == seat
                    else None,
                    "shown": [card_label(c) for c in position["shown"][i]] if i != seat else [],
                    "bought": [card_label(c) for c in position["bought"][i]],
                    "to_move": i == turn and position["phase"] != "over",
                    "winner": score["winner"] == i,
                }
            )
        return {
            "pick": pick,
            # the referee's card picker (its question is tapped, as DOG's)
            "referee_hit_cards": [{"token": t, "name": card_label(t)} for t in TOKENS],
            "board": board_context(state, position, seats, protected, lit),
            "players": players,
            "market": market,
            "market_for": names[turn] if buyable else None,
            "stack": position["stack"],
            "score_raw": score,
            "entry": entry,
            "hand_form": self._hand_form(position, seat),
            "setup_note": _setup_note(state),
            "table_says": _table_says(state, position, names),
            "variants": [str(label) for key, label in VARIANTS if position["rules"].get(key)],
        }

    def _hand_form(self, position: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        """The seat's own hand as counts over the cards it owns (start cards and buys), while
        it holds cards nobody entered yet."""
        if seat is None or position["phase"] == "over":
            return None
        hand = position["hands"][seat] or []
        if "?" not in hand:
            return None
        bought = position["bought"][seat]
        owned = list(START_TOKENS) + [t for t in NEUTRAL_TOKENS if t in bought]
        return {
            "size": len(hand),
            "counts": [
                {
                    "token": t,
                    "label": card_label(t),
                    "count": hand.count(t),
                    "max": min(len(hand), 1 if t in START_TOKENS else bought.count(t)),
                }
                for t in owned
            ],
        }

    def _entry(
        self,
        game: Game,
        state: HitState,
        position: dict[str, Any],
        names: list[str],
        seat: int | None,
        is_host: bool,
        args: dict[str, Any],
    ) -> dict[str, Any]:
        phase = position["phase"]
        mover = game.to_move(state)
        turn = position["turn"]
        cards = table_cards(state)
        out: dict[str, Any] = {
            "phase": phase,
            "turn": turn,
            "turn_name": names[turn],
            "own": seat == turn,
        }
        if phase == "over":
            return {**out, "mode": "over"}
        if phase == "draw":
            count = draw_count(state)
            known_top = min(len(position["draw_top"][turn]), 3 - len(position["hands"][turn]))
            unseen = sorted(set(position["unseen"][turn]), key=TOKENS.index)
            return {
                **out,
                "mode": "draw",
                "count": count,
                "known_top": [card_label(c) for c in position["draw_top"][turn][:known_top]],
                "setup": position["turns"] == 0,
                "can_name": seat == turn and count > 0,
                "slots": range(count),
                "slot_count": count,
                "options": [card_chip(t, cards) for t in unseen],
            }
        if phase == "market":
            count = refill_count(state)
            stack = _stack(position, cards)
            return {
                **out,
                "mode": "market",
                "count": count,
                "setup": position["turns"] == 0,
                "slots": range(count),
                "options": [{**card_chip(t, cards), "left": n} for t, n in stack.items() if n],
            }
        if phase == "shuffle" and mover == TABLE:
            return {**out, "mode": "shuffle"}
        if mover == TABLE or not (is_host or seat == mover):
            return {**out, "mode": "wait"}
        if phase == "shuffle":
            discards = position["discards"][turn]
            top = card_chip(discards[-1], cards) if discards else None
            return {**out, "mode": "keep", "top": top}
        if phase == "buy":
            buyable = set(game.buyable(state))
            return {
                **out,
                "mode": "buy",
                "coins": position["coins"][turn],
                "offers": [
                    {**card_chip(t, cards), "affordable": t in buyable}
                    for t in sorted(set(position["market"]), key=TOKENS.index)
                ],
            }
        return self._play_entry(game, state, position, names, out, args)

    def _play_entry(
        self,
        game: Game,
        state: HitState,
        position: dict[str, Any],
        names: list[str],
        out: dict[str, Any],
        args: dict[str, Any],
    ) -> dict[str, Any]:
        """The play step: the cards the hand holds (or may hold), then only the legal plays
        of the card chosen; laying down 2 to come out; the split 10 part by part."""
        turn = out["turn"]
        chips = table_cards(state)
        hand = position.get("hand") or []
        known = "?" not in hand
        possible = set(hand) - {"?"}
        if not known:
            possible |= set(position["unseen"][turn])
        cards = sorted(possible, key=TOKENS.index)
        discards = [
            game.format_action(state, a) for a in game.legal_actions(state) if a.kind == DISCARD
        ]
        out.update(
            {
                "mode": "play",
                "hand": [card_chip(c, chips) for c in hand],
                "hand_known": known and bool(hand),
                "cards": [card_chip(c, chips) for c in cards],
                "can_discard": bool(discards),
                "played": 3 - len(hand),
                "card": None,
            }
        )
        card = args.get("card")
        if not card:
            return out
        if card == "discard":
            return self._discard_entry(out, discards, args.get("parts"), chips)
        token = _token(card)
        if token not in possible:
            if known:
                message = _("%(card)s is not a card your hand holds now")
            else:
                message = _("%(card)s is not a card %(name)s can hold now")
            raise BadInput(message % {"card": card_label(token), "name": names[turn]})
        out["card"] = card_chip(token, chips)
        plays = [game.format_action(state, a) for a in game.plays_of(state, token)]
        hits = _hits(position, turn, names)
        if CARDS[token]["effect"] == "split":
            out["split"] = _split_entry(token, plays, args.get("parts"))
            return out
        out["moves"] = [{"action": p, "label": play_label(p, hits)} for p in plays]
        return out

    def _discard_entry(
        self,
        out: dict[str, Any],
        discards: list[str],
        first: str | None,
        cards: dict[str, dict[str, Any]],
    ) -> dict[str, Any]:
        out["card"] = {"token": "discard", "label": _("Lay down 2")}
        pairs = [d.split(" ", 1)[1].split(",") for d in discards]
        if not pairs:
            raise BadInput(
                _("no figure can come out now (none waiting, or an own figure on start)")
            )
        if not first:
            firsts = sorted({p[0] for p in pairs}, key=TOKENS.index)
            out["discard_first"] = [card_chip(c, cards) for c in firsts]
            return out
        first = _token(first, _("the card laid down first"))
        seconds = [p[1] for p in pairs if p[0] == first]
        if not seconds:
            raise BadInput(_("%(card)s cannot be laid down now") % {"card": card_label(first)})
        out["discard_under"] = card_chip(first, cards)
        out["moves"] = [
            {
                "action": f"discard {first},{second}",
                "label": (
                    _("%(card)s on top (shield)")
                    if card_chip(second, cards).get("shield")
                    else _("%(card)s on top")
                )
                % {"card": card_label(second)},
            }
            for second in sorted(set(seconds), key=TOKENS.index)
        ]
        return out


def _part_key(part: str) -> tuple[int, ...]:
    """ "T20-T27" → an order for buttons: by the figure's field, then the destination."""
    key: list[int] = []
    for f in part.split("-"):
        key += [0 if f.startswith("T") else 1, int(f[1:]) if f[1:].isdigit() else -1]
    return tuple(key)


def _split_entry(token: str, plays: list[str], parts: str | None) -> dict[str, Any]:
    """The split 10 part by part, in any order: each part offered belongs, together with the
    parts chosen so far, to a legal play (the engine lists each resulting position once; a
    figure moves at most once, so the parts chosen decide the position)."""
    chosen = (parts or "").split()
    if len(set(chosen)) != len(chosen):
        raise BadInput(_("each figure moves at most once with the split 10"))
    want = set(chosen)
    matching = [p.split()[1:] for p in plays if want <= set(p.split()[1:])]
    if chosen and not matching:
        raise BadInput(_("no split of 10 goes on from %(parts)s") % {"parts": " ".join(chosen)})
    complete = next((m for m in matching if set(m) == want), None) if chosen else None
    unused = plays == [f"{token} -"]
    nexts = sorted(
        {part for m in matching for part in m if part not in want and part != "-"}, key=_part_key
    )
    return {
        "chosen": play_label(f"{token} {' '.join(chosen)}") if chosen else "",
        "so_far": " ".join(chosen),
        "next": [
            {
                "part": part,
                "label": play_label(f"{token} {part}"),
                "parts": " ".join([*chosen, part]),
            }
            for part in nexts
        ],
        "action": f"{token} {' '.join(complete)}" if complete else None,
        "unused": f"{token} -" if unused else None,
    }


def _hits(position: dict[str, Any], mover: int, names: list[str]) -> dict[str, str]:
    """Track field → the name of the opponent whose figure stands there."""
    return {
        token: names[s]
        for s, tokens in enumerate(position["figures"])
        if s != mover
        for token in tokens
        if token.startswith("T")
    }


def _stack(position: dict[str, Any], cards: dict[str, dict[str, Any]]) -> dict[str, int]:
    """The neutral stack's cards (public: every copy not in the market or a deck)."""
    left = {t: cards[t]["copies"] for t in NEUTRAL_TOKENS}
    for t in position["market"]:
        left[t] -= 1
    for bought in position["bought"]:
        for t in bought:
            left[t] -= 1
    return left


def _pick_said(game: Game, state: HitState, pick: str, names: list[str]) -> str:
    """The play to confirm in a sentence ("Play Start 3: the figure on field 0 to field 3?")."""
    try:
        action = game.parse_action(state, pick)
    except Exception:  # the play is checked when recorded; the question falls back to words
        return action_label(pick)
    return hit_words.describe(game, state, action, names).label


def _table_says(state: HitState, position: dict[str, Any], names: list[str]) -> str:
    """What the table does now, for the status line: who draws how many cards, how many
    market places are refilled, whose discard pile is shuffled."""
    phase, turn = position["phase"], position["turn"]
    name = names[turn]
    if phase == "draw":
        count = draw_count(state) + min(
            len(position["draw_top"][turn]), 3 - len(position["hands"][turn])
        )
        if position["turns"] == 0:
            return _("%(name)s draws the first hand: %(count)s cards") % {
                "name": name,
                "count": count,
            }
        return ngettext(
            "%(name)s draws %(count)s card", "%(name)s draws %(count)s cards", count
        ) % {"name": name, "count": count}
    if phase == "market":
        count = refill_count(state)
        if position["turns"] == 0:
            return ngettext(
                "The table lays out the market: %(count)s card",
                "The table lays out the market: %(count)s cards",
                count,
            ) % {"count": count}
        return ngettext(
            "The table refills the market after %(name)s's turn: %(count)s card",
            "The table refills the market after %(name)s's turn: %(count)s cards",
            count,
        ) % {"name": name, "count": count}
    if phase == "shuffle":
        return _("%(name)s's draw pile is empty: the discard pile is shuffled") % {"name": name}
    return ""


def _setup_note(state: HitState) -> str:
    """ "Board as checked by Ann" for a table on a set-up a host checked; nothing otherwise."""
    data = state.cfg.data
    if not state.cfg.setup:
        return ""
    if data.checked_by:
        return _("Board as checked by %(name)s") % {"name": data.checked_by}
    return _("Board as checked: %(setup)s") % {"setup": data.name} if data.name else ""


def _saved_setups() -> list[dict[str, Any]]:
    """The set-ups hosts checked, newest first, for the lobby's choice."""
    from companion.tables.models import HitSetup

    return [
        {"id": row.pk, "name": row.name, "checked_by": row.created_by}
        for row in HitSetup.objects.only("pk", "name", "created_by")[:50]
    ]


PRESENTER = HitPresenter()
