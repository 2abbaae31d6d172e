"""Per-game presentation: what the web layer needs beyond the engine contract (colours, board
drawing, which reports are private, the play-entry choices). No rules are decided here.

Each game's presenter is named by its entry in the game registry (companion/games/): by
convention its package's module ``presenter`` (its ``PRESENTER``), else the base presenter
(``base.BasePresenter``), whose defaults a game's presenter overrides where it differs."""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from companion import games
from companion.engines import Game, Violation
from companion.rules.catalogue import rule_url

from .base import BasePresenter, Privacy

__all__ = ["BasePresenter", "Presenter", "Privacy", "get", "violation_json"]


class Presenter(Protocol):
    template: str
    notation_examples: tuple[str, ...]
    lobby_template: str
    referee_template: str

    def lobby_context(self) -> dict[str, Any]: ...

    def lobby_options(self, form: Any) -> tuple[dict[str, Any], list[str], list[str] | None]: ...

    def colour_hex(self, colour: str) -> str: ...

    def card_name(self, token: str) -> str: ...

    def counter_label(self, token: str) -> str: ...

    def label(self, action_text: str) -> str: ...

    def describe_play(self, game: Game, state: Any, action: Any, names: list[str]) -> Any:
        """A legal action in words and its group (``legal_plays.PlayWords``)."""
        ...

    def hand_tokens(self) -> tuple[str, ...]: ...

    def hand_action(self, seat: int, cards: list[str]) -> str: ...

    def compose(self, kind: str, form: Any) -> str: ...

    def referee_cards(self) -> list[dict[str, str]]: ...

    def referee_compose(self, card: str | None, joker_as: str | None, taps: str | None) -> str: ...

    def correction_plays(self) -> list[dict[str, str]]: ...

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
    ) -> dict[str, Any]: ...

    def engine_config(self, options: dict[str, Any]) -> dict[str, Any]: ...

    def seat_colours(self, seats: int, requested: list[str] | None) -> list[str]: ...

    def privacy(self, game: Game, state: Any, action: Any) -> Privacy: ...

    def is_seat_report(self, game: Game, state: Any, action: Any, seat: int | None) -> bool: ...

    def is_undo_barrier(self, game: Game, action: Any) -> bool: ...

    def reveals(self, game: Game, before: Any, after: Any) -> bool: ...

    def is_hand_entry(self, game: Game, action: Any) -> bool: ...

    def spectator_view(self, game: Game, state: Any) -> Any: ...


#: game name → (its registry entry, its presenter), loaded on first use
_LOADED: dict[str, tuple[games.GameEntry, Presenter]] = {}


def get(game_name: str) -> Presenter:
    """The presenter of a game; KeyError for a game the tables do not know (not registered)."""
    entry = games.get(game_name)
    loaded = _LOADED.get(game_name)
    if loaded is None or loaded[0] is not entry:
        loaded = _LOADED[game_name] = (entry, _load(entry))
    return loaded[1]


def _load(entry: games.GameEntry) -> Presenter:
    if entry.presenter:
        return games.load(entry.presenter)  # type: ignore[no-any-return]
    own = f"{games.__name__}.{entry.name}.presenter"
    if games.module_exists(own):
        return import_module(own).PRESENTER  # type: ignore[no-any-return]
    return BasePresenter(entry.name)  # type: ignore[return-value]


def violation_json(
    game: Game, violation: Violation, state: Any = None, names: list[str] | None = None
) -> dict[str, Any]:
    """A ruling as the phone shows it: code, rulebook section, message (in the reader's
    language) and its parameters, and the link to the rule it enforces on the rules page.
    With the position judged and the seats' names, fields and example plays are in words."""
    from companion.tables.presenters.localize import violation_json as localized

    said = localized(game, get(game.name), violation, state, names)
    return {**said, "rule_url": rule_url(violation.code)}
