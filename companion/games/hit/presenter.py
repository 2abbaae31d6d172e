"""HIT at the table: the presenter (the lobby with its variants and checked set-ups, the seats'
fixed colours, private entries, the pickers' notation and the page). The board is drawn in
``hit_board``, the play entry built in ``hit_entry``, plays said in ``hit_words`` and cards
named in ``hit_names``.

No rule is decided here: every choice offered comes from the engine (``plays_of``,
``legal_actions``, ``buyable``), and every entry is checked by it when recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from companion.engines import TABLE
from companion.engines.base import Game
from companion.engines.i18n import N_
from companion.games.hit.engine.actions import DRAW, HAND, MARKET, SHUFFLE
from companion.games.hit.engine.board import geometry
from companion.games.hit.engine.cards import UNKNOWN
from companion.games.hit.engine.data import DATA
from companion.games.hit.engine.state import HitState
from companion.tables.errors import BadInput, Forbidden
from companion.tables.presenters import Privacy
from companion.tables.presenters.base import BasePresenter, whole_number
from companion.tables.presenters.colours import COLOUR_HEX

from . import board as hit_board
from . import entry as hit_entry
from . import setups as hit_setups
from . import words as hit_words
from .entry import card_token
from .names import TOKENS, card_label, table_cards

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


def engine_colours(players: int) -> list[str]:
    """The colours of the seats, seat 0 first: each seat plays the board segment (start field,
    barrier, goal) the data file gives it, so its colour is fixed by the board."""
    return list(geometry(players, DATA.material.figures_per_colour).colour)


def _tapped_field(token: str) -> str:
    """A field tapped on the board ("T12", "G2@1", "W0@1") as the mover's notation writes it."""
    name = token.split("@")[0]
    return "W" if name.startswith("W") else name


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
        players = whole_number(form.get("players", "4"), _("the number of players"), 2, 4)
        rules = {key: form.get(key) == "on" for key, _label in VARIANTS}
        if players != 4:
            rules["four_figures"] = False  # 2 and 3 players play all 4 figures anyway
        first = whole_number(form.get("first_player") or "1", _("who begins"), 1, players) - 1
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

    def is_hand_entry(self, game: Game, action: Any) -> bool:
        return action.kind == HAND

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
            slots = whole_number(form.get("slots"), _("the number of places"), 1,
                                 DATA.material.market)
            cards = []
            for i in range(slots):
                value = (form.get(f"card{i}") or "").strip()
                if not value:
                    raise BadInput(
                        _("choose the card revealed on place %(place)s") % {"place": i + 1}
                    )
                cards.append(card_token(value, _("a market card")))
            return "market " + ",".join(cards)
        if kind == "play":  # the referee's question, tapped: the card, then each figure's move
            card = card_token(form.get("card") or "", _("the card"))
            taps = [_tapped_field(t) for t in (form.get("taps") or "").split()]
            if len(taps) % 2:
                raise BadInput(_("tap where each figure stood, then where it went"))
            moves = [f"{a}-{b}" for a, b in zip(taps[::2], taps[1::2], strict=True)]
            return " ".join([card, *moves])
        if kind == "draw":
            slots = whole_number(form.get("slots"), _("the number of cards drawn"), 0,
                                 DATA.material.hand)
            cards = [(form.get(f"card{i}") or "").strip() for i in range(slots)]
            if not any(cards):
                return "draw"
            return "draw " + ",".join(card_token(c, _("a drawn card")) if c else "?" for c in cards)
        raise BadInput(_("nothing to compose as %(kind)r in HIT") % {"kind": kind})

    # -- the page ------------------------------------------------------------------------------
    def label(self, action_text: str) -> str:
        return hit_entry.action_label(action_text)

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
        entry = hit_entry.entry(game, state, position, names, seat, is_host, entry_args)
        pick = entry_args.get("pick")
        moves = entry.get("moves") or []
        if not pick and entry.get("mode") == "play" and len(moves) == 1:
            pick = moves[0]["action"]  # a choice with one option needs no tap: the confirm
        if pick and entry.get("mode") in ("play", "buy", "keep"):
            entry["pick_said"] = hit_entry.pick_said(game, state, pick, names)
        lit: set[str] = set()
        mover_seat = None if mover == TABLE else mover
        for text in [m["action"] for m in entry.get("moves", [])] + [highlight or ""]:
            lit |= hit_board.action_fields(text, mover_seat)
        for part in entry.get("split", {}).get("next", []):
            lit |= hit_board.action_fields(f"x {part['part']}", mover_seat)
        cards = table_cards(state)
        buyable = set(game.buyable(state)) if position["phase"] == "buy" else set()
        market = [
            {**hit_board.card_chip(t, cards), "affordable": t in buyable}
            for t in position["market"]
        ]
        return {
            "pick": pick,
            # the referee's card picker (its question is tapped, as DOG's)
            "referee_hit_cards": [{"token": t, "name": card_label(t)} for t in TOKENS],
            "board": hit_board.board_context(state, position, seats, protected, lit),
            "players": hit_board.player_rows(position, score, seats, seat, cards),
            "market": market,
            "market_for": names[turn] if buyable else None,
            "stack": position["stack"],
            "score_raw": score,
            "entry": entry,
            "hand_form": hit_entry.hand_form(position, seat),
            "setup_note": hit_board.setup_note(state),
            "table_says": hit_board.table_says(state, position, names),
            "variants": [str(label) for key, label in VARIANTS if position["rules"].get(key)],
        }


def _saved_setups() -> list[dict[str, Any]]:
    """The set-ups hosts checked, newest first, for the lobby's choice."""
    from companion.games.hit.models import HitSetup

    return [
        {"id": row.pk, "name": row.name, "checked_by": row.created_by}
        for row in HitSetup.objects.only("pk", "name", "created_by")[:50]
    ]


PRESENTER = HitPresenter()
