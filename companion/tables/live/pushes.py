"""What a play pushes to the phones: deltas, rendered once per (table, seq, view, language).

A *view* is what one kind of phone sees: the table, the format (``json`` or ``html``), the seat
(None: a spectator or the scribe), whether it is the host, the language, and whether it is the
presenter (the screen in the middle of the table: it is sent only the parts it shows,
`PRESENTER_PARTS`, as a spectator sees them). Every message is
built from that view alone (privacy by construction, as before) and shared by all the phones of
the process that have the same view.

- **Full** (on connect, on ``{"type": "sync"}``, after a claimed seat): JSON phones get
  ``{"type": "state", …}`` (``selectors.table_json``, the whole history); the page gets every
  live fragment as HTML for htmx's out-of-band swaps, each after a marker comment
  (``<!--live-seq:N-->``, ``<!--live:board-->``…) that lets ``static/js/table.js`` keep each
  fragment's text.
- **Delta** from the seq the phone has (``base``) to the new one (``seq``): JSON phones get
  ``{"type": "delta", "base", "seq", <the fields of the state that changed>, "history": [new
  lines], "history_flags": [earlier lines whose flags changed]}``; the page gets
  ``{"type": "delta", "base", "seq", "parts": {name: html | {"ops": …, "n": …}}}`` with only
  the fragments that changed, each whole or as an edit of its previous text (`diff`). A phone
  whose seq is not ``base`` asks for a full resync.

Nothing here grows with the game: a delta reads the new events only (the cached log), the
fragments show the last lines of the history, and the edit of a fragment is the difference of
two texts of a bounded size.
"""

from __future__ import annotations

import difflib
import json
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string

from companion.tables.models import Table
from companion.tables.pages.rendering import (
    PAGE,
    PAGE_FRAGMENTS,
    live_parts,
    table_context,
)
from companion.tables.play import selectors
from companion.tables.play.services import Actor
from companion.tables.play.single_flight import SingleFlight

#: a fragment's text cut after each ">" and each line end (the same cut as table.js's, so an
#: edit's indices mean the same on both sides)
CHUNK = re.compile(r"[^>\n]*[>\n]|[^>\n]+\Z")
#: an edit is sent only when it is clearly shorter than the fragment itself
EDIT_RATIO = 0.7
#: views whose last frames are kept (a page's frame is about 30 KiB, a JSON one about 2 KiB:
#: at most ~120 MiB per process if every view were a page)
MAX_VIEWS = 2048
#: frames kept per view: the newest and the one before (the base of a delta)
FRAMES_PER_VIEW = 2
MAX_MESSAGES = 4096


@dataclass(frozen=True, slots=True)
class View:
    table: str
    format: str  # "json" or "html"
    seat: int | None
    host: bool
    language: str | None
    #: a seated host's phone entering for the others sees their entry (services.Actor)
    scribe: bool = False
    #: the presenter's page (templates/tables/presenter.html): `PRESENTER_PARTS` only
    presenter: bool = False

    @classmethod
    def of(cls, table_id: str, fmt: str, actor: Actor | None, language: str | None,
           presenter: bool = False) -> View:
        return cls(table_id, fmt, actor.seat if actor else None, bool(actor and actor.is_host),
                   language, bool(actor and actor.enters_for_others), presenter)


#: The live parts the presenter shows (templates/tables/presenter.html): whose turn, the board,
#: the score (with the round's result where the game has one) and the history. Not the entry,
#: the notices, the legal plays nor the card counter: the page has no place for them (htmx
#: logged ``oobErrorNoTarget`` for each on every push), and they are a seat's business.
PRESENTER_PARTS = ("status", "board", "score", "history")


def presenter_parts(table: Table) -> dict[str, str]:
    """The presenter's live fragments by name, as a spectator sees the table, each marked for
    an out-of-band swap; ``presenter`` in their context lets a game's fragment show what only
    the room's screen shows (Life is Life's round result in its score)."""
    context = {**table_context(table, None), "oob": True, "presenter": True}
    return {
        name: render_to_string(
            f"{PAGE if name in PAGE_FRAGMENTS else context['game_template']}#{name}", context
        )
        for name in PRESENTER_PARTS
    }


_lock = threading.Lock()
#: view → {seq: frame}: the parts of the page (html) or the state without its history (json,
#: each field as its JSON text)
_frames: OrderedDict[View, dict[int, Any]] = OrderedDict()
#: (view, base, seq) → the delta's text
_messages: OrderedDict[tuple[View, int, int], str] = OrderedDict()
#: frames and deltas under way: one thread renders what the phones of a view want at once
_once = SingleFlight().run


def _cached_frame(view: View, seq: int) -> Any:
    with _lock:
        return _frames.get(view, {}).get(seq)


def _remember_frame(view: View, seq: int, frame: Any) -> None:
    with _lock:
        frames = _frames.setdefault(view, {})
        frames[seq] = frame
        for old in sorted(frames)[:-FRAMES_PER_VIEW]:
            del frames[old]
        _frames.move_to_end(view)
        while len(_frames) > MAX_VIEWS:
            _frames.popitem(last=False)


def frame(table: Table, actor: Actor | None, view: View, fresh: bool = False) -> Any:
    """The view of ``table`` at its seq: rendered once, shared. ``fresh``: rendered again
    (a claimed seat changed names without a new seq)."""

    def make() -> Any:
        if view.format == "json":
            made: Any = _encoded(selectors.table_json(table, actor, with_history=False))
        elif view.presenter:
            made = presenter_parts(table)
        else:
            made = live_parts(table, actor)
        _remember_frame(view, table.seq, made)
        return made

    if fresh:
        return make()
    return _once(("frame", view, table.seq), lambda: _cached_frame(view, table.seq), make)


def full(table: Table, actor: Actor | None, view: View, fresh: bool = False) -> str:
    """Everything the view shows (connect, resync)."""
    current = frame(table, actor, view, fresh)
    if view.format == "json":
        seat = actor.seat if actor else None
        return _json_object([("type", '"state"'), *current.items(),
                             ("history", json.dumps(selectors.history(table, seat)))])
    marked = "".join(f"<!--live:{name}-->{html}" for name, html in current.items())
    return f"<!--live-seq:{table.seq}-->{marked}"


#: the parts of a seat's page that its coach changes without a new seq (a review arriving, the
#: switch): its box and the labels in its history
COACH_PARTS = ("coach", "history")


def coach_renewal(table: Table, actor: Actor | None, view: View) -> str:
    """The seat's page after its coach spoke at the table's seq: the view rendered afresh (the
    cached frame renewed, so later deltas start from it) and sent as a delta from that very
    seq holding only `COACH_PARTS`, whole: the rest of the page, a step of the entry under way
    included, is left as it is."""
    current = frame(table, actor, view, fresh=True)
    parts = {name: current[name] for name in COACH_PARTS if name in current}
    return json.dumps({"type": "delta", "base": table.seq, "seq": table.seq, "parts": parts},
                      ensure_ascii=False)


def delta(table: Table, actor: Actor | None, view: View, base: int) -> str:
    """What changed from ``base`` (the seq the phone has) to the table's seq; the full view
    when the page's fragments at ``base`` are no longer known here."""
    key = (view, base, table.seq)

    def cached() -> str | None:
        with _lock:
            return _messages.get(key)

    def make() -> str:
        current = frame(table, actor, view)
        before = _cached_frame(view, base)
        if view.format == "json":
            text = _json_delta(table, actor, base, current, before)
        elif before is None:
            return full(table, actor, view)
        else:
            text = _html_delta(base, table.seq, current, before)
        with _lock:
            _messages[key] = text
            while len(_messages) > MAX_MESSAGES:
                _messages.popitem(last=False)
        return text

    return _once(("delta", *key), cached, make)


def _json_delta(table: Table, actor: Actor | None, base: int, current: dict[str, str],
                before: dict[str, str] | None) -> str:
    seat = actor.seat if actor else None
    changed = [(k, v) for k, v in current.items()
               if k != "seq" and (before is None or before.get(k) != v)]
    return _json_object([
        ("type", '"delta"'), ("base", json.dumps(base)), ("seq", json.dumps(table.seq)),
        *changed,
        ("history", json.dumps(selectors.history(table, seat, since=base))),
        ("history_flags", json.dumps(selectors.flag_changes(table, base))),
    ])


def _encoded(fields: dict[str, Any]) -> dict[str, str]:
    """A JSON view kept as each field's JSON text: a delta compares texts and splices the
    changed ones into its message as they are, and a dict of strings is no container for the
    cyclic collector to walk (the views' nested lists and dicts were a tenth of a busy web
    process's tracked objects)."""
    return {key: json.dumps(value) for key, value in fields.items()}


def _json_object(fields: list[tuple[str, str]]) -> str:
    """The JSON object of (key, the value's JSON text) pairs, as ``json.dumps`` writes it."""
    return "{" + ", ".join(f"{json.dumps(key)}: {text}" for key, text in fields) + "}"


def _html_delta(base: int, seq: int, current: dict[str, str], before: dict[str, str]) -> str:
    parts: dict[str, Any] = {}
    for name, html in current.items():
        old = before.get(name)
        if old == html:
            continue
        ops = diff(old, html) if old is not None else None
        if ops is not None and len(json.dumps(ops, ensure_ascii=False)) < EDIT_RATIO * len(html):
            parts[name] = {"ops": ops, "n": utf16_length(html)}
        else:
            parts[name] = html
    return json.dumps({"type": "delta", "base": base, "seq": seq, "parts": parts},
                      ensure_ascii=False)


def chunks(text: str) -> list[str]:
    return CHUNK.findall(text)


def _lines(pieces: list[str]) -> list[tuple[str, int]]:
    """The chunks grouped into lines: (the line's text, how many chunks it has)."""
    lines: list[tuple[str, int]] = []
    text: list[str] = []
    for piece in pieces:
        text.append(piece)
        if piece.endswith("\n"):
            lines.append(("".join(text), len(text)))
            text = []
    if text:
        lines.append(("".join(text), len(text)))
    return lines


def diff(old: str, new: str) -> list[int | str]:
    """``new`` as an edit of ``old``, on their chunks (`CHUNK`: cut after each ">" and each
    line end): a list where a positive number keeps that many chunks of ``old``, a negative
    one drops that many, and a string is inserted; the chunks of ``old`` after the last step
    are kept. Lines are compared first (most lines of a fragment are unlike each other, which
    is quick), then the chunks of the lines that changed (a history line added to a list
    written on one line, a figure that moved)."""
    a, b = chunks(old), chunks(new)
    lines_a, lines_b = _lines(a), _lines(b)
    ops: list[int | str] = []
    at_a = at_b = 0  # chunk positions of the line blocks below
    matcher = difflib.SequenceMatcher(
        None, [t for t, _n in lines_a], [t for t, _n in lines_b], autojunk=False
    )
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        count_a = sum(n for _t, n in lines_a[i1:i2])
        count_b = sum(n for _t, n in lines_b[j1:j2])
        if tag == "equal":
            _push(ops, count_a)
        else:
            _chunk_ops(ops, a[at_a:at_a + count_a], b[at_b:at_b + count_b])
        at_a += count_a
        at_b += count_b
    while ops and isinstance(ops[-1], int) and ops[-1] > 0:
        ops.pop()  # the rest of the old chunks is kept anyway
    return ops


def _chunk_ops(ops: list[int | str], a: list[str], b: list[str]) -> None:
    """The edit of chunks ``a`` into ``b`` (a few changed lines), appended to ``ops``."""
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            _push(ops, i2 - i1)
            continue
        if i2 > i1:
            _push(ops, i1 - i2)
        if j2 > j1:
            if ops and isinstance(ops[-1], str):
                ops[-1] += "".join(b[j1:j2])
            else:
                ops.append("".join(b[j1:j2]))


def _push(ops: list[int | str], count: int) -> None:
    """Append a keep (>0) or drop (<0) count, merged with the last one of the same kind."""
    last = ops[-1] if ops else None
    if isinstance(last, int) and (last > 0) == (count > 0):
        ops[-1] = last + count
    else:
        ops.append(count)


def apply(old: str, ops: list[int | str]) -> str:
    """The inverse of `diff` (what table.js does), for the tests and the benchmark."""
    a = chunks(old)
    at = 0
    out: list[str] = []
    for op in ops:
        if isinstance(op, str):
            out.append(op)
        elif op > 0:
            out.extend(a[at:at + op])
            at += op
        else:
            at -= op
    out.extend(a[at:])
    return "".join(out)


def utf16_length(text: str) -> int:
    """The length JavaScript gives the text (astral characters count twice): the check the
    page makes after an edit."""
    return len(text.encode("utf-16-le")) // 2


def forget(table_id: str | None = None) -> None:
    """Drop the frames and deltas of ``table_id`` (all tables: None), e.g. in tests."""
    with _lock:
        for view in [v for v in _frames if table_id is None or v.table == table_id]:
            del _frames[view]
        for key in [k for k in _messages if table_id is None or k[0].table == table_id]:
            del _messages[key]
