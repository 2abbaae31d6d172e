"""Reading a table as one seat (or a spectator) sees it: the only way state leaves the server."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from companion.engines import TABLE as TABLE_DECISION
from companion.engines import get_game
from companion.tables.models import Event, Table
from companion.tables.play.services import Actor
from companion.tables.play.state_cache import EventLog, load_log
from companion.tables.presenters import localize


def seat_state(table: Table, seat: int | None) -> Any:
    """The engine state as ``seat`` knows it (None: a spectator, who sees no hand at all)."""
    from companion.tables.play.rulings import known

    return known(table, get_game(table.game), seat)


def history(
    table: Table, seat: int | None, limit: int | None = None, since: int | None = None
) -> list[dict[str, Any]]:
    """The log as ``seat`` may read it: private lines of other seats show their public text.
    ``limit``: only the last lines; ``since``: only the lines after that seq (a live delta).

    Every push of a play renders the log for every phone, and a game's log runs to hundreds
    of events: each event's line is built once per (event, visible or not, language) and
    reused (`_line`), and the flags that later events set come with the cached log
    (`state_cache.EventLog`), so the last lines cost the same at any length of the game."""
    log = load_log(table)
    events = log.events
    language = get_language()
    shown = events[-limit:] if limit else events
    if since is not None:
        shown = _after(events, since)
    return [_flagged(_line(e, e.private_to is None or e.private_to == seat, language), log)
            for e in shown]


def _after(events: list[Event], seq: int) -> list[Event]:
    """The events after ``seq``: the log numbers its events 1, 2, … so they start at index
    ``seq`` (checked; a scan otherwise)."""
    if 0 <= seq <= len(events) and (seq == 0 or events[seq - 1].seq == seq):
        return events[seq:]
    return [e for e in events if e.seq > seq]


def _flagged(line: dict[str, Any], log: EventLog) -> dict[str, Any]:
    return {**line, **line_flags(line["seq"], log)}


def line_flags(seq: int, log: EventLog) -> dict[str, bool]:
    """What later events say about the line of ``seq`` (taken back, corrected)."""
    return {"undone": seq in log.undone, "corrected": seq in log.corrected}


def flag_changes(table: Table, since: int) -> list[dict[str, Any]]:
    """The earlier lines (seq <= ``since``) whose flags the events after ``since`` changed:
    ``[{"seq": n, **line_flags}]`` (an undo or a correction names an earlier line)."""
    log = load_log(table)
    named = {
        target
        for e in _after(log.events, since)
        for target in (e.payload.get("undoes"), e.payload.get("replaces"))
        if isinstance(target, int) and target <= since
    }
    return [{"seq": seq, **line_flags(seq, log)} for seq in sorted(named)]


#: (table, seq, visible, language) → the line of that event; events never change, so neither
#: do their lines
_lines: OrderedDict[tuple[str, int, bool, str | None], dict[str, Any]] = OrderedDict()
_LINES_MAX = 50_000
_lines_lock = threading.Lock()


def _line(e: Event, visible: bool, language: str | None) -> dict[str, Any]:
    key = (e.table_id, e.seq, visible, language)
    line = _lines.get(key)
    if line is not None:
        return line
    text = e.payload.get("action") if visible else localize.public_line(e.payload)
    if e.kind == Event.Kind.UNDO:
        undoes = {"seq": e.payload.get("undoes"), "text": text}
        text = (_("undo #%(seq)s (%(text)s)") if text else _("undo #%(seq)s")) % undoes
    elif e.kind == Event.Kind.CORRECT:
        text = _("correction of #%(seq)s: %(text)s") % {
            "seq": e.payload.get("replaces"),
            "text": text,
        }
    line = {
        "seq": e.seq,
        "kind": e.kind,
        "text": text,
        "by_seat": e.seat,
        "at": e.created_at.isoformat(),
    }
    with _lines_lock:
        _lines[key] = line
        while len(_lines) > _LINES_MAX:
            _lines.popitem(last=False)
    return line


def table_json(table: Table, actor: Actor | None, with_history: bool = True) -> dict[str, Any]:
    """What GET /api/tables/{id} answers and what the websocket pushes to a JSON client
    (``with_history=False``: all but the log, the part a live delta compares)."""
    game = get_game(table.game)
    seat = actor.seat if actor else None
    state = seat_state(table, seat)
    mover = game.to_move(state)
    body = {
        "id": table.id,
        "game": table.game,
        "status": table.status,
        "seq": table.seq,
        "join_code": table.join_code,
        "seats": [
            {"index": s.index, "name": s.name, "colour": s.colour, "claimed": s.claimed}
            for s in table.seats.all()
        ],
        "you": {"seat": seat, "host": bool(actor and actor.is_host)},
        "phase": game.phase(state),
        "to_move": "table" if mover == TABLE_DECISION else mover,
        "position": game.to_json(state),
        "score": game.score(state),
    }
    if with_history:
        body["history"] = history(table, seat)
    return body
