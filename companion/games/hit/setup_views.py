"""HIT's "Check your box" pages: the set-ups (list, export, import) and the check form with a
picture of each board side. Thin: the values are read and checked in hit_setups.py."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from companion.engines import get_game
from companion.games.hit.models import HitSetup
from companion.tables.errors import BadInput, TableError

from . import setups as hit_setups
from .board import RADIUS, _at, board_context

MAX_FILE_BYTES = 200_000


def _base(choice: str | None) -> tuple[dict[str, Any], HitSetup | None]:
    """The set-up a check starts from: a saved one, or the shipped files."""
    if not choice or choice == "default":
        return hit_setups.default_setup(), None
    try:
        row = HitSetup.objects.get(pk=int(choice))
    except (ValueError, HitSetup.DoesNotExist) as exc:
        raise Http404("no such set-up") from exc
    return dict(row.data), row


def _pictures(setup: dict[str, Any]) -> list[dict[str, Any]]:
    """Each board side drawn as the table draws it, from a new game on it."""
    game = get_game("hit")
    out = []
    for side in setup["sides"]:
        players = side["players"][-1]
        state = game.new_game({"players": players, "setup": setup})
        seats = [
            SimpleNamespace(name=str(i + 1), colour=colour)
            for i, colour in enumerate(state.cfg.geo.colour)
        ]
        position = game.to_json(state)
        board = board_context(state, position, seats, [False] * players, set())
        board["figures"] = []
        fields = state.cfg.geo.fields
        for t, spot in enumerate(board["spots"]):  # every field numbered, for counting
            x, y = _at(t, RADIUS - 17, fields)
            spot["label"] = {"x": x, "y": y, "text": t}
        out.append({"id": side["id"], "title": hit_setups.SIDE_NAMES.get(side["id"], side["id"]),
                    "board": board})
    return out


def _check_page(request: HttpRequest, setup: dict[str, Any], base: str, name: str,
                checked_by: str, error: str | None, status: int = 200) -> HttpResponse:
    context = {
        **hit_setups.form_rows(setup),
        "pictures": _pictures(setup) if error is None else _pictures_or_none(setup),
        "base": base,
        "name": name,
        "checked_by": checked_by,
        "error": error,
    }
    return render(request, "tables/hit_setup_check.html", context, status=status)


def _pictures_or_none(setup: dict[str, Any]) -> list[dict[str, Any]]:
    try:
        return _pictures(setup)
    except Exception:  # a refused board is not drawn: the form shows why
        return []


@require_GET
def setups(request: HttpRequest) -> HttpResponse:
    """The set-ups: the shipped one and every one a host checked; export, import, check."""
    return render(
        request,
        "tables/hit_setups.html",
        {"setups": HitSetup.objects.all()[:100], "import_error": None},
    )


@require_http_methods(["GET", "POST"])
def check(request: HttpRequest) -> HttpResponse:
    """GET: the values of a set-up (``?from=<id>``, default the shipped one) in a form, with
    the board; POST: the host's corrections, saved as a new named set-up (422 with the reason
    when it cannot be played)."""
    if request.method == "GET":
        choice = request.GET.get("from")
        setup, row = _base(choice)
        name = row.name if row else ""
        return _check_page(request, setup, choice or "default", name,
                           row.created_by if row else "", None)
    choice = request.POST.get("from")
    base, _row = _base(choice)
    name = (request.POST.get("name") or "").strip()[:60]
    checked_by = (request.POST.get("checked_by") or "").strip()[:40]
    try:
        if not name:
            raise BadInput(_("give the set-up a name"), code="bad_setup")
        setup = hit_setups.read_form(request.POST, base)
    except TableError as exc:
        return _check_page(request, base, choice or "default", name, checked_by, exc.message,
                           status=422)
    row = HitSetup.objects.create(name=name, data=setup, created_by=checked_by)
    return redirect(f"{_lobby()}?setup={row.pk}")


def _lobby() -> str:
    from django.urls import reverse

    return reverse("tables:new-game", kwargs={"game": "hit"})


@require_GET
def export(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        row = HitSetup.objects.get(pk=pk)
    except HitSetup.DoesNotExist as exc:
        raise Http404("no such set-up") from exc
    response = HttpResponse(
        json.dumps(hit_setups.export(row), ensure_ascii=False, indent=1),
        content_type="application/json",
    )
    filename = f"hit-setup-{slugify(row.name) or row.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_POST
def import_setup(request: HttpRequest) -> HttpResponse:
    upload = request.FILES.get("file")
    try:
        if upload is None:
            raise BadInput(_("choose a set-up file"), code="bad_setup")
        if upload.size > MAX_FILE_BYTES:
            raise BadInput(_("the file is too large for a set-up"), code="bad_setup")
        name, checked_by, setup = hit_setups.read_export(upload.read())
    except TableError as exc:
        context = {"setups": HitSetup.objects.all()[:100], "import_error": exc.message}
        return render(request, "tables/hit_setups.html", context, status=422)
    row = HitSetup.objects.create(name=name, data=setup, created_by=checked_by)
    return redirect(f"{_lobby()}?setup={row.pk}")
