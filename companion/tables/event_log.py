"""The event log read as the game it records: which events count (undos and corrections
applied) and the state they replay to. Below ``services`` and ``state_cache``, which both
need it (the log is the truth the snapshot caches)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.engines import get_game

from .models import Event


@dataclass(frozen=True, slots=True)
class Effective:
    """An event that counts, with the action it stands for after corrections."""

    event: Event
    action: str


def effective_events(events: list[Event]) -> list[Effective]:
    """The events that count: an UNDO removes the event it names, a CORRECT replaces the
    action of the event it names (the latest correction wins)."""
    undone = {e.payload.get("undoes") for e in events if e.kind == Event.Kind.UNDO}
    corrected = {
        e.payload.get("replaces"): e.payload["action"]
        for e in events
        if e.kind == Event.Kind.CORRECT
    }
    return [
        Effective(e, corrected.get(e.seq, e.payload["action"]))
        for e in events
        if e.kind == Event.Kind.ACTION and e.seq not in undone
    ]


#: parse(game, state, text) -> action; step(game, state, action, seq, text) -> next state
Parse = Callable[[Any, Any, str], Any]
Step = Callable[[Any, Any, Any, int, str], Any]


def replay_log(
    table,
    game=None,
    exclude: set[int] = frozenset(),
    replace: Mapping[int, str] | None = None,
    parse: Parse | None = None,
    step: Step | None = None,
) -> Any:
    """The state from the log alone. ``parse`` and ``step`` let a caller check each action
    on the way (a correction re-checks every later play); by default the actions are parsed
    and applied unchecked."""
    game = game or get_game(table.game)
    state = game.new_game(table.config)
    for item in effective_events(list(table.events.all())):
        seq = item.event.seq
        if seq in exclude:
            continue
        text = (replace or {}).get(seq, item.action)
        action = parse(game, state, text) if parse else game.parse_action(state, text)
        state = step(game, state, action, seq, text) if step else game.apply(state, action)
    return state
