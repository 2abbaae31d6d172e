"""Seats for tests that set a table up before its phones sit down: once the game has begun a
seat is handed out by the host (companion/tables/play/seating.py), here by the host's
invitation, the path a real late phone takes."""

from __future__ import annotations

from django.test import Client

from companion.tables.play import seating, services

HOST = services.Actor(None, True)


def claim(table_id: str, seat: int, name: str | None = None) -> str:
    """Seat ``seat``'s new token: a free claim while the game has not begun, else through
    the host's invitation."""
    return seating.claim_seat(table_id, seat, name, invitation=_invitation(table_id, seat)).token


def sit(phone: Client, table_id: str, seat: int, name: str | None = None):
    """The phone takes ``seat`` on the seat page (the host's invitation once needed)."""
    form = {"seat": str(seat), "invitation": _invitation(table_id, seat) or ""}
    if name is not None:
        form["name"] = name
    return phone.post(f"/t/{table_id}/seats", form)


def _invitation(table_id: str, seat: int) -> str | None:
    table = services.read_table(table_id)
    if table is not None and seating.free_claims_open(table):
        return None
    return seating.invite(table_id, HOST, seat)
