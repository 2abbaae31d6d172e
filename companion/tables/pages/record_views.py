"""Pages about a game as a whole: the replay, the game record (download and upload) and the
summary with its BG Stats link. Thin: read the request, call record/replay/summary, render."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from companion.tables.coach import reviews as coach
from companion.tables.errors import BadInput, TableError
from companion.tables.models import Table
from companion.tables.pages.views import _actor, _set_token_cookie, _table
from companion.tables.records import bgstats
from companion.tables.records.record import (
    MAX_RECORD_BYTES,
    build_record,
    load_record,
    read_record,
    record_filename,
)
from companion.tables.records.replay import replay_context
from companion.tables.records.summary import summarize


def _is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


@require_GET
def replay(request: HttpRequest, table_id: str) -> HttpResponse:
    """One step of the replay: the whole page, or (htmx) just the step."""
    table = _table(table_id)
    try:
        context = replay_context(table, request.GET.get("step"))
    except TableError as exc:
        return HttpResponse(exc.message, status=400, content_type="text/plain; charset=utf-8")
    # the step's play reviewed by the coach: its label on the phone of the seat that made it
    move = context["replay"]["move"]
    actor = _actor(request, table)
    context["review_label"] = coach.step_label(
        table, actor.seat if actor else None, move["seq"] if move else None
    )
    template = "tables/replay.html#step" if _is_htmx(request) else "tables/replay.html"
    return render(request, template, context)


@require_GET
def record(request: HttpRequest, table_id: str) -> HttpResponse:
    """The game record as a JSON file: the public record, or a seat's own with its private
    entries in full."""
    table = _table(table_id)
    actor = _actor(request, table)
    data = build_record(table, actor.seat if actor else None)
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=1), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{record_filename(table)}"'
    return response


@require_http_methods(["GET", "POST"])
def load(request: HttpRequest) -> HttpResponse:
    """A new table from an uploaded record; this phone becomes its host."""
    if request.method == "GET":
        return render(request, "tables/load_record.html", {"load_error": None})
    upload = request.FILES.get("record")
    try:
        if upload is None:
            raise BadInput(_("Choose a game record file (.json) to load."), code="no_file")
        table, host_token = load_record(read_record(upload.read(MAX_RECORD_BYTES + 1)))
    except TableError as exc:
        return render(request, "tables/load_record.html", {"load_error": exc}, status=exc.status)
    response = redirect("tables:table", table_id=table.id)
    _set_token_cookie(response, request, table.id, "host", host_token)
    return response


@require_GET
def summary(request: HttpRequest, table_id: str) -> HttpResponse:
    """The game summary: a page, or (``?part=1``) the section the table page and the presenter
    load into themselves."""
    table = _table(table_id)
    context = summary_context(table)
    part = bool(request.GET.get("part"))
    # The coach's line of this phone's own seat: on its summary page and in its table page's
    # summary (``own=1``), never in the presenter's (a tablet everyone reads) or the API's.
    if not part or request.GET.get("own"):
        actor = _actor(request, table)
        context["coach_line"] = coach.summary_line(table, actor.seat if actor else None)
    template = "tables/summary.html#summary" if part else "tables/summary.html"
    return render(request, template, context)


def summary_context(table: Table) -> dict[str, Any]:
    result = summarize(table)
    return {
        "table": table,
        "summary": result,
        "bgstats": bgstats.links(result) if result.finished else None,
    }
