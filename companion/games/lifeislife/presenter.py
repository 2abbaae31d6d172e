"""Life is Life at the table: the presenter (the lobby, private hands, the pickers' notation and
the page). The rows and players are drawn in ``lifeislife_board``, the entry built in
``lifeislife_entry``, plays said in ``lifeislife_words`` and animals named in
``lifeislife_names``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.engines.base import Game
from companion.engines.i18n import N_
from companion.games.lifeislife.engine.actions import DEAL, HAND
from companion.games.lifeislife.engine.cards import HAND_SIZE
from companion.games.lifeislife.engine.state import LifeState
from companion.tables.errors import BadInput, Forbidden
from companion.tables.presenters import Privacy
from companion.tables.presenters.base import BasePresenter, whole_number
from companion.tables.presenters.colours import COLOURS

from . import board as lifeislife_board
from . import deal_taps as lifeislife_deal_taps
from . import entry as lifeislife_entry
from . import words as lifeislife_words
from .board import ROW_SIZES
from .entry import cards_from_counts
from .names import ANIMAL_NAMES, ANIMALS, animal_name

UNDO_BARRIERS = {DEAL, HAND}  # the deal and hands reveal cards: no undo hides them again


@dataclass(frozen=True, slots=True)
class LifePresenter(BasePresenter):
    game = "lifeislife"
    template = "tables/lifeislife.html"
    notation_examples = ("swap 3: mole,bear,pig", "swap 1: giraffe", "knock")
    lobby_template = "tables/new_lifeislife.html"

    # -- lobby ---------------------------------------------------------------------------------
    def lobby_context(self) -> dict[str, Any]:
        return {"colours": COLOURS[:5]}

    def lobby_options(self, form: Any) -> tuple[dict[str, Any], list[str], list[str] | None]:
        players = whole_number(form.get("players", "4"), _("the number of players"), 3, 5)
        rules = {
            "expert": form.get("expert") == "on",
            "start_lives": whole_number(form.get("start_lives", "5"), _("the lives"), 1, 9),
        }
        names = [form.get(f"name{i}", "") for i in range(players)]
        colours = [form.get(f"colour{i}", "") or COLOURS[i] for i in range(players)]
        return {"players": players, "rules": rules}, names, colours

    def engine_config(self, options: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(options, dict):
            raise BadInput(_("options must be an object"), code="bad_config")
        unknown = set(options) - {"players", "seats", "rules", "first_player"}
        if unknown:
            raise BadInput(
                _("unknown option(s) for Life is Life: %(unknown)s")
                % {"unknown": ", ".join(sorted(unknown))},
                code="bad_config",
            )
        return {k: v for k, v in options.items() if v is not None}

    def card_name(self, token: str) -> str:
        return animal_name(token)

    # -- the rules' bookkeeping at the table ----------------------------------------------------
    def hand_tokens(self) -> tuple[str, ...]:
        return ANIMAL_NAMES

    def hand_action(self, seat: int, cards: list[str]) -> str:
        return f"hand {seat} " + ",".join(c.strip() for c in cards)

    def correction_plays(self) -> list[dict[str, str]]:
        """Not a swap at all: the player knocked (or kept the cards in the last round)."""
        return [{"action": "knock", "label": _("It was a knock")}]

    def is_undo_barrier(self, game: Game, action: Any) -> bool:
        return action.kind in UNDO_BARRIERS

    def is_hand_entry(self, game: Game, action: Any) -> bool:
        return action.kind == HAND

    def reveals(self, game: Game, before: LifeState, after: LifeState) -> bool:
        """Whether a play showed hidden cards: it ended the round (the hands are shown) or a
        sudden-death set was shown (its holder's cards); an undo never crosses it."""
        return game.phase(after) != game.phase(before) or game.score(after).get(
            "lives"
        ) != game.score(before).get("lives")

    def is_seat_report(self, game: Game, state: LifeState, action: Any, seat: int | None) -> bool:
        """A seat may enter its own hand at any time; at the round's end (the table shows the
        hands) anyone at the table may enter any hand."""
        if action.kind != HAND:
            return False
        if action.seat == seat:
            return True
        if game.phase(state) == "reveal":
            return False  # a table report: allowed to every seat by the table rule
        raise Forbidden(
            _("during a round a seat can only enter its own hand"), code="not_your_hand"
        )

    def spectator_view(self, game: Game, state: LifeState) -> LifeState:
        return game.public_view(state)

    def privacy(self, game: Game, state: LifeState, action: Any) -> Privacy:
        if action.kind == HAND and game.phase(state) != "reveal":
            return Privacy(action.seat, N_("seat {seat} entered their hand"), {"seat": action.seat})
        if action.kind == DEAL and action.hands:
            raise BadInput(
                _(
                    "at a real table the deal is reported with the rows only; each seat "
                    "enters its own hand"
                ),
                code="private_deal",
            )
        return Privacy(None)

    def compose(self, kind: str, form: Any) -> str:
        """Forms → notation: the rows of a deal, or a swap from animal counts."""
        if kind == "deal":  # one picker per card: row r has r of them
            form = lifeislife_deal_taps.row_fields(form)  # a correction's taps, row by row
            rows = []
            for r in ROW_SIZES:
                row = [form.get(f"row{r}-{i}") or "" for i in range(r)]
                if any(card not in ANIMAL_NAMES for card in row):
                    raise BadInput(
                        ngettext(
                            "choose the %(count)s animal of row %(row)s",
                            "choose the %(count)s animals of row %(row)s",
                            r,
                        )
                        % {"count": r, "row": r}
                    )
                rows.append(row)
            return "deal rows " + "/".join(",".join(row) for row in rows)
        if kind == "swap":
            row = whole_number(form.get("row"), _("the row"), 1, 4)
            return f"swap {row}: " + ",".join(cards_from_counts(form, "lay", row))
        raise BadInput(_("nothing to compose as %(kind)r") % {"kind": kind})

    # -- the page ------------------------------------------------------------------------------
    def label(self, action_text: str) -> str:
        """ "swap 3: bear,mole,pig" → "take row 3 for bear, mole, pig"."""
        words = action_text.replace(",", ", ")
        if action_text.startswith("swap "):
            row, _sep, cards = action_text[5:].partition(":")
            named = ", ".join(animal_name(c.strip()) for c in cards.split(",") if c.strip())
            return _("take row %(row)s for %(cards)s") % {"row": row.strip(), "cards": named}
        if action_text == "knock":
            return _("knock")
        return words

    def describe_play(self, game: Game, state: LifeState, action: Any, names: list[str]) -> Any:
        return lifeislife_words.describe(game, state, action, names)

    def page_context(
        self,
        game: Game,
        state: LifeState,
        position: dict[str, Any],
        seats: list[Any],
        seat: int | None,
        is_host: bool,
        entry_args: dict[str, Any],
        highlight: str | None = None,
    ) -> dict[str, Any]:
        score = game.score(state)
        phase = game.phase(state)
        mover = game.to_move(state)
        hands = position.get("hands") or [[] for _ in seats]
        players = lifeislife_board.player_rows(position, score, seats, mover)
        rows = lifeislife_board.row_cards(position, highlight)
        own = [c for c in hands[seat] if c != "?"] if seat is not None and seat < len(hands) else []
        entry = lifeislife_entry.entry(game, state, seat, is_host, entry_args, own)
        names = [s.name for s in seats]
        pick = entry_args.get("pick")
        if pick and entry.get("mode") == "play":
            entry["pick_said"] = lifeislife_entry.pick_said(game, state, pick, names)
        if entry.get("mode") == "reveal":
            entry["shows"] = [
                lifeislife_entry.show_form(
                    i, names[i], hands[i] if i < len(hands) else [], i == seat
                )
                for i in entry["missing"]
            ]
        round_result = (
            lifeislife_board.round_result(state, score, names) if state.last is not None else None
        )
        if phase in ("deal", "over") and round_result is not None:
            entry["result"] = round_result
        return {
            "rows": rows,
            "players": players,
            "score_raw": score,
            "majorities": lifeislife_board.majority_holders(score, seats),
            "entry": entry,
            # the last round scored, shown large on the presenter until the next is scored
            "round_result": round_result,
            # a new round's hand form starts empty (the last round's cards stay until the deal)
            "hand_counts": [
                {
                    "token": a,
                    "label": animal_name(a),
                    "count": own.count(a) if phase in ("play", "reveal") else 0,
                    "max": dict(ANIMALS)[a],
                }
                for a in ANIMAL_NAMES
            ],
            # the hand is 10 cards, tapped as faces; offered only to a player still in the
            # round's play (not one who is out, nor anyone once the game is over)
            "hand_size": HAND_SIZE,
            "seat_out": seat is not None and seat in score["out"],
            # the status line while the hands are shown (not "the table reports a card")
            "table_says": _("The round is over: everyone shows their hand.")
            if phase == "reveal"
            else None,
            "hand_offer": seat is not None and phase == "play" and seat not in score["out"],
            "hand_open": bool(
                seat is not None
                and phase == "play"
                and seat not in score["out"]
                and len(own) < HAND_SIZE
            ),
            "status_note": lifeislife_board.last_round_note(score, names, phase),
            "animals": [(a, copies, animal_name(a)) for a, copies in ANIMALS],
            "deal_slots": lifeislife_deal_taps.DEAL_SLOTS,  # a deal corrected by tapping
            "phase_name": phase,
        }


PRESENTER = LifePresenter()
