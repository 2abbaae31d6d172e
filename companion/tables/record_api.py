"""The JSON API of whole games: download a record, load one into a new table, the summary."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _

from . import bgstats, selectors, services
from .api import _actor, _table, api_view
from .errors import BadInput
from .record import build_record, load_record, read_record
from .summary import summarize


@api_view(("GET",))
def record(request: HttpRequest, table_id: str) -> JsonResponse:
    """The record as the token's seat may read it (public without a token)."""
    table = _table(table_id)
    actor = _actor(request, table)
    return JsonResponse(build_record(table, actor.seat if actor else None))


@api_view(("POST",))
def load(request: HttpRequest) -> JsonResponse:
    """A new table from a record (the body): 201 with the table and the host's token."""
    if request.content_type != "application/json":
        raise BadInput(_("send the record as application/json"), code="bad_content_type")
    table, host_token = load_record(read_record(request.body))
    body = selectors.table_json(table, services.Actor(None, True))
    body["host_token"] = host_token
    return JsonResponse(body, status=201)


@api_view(("GET",))
def summary(request: HttpRequest, table_id: str) -> JsonResponse:
    """The summary (so far, or of the finished game) and, when finished, the BG Stats links."""
    result = summarize(_table(table_id))
    body = result.to_json()
    if result.finished:
        body["bgstats"] = {**bgstats.links(result), "play": bgstats.play_data(result)}
    return JsonResponse(body)
