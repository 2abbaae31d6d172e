"""The history in sentences: each line of a table's log said from the position before it, in
the reader's language. A reader of the log (it replays it), so it lives in play/ and uses the
presenters' words."""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from typing import Any

from django.utils.translation import gettext

from companion.engines import Game
from companion.tables.presenters import localize

# --- the history in sentences ---------------------------------------------------------------
#
# The log stores notation ("5 T48-T53"); people read "Dan (yellow) plays 5: Dan's figure from 4
# before Ann's start to 1 past Ann's start; sends home Ann's figure". A line is said from the
# position before its event, which the log replays (every CHECKPOINT events a state is kept per
# table, so a new play replays only the few events since the last one). Lines never change once
# said: each is kept per (table, seq, visible, language, seat of the phone when it matters).

CHECKPOINT = 32
_MAX_LINES = 50_000
_MAX_TABLES = 512
_said: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
#: table id → (the effective log walked: (seq, action) per event, {index: state after index})
_walks: OrderedDict[str, tuple[list[tuple[int, str]], dict[int, Any]]] = OrderedDict()
_said_lock = threading.Lock()


class _Log:
    """The effective events of a table as the history reads them: their (seq, action) keys
    and their seqs in order (which events came before a given seq)."""

    def __init__(self, effective: list[Any], before: _Log | None = None) -> None:
        """``before``: the log of the events before these (a log only grows by plays)."""
        keys = [(item.event.seq, item.action) for item in effective]
        self.effective = effective if before is None else before.effective + effective
        self.keys = keys if before is None else before.keys + keys
        self.seqs = [seq for seq, _action in self.keys]

    def index_of(self, seq: int) -> int:
        """How many effective events come before ``seq``."""
        return bisect.bisect_left(self.seqs, seq)


#: table id → (how many events the log was read from, the seq of the last, its _Log)
_logs: OrderedDict[str, tuple[int, int, _Log]] = OrderedDict()


def _log_of(table_id: str, events: list[Any], effective_events: Any) -> _Log:
    """The effective log of ``events`` (the table's whole log, in seq order): the one read
    before, extended by the new events when they are all plays (an undo or a correction
    changes earlier events: then it is read again)."""
    from companion.tables.models import Event

    with _said_lock:
        cached = _logs.get(table_id)
    log = None
    if cached is not None:
        count, last_seq, before = cached
        if 0 < count <= len(events) and events[count - 1].seq == last_seq:
            new = events[count:]
            if all(e.kind == Event.Kind.ACTION for e in new):
                log = _Log(effective_events(new), before) if new else before
    if log is None:
        log = _Log(effective_events(events))
    if events:
        with _said_lock:
            _logs[table_id] = (len(events), events[-1].seq, log)
            _logs.move_to_end(table_id)
            while len(_logs) > _MAX_TABLES:
                _logs.popitem(last=False)
    return log


def _state_before(table: Any, game: Game, log: _Log, index: int) -> Any:
    """The true state after the first ``index`` effective events of ``table``."""
    effective, keys = log.effective, log.keys
    with _said_lock:
        walked, points = _walks.get(table.id, ([], {}))
    same = 0
    for a, b in zip(walked, keys, strict=False):
        if a != b:
            break
        same += 1
    points = {i: s for i, s in points.items() if i <= same}
    start = max((i for i in points if i <= index), default=0)
    state = points[start] if start else game.new_game(table.config)
    for i in range(start, index):
        item = effective[i]
        for seat in getattr(item, "forget", ()):
            state = game.forget(state, seat)
        state = game.apply(state, game.parse_action(state, item.action))
        if (i + 1) % CHECKPOINT == 0 or i + 1 == len(effective):
            points[i + 1] = state
    # the state just said is kept too (the lines are said oldest first: the next one goes on
    # from here), but only the latest such: the others stay every CHECKPOINT events
    end = len(effective)
    points = {i: v for i, v in points.items() if i % CHECKPOINT == 0 or i == end}
    points[index] = state
    with _said_lock:
        _walks[table.id] = (keys, points)
        _walks.move_to_end(table.id)
        while len(_walks) > _MAX_TABLES:
            _walks.popitem(last=False)
    return state


def history_words(table: Any, lines: list[dict[str, Any]], seat: int | None) -> list[dict]:
    """The history lines (``selectors.history``) said in sentences for the phone of ``seat``
    (None: the host or a spectator): ``who`` names the player and colour (and who entered it,
    when that was someone else: "Ann (red; entered by the scribe)"), ``text`` what happened in
    words, ``said`` marks a line in words. A game without words keeps its lines."""
    from django.utils.translation import get_language

    from companion.tables.play.event_log import effective_events
    from companion.tables.play.state_cache import load_events

    words = localize.wording(table.game)
    if words is None or not lines:
        return lines
    language = get_language()
    events = load_events(table)
    by_seq = {e.seq: e for e in events}
    known: dict[int, dict[str, Any]] = {}
    log: _Log | None = None
    seats: list[Any] | None = None
    # oldest first, so that each line's position goes on from the one before it
    for seq in sorted({line["seq"] for line in lines if line["seq"] in by_seq}):
        event = by_seq[seq]
        visible = event.private_to is None or event.private_to == seat
        key = (table.id, seq, visible, language)
        with _said_lock:
            said = _said.get(key)
        if said is None:
            if log is None:
                log = _log_of(table.id, events, effective_events)
                seats = list(table.seats.all())
            said = _say(table, words, event, visible, log, by_seq, seats or [])
            with _said_lock:
                _said[key] = said
                while len(_said) > _MAX_LINES:
                    _said.popitem(last=False)
        known[seq] = said
    return [{**line, **known.get(line["seq"], {})} for line in lines]


def _say(
    table: Any,
    words: Any,
    event: Any,
    visible: bool,
    log: _Log,
    by_seq: dict,
    seats: list[Any],
) -> dict[str, Any]:
    """One event in words: {"who", "text", "said"} (empty when it cannot be said)."""
    from companion.engines import get_game
    from companion.tables.models import Event
    from companion.tables.presenters.colours import player

    game = get_game(table.game)
    names = [s.name for s in seats]
    colours = [s.colour for s in seats]
    target = event.seq
    text = event.payload.get("action")
    if event.kind == Event.Kind.UNDO:
        target = event.payload.get("undoes")
        original = by_seq.get(target)
        text = original.payload.get("action") if original is not None else None
    elif event.kind == Event.Kind.CORRECT:
        target = event.payload.get("replaces")
    if not isinstance(text, str) or not isinstance(target, int):
        return {}
    index = log.index_of(target)
    try:
        state = _state_before(table, game, log, index)
        for item in log.effective[index : index + 1]:  # the event's own forgetting, if any
            if item.event.seq == target:
                for seat in getattr(item, "forget", ()):
                    state = game.forget(state, seat)
        action = game.parse_action(state, text)
        mover = words.actor_seat(state, action)
        does = words.action_words(game, state, action, names, visible)
    except Exception:  # an entry the position before it cannot take: left as it was stored
        return {}
    subject = gettext("The table") if mover is None else player(names, colours, mover)
    by = event.seat
    if event.kind == Event.Kind.ACTION:
        # a hand shown at a round's end in a loaded record: the table showed it, no one
        # entered it for its owner
        if mover is not None and by != mover and not event.payload.get("shown"):
            does = (
                gettext("%(does)s (entered by the scribe)") % {"does": does}
                if by is None
                else gettext("%(does)s (entered by %(name)s)") % {"does": does, "name": names[by]}
            )
        return {"who": subject, "text": does, "said": True}
    editor = names[by] if by is not None else gettext("The scribe")
    sentence = gettext("%(player)s %(does)s") % {"player": subject, "does": does}
    if event.kind == Event.Kind.UNDO:
        text = gettext("takes back #%(seq)s: %(sentence)s") % {"seq": target, "sentence": sentence}
    else:
        text = gettext("corrects #%(seq)s: %(sentence)s") % {"seq": target, "sentence": sentence}
    return {"who": editor, "text": text, "said": True}
