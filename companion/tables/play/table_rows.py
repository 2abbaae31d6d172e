"""The play transaction's statements, written out: read (and lock) a table with its seats,
append an event and save the table's new seq and snapshot (on PostgreSQL one statement each).

These run on every play, undo and correction. Through the ORM they were about a quarter of a
web process's CPU under load (bench/ws_load.py, py-spy): building and compiling the queries,
``prefetch_related`` and the model save machinery, for five short statements whose shape never
changes, each a round trip to wait for. Here the SQL is fixed text, the rows become model
instances directly (``Model.from_db``, the values converted by the same converters the ORM
applies), so the rest of the code sees the same ``Table``, ``Seat`` and ``Event`` objects.
Portable between PostgreSQL and SQLite (``FOR UPDATE`` and the insert inside a ``WITH`` only
on PostgreSQL).

``post_save`` is sent for the appended event as ``Model.save`` would (the coach listens to it).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.db import connection
from django.db.models import Model
from django.db.models.signals import post_save
from django.utils import timezone
from django.utils.asyncio import async_unsafe

from companion.tables.models import CoachSwitch, Event, HintLog, Seat, Table

Converter = Callable[[Any, Any, Any], Any]


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


def _columns(model: type[Model]) -> tuple[list[str], str]:
    fields = [f.attname for f in model._meta.concrete_fields]
    table = _q(model._meta.db_table)
    columns = ", ".join(f"{table}.{_q(f.column)}" for f in model._meta.concrete_fields)
    return fields, columns


_TABLE_FIELDS, _TABLE_COLUMNS = _columns(Table)
_SEAT_FIELDS, _SEAT_COLUMNS = _columns(Seat)
_T, _S, _E, _COACH, _HINTS = (
    _q(m._meta.db_table) for m in (Table, Seat, Event, CoachSwitch, HintLog)
)

#: per database vendor: each model's converters by field position, as the ORM's compiler
#: gets them (e.g. JSON text → objects, SQLite's datetime text → datetime)
_converters: dict[tuple[str, type[Model]], list[tuple[int, Any, list[Converter]]]] = {}


def _converters_for(model: type[Model]) -> list[tuple[int, Any, list[Converter]]]:
    key = (connection.vendor, model)
    found = _converters.get(key)
    if found is None:
        found = []
        for i, field in enumerate(model._meta.concrete_fields):
            col = field.get_col(model._meta.db_table)
            chain = connection.ops.get_db_converters(col) + field.get_db_converters(connection)
            if chain:
                found.append((i, col, chain))
        _converters[key] = found
    return found


@async_unsafe
def _cursor() -> Any:
    """A cursor for these statements. On PostgreSQL a prepared-statement cursor
    (``_prepared_cursor``): the server plans each statement once per connection instead of on
    every play (planning the locked read took longer than running it, ``EXPLAIN ANALYZE``).
    Elsewhere Django's own. Both go through Django's wrapper: its error translation, its query
    log."""
    if connection.vendor != "postgresql":
        return connection.cursor()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        return connection._prepare_cursor(_prepared_cursor()(connection.connection))


@functools.cache
def _prepared_cursor() -> type:
    """psycopg's cursor that binds parameters on the server and prepares every statement it
    runs, on each connection once (Django's own cursors bind on the client and never prepare).
    Where the connections have preparing turned off (``DB_PREPARE=0``, settings.py) the
    statements still bind on the server, unprepared."""
    import psycopg

    class PreparedCursor(psycopg.Cursor):
        def execute(self, query: Any, params: Any = None, *, prepare: bool | None = True,
                    binary: bool | None = None) -> Any:
            return super().execute(query, params, prepare=prepare, binary=binary)

    return PreparedCursor


def _instance(model: type[Model], fields: list[str], row: tuple) -> Any:
    values = list(row)
    for i, col, chain in _converters_for(model):
        for convert in chain:
            values[i] = convert(values[i], col, connection)
    return model.from_db(connection.alias, fields, values)


def read_table(table_id: str, *, lock: bool = False) -> Table | None:
    """The table with its seats (``table.seats.all()`` reads nothing more), locked until the
    transaction ends when ``lock``; None when there is no such table. One statement: the row
    joined with its seats (one result row per seat), each round trip being a wait for the
    database, and for the interpreter's lock after it, under load.

    ``table.coach_on`` tells whether any seat has the coach switched on, ``table.hint_asked``
    whether a seat asked for a hint at the table's seq (a search may be running that the next
    play must stop): both read in the same statement, so that a play needs no query, and no
    Redis command, to know whether to ask for a review or to stop a search."""
    suffix = f" FOR UPDATE OF {_T}" if lock and connection.features.has_select_for_update else ""
    with _cursor() as cursor:
        cursor.execute(
            f"SELECT {_TABLE_COLUMNS}, EXISTS (SELECT 1 FROM {_COACH} c"
            f" WHERE c.table_id = {_T}.id AND c.{_q('on')}),"
            f" EXISTS (SELECT 1 FROM {_HINTS} h WHERE h.table_id = {_T}.id AND h.seq = {_T}.seq),"
            f" {_SEAT_COLUMNS}"
            f" FROM {_T} LEFT JOIN {_S} ON {_S}.table_id = {_T}.id"
            f" WHERE {_T}.id = %s ORDER BY {_S}.{_q('index')}{suffix}",
            [table_id],
        )
        rows = cursor.fetchall()
    if not rows:
        return None
    width = len(_TABLE_FIELDS)
    first = rows[0]
    table = _instance(Table, _TABLE_FIELDS, first[:width])
    table.coach_on, table.hint_asked = bool(first[width]), bool(first[width + 1])
    seats = [_instance(Seat, _SEAT_FIELDS, row[width + 2:]) for row in rows
             if row[width + 2] is not None]  # a table without seats: one row, seat columns null
    for seat in seats:
        Seat.table.field.set_cached_value(seat, table)
    _prefetched(table, "seats", seats)
    return table


def _prefetched(instance: Model, name: str, objects: list[Any]) -> None:
    """What ``prefetch_related(name)`` leaves on ``instance``: ``instance.<name>.all()`` is
    ``objects`` without a query."""
    queryset = getattr(instance, name).all()
    queryset._result_cache = objects
    queryset._prefetch_done = True
    instance._prefetched_objects_cache = {name: queryset}


_EVENT_FIELDS = ["table_id", "seq", "kind", "payload", "seat", "private_to", "created_at"]


def append_event(
    table: Table, kind: str, payload: dict[str, Any], seat: int | None, private_to: int | None,
) -> Event:
    """INSERT the event numbered ``table.seq`` and UPDATE the table's seq, snapshot, status and
    ``updated_at`` (now) as they stand on ``table``: one statement on PostgreSQL (the insert
    in a ``WITH``), two elsewhere. The event is returned as ``Event.objects.create`` would
    (``post_save`` sent), its ``table`` the given instance; the table is left as
    ``table.save(update_fields=[…])`` would leave it."""
    now = timezone.now()
    event = Event(
        table=table, seq=table.seq, kind=kind, payload=payload, seat=seat,
        private_to=private_to, created_at=now,
    )
    table.updated_at = now
    fields = [Event._meta.get_field(name) for name in _EVENT_FIELDS]
    params = [f.get_db_prep_save(getattr(event, f.attname), connection) for f in fields]
    columns = ", ".join(_q(f.column) for f in fields)
    insert = f"INSERT INTO {_E} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
    table_fields = [Table._meta.get_field(name) for name in _PROGRESS_FIELDS]
    sets = ", ".join(f"{_q(f.column)} = %s" for f in table_fields)
    update = f"UPDATE {_T} SET {sets} WHERE id = %s"
    update_params = [*(f.get_db_prep_save(getattr(table, f.attname), connection)
                       for f in table_fields), table.id]
    with _cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"WITH e AS ({insert} RETURNING id) {update} RETURNING (SELECT id FROM e)",
                [*params, *update_params],
            )
            event.id = cursor.fetchone()[0]
        else:
            returning = connection.features.can_return_columns_from_insert
            cursor.execute(insert + (" RETURNING id" if returning else ""), params)
            event.id = cursor.fetchone()[0] if returning else cursor.lastrowid
            cursor.execute(update, update_params)
    event._state.adding = False
    event._state.db = connection.alias
    post_save.send(sender=Event, instance=event, created=True, update_fields=None, raw=False,
                   using=connection.alias)
    return event


_PROGRESS_FIELDS = ["seq", "snapshot", "status", "updated_at"]
