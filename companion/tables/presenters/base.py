"""The base presenter: what the table shows of a game that says nothing particular about it.

A game's presenter subclasses it and overrides only what differs (docs/adding-a-game.md,
section 4); a game registered without a presenter (companion/games/__init__.py) gets this one as it
is. The defaults:

- the templates ``tables/<game>.html`` (partials board, score, entry, hand) and the lobby
  ``tables/new_<game>.html`` where they exist, else ``tables/game.html`` (the position and the
  score as the engine writes them, the play typed in notation or picked from the buttons of the
  legal plays) and ``tables/new_game.html`` (players, names, colours);
- the lobby offers the player counts the engine takes, every seat a colour of ``COLOURS``;
- cards are named by their tokens, plays by their notation, grouped by their first word;
- no hand form, no private entries, no undo barrier, no seat report: a game of open information.
  A game with hidden cards overrides ``privacy``, ``spectator_view``, ``is_undo_barrier`` and
  ``is_seat_report`` (the DOG, HIT and Life is Life presenters show how);
- the referee's question is typed in notation (no card picker), unless the game has its own
  ``tables/<game>_referee.html`` (``referee_template``); a correction offers no one-tap play
  (``correction_plays``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import gettext as _

from companion import games
from companion.engines import TABLE, EngineError, Game, get_game
from companion.engines.base import render
from companion.tables.errors import BadInput

from .colours import COLOUR_HEX, COLOURS
from .legal_plays import PlayWords, may_act


@dataclass(frozen=True, slots=True)
class Privacy:
    """Who may read an event in full; everyone else reads the public line: an English
    template (marked ``N_``) with its parameters, translated for each reader when shown."""

    private_to: int | None
    public_template: str | None = None
    public_params: dict[str, Any] | None = None

    @property
    def public_text(self) -> str | None:
        """The public line in English (stored with the event, for old readers and the log)."""
        if self.public_template is None:
            return None
        return render(self.public_template, self.public_params or {})

    @property
    def public_msg(self) -> list[Any] | None:
        """The template and parameters stored with the event (localize.public_line)."""
        if self.public_template is None:
            return None
        return [self.public_template, dict(self.public_params or {})]



#: the most players a lobby offers (the engine is asked which of 1..MAX_PLAYERS it takes)
MAX_PLAYERS = len(COLOURS)
#: the plays the default entry shows as buttons (the "All legal plays" list has them all)
ENTRY_PLAYS = 40


@cache
def _exists(template: str) -> bool:
    try:
        get_template(template)
    except TemplateDoesNotExist:
        return False
    return True


def whole_number(value: Any, what: str, low: int | None = None,
                 high: int | None = None) -> int:
    """A form's whole number (`what` names it in the error), from `low` to `high` when given."""
    try:
        number = int(value)
    except (TypeError, ValueError) as exc:
        raise BadInput(_("%(what)s must be a whole number") % {"what": what}) from exc
    if low is not None and high is not None and not low <= number <= high:
        raise BadInput(
            _("%(what)s must be from %(low)s to %(high)s")
            % {"what": what, "low": low, "high": high}
        )
    return number


def shown(value: Any) -> str:
    """A value of the engine's JSON as the default board and score show it."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "✓" if value else "–"
    if isinstance(value, list | tuple):
        return ", ".join(shown(v) for v in value) or "–"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {shown(v)}" for k, v in value.items()) or "–"
    return str(value)


class BasePresenter:
    """The defaults of every presenter (the ``Presenter`` protocol of this package)."""

    #: the game's registry name; a subclass sets it, the base presenter is given it
    game: str = ""
    #: shown beside the referee's "check any play" box
    notation_examples: tuple[str, ...] = ()
    #: the card counter's public count of the cards not seen, where the game says more than
    #: "Not seen yet" (DOG: since the last reshuffle)
    counter_unseen_public: Any = None

    def __init__(self, game: str = "") -> None:
        if game:
            self.game = game

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r})"

    # -- templates ---------------------------------------------------------------------------
    @property
    def template(self) -> str:
        """The template whose partials (board, score, entry, hand) draw this game."""
        own = f"tables/{self.game}.html"
        return own if _exists(own) else "tables/game.html"

    @property
    def lobby_template(self) -> str:
        own = f"tables/new_{self.game}.html"
        return own if _exists(own) else "tables/new_game.html"

    @property
    def referee_template(self) -> str:
        """The game's own way of saying a play by tapping, for the referee's question and a
        correction (``tables/<game>_referee.html``: its pickers and a ``compose`` field that
        names the presenter's ``compose``), or "" (the card picker of ``referee_cards``, or
        the notation typed)."""
        own = f"tables/{self.game}_referee.html"
        return own if _exists(own) else ""

    # -- the lobby ---------------------------------------------------------------------------
    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players the engine takes, asked of it."""
        game = get_game(self.game)
        counts = []
        for players in range(1, MAX_PLAYERS + 1):
            try:
                game.new_game({"players": players})
            except (EngineError, ValueError, KeyError, TypeError):
                continue
            counts.append(players)
        return tuple(counts)

    def lobby_context(self) -> dict[str, Any]:
        counts = self.player_counts()
        entry = games.get(self.game)
        return {
            "title": entry.title,
            "game": self.game,
            "rules_page": entry.has_rules_page(),
            "player_counts": counts,
            "colours": COLOURS[: max(counts, default=len(COLOURS))],
        }

    def lobby_options(self, form: Any) -> tuple[dict[str, Any], list[str], list[str] | None]:
        """The lobby form → engine options, names and colours (BadInput when malformed)."""
        counts = self.player_counts()
        players = whole_number(form.get("players") or (counts[0] if counts else 2),
                               _("the number of players"))
        names = [form.get(f"name{i}", "") for i in range(players)]
        colours = [form.get(f"colour{i}", "") or COLOURS[i % len(COLOURS)]
                   for i in range(players)]
        return {"players": players}, names, colours

    def engine_config(self, options: dict[str, Any]) -> dict[str, Any]:
        """The table's options → the engine's config (the engine refuses what it does not
        know: ``bad_config``)."""
        if not isinstance(options, dict):
            raise BadInput(_("options must be an object"), code="bad_config")
        return {k: v for k, v in options.items() if v is not None}

    def seat_colours(self, seats: int, requested: list[str] | None) -> list[str]:
        colours = list(requested or COLOURS[:seats])
        if (
            len(colours) != seats
            or len(set(colours)) != seats
            or any(c not in COLOUR_HEX for c in colours)
        ):
            raise BadInput(
                _("%(seats)s different colours are needed (from %(known)s)")
                % {"seats": seats, "known": ", ".join(COLOUR_HEX)},
                code="bad_colours",
            )
        return colours

    def colour_hex(self, colour: str) -> str:
        return COLOUR_HEX[colour]

    # -- words ---------------------------------------------------------------------------------
    def card_name(self, token: str) -> str:
        """A card as referee messages name it, in the reader's language."""
        return str(token)

    def counter_label(self, token: str) -> str:
        """A card as the card counter's panel names it."""
        return self.card_name(token)

    def label(self, action_text: str) -> str:
        """A play in notation, as a hint names it when it cannot be said from the position."""
        return action_text

    def describe_play(self, game: Game, state: Any, action: Any, names: list[str]) -> Any:
        """A legal action in words and its group: the notation, grouped by its first word."""
        text = game.format_action(state, action)
        group = text.split(maxsplit=1)[0] if text.strip() else text
        return PlayWords(group, group, text)

    # -- the rules' bookkeeping at the table ---------------------------------------------------
    def hand_tokens(self) -> tuple[str, ...]:
        """The card tokens of the hand form, in their order (none: no hand form)."""
        return ()

    def hand_action(self, seat: int, cards: list[str]) -> str:
        return f"hand {seat} " + ",".join(c.strip() for c in cards)

    def compose(self, kind: str, form: Any) -> str:
        """A play built from a form (pickers) → the engine's notation."""
        raise BadInput(_("type the play in the game's notation"), code="bad_action")

    def referee_cards(self) -> list[dict[str, str]]:
        """The cards the referee's picker offers, each ``{"token", "name"}`` (empty: the
        game's plays are typed, or composed by ``compose``)."""
        return []

    def referee_compose(self, card: str | None, joker_as: str | None, taps: str | None) -> str:
        """The notation of a play built from the referee's card picker and taps."""
        raise BadInput(_("type the play in the game's notation"), code="bad_action")

    def correction_plays(self) -> list[dict[str, str]]:
        """Plays a correction offers as one tap, each ``{"action", "label"}``: what an entry
        may really have been when it was no play of the kind entered (none)."""
        return []

    def is_undo_barrier(self, game: Game, action: Any) -> bool:
        """An action that reveals hidden cards, which no undo can hide again."""
        return False

    def reveals(self, game: Game, before: Any, after: Any) -> bool:
        """Whether a seat's play showed someone cards they had not seen (beyond the table's
        deals and draws): no undo or correction crosses it (``play/reveals.py``)."""
        return False

    def is_hand_entry(self, game: Game, action: Any) -> bool:
        """Whether ``action`` enters a seat's hand (a report, which a correction may fix)."""
        return False

    def is_seat_report(self, game: Game, state: Any, action: Any, seat: int | None) -> bool:
        """A seat's own report whoever is to move (its own hand); Forbidden for another's."""
        return False

    def privacy(self, game: Game, state: Any, action: Any) -> Privacy:
        return Privacy(None)

    def spectator_view(self, game: Game, state: Any) -> Any:
        """What a phone without a seat may see: the engine's public view where it has one,
        else the position itself (a game of open information)."""
        public_view = getattr(game, "public_view", None)
        return public_view(state) if public_view is not None else state

    def shared_with(self, game: Game, config: Any, text: str, owner: int) -> int | None:
        """The other seat that reads a private entry of ``owner`` in full (none)."""
        return None

    # -- the page ------------------------------------------------------------------------------
    def page_context(
        self,
        game: Game,
        state: Any,
        position: dict[str, Any],
        seats: list[Any],
        seat: int | None,
        is_host: bool,
        entry_args: dict[str, Any],
        highlight: str | None = None,
    ) -> dict[str, Any]:
        """The game's part of the page: board, score, entry (tables/game.html)."""
        names = [s.name for s in seats]
        score = game.score(state)
        return {
            "board": self.board_context(game, state, position, seats),
            "score": self.score_rows(score, seats),
            "score_raw": score,
            "entry": self.entry(game, state, seat, is_host, names),
            "hand_counts": [],
        }

    def board_context(
        self, game: Game, state: Any, position: dict[str, Any], seats: list[Any]
    ) -> dict[str, Any]:
        """The position as the engine writes it, key by key."""
        return {"items": [{"key": k, "value": shown(v)} for k, v in position.items()
                          if k != "game"]}

    def score_rows(self, score: dict[str, Any], seats: list[Any]) -> dict[str, Any]:
        """The score: a column per key that has a value per seat, the others below."""
        n = len(seats)
        columns = [k for k, v in score.items() if isinstance(v, list) and len(v) == n]
        winners = score.get("winner")
        winners = {winners} if isinstance(winners, int) else set(winners or ())
        return {
            "columns": columns,
            "rows": [
                {"name": s.name, "colour": COLOUR_HEX.get(s.colour, "#777"),
                 "winner": i in winners, "values": [shown(score[k][i]) for k in columns]}
                for i, s in enumerate(seats)
            ],
            "others": [{"key": k, "value": shown(v)} for k, v in score.items()
                       if k not in columns],
        }

    def entry(
        self, game: Game, state: Any, seat: int | None, is_host: bool, names: list[str]
    ) -> dict[str, Any]:
        """What this phone enters now: the table's report (a button per report the engine
        lists), its own play (the plays as buttons, or typed), or nothing (waiting)."""
        mover = game.to_move(state)
        if game.is_terminal(state):
            return {"mode": "over"}
        if mover == TABLE:
            reports = [game.format_action(state, a) for a in game.legal_actions(state)]
            return {"mode": "table", "reports": reports[:ENTRY_PLAYS]}
        if not may_act(game, state, seat, is_host):
            return {"mode": "wait"}
        plays = [
            {"action": game.format_action(state, a),
             "label": self.describe_play(game, state, a, names).label}
            for a in game.legal_actions(state)[:ENTRY_PLAYS]
        ]
        return {"mode": "play", "plays": plays}
