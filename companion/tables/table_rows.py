"""The play transaction's statements, written out: read (and lock) a table with its seats,
append an event, save the table's new seq and snapshot.

These run on every play, undo and correction. Through the ORM they were about a quarter of a
web process's CPU under load (bench/ws_load.py, py-spy): building and compiling the queries,
``prefetch_related`` and the model save machinery, for five short statements whose shape never
changes. Here the SQL is fixed text and the rows become model instances directly
(``Model.from_db``, the values converted by the same converters the ORM applies), so the rest
of the code sees the same ``Table``, ``Seat`` and ``Event`` objects. Portable between
PostgreSQL and SQLite (``FOR UPDATE`` only where the database has it).

``post_save`` is sent for the appended event as ``Model.save`` would (the coach listens to it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection
from django.db.models import Model
from django.db.models.signals import post_save
from django.utils import timezone

from .models import CoachSwitch, Event, Seat, Table

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
_T, _S, _E, _COACH = (_q(m._meta.db_table) for m in (Table, Seat, Event, CoachSwitch))

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


def _instance(model: type[Model], fields: list[str], row: tuple) -> Any:
    values = list(row)
    for i, col, chain in _converters_for(model):
        for convert in chain:
            values[i] = convert(values[i], col, connection)
    return model.from_db(connection.alias, fields, values)


def read_table(table_id: str, *, lock: bool = False) -> Table | None:
    """The table with its seats (``table.seats.all()`` reads nothing more), locked until the
    transaction ends when ``lock``; None when there is no such table.

    ``table.coach_on`` tells whether any seat has the coach switched on (read in the same
    statement, so that a play needs no query to know whether to ask for a review)."""
    suffix = " FOR UPDATE" if lock and connection.features.has_select_for_update else ""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {_TABLE_COLUMNS}, EXISTS (SELECT 1 FROM {_COACH} c"
            f" WHERE c.table_id = {_T}.id AND c.{_q('on')})"
            f" FROM {_T} WHERE {_T}.id = %s{suffix}",
            [table_id],
        )
        row = cursor.fetchone()
        if row is None:
            return None
        cursor.execute(
            f"SELECT {_SEAT_COLUMNS} FROM {_S} WHERE table_id = %s ORDER BY {_q('index')}",
            [table_id],
        )
        seat_rows = cursor.fetchall()
    table = _instance(Table, _TABLE_FIELDS, row[:-1])
    table.coach_on = bool(row[-1])
    seats = [_instance(Seat, _SEAT_FIELDS, r) for r in seat_rows]
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
    table: Table, seq: int, kind: str, payload: dict[str, Any], seat: int | None,
    private_to: int | None,
) -> Event:
    """INSERT the event; it is returned as ``Event.objects.create`` would (``post_save``
    sent), its ``table`` the given instance."""
    event = Event(
        table=table, seq=seq, kind=kind, payload=payload, seat=seat, private_to=private_to,
        created_at=timezone.now(),
    )
    fields = [Event._meta.get_field(name) for name in _EVENT_FIELDS]
    params = [f.get_db_prep_save(getattr(event, f.attname), connection) for f in fields]
    columns = ", ".join(_q(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    returning = connection.features.can_return_columns_from_insert
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {_E} ({columns}) VALUES ({marks})"
            + (" RETURNING id" if returning else ""),
            params,
        )
        event.id = cursor.fetchone()[0] if returning else cursor.lastrowid
    event._state.adding = False
    event._state.db = connection.alias
    post_save.send(sender=Event, instance=event, created=True, update_fields=None, raw=False,
                   using=connection.alias)
    return event


def save_progress(table: Table) -> None:
    """UPDATE the table's seq, snapshot, status and ``updated_at`` (now), as
    ``table.save(update_fields=[…])`` would."""
    table.updated_at = timezone.now()
    names = ["seq", "snapshot", "status", "updated_at"]
    fields = [Table._meta.get_field(name) for name in names]
    params = [f.get_db_prep_save(getattr(table, f.attname), connection) for f in fields]
    sets = ", ".join(f"{_q(f.column)} = %s" for f in fields)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {_T} SET {sets} WHERE id = %s", [*params, table.id])
