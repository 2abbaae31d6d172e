"""The game record: a table's game as a JSON file, and a new table loaded from one.

A record holds the game, its configuration (house rules included), the seats (names, colours)
and the effective events in the engine's notation with their seq and time (format:
docs/notation.md, "Game records"). Private entries appear in full only in the record of the seat
they belong to; everyone else's record holds their public form (``public_forms``), so a record
never carries another seat's hidden cards.

Loading replays the record with the engine, checking every action as if it were entered at the
table; a record that does not read, names an unknown game or holds an illegal action is refused
with the reason and the event it concerns, and nothing is created.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from companion.core.json_depth import MAX_DEPTH, too_deep
from companion.engines import EngineError, InvalidActionError, available_games, get_game
from companion.tables import presenters
from companion.tables.errors import BadInput, Refused
from companion.tables.models import Event, Table
from companion.tables.play import services, timeline
from companion.tables.play.event_log import prepare
from companion.tables.play.public_forms import legacy_shows
from companion.tables.play.state_cache import remember_state

FORMAT = "table-companion-record"
VERSION = 1
MAX_RECORD_BYTES = 2 * 1024 * 1024
MAX_EVENTS = 20_000
#: the years a record's times may lie in (the summary computes durations and local times)
EARLIEST, LATEST = 1970, 9998
EARLIEST_LATEST_MARGIN = timedelta(days=2)
RECORD_KEYS = {
    "format": True,
    "version": True,
    "game": True,
    "config": True,
    "seats": True,
    "events": True,
    "private_entries_of": False,
    "status": False,
    "created_at": False,
    "exported_at": False,
}
EVENT_KEYS = {"action", "seq", "by_seat", "at", "shown", "forget"}


# --- download ---------------------------------------------------------------------------------


def build_record(table: Table, seat: int | None) -> dict[str, Any]:
    """The record as ``seat`` may read it (None: the public record, for the host, spectators
    and the presenter): ``seat``'s reading of the log (``timeline.walk``), so its private
    entries in full and everyone else's in public form."""
    game = get_game(table.game)
    state = game.new_game(table.config)  # the position the record's own entries lead to
    events: list[dict[str, Any]] = []

    def add(text: str, step: timeline.Step, seats: tuple[int, ...] = ()):
        nonlocal state
        # A record says "forget" only where it changes this reader's position (the owner of
        # the contradicted entries, a gift's receiver): nobody else learns of the conflict.
        before = game.to_json(state) if seats else None
        state, action, forget = prepare(game, state, text, seats, seat)
        if forget and game.to_json(state) == before:
            forget = []
        entry = {
            "seq": step.seq,
            "action": game.format_action(state, action),
            "by_seat": step.by_seat,
            "at": step.at.isoformat(),
        }
        if forget:
            entry["forget"] = forget
        events.append(entry)
        state = game.apply(state, action)

    for step in timeline.walk(table, seat)[1]:
        add(step.text, step, step.forget)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": table.game,
        "config": table.config,
        "seats": [
            {"index": s.index, "name": s.name, "colour": s.colour} for s in table.seats.all()
        ],
        "private_entries_of": seat,
        "status": table.status,
        "created_at": table.created_at.isoformat(),
        "exported_at": timezone.now().isoformat(),
        "events": events,
    }


def record_filename(table: Table) -> str:
    return f"{table.game}-{timezone.localtime(table.created_at):%Y-%m-%d-%H%M}.json"


# --- upload -----------------------------------------------------------------------------------


def read_record(raw: bytes | str) -> Any:
    """The JSON of an uploaded record (BadInput when it is too large or not JSON)."""
    if len(raw) > MAX_RECORD_BYTES:
        raise BadInput(
            _("The record is larger than %(limit)d bytes.") % {"limit": MAX_RECORD_BYTES},
            code="too_large",
        )
    if too_deep(raw):
        raise BadInput(
            _("The record nests deeper than %(limit)d levels.") % {"limit": MAX_DEPTH},
            code="too_deep",
        )
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise BadInput(
            _("The file is not valid JSON: %(error)s") % {"error": exc}, code="bad_json"
        ) from exc


@dataclass(frozen=True, slots=True)
class _Entry:
    text: str
    by_seat: int | None
    at: str
    private_to: int | None
    public_text: str | None
    public_msg: list[Any] | None
    forget: list[int] | None = None
    #: a hand the table showed at a round's end (``"shown": true``): nobody entered it for its
    #: owner, so the history names no one ("entered by Ben" was invented from the play before)
    shown: bool = False


def load_record(data: Any) -> tuple[Table, str]:
    """A new table holding the record's game; returns it and the host's token. Every action is
    checked by the engine first: a bad record raises BadInput or Refused and creates nothing."""
    record = _checked_shape(data)
    game = get_game(record["game"])
    presenter = presenters.get(record["game"])
    try:
        config = presenter.engine_config(record["config"])
        state = game.new_game(config)
    except (EngineError, TypeError, ValueError, KeyError) as exc:  # untrusted input
        raise BadInput(
            _("The record's configuration is not valid: %(error)s") % {"error": exc},
            code="bad_config",
        ) from exc
    seats = record["seats"]
    if len(seats) != game.num_seats(state):
        raise BadInput(
            _("The record lists %(listed)d seats, its game has %(seats)d.")
            % {"listed": len(seats), "seats": game.num_seats(state)},
            code="bad_seats",
        )
    entries: list[_Entry] = []
    for number, event in enumerate(record["events"], start=1):
        if not _a_show(event):  # a record of a round end that showed only unknown hands
            for text in legacy_shows(game, state):
                shown = {"action": text, "by_seat": None, "at": event.get("at")}
                state = _replay_one(game, presenter, state, number, shown, entries, len(seats))
        state = _replay_one(game, presenter, state, number, event, entries, len(seats))
    with transaction.atomic():
        table, host_token = services.create_table(
            record["game"],
            config,
            [s["name"] for s in seats],
            [s["colour"] for s in seats],
        )
        Event.objects.bulk_create(
            Event(
                table=table,
                seq=seq,
                kind=Event.Kind.ACTION,
                payload={
                    "action": entry.text,
                    "public": entry.public_text,
                    "public_msg": entry.public_msg,
                    "by_seat": entry.by_seat,
                    "by_host": entry.by_seat is None,
                    "at": entry.at,
                    **({"forget": entry.forget} if entry.forget else {}),
                    **({"shown": True} if entry.shown else {}),
                },
                seat=entry.by_seat,
                private_to=entry.private_to,
            )
            for seq, entry in enumerate(entries, start=1)
        )
        table.seq = len(entries)
        table.snapshot = game.to_json(state)
        table.status = Table.Status.FINISHED if game.is_terminal(state) else Table.Status.PLAYING
        table.save(update_fields=["seq", "snapshot", "status", "updated_at"])
    remember_state(table.id, table.seq, state)
    return table, host_token


def _a_show(event: dict[str, Any]) -> bool:
    action = event.get("action")
    return isinstance(action, str) and action.startswith("hand ")


def _replay_one(
    game, presenter, state, number: int, event: dict[str, Any], entries: list[_Entry], seats: int
) -> Any:
    """Check one event of the record on ``state``; append it to ``entries``; the next state."""
    text = event["action"]
    where = _("event %(number)d") % {"number": number}
    if "seq" in event:
        where += f" (#{event['seq']})"
    forget = event.get("forget", [])
    if not isinstance(forget, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats for s in forget
    ):
        raise BadInput(
            _("%(where)s: forget must be a list of seats") % {"where": where},
            code="bad_event",
            event=number,
        )
    for owner in forget:
        state = game.forget(state, owner)
    by_seat = event.get("by_seat")
    shown = event.get("shown") is True
    if by_seat is not None and not 0 <= by_seat < seats:
        raise BadInput(
            _("%(where)s: by_seat %(seat)d is not a seat of this game")
            % {"where": where, "seat": by_seat},
            code="bad_event",
            event=number,
        )
    try:
        action = game.parse_action(state, text)
    except (InvalidActionError, ValueError, KeyError, IndexError) as exc:
        raise BadInput(
            _("%(where)s: %(action)s cannot be read: %(error)s")
            % {"where": where, "action": repr(text), "error": exc},
            code="bad_action",
            event=number,
        ) from exc
    violations = game.check(state, action)
    if violations:
        raise Refused(
            _("%(where)s: %(action)s is not allowed here") % {"where": where, "action": repr(text)},
            code="illegal_in_record",
            event=number,
            violations=[presenters.violation_json(game, v) for v in violations],
        )
    try:
        privacy = presenter.privacy(game, state, action)
    except BadInput as exc:  # e.g. a deal with every hand in it: no table reports that
        raise BadInput(f"{where}: {exc.message}", code=exc.code, event=number) from exc
    entries.append(
        _Entry(
            text=game.format_action(state, action),
            # a shown hand: records before 2026-11 named the seat whose play ended the round
            by_seat=None if shown else by_seat,
            at=_time(event.get("at"), where, number),
            private_to=privacy.private_to,
            public_text=privacy.public_text,
            public_msg=timeline.public_msg(privacy),
            forget=forget,
            shown=shown,
        )
    )
    return game.apply(state, action)


def _time(value: Any, where: str, number: int) -> str:
    if value is None:
        return timezone.now().isoformat()
    try:
        at = datetime.fromisoformat(value)
    except ValueError as exc:
        raise BadInput(
            _("%(where)s: the time %(value)s is not an ISO 8601 date and time")
            % {"where": where, "value": repr(value)},
            code="bad_event",
            event=number,
        ) from exc
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    try:  # the summary and the replay show times in UTC and the reader's zone: ±1 day
        at.astimezone(UTC) + EARLIEST_LATEST_MARGIN
        at.astimezone(UTC) - EARLIEST_LATEST_MARGIN
        if not EARLIEST <= at.year <= LATEST:
            raise OverflowError
    except OverflowError as exc:
        raise BadInput(
            _("%(where)s: the time %(value)s is outside the years %(first)s to %(last)s")
            % {"where": where, "value": repr(value), "first": EARLIEST, "last": LATEST},
            code="bad_event",
            field="at",
            event=number,
        ) from exc
    return at.isoformat()


def _checked_shape(data: Any) -> dict[str, Any]:
    """The record's shape: the keys, their types, a known game (BadInput naming what is
    wrong)."""

    def bad(message: str, code: str = "bad_record", **extra: Any) -> BadInput:
        return BadInput(message, code=code, **extra)

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad(
            _("This is not a game record of the table companion (format %(format)s).")
            % {"format": FORMAT}
        )
    if data.get("version") != VERSION:
        raise bad(
            _("Records of version %(version)s cannot be read; this site reads version %(ours)d.")
            % {"version": data.get("version"), "ours": VERSION}
        )
    unknown = set(data) - set(RECORD_KEYS)
    if unknown:
        raise bad(
            _("Unknown field(s) in the record: %(names)s") % {"names": ", ".join(sorted(unknown))}
        )
    missing = [key for key, required in RECORD_KEYS.items() if required and key not in data]
    if missing:
        raise bad(_("The record lacks %(names)s.") % {"names": ", ".join(missing)})
    game_name = data["game"]
    if not isinstance(game_name, str) or game_name not in available_games():
        raise bad(
            _("Unknown game %(game)s in the record; known: %(known)s.")
            % {"game": repr(game_name), "known": ", ".join(available_games())},
            code="unknown_game",
        )
    try:
        presenters.get(game_name)
    except KeyError as exc:
        raise bad(
            _("%(game)s has no table yet.") % {"game": game_name}, code="no_table_ui"
        ) from exc
    if not isinstance(data["config"], dict):
        raise bad(_("The record's config must be an object."))
    seats = data["seats"]
    if not isinstance(seats, list) or not all(
        isinstance(s, dict)
        and isinstance(s.get("name"), str)
        and isinstance(s.get("colour"), str)
        and set(s) <= {"index", "name", "colour"}
        for s in seats
    ):
        raise bad(_('The record\'s seats must be a list of {"name", "colour"} objects.'))
    events = data["events"]
    if not isinstance(events, list):
        raise bad(_("The record's events must be a list."))
    if len(events) > MAX_EVENTS:
        raise bad(_("A record holds at most %(limit)d events.") % {"limit": MAX_EVENTS})
    for number, event in enumerate(events, start=1):
        problem = _event_problem(event)
        if problem:
            raise bad(
                _("event %(number)d: %(problem)s") % {"number": number, "problem": problem},
                code="bad_event",
                event=number,
            )
    return data


def _event_problem(event: Any) -> str | None:
    if not isinstance(event, dict):
        return _("an event must be an object")
    unknown = set(event) - EVENT_KEYS
    if unknown:
        return _("unknown field(s) %(names)s") % {"names": ", ".join(sorted(unknown))}
    text = event.get("action")
    if not isinstance(text, str) or not text.strip() or len(text) > 500:
        return _("action must be the engine's notation (a non-empty string)")
    for key in ("seq", "by_seat"):
        value = event.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            return _("%(key)s must be a whole number") % {"key": key}
    if "at" in event and not isinstance(event["at"], str):
        return _("at must be a date and time in ISO 8601")
    if "shown" in event and not isinstance(event["shown"], bool):
        return _("shown must be true or false")
    return None
