"""The event log read as the game it records: which events count (undos and corrections
applied) and the state they replay to. Below ``services`` and ``state_cache``, which both
need it (the log is the truth the snapshot caches)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.engines import get_game
from companion.tables.models import Event


@dataclass(frozen=True, slots=True)
class Effective:
    """An event that counts, with the action it stands for after corrections."""

    event: Event
    action: str
    #: seats whose private entries this entry contradicted: forgotten before it is applied
    forget: tuple[int, ...] = ()
    #: the seat the entry (as corrected) is private to; None: public
    private_to: int | None = None


def effective_events(events: list[Event]) -> list[Effective]:
    """The events that count: an UNDO removes the event it names, a CORRECT replaces the
    action of the event it names (the latest correction wins) and may suspend later private
    entries or forget seats' private cards before later events (rulings.py).

    The cached log of a seq (``state_cache.load_events``) is one list that every phone's
    render of that seq passes here (the history's words, the notices): its answer is kept
    for that very list, so a render does not walk the whole log again."""
    with _memo_lock:
        hit = _memo.get(id(events))
    if hit is not None and hit[0] is events and hit[1] == len(events):
        return list(hit[2])
    answer = _effective(events)
    with _memo_lock:
        _memo[id(events)] = (events, len(events), answer)  # the list is kept: its id stays
        while len(_memo) > MEMO_MAX:
            _memo.popitem(last=False)
    return list(answer)


MEMO_MAX = 64
_memo: OrderedDict[int, tuple[list[Event], int, list[Effective]]] = OrderedDict()
_memo_lock = threading.Lock()


def _effective(events: list[Event]) -> list[Effective]:
    undone = {e.payload.get("undoes") for e in events if e.kind == Event.Kind.UNDO}
    corrected: dict[int, str] = {}
    private: dict[int, int | None] = {}
    suspended: set[int] = set()
    forget: dict[int, list[int]] = {}
    for e in events:
        if e.kind != Event.Kind.CORRECT:
            continue
        corrected[e.payload.get("replaces")] = e.payload["action"]
        private[e.payload.get("replaces")] = e.private_to
        suspended.update(e.payload.get("suspend") or ())
        for seq, seats in (e.payload.get("forget") or {}).items():
            forget.setdefault(int(seq), []).extend(seats)
    return [
        Effective(
            e,
            corrected.get(e.seq, e.payload["action"]),
            tuple(e.payload.get("forget") or ()) + tuple(forget.get(e.seq, ())),
            private.get(e.seq, e.private_to),
        )
        for e in events
        if e.kind == Event.Kind.ACTION and e.seq not in undone and e.seq not in suspended
    ]


#: parse(game, state, text) -> action
Parse = Callable[[Any, Any, str], Any]


def _read_events(table) -> list[Event]:
    return list(table.events.all())


#: where a replay reads the events of ``table`` up to ``table.seq``: the database, unless a
#: cache that knows them installed itself (``state_cache`` does: its per-seq log reads only
#: the events it lacks, so a replay no longer reads the whole log)
events_source: Callable[[Any], list[Event]] = _read_events


#: the reader of the log who knows everything entered (the server's state, the snapshot);
#: ``PUBLIC`` (None) is the host as scribe, a spectator, the presenter and the public record;
#: an int is a seat
TRUTH = "truth"
PUBLIC = None
Reader = int | str | None


def reader_steps(
    game,
    config: Any,
    items: list[Effective],
    reader: Reader,
    exclude: set[int] = frozenset(),
    replace: Mapping[int, str] | None = None,
    forget: Mapping[int, list[int]] | None = None,
) -> list[tuple[int, str, tuple[int, ...]]]:
    """The log as ``reader`` reads it: (seq, notation, seats forgotten first) per event that
    counts. A private entry the reader may not see is read in its public form (``give ?``,
    ``fold``) or left out (a hand entry). A seat's contradicted entries are forgotten in every
    reading: that changes only the readings that held them (the owner's, a gift's receiver's),
    so no other reader's position depends on whether a conflict happened."""
    from companion.tables import presenters
    from companion.tables.play.public_forms import public_form

    shared_with = getattr(presenters.get(game.name), "shared_with", None)
    steps: list[tuple[int, str, tuple[int, ...]]] = []
    pending: tuple[int, ...] = ()  # seats forgotten before an entry this reader does not read
    for item in items:
        seq = item.event.seq
        if seq in exclude:
            continue
        text = (replace or {}).get(seq, item.action)
        owner = item.private_to
        seats = (*item.forget, *(forget or {}).get(seq, ()))
        hidden = owner is not None and owner != reader and reader != TRUTH
        if hidden and reader is not None and shared_with is not None:
            hidden = shared_with(game, config, text, owner) != reader
        if hidden:
            text = public_form(game.name, text)
            if text is None:  # left out; what it made others forget still counts
                pending = (*pending, *seats)
                continue
        steps.append((seq, text, (*pending, *seats)))
        pending = ()
    if pending:  # forgotten at the very end: a step that only forgets
        steps.append((items[-1].event.seq, "", pending))
    return steps


def prepare(
    game, state: Any, text: str, seats: tuple[int, ...], reader: Reader, parse: Parse | None = None
) -> tuple[Any, Any, list[int]]:
    """One step of ``reader``'s reading, before it is applied: (the state it applies to, its
    action or None for a step that only forgets, the seats forgotten). A reader forgets its
    own contradicted entries at once (the truth forgets every seat named); what it knew of
    another seat's cards (a partner's gift) only where this step contradicts that knowledge,
    so a conflict over a seat's mistyped hand changes nothing its partner reads."""
    read = parse or (lambda g, s, t: g.parse_action(s, t))
    forgotten = [seat for seat in seats if reader == TRUTH or seat == reader]
    for seat in forgotten:
        state = game.forget(state, seat)
    if not text:
        return state, None, forgotten
    action = read(game, state, text)
    others = [seat for seat in seats if seat not in forgotten]
    if others and game.check(state, action):
        for seat in others:
            state = game.forget(state, seat)
        forgotten += others
        action = read(game, state, text)
    return state, action, forgotten


def replay_log_steps(table, game, reader: Reader) -> list[tuple[int, str, tuple[int, ...]]]:
    """The steps of ``reader``'s reading of the table's whole log (``reader_steps``)."""
    return reader_steps(game, table.config, effective_events(events_source(table)), reader)


def replay_log(
    table,
    game=None,
    exclude: set[int] = frozenset(),
    replace: Mapping[int, str] | None = None,
    parse: Parse | None = None,
    forget: Mapping[int, list[int]] | None = None,
    reader: Reader = TRUTH,
) -> Any:
    """The state from the log alone, as ``reader`` knows it (``reader_steps``): each counting
    event's action applied, after forgetting the private cards it contradicted
    (``Effective.forget``, plus ``forget`` by seq for a correction being made). ``parse``
    lets a caller word notation errors its own way. Every reader of a table's log (live views,
    rulings, records, replay, summary, coach, counter) gets its position here.

    A replay resumes from the last checkpoint (`_walks`) of the steps it shares with the
    reader's previous replay: an undo of the last play or a correction near the end applies a
    few actions, not the whole log."""
    game = game or get_game(table.game)
    steps = reader_steps(
        game, table.config, effective_events(events_source(table)), reader, exclude, replace,
        forget,
    )
    key = (table.id, reader)
    with _walks_lock:
        walked, points = _walks.get(key, ([], {}))
    same = 0
    for a, b in zip(walked, steps, strict=False):
        if a != b:
            break
        same += 1
    start = max((k for k in points if k <= same), default=0)
    kept = {k: state for k, state in points.items() if k <= same}
    state = points[start] if start else game.new_game(table.config)
    for i in range(start, len(steps)):
        _seq, text, seats = steps[i]
        state, action, _ = prepare(game, state, text, seats, reader, parse)
        if action is None:  # only forgets (``reader_steps``)
            continue
        state = game.apply(state, action)
        if (i + 1) % CHECKPOINT == 0:
            kept[i + 1] = state
    # the checkpoints and the state at the end (the next play of this reader starts there)
    kept = {k: v for k, v in kept.items() if k % CHECKPOINT == 0}
    kept[len(steps)] = state
    with _walks_lock:
        _walks[key] = (steps, kept)
        _walks.move_to_end(key)
        while len(_walks) > MAX_WALKS:
            _walks.popitem(last=False)
    return state


def reading(table, game=None, reader: Reader = TRUTH) -> Any:
    """``reader``'s position at ``table.seq`` (``replay_log`` without changes), kept per
    (table, seq, reader): every phone of a table renders each seq, and the next seq of a plain
    entry is one step on from this one (an undo or a correction replays)."""
    game = game or get_game(table.game)
    key = (table.id, table.seq, reader)
    with _readings_lock:
        state = _readings.get(key)
        before = _readings.get((table.id, table.seq - 1, reader))
    if state is not None:
        return state
    events = events_source(table)
    last = events[-1] if events else None
    if before is not None and last is not None and last.seq == table.seq and (
        last.kind == Event.Kind.ACTION
    ):
        item = Effective(last, last.payload["action"],
                         tuple(last.payload.get("forget") or ()), last.private_to)
        state = before
        for _seq, text, seats in reader_steps(game, table.config, [item], reader):
            state, action, _ = prepare(game, state, text, seats, reader)
            if action is not None:
                state = game.apply(state, action)
    else:
        state = replay_log(table, game, reader=reader)
    with _readings_lock:
        _readings[key] = state
        _readings.move_to_end(key)
        while len(_readings) > MAX_READINGS:
            _readings.popitem(last=False)
    return state


MAX_READINGS = 4096
_readings: OrderedDict[tuple[str, int, Reader], Any] = OrderedDict()
_readings_lock = threading.Lock()


#: per table, the steps of its last replay ((seq, action, seats forgotten first) of each
#: applied event) and the states after every CHECKPOINT-th step (engine states are
#: immutable, so they are shared as they are)
CHECKPOINT = 16
MAX_WALKS = 1024
_walks: OrderedDict[
    tuple[str, Reader], tuple[list[tuple[int, str, tuple[int, ...]]], dict[int, Any]]
] = OrderedDict()
_walks_lock = threading.Lock()


def forget_walks() -> None:
    with _walks_lock:
        _walks.clear()
    with _readings_lock:
        _readings.clear()
