"""The JSON API of a table (for bots, load tests and fuzzing), in Django Ninja. Thin: parse,
call a service, answer.

Credentials: ``Authorization: Bearer <token>`` (the token from create or join), read by
``TableToken``. Every input is validated (companion/tables/api/schemas.py): unknown fields,
wrong types and bad tokens get a 4xx with a reason, never a 5xx. The answers are the selectors'
dicts, sent as they are; api_schemas.py documents them. The API itself (the routers mounted,
the error handlers, the URLs): companion/tables/api/site.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from http import HTTPStatus
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from ninja import Query, Router
from ninja.decorators import decorate_view
from ninja.errors import HttpError, ValidationError
from ninja.parser import Parser
from ninja.security import HttpBearer

from companion.core.json_depth import MAX_DEPTH, too_deep
from companion.tables.api.schemas import (
    MAX_INT,
    CheckBody,
    ConflictError,
    Corrected,
    CorrectionBody,
    CreateBody,
    Error,
    HandBody,
    HandEntered,
    HintBody,
    Invitation,
    InvitationBody,
    JoinBody,
    Joined,
    PlayBody,
    Recorded,
    Refusal,
    Ruling,
    SeatAnswerBody,
    SeatAnswered,
    SeatAsked,
    SeatRequestBody,
    TableAnswer,
    UndoBody,
    Undone,
)
from companion.tables.errors import (
    BadInput,
    Forbidden,
    NotFound,
    StaleSeq,
    TableError,
    TooLarge,
    Unauthorized,
)
from companion.tables.models import Table
from companion.tables.play import seating, selectors, services

MAX_BODY = 16 * 1024

router = Router(tags=["tables"])


# --- credentials --------------------------------------------------------------------------------


class Caller:
    """What ``TableToken`` resolves (``request.auth``): the table of the path and who asks
    (None: a spectator, where a token is optional). The table's row is read when an operation
    first asks for it: a play, whose service locks and reads the row itself, needs only who
    asks, which a token this process has seen before tells without a query."""

    __slots__ = ("_table", "actor", "table_id")

    def __init__(
        self, table_id: str, actor: services.Actor | None, table: Table | None = None
    ) -> None:
        self.table_id = table_id
        self.actor = actor
        self._table = table

    @property
    def table(self) -> Table:
        if self._table is None:
            self._table = _table(self.table_id)
            services.check_holder(self._table, self.actor)  # a remembered seat since moved
        return self._table


class TableToken(HttpBearer):
    """``Authorization: Bearer <token>``: a seat's or the host's token of the table in the path.

    No header: 401 where a token is required, the public view where it is optional. A header
    that is not a bearer token, or a token of another table: 403 ``bad_token``."""

    openapi_description = "the token from POST /api/tables (host) or …/join (a seat)"

    def __init__(self, *, required: bool = True) -> None:
        super().__init__()
        self.required = required

    def __call__(self, request: HttpRequest) -> Caller:
        table_id = request.resolver_match.kwargs["table_id"]
        token = _bearer(request)
        known = services.remembered_actor(table_id, token) if token else None
        if known is not None:
            return Caller(table_id, known)
        table = _table(table_id)
        actor = services.actor_for(table, token)
        if token and actor is None:
            raise Forbidden("this token does not belong to this table", code="bad_token")
        if actor is None and self.required:
            raise Unauthorized("this needs a seat's or the host's token", code="no_token")
        if token and actor is not None:
            services.remember_actor(table_id, token, actor)
        return Caller(table_id, actor, table)

    def authenticate(self, request: HttpRequest, token: str) -> None:
        """Not called: ``__call__`` reads the header itself (a header that is not a bearer
        token is a 403 here, where Ninja would take it for no credentials)."""
        raise NotImplementedError


TOKEN = TableToken()
OPTIONAL_TOKEN = TableToken(required=False)


def _table(table_id: str) -> Table:
    table = services.read_table(table_id)  # with its seats, which a token's check reads
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


# --- bodies -------------------------------------------------------------------------------------


def json_body(run: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Read the body as a JSON object before anything else (as ``run``, the operation, reads
    it): its size, content type, nesting depth and syntax. ``JsonParser`` hands the parsed
    object on to Ninja's validation of the body model."""

    @wraps(run)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            request._api_json = _json_object(request)  # type: ignore[attr-defined]
        except TableError as exc:
            return error_response(request, exc)
        return run(request, *args, **kwargs)

    return guarded


def _json_object(request: HttpRequest) -> dict[str, Any]:
    length = request.META.get("CONTENT_LENGTH") or "0"
    try:
        body = request.body
    except RequestDataTooBig:  # over Django's DATA_UPLOAD_MAX_MEMORY_SIZE
        body = b"x" * (MAX_BODY + 1)
    if not length.isdigit() or int(length) > MAX_BODY or len(body) > MAX_BODY:
        raise TooLarge(_("the body is larger than %(max)s bytes") % {"max": MAX_BODY})
    if request.content_type != "application/json":
        raise BadInput("send the body as application/json", code="bad_content_type")
    if too_deep(body):
        raise BadInput(
            f"the body nests deeper than {MAX_DEPTH} levels", code="too_deep", field="body"
        )
    try:
        data = json.loads(body or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise BadInput(f"the body is not valid JSON: {exc}", code="bad_json") from exc
    if not isinstance(data, dict):
        raise BadInput("the body must be a JSON object", code="bad_json")
    return data


class JsonParser(Parser):
    """The body ``json_body`` has read (parsed once)."""

    def parse_body(self, request: HttpRequest) -> Any:
        parsed = getattr(request, "_api_json", None)
        return parsed if parsed is not None else json.loads(request.body)


# --- errors -------------------------------------------------------------------------------------

ERRORS = {
    400: "malformed input (not JSON, unknown field, wrong type, out of range, bad notation)",
    401: "this needs a token: send 'Authorization: Bearer <token>'",
    403: "a token of another table, or a seat that may not do this (a late claim without the "
    "host: seat_needs_host; a seat the host moved to another phone: seat_moved)",
    404: "no such table (or seat, or entry)",
    409: "stale seq (the body carries the new state), nothing to undo, seat taken, busy, "
    "a correction across a reveal (correction_crosses_reveal)",
    413: "the body is too large",
    422: "the rules forbid it (violations with codes and rule sections)",
    429: "too many hints: try again in a minute",
    503: "no worker reachable for hints",
}
ERROR_MODELS = {409: ConflictError, 422: Refusal}


def documented(
    answers: dict[int, tuple[Any, str]],
    *errors: int,
    token: str = "",
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The answers of an operation for the document: its own, and ``errors`` (every
    operation may meet a body that is too large or does not parse: 400, 413), each with its
    schema and why; ``token="optional"``: it may also be called without a token; ``extra``:
    more of the operation's document."""
    codes = sorted({400, 413, *errors})
    response = {status: model for status, (model, _why) in answers.items()}
    response |= {code: ERROR_MODELS.get(code, Error) for code in codes}
    why = {status: {"description": text} for status, (_model, text) in answers.items()}
    why |= {code: {"description": ERRORS[code]} for code in codes}
    document: dict[str, Any] = {"responses": why, **(extra or {})}
    if token == "optional":
        document["security"] = [{}]  # added to the operation's [{"TableToken": []}]
    return {"response": response, "openapi_extra": document}


def error_response(request: HttpRequest, exc: TableError) -> JsonResponse:
    """A TableError as its status and ``{"error": {"code", "message", …}}``; a stale seq
    carries the table's new state, a 401 says how to authenticate."""
    body = exc.to_json()
    if isinstance(exc, StaleSeq):
        table = Table.objects.get(id=request.resolver_match.kwargs["table_id"])
        caller = getattr(request, "auth", None)
        body["state"] = selectors.table_json(table, caller.actor if caller else None)
    response = JsonResponse(body, status=exc.status)
    if exc.status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="table"'
    return response


#: the first of a body's faults that Ninja (pydantic) found, as the API's codes say it
_TYPE_NAMES = {
    "int": "an integer",
    "string": "a string",
    "list": "a list",
    "dict": "an object",
    "bool": "true or false",
    "model": "an object",
}


def validation_error_response(request: HttpRequest, exc: ValidationError) -> JsonResponse:
    errors = exc.errors
    unknown = sorted(str(e["loc"][-1]) for e in errors if e["type"] == "extra_forbidden")
    if unknown:
        return error_response(
            request,
            BadInput(f"unknown field(s): {', '.join(unknown)}", code="unknown_field"),
        )
    return error_response(request, _bad_input(errors[0]))


def _bad_input(error: dict[str, Any]) -> BadInput:
    name = _field_name(error["loc"])
    kind = error["type"]
    if kind == "missing":
        return BadInput(f"the field {name!r} is required", code="missing_field")
    if kind in ("less_than_equal", "greater_than_equal"):
        return BadInput(
            _("the field %(name)r must be 0 to %(max)s") % {"name": name, "max": MAX_INT},
            code="out_of_range",
        )
    if kind == "too_long":
        return BadInput(
            _("the field %(name)r holds at most %(max)s items")
            % {"name": name, "max": error.get("ctx", {}).get("max_length")},
            code="too_many",
        )
    expected = _TYPE_NAMES.get(kind.split("_")[0])
    if expected:
        return BadInput(f"the field {name!r} must be {expected}", code="wrong_type")
    return BadInput(f"the field {name!r}: {error['msg']}")


def _field_name(loc: tuple[Any, ...]) -> str:
    """``("body", "body", "names", 2)`` → ``names[2]`` (the source and the parameter cut)."""
    parts = list(loc[2:] if loc and loc[0] == "body" else loc[1:]) or list(loc)
    name = str(parts[0])
    for part in parts[1:]:
        name += f"[{part}]" if isinstance(part, int) else f".{part}"
    return name


def http_error_response(request: HttpRequest, exc: HttpError) -> JsonResponse:
    """Ninja's own refusals (e.g. 401 when no credentials were tried), in the API's form."""
    code = "no_token" if exc.status_code == 401 else HTTPStatus(exc.status_code).phrase
    error = TableError(str(exc), code=code.lower().replace(" ", "_"))
    error.status = exc.status_code
    return error_response(request, error)


def too_large_response(request: HttpRequest, exc: RequestDataTooBig) -> JsonResponse:
    return error_response(request, TooLarge(_("the body is too large")))


def reraise(request: HttpRequest, exc: Exception) -> HttpResponse:
    """Anything else goes on to Django: a dead database or Redis becomes a 503 with a reason
    (companion/core/outages.py), a bug a 500, in every mode (Ninja's default would answer a
    traceback in DEBUG)."""
    raise exc


# --- the operations -----------------------------------------------------------------------------


#: ?state=0 on a play: the client follows the websocket, the answer leaves the state out
StateQuery = Query[str | None, {"description": "0: leave the state out (the client follows "
                                               "the websocket)"}]


def _with_state(answer: dict[str, Any], state: str | None, table: Table,
                actor: services.Actor | None) -> dict[str, Any]:
    """The answer with the table as the actor sees it, unless ``?state=0`` (the client
    follows the websocket: the whole log in every answer would grow with the game)."""
    if state != "0":
        answer["state"] = selectors.table_json(table, actor)
    return answer


def _answer(body: dict[str, Any], status: int = 200) -> JsonResponse:
    return JsonResponse(body, status=status)


@router.post(
    "/tables",
    summary="Create a table; the answer holds the host's token",
    **documented({201: (TableAnswer, "created")}),
)
@decorate_view(json_body)
def create(request: HttpRequest, body: CreateBody) -> JsonResponse:
    table, host_token = services.create_table(
        body.game, body.options or {}, body.names or [], body.colours
    )
    answer = selectors.table_json(table, services.Actor(None, True))
    answer["host_token"] = host_token
    return _answer(answer, 201)


@router.get(
    "/tables/{str:table_id}",
    auth=OPTIONAL_TOKEN,
    summary="The table as the token's seat sees it (public without a token)",
    **documented({200: (TableAnswer, "the table")}, 403, 404, token="optional"),
)
def detail(request: HttpRequest, table_id: str) -> JsonResponse:
    return _answer(selectors.table_json(request.auth.table, request.auth.actor))


@router.post(
    "/tables/{str:table_id}/join",
    auth=OPTIONAL_TOKEN,
    summary="Take a seat; the answer holds its token. Free until the game's first entry; "
    "after it only with the host's invitation (or the host's own token), else 403 "
    "seat_needs_host: ask the host (POST …/seat-requests)",
    **documented({201: (Joined, "joined")}, 403, 404, 409, token="optional"),
)
@decorate_view(json_body)
def join(request: HttpRequest, table_id: str, body: JoinBody) -> JsonResponse:
    caller = request.auth
    claimed = seating.claim_seat(
        table_id, body.seat, body.name, invitation=body.invitation,
        by_host=bool(caller.actor and caller.actor.is_host),
    )
    seat = claimed.seat
    return _answer({"seat": seat.index, "name": seat.name, "token": claimed.token}, 201)


@router.post(
    "/tables/{str:table_id}/seat-requests",
    summary="Ask the host for a seat once the game has begun (or one another phone holds); "
    "the token is the seat's once the host approves",
    **documented({202: (SeatAsked, "waiting for the host")}, 404, 409),
)
@decorate_view(json_body)
def seat_requests(request: HttpRequest, table_id: str, body: SeatRequestBody) -> JsonResponse:
    asked, token = seating.request_seat(table_id, body.seat, body.name)
    return _answer({"request": asked.id, "seat": asked.seat, "name": asked.name,
                    "token": token, "answer": "pending"}, 202)


@router.post(
    "/tables/{str:table_id}/seat-answers",
    auth=TOKEN,
    summary="The host approves or refuses a phone's request for a seat",
    **documented({200: (SeatAnswered, "answered")}, 401, 403, 404, 409),
)
@decorate_view(json_body)
def seat_answer(request: HttpRequest, table_id: str, body: SeatAnswerBody) -> JsonResponse:
    answered = seating.answer_request(table_id, request.auth.actor, body.request, body.approve)
    return _answer({"request": answered.id, "seat": answered.seat, "name": answered.name,
                    "answer": answered.answer})


@router.post(
    "/tables/{str:table_id}/invitations",
    auth=TOKEN,
    summary="The host's one-off invitation to a seat (shown as a link or QR code)",
    **documented({201: (Invitation, "made")}, 401, 403, 404),
)
@decorate_view(json_body)
def invitations(request: HttpRequest, table_id: str, body: InvitationBody) -> JsonResponse:
    token = seating.invite(table_id, request.auth.actor, body.seat)
    url = f"/t/{table_id}/seats?seat={body.seat}&invitation={token}"
    return _answer({"seat": body.seat, "invitation": token, "url": url}, 201)


@router.post(
    "/tables/{str:table_id}/plays",
    auth=TOKEN,
    summary="Record a play (engine notation) made against expected_seq",
    **documented({201: (Recorded, "recorded")}, 401, 403, 404, 409, 422),
)
@decorate_view(json_body)
def plays(
    request: HttpRequest,
    table_id: str,
    body: PlayBody,
    state: StateQuery = None,
) -> JsonResponse:
    actor = request.auth.actor
    recorded = services.record_action(table_id, actor, body.action, body.expected_seq)
    answer = {"seq": recorded.event.seq, "action": recorded.event.payload["action"]}
    return _answer(_with_state(answer, state, recorded.table, actor), 201)


@router.post(
    "/tables/{str:table_id}/check",
    auth=OPTIONAL_TOKEN,
    summary="Is this allowed? The ruling on a play of any seat, without recording it, from "
    "what the token's seat knows (no token: the public)",
    **documented({200: (Ruling, "the ruling")}, 403, 404, 409, token="optional"),
)
@decorate_view(json_body)
def check(request: HttpRequest, table_id: str, body: CheckBody) -> JsonResponse:
    table = request.auth.table
    ruling = services.check_action(table, request.auth.actor, body.action, body.seat)
    return _answer({**ruling.to_json(), "seq": table.seq})


@router.post(
    "/tables/{str:table_id}/undo",
    auth=TOKEN,
    summary="Undo the last play (its seat or the host)",
    **documented({201: (Undone, "undone")}, 401, 403, 404, 409),
)
@decorate_view(json_body)
def undo(
    request: HttpRequest, table_id: str, body: UndoBody, state: StateQuery = None
) -> JsonResponse:
    actor = request.auth.actor
    recorded = services.undo(table_id, actor, body.expected_seq)
    answer = {"seq": recorded.event.seq, "undone": recorded.event.payload["undoes"]}
    return _answer(_with_state(answer, state, recorded.table, actor), 201)


@router.post(
    "/tables/{str:table_id}/corrections",
    auth=TOKEN,
    summary="Replace what entry `seq` recorded; later plays must stay legal",
    **documented({201: (Corrected, "corrected")}, 401, 403, 404, 409, 422),
)
@decorate_view(json_body)
def corrections(
    request: HttpRequest, table_id: str, body: CorrectionBody, state: StateQuery = None
) -> JsonResponse:
    actor = request.auth.actor
    recorded = services.correct(table_id, actor, body.seq, body.action, body.expected_seq)
    answer = {"seq": recorded.event.seq, "corrected": body.seq,
              "action": recorded.event.payload["action"]}
    return _answer(_with_state(answer, state, recorded.table, actor), 201)


@router.post(
    "/tables/{str:table_id}/hints",
    auth=TOKEN,
    summary="Start a hint for the token's seat; the answer comes by websocket",
    **documented(
        {
            200: (dict[str, Any], "answered from the cache"),
            202: (dict[str, Any], "started: progress comes by websocket"),
        },
        401, 403, 404, 409, 429, 503,
    ),
)
@decorate_view(json_body)
def hints(request: HttpRequest, table_id: str, body: HintBody) -> JsonResponse:
    """Start a hint for the token's seat; the answer arrives on its websocket."""
    table = request.auth.table
    started = services.request_hint(table.id, request.auth.actor, body.budget_ms)
    return _answer({**started, "seq": table.seq}, 200 if "hint" in started else 202)


@router.put(
    "/tables/{str:table_id}/hand",
    auth=TOKEN,
    summary="Enter the token's own hand (private to that seat)",
    **documented({201: (HandEntered, "recorded")}, 401, 403, 404, 409, 422),
)
@decorate_view(json_body)
def hand(
    request: HttpRequest, table_id: str, body: HandBody, state: StateQuery = None
) -> JsonResponse:
    table, actor = request.auth.table, request.auth.actor
    if actor.seat is None:
        raise Forbidden("only a seat can enter its own hand", code="not_a_seat")
    if not all(c.strip() and len(c) < 12 for c in body.cards):
        raise BadInput('cards is a list of card tokens, e.g. ["7", "4", "swap"]', code="bad_cards")
    text = services.hand_notation(table, actor.seat, body.cards)
    recorded = services.record_action(table_id, actor, text, body.expected_seq)
    return _answer(_with_state({"seq": recorded.event.seq}, state, recorded.table, actor), 201)
