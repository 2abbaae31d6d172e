"""The JSON API of whole games: download a record, load one into a new table, the summary."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from ninja import Router

from companion.tables.api.schemas import Record, TableAnswer, inline_schema
from companion.tables.api.tables import OPTIONAL_TOKEN, _table, documented
from companion.tables.errors import BadInput
from companion.tables.play import selectors, services
from companion.tables.records import bgstats
from companion.tables.records.record import build_record, load_record, read_record
from companion.tables.records.summary import summarize

router = Router(tags=["records"])


@router.get(
    "/tables/{str:table_id}/record",
    auth=OPTIONAL_TOKEN,
    summary="The game record as the token's seat may read it (public without)",
    **documented({200: (dict[str, Any], "the record")}, 403, 404, token="optional"),
)
def record(request: HttpRequest, table_id: str) -> JsonResponse:
    """The record as the token's seat may read it (public without a token)."""
    actor = request.auth.actor
    return JsonResponse(build_record(request.auth.table, actor.seat if actor else None))


# The record is read by record.py, not by a body model: its own size limit (larger than the
# other bodies'), and refusals that name the event at fault. The model documents it.
_RECORD_BODY = {
    "required": True,
    "content": {"application/json": {"schema": inline_schema(Record)}},
}


@router.post(
    "/records",
    summary="A new table from a game record; every action is checked again",
    **documented({201: (TableAnswer, "created")}, 422, extra={"requestBody": _RECORD_BODY}),
)
def load(request: HttpRequest) -> JsonResponse:
    """A new table from a record (the body): 201 with the table and the host's token."""
    if request.content_type != "application/json":
        raise BadInput(_("send the record as application/json"), code="bad_content_type")
    table, host_token = load_record(read_record(request.body))
    body = selectors.table_json(table, services.Actor(None, True))
    body["host_token"] = host_token
    return JsonResponse(body, status=201)


@router.get(
    "/tables/{str:table_id}/summary",
    summary="The summary so far (and BG Stats links once finished)",
    **documented({200: (dict[str, Any], "the summary")}, 404),
)
def summary(request: HttpRequest, table_id: str) -> JsonResponse:
    """The summary (so far, or of the finished game) and, when finished, the BG Stats links."""
    result = summarize(_table(table_id))
    body = result.to_json()
    if result.finished:
        body["bgstats"] = {**bgstats.links(result), "play": bgstats.play_data(result)}
    return JsonResponse(body)
