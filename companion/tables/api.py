"""The JSON API (for bots, load tests and fuzzing). Thin: parse, call a service, answer.

Credentials: ``Authorization: Bearer <token>`` (the token from create or join). Every input is
validated: unknown fields, wrong types and bad tokens get a 4xx with a reason, never a 5xx.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from companion.core.json_depth import MAX_DEPTH, too_deep

from . import selectors, services
from .errors import BadInput, Forbidden, NotFound, StaleSeq, TableError, TooLarge, Unauthorized
from .models import Table
from .openapi import MAX_INT, document

MAX_BODY = 16 * 1024

TYPE_NAMES = {
    str: "a string",
    int: "an integer",
    list: "a list",
    dict: "an object",
    bool: "true or false",
    type(None): "null",
}


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a JSON body: its accepted types, whether it is required, and for a list the
    accepted item types and how many items at most. Integers must lie in 0..MAX_INT."""

    types: tuple[type, ...]
    required: bool = False
    items: tuple[type, ...] | None = None
    max_items: int = 100


def api_view(methods: tuple[str, ...]) -> Callable:
    """JSON in and out, the allowed methods, and every TableError as its status and reason."""

    def decorate(view: Callable) -> Callable:
        @csrf_exempt
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
            if request.method not in methods:
                response = JsonResponse(
                    {
                        "error": {
                            "code": "method_not_allowed",
                            "message": f"use {' or '.join(methods)}",
                        }
                    },
                    status=405,
                )
                response["Allow"] = ", ".join(methods)
                return response
            try:
                return view(request, *args, **kwargs)
            except RequestDataTooBig:  # over Django's DATA_UPLOAD_MAX_MEMORY_SIZE
                exc = TooLarge(_("the body is too large"))
                return JsonResponse(exc.to_json(), status=exc.status)
            except StaleSeq as exc:
                table = Table.objects.get(id=kwargs["table_id"])
                body = exc.to_json()
                body["state"] = selectors.table_json(table, _actor(request, table))
                return JsonResponse(body, status=exc.status)
            except TableError as exc:
                response = JsonResponse(exc.to_json(), status=exc.status)
                if exc.status == 401:
                    response["WWW-Authenticate"] = 'Bearer realm="table"'
                return response

        return wrapper

    return decorate


def _body(request: HttpRequest, fields: dict[str, Field]) -> dict[str, Any]:
    length = request.META.get("CONTENT_LENGTH") or "0"
    if not length.isdigit() or int(length) > MAX_BODY or len(request.body) > MAX_BODY:
        raise TooLarge(_("the body is larger than %(max)s bytes") % {"max": MAX_BODY})
    if request.content_type != "application/json":
        raise BadInput("send the body as application/json", code="bad_content_type")
    if too_deep(request.body):
        raise BadInput(
            f"the body nests deeper than {MAX_DEPTH} levels", code="too_deep", field="body"
        )
    try:
        data = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise BadInput(f"the body is not valid JSON: {exc}", code="bad_json") from exc
    if not isinstance(data, dict):
        raise BadInput("the body must be a JSON object", code="bad_json")
    unknown = set(data) - set(fields)
    if unknown:
        raise BadInput(f"unknown field(s): {', '.join(sorted(unknown))}", code="unknown_field")
    for name, field in fields.items():
        if name not in data:
            if field.required:
                raise BadInput(f"the field {name!r} is required", code="missing_field")
            continue
        if data[name] is None and not field.required:
            continue
        data[name] = _value(name, data[name], field.types)
        if field.items is not None:
            if len(data[name]) > field.max_items:
                raise BadInput(
                    _("the field %(name)r holds at most %(max)s items")
                    % {"name": name, "max": field.max_items},
                    code="too_many",
                )
            data[name] = [_value(f"{name}[{i}]", v, field.items) for i, v in enumerate(data[name])]
    return data


def _value(name: str, value: Any, types: tuple[type, ...]) -> Any:
    """``value`` if it has one of ``types`` (an integral number like 3.0 counts as an integer,
    as in JSON Schema); integers must lie in 0..MAX_INT."""
    if int in types and isinstance(value, float) and value.is_integer():
        value = int(value)
    if (isinstance(value, bool) and bool not in types) or not isinstance(value, types):
        expected = " or ".join(TYPE_NAMES[t] for t in types)
        raise BadInput(f"the field {name!r} must be {expected}", code="wrong_type")
    if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= MAX_INT:
        raise BadInput(
            _("the field %(name)r must be 0 to %(max)s") % {"name": name, "max": MAX_INT},
            code="out_of_range",
        )
    return value


def _table(table_id: str) -> Table:
    table = Table.objects.filter(id=table_id).first()
    if table is None:
        raise NotFound("no such table")
    return table


def _bearer(request: HttpRequest) -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if not header:
        return None
    if scheme.lower() != "bearer" or not token.strip():
        raise Forbidden("send the token as 'Authorization: Bearer <token>'", code="bad_token")
    return token.strip()


def _actor(request: HttpRequest, table: Table) -> services.Actor | None:
    token = _bearer(request)
    actor = services.actor_for(table, token)
    if token and actor is None:
        raise Forbidden("this token does not belong to this table", code="bad_token")
    return actor


def _required_actor(request: HttpRequest, table: Table) -> services.Actor:
    actor = _actor(request, table)
    if actor is None:
        raise Unauthorized("this needs a seat's or the host's token", code="no_token")
    return actor


@api_view(("GET",))
def openapi(request: HttpRequest) -> JsonResponse:
    return JsonResponse(document())


@api_view(("POST",))
def create(request: HttpRequest) -> JsonResponse:
    data = _body(
        request,
        {
            "game": Field((str,), required=True),
            "options": Field((dict,)),
            "names": Field((list,), items=(str, type(None)), max_items=8),
            "colours": Field((list,), items=(str,), max_items=8),
        },
    )
    table, host_token = services.create_table(
        data["game"], data.get("options") or {}, data.get("names") or [], data.get("colours")
    )
    body = selectors.table_json(table, services.Actor(None, True))
    body["host_token"] = host_token
    return JsonResponse(body, status=201)


@api_view(("POST",))
def join(request: HttpRequest, table_id: str) -> JsonResponse:
    data = _body(request, {"seat": Field((int,), required=True), "name": Field((str,))})
    _table(table_id)
    seat, token = services.claim_seat(table_id, data["seat"], data.get("name"))
    return JsonResponse({"seat": seat.index, "name": seat.name, "token": token}, status=201)


@api_view(("GET",))
def detail(request: HttpRequest, table_id: str) -> JsonResponse:
    table = _table(table_id)
    return JsonResponse(selectors.table_json(table, _actor(request, table)))


@api_view(("POST",))
def plays(request: HttpRequest, table_id: str) -> JsonResponse:
    data = _body(request, {"action": Field((str,), True), "expected_seq": Field((int,), True)})
    table = _table(table_id)
    actor = _required_actor(request, table)
    recorded = services.record_action(table_id, actor, data["action"], data["expected_seq"])
    body = {"seq": recorded.event.seq, "action": recorded.event.payload["action"]}
    if request.GET.get("state") != "0":  # ?state=0: the client follows the websocket
        body["state"] = selectors.table_json(recorded.table, actor)
    return JsonResponse(body, status=201)


@api_view(("POST",))
def check(request: HttpRequest, table_id: str) -> JsonResponse:
    """The referee's ruling from what the token's seat knows (no token: the public view)."""
    data = _body(request, {"action": Field((str,), True), "seat": Field((int,))})
    table = _table(table_id)
    ruling = services.check_action(table, _actor(request, table), data["action"], data.get("seat"))
    return JsonResponse({**ruling.to_json(), "seq": table.seq})


@api_view(("POST",))
def undo(request: HttpRequest, table_id: str) -> JsonResponse:
    data = _body(request, {"expected_seq": Field((int,), True)})
    table = _table(table_id)
    actor = _required_actor(request, table)
    recorded = services.undo(table_id, actor, data["expected_seq"])
    return JsonResponse(
        {
            "seq": recorded.event.seq,
            "undone": recorded.event.payload["undoes"],
            "state": selectors.table_json(recorded.table, actor),
        },
        status=201,
    )


@api_view(("POST",))
def corrections(request: HttpRequest, table_id: str) -> JsonResponse:
    data = _body(
        request,
        {
            "seq": Field((int,), True),
            "action": Field((str,), True),
            "expected_seq": Field((int,), True),
        },
    )
    table = _table(table_id)
    actor = _required_actor(request, table)
    recorded = services.correct(table_id, actor, data["seq"], data["action"], data["expected_seq"])
    return JsonResponse(
        {
            "seq": recorded.event.seq,
            "corrected": data["seq"],
            "action": recorded.event.payload["action"],
            "state": selectors.table_json(recorded.table, actor),
        },
        status=201,
    )


@api_view(("POST",))
def hints(request: HttpRequest, table_id: str) -> JsonResponse:
    """Start a hint for the token's seat; the answer arrives on its websocket."""
    data = _body(request, {"budget_ms": Field((int,))})
    table = _table(table_id)
    actor = _required_actor(request, table)
    started = services.request_hint(table.id, actor, data.get("budget_ms"))
    return JsonResponse({**started, "seq": table.seq}, status=200 if "hint" in started else 202)


@api_view(("PUT",))
def hand(request: HttpRequest, table_id: str) -> JsonResponse:
    data = _body(
        request,
        {
            "cards": Field((list,), True, items=(str,), max_items=20),
            "expected_seq": Field((int,), True),
        },
    )
    table = _table(table_id)
    actor = _required_actor(request, table)
    if actor.seat is None:
        raise Forbidden("only a seat can enter its own hand", code="not_a_seat")
    cards = data["cards"]
    if not all(c.strip() and len(c) < 12 for c in cards):
        raise BadInput('cards is a list of card tokens, e.g. ["7", "4", "swap"]', code="bad_cards")
    text = services.hand_notation(table, actor.seat, cards)
    recorded = services.record_action(table_id, actor, text, data["expected_seq"])
    return JsonResponse(
        {"seq": recorded.event.seq, "state": selectors.table_json(recorded.table, actor)},
        status=201,
    )
