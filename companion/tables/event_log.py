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
    #: seats whose private entries this entry contradicted: forgotten before it is applied
    forget: tuple[int, ...] = ()


def effective_events(events: list[Event]) -> list[Effective]:
    """The events that count: an UNDO removes the event it names, a CORRECT replaces the
    action of the event it names (the latest correction wins) and may suspend later private
    entries or forget seats' private cards before later events (rulings.py)."""
    undone = {e.payload.get("undoes") for e in events if e.kind == Event.Kind.UNDO}
    corrected: dict[int, str] = {}
    suspended: set[int] = set()
    forget: dict[int, list[int]] = {}
    for e in events:
        if e.kind != Event.Kind.CORRECT:
            continue
        corrected[e.payload.get("replaces")] = e.payload["action"]
        suspended.update(e.payload.get("suspend") or ())
        for seq, seats in (e.payload.get("forget") or {}).items():
            forget.setdefault(int(seq), []).extend(seats)
    return [
        Effective(
            e,
            corrected.get(e.seq, e.payload["action"]),
            tuple(e.payload.get("forget") or ()) + tuple(forget.get(e.seq, ())),
        )
        for e in events
        if e.kind == Event.Kind.ACTION and e.seq not in undone and e.seq not in suspended
    ]


#: parse(game, state, text) -> action
Parse = Callable[[Any, Any, str], Any]


def replay_log(
    table,
    game=None,
    exclude: set[int] = frozenset(),
    replace: Mapping[int, str] | None = None,
    parse: Parse | None = None,
    forget: Mapping[int, list[int]] | None = None,
) -> Any:
    """The state from the log alone: each counting event's action applied, after forgetting
    the private cards it contradicted (``Effective.forget``, plus ``forget`` by seq for a
    correction being made). ``parse`` lets a caller word notation errors its own way."""
    game = game or get_game(table.game)
    state = game.new_game(table.config)
    for item in effective_events(list(table.events.all())):
        seq = item.event.seq
        if seq in exclude:
            continue
        text = (replace or {}).get(seq, item.action)
        for seat in (*item.forget, *(forget or {}).get(seq, ())):
            state = game.forget(state, seat)
        action = parse(game, state, text) if parse else game.parse_action(state, text)
        state = game.apply(state, action)
    return state
