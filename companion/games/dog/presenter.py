"""DOG at the table: colours, the board drawing, private reports and the play-entry choices."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from companion.engines.base import Game
from companion.engines.i18n import N_
from companion.games.dog.engine.actions import DEAL, DISCARD, DRAW, FOLD, GIVE, HAND, RESHUFFLE
from companion.games.dog.engine.cards import UNKNOWN
from companion.games.dog.engine.state import NO_CARD, DogState
from companion.tables.errors import BadInput
from companion.tables.presenters import Privacy
from companion.tables.presenters.base import BasePresenter, whole_number
from companion.tables.presenters.colours import COLOUR_HEX, COLOURS, chip

from . import board as dog_board
from . import entry as dog_entry
from . import referee as dog_referee
from . import words as dog_words
from .entry import move_label

OPTION_KEYS = {"seats", "mode", "rules", "first_dealer"}
# Actions that reveal or move hidden cards: no undo can take back what a phone has seen.
UNDO_BARRIERS = {DEAL, DRAW, RESHUFFLE, HAND, GIVE}


RULES_TOGGLES = (
    ("goal_entry_mandatory", gettext_lazy("Entering the goal is mandatory when possible")),
    ("knock_own", gettext_lazy("Landing on your own figures sends them home")),
    (
        "seven_partner_exception",
        gettext_lazy("7: the rest goes to the partner after your last figure"),
    ),
    ("swap_void", gettext_lazy("A swap card with no swap possible may be played without effect")),
    ("fold_face_up", gettext_lazy("Folded cards are shown face up")),
    ("card_exchange", gettext_lazy("Partners exchange a card after each deal")),
)
#: Card names inside referee messages ("Seat 2 holds no swap card"); numbers stay numbers.
MESSAGE_CARD_NAMES = {
    "swap": pgettext_lazy("DOG card", "swap card"),
    "joker": pgettext_lazy("DOG card", "joker"),
    "?": pgettext_lazy("DOG card", "unknown card"),
}


#: Copies of a card kind in the DOG deck (the jokers: 6), the most a hand can hold of one.
COPIES_IN_DECK = 8
JOKERS_IN_DECK = 6


@dataclass(frozen=True, slots=True)
class DogPresenter(BasePresenter):
    game = "dog"
    #: The template whose partials (board, score, entry, hand) draw this game.
    template = "tables/dog.html"
    #: Shown beside the referee's "check any play" box.
    notation_examples = ("5 T12-T17", "4 T16-T12", "7 T3-T5 T20-T25")

    lobby_template = "tables/new_dog.html"
    counter_unseen_public = gettext_lazy("Not seen since the last reshuffle")

    def lobby_context(self) -> dict[str, Any]:
        return {"toggles": RULES_TOGGLES, "colours": COLOURS}

    def lobby_options(self, form: Any) -> tuple[dict[str, Any], list[str], list[str] | None]:
        """The lobby form → engine options, names and colours (BadInput when malformed)."""
        seats = whole_number(form.get("seats", "4"), _("the number of seats"))
        rules: dict[str, Any] = {"direction": form.get("direction", "cw")}
        for key, _label in RULES_TOGGLES:
            rules[key] = form.get(key) == "on"
        names = [form.get(f"name{i}", "") for i in range(seats)] if 2 <= seats <= 6 else []
        colours = [form.get(f"colour{i}", "") for i in range(seats)] if names else None
        return {"seats": seats, "mode": form.get("mode") or None, "rules": rules}, names, colours

    def card_name(self, token: str) -> str:
        """A card as referee messages name it, in the reader's language."""
        return str(MESSAGE_CARD_NAMES.get(token, token))

    def counter_label(self, token: str) -> str:
        """A card as the entry and the card counter name it ("Joker", "1 / 11")."""
        return str(dog_entry.CARD_LABELS.get(token, token))

    def compose(self, kind: str, form: Any) -> str:
        raise BadInput(_("DOG plays are entered card by card, not composed from a form"))

    def referee_cards(self) -> list[dict[str, str]]:
        """The referee's card picker: every DOG card, named as referee messages name it."""
        return [{"token": t, "name": self.card_name(t)} for t in dog_referee.DOG_CARDS]

    def referee_compose(self, card: str | None, joker_as: str | None, taps: str | None) -> str:
        return dog_referee.compose(card, joker_as, taps)

    def hand_tokens(self) -> tuple[str, ...]:
        """The card tokens of the hand form, in their order."""
        return dog_entry.ALL_CARDS

    def label(self, action_text: str) -> str:
        return move_label(action_text)

    def describe_play(self, game: Game, state: DogState, action: Any, names: list[str]) -> Any:
        return dog_words.describe(game, state, action, names)

    def page_context(
        self,
        game: Game,
        state: DogState,
        position: dict[str, Any],
        seats: list[Any],
        seat: int | None,
        is_host: bool,
        entry_args: dict[str, Any],
        highlight: str | None = None,
    ) -> dict[str, Any]:
        """The game's part of the page: board, live score, play entry, hand form."""
        names = [s.name for s in seats]
        entry = dog_entry.entry(game, state, seat, is_host, entry_args, names)
        # a 7 step by step: the board as it now is, after the steps so far
        now = (entry.get("seven") or {}).get("now")
        drawn, drawn_position = (now, game.to_json(now)) if now is not None else (state, position)
        entry["board_taps"] = dog_board.tap_layer(drawn, entry["taps"])
        lit = dog_board.highlighted_fields(
            game, drawn, {"moves": [{"action": highlight}]} if highlight else entry
        )
        own_hand = position["hands"][seat] if seat is not None else []
        score = game.score(state)
        return {
            "entry": entry,
            "board": dog_board.board_context(drawn, drawn_position, seats, lit),
            "score": dog_board.score_rows(score, seats, dog_board.fields_to_go(state)),
            "score_raw": score,
            "hand_counts": [
                {
                    "token": c,
                    "label": dog_entry.CARD_LABELS.get(c, c),
                    "count": own_hand.count(c),
                    "max": JOKERS_IN_DECK if c == "joker" else COPIES_IN_DECK,
                }
                for c in dog_entry.ALL_CARDS
            ],
            # the hand form's cards are tapped as faces: "5 of 6", Save when all are there
            "hand_size": len(own_hand) or None,
            # the seat's own give in the exchange with an unknown hand: the hand first, in the tray
            "hand_in_tray": bool(seat is not None and "?" in own_hand and entry.get("own_give")),
            # the exchange: a phone whose card is still to give is "to move" in its own colour
            # (not the first giver's, whom the engine names)
            **(
                {"mover_chip": chip(seats[seat].colour), "mover_name": seats[seat].name}
                if seat is not None and entry.get("own_give")
                else {}
            ),
        }

    def engine_config(self, options: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(options, dict):
            raise BadInput(_("options must be an object"), code="bad_config")
        unknown = set(options) - OPTION_KEYS
        if unknown:
            raise BadInput(
                _("unknown option(s) for DOG: %(unknown)s; known: %(known)s")
                % {"unknown": ", ".join(sorted(unknown)), "known": ", ".join(sorted(OPTION_KEYS))},
                code="bad_config",
            )
        return {k: v for k, v in options.items() if v is not None}

    def seat_colours(self, seats: int, requested: list[str] | None) -> list[str]:
        colours = list(requested or COLOURS[:seats])
        if len(colours) != seats or len(set(colours)) != seats:
            raise BadInput(
                _("%(seats)s different colours are needed") % {"seats": seats}, code="bad_colours"
            )
        bad = [c for c in colours if c not in COLOUR_HEX]
        if bad:
            raise BadInput(
                _("unknown colour(s) %(bad)s; choose from %(known)s")
                % {"bad": ", ".join(map(str, bad)), "known": ", ".join(COLOUR_HEX)},
                code="bad_colours",
            )
        return colours

    def is_undo_barrier(self, game: Game, action: Any) -> bool:
        return action.kind in UNDO_BARRIERS

    def reveals(self, game: Game, before: DogState, after: DogState) -> bool:
        """The last gift of the exchange: every receiver picks up the card given to them."""
        return game.phase(before) == "exchange" and game.phase(after) != "exchange"

    def is_hand_entry(self, game: Game, action: Any) -> bool:
        return action.kind == HAND

    def is_seat_report(self, game: Game, state: DogState, action: Any, seat: int | None) -> bool:
        """A seat may enter its own hand at any time, and give its card in the exchange
        whoever is "to move" (everyone gives at once)."""
        from companion.tables.errors import Forbidden

        if action.kind == HAND:
            if action.seat != seat:
                raise Forbidden(_("a seat can only enter its own hand"), code="not_your_hand")
            return True
        if action.kind == GIVE and action.seat >= 0:
            if action.seat != seat:
                raise Forbidden(_("a seat gives only its own card"), code="not_your_card")
            return True
        return False

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
            return Privacy(action.seat, N_("seat {seat} entered their hand"), {"seat": action.seat})
        if kind == GIVE:
            giver = dog_words.actor_seat(state, action)
            receiver = state.cfg.receiver[giver]
            return Privacy(
                giver,
                N_("seat {seat} gave a card to seat {receiver}"),
                {"seat": giver, "receiver": receiver},
            )
        if kind == FOLD and action.cards and not state.cfg.rules.fold_face_up:
            return Privacy(mover, N_("seat {seat} folded"), {"seat": mover})
        if kind == DISCARD and not state.cfg.rules.fold_face_up:
            return Privacy(mover, N_("seat {seat} discarded a card"), {"seat": mover})
        if kind == DRAW and action.card:
            return Privacy(mover, N_("seat {seat} drew a card"), {"seat": mover})
        if kind == DEAL and action.cards:
            raise BadInput(
                _(
                    "at a real table a deal is reported without its cards ('deal'); "
                    "each seat enters its own hand"
                ),
                code="private_deal",
            )
        return Privacy(None)

    def shared_with(self, game: Game, config: Any, text: str, owner: int) -> int | None:
        """The other seat that reads a private entry of ``owner`` in full: the receiver of a
        card given in the exchange (the engine hides it from them until everyone has given)."""
        if not text.startswith("give"):
            return None
        return _receivers(game, json.dumps(config, sort_keys=True))[owner]


@functools.lru_cache(maxsize=64)
def _receivers(game: Game, config_json: str) -> tuple[int, ...]:
    return tuple(game.new_game(json.loads(config_json)).cfg.receiver)


PRESENTER = DogPresenter()
