"""When a service the site needs stops answering (PostgreSQL, Redis): the exceptions that mean
"try again in a moment", and the middleware that answers them with a clear 503 instead of a
traceback and a 500. What each outage does to the site: docs/operations.md, "Faults"."""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import gettext as _
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

DATABASE_DOWN = (OperationalError, InterfaceError)
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError)
RETRY_AFTER_S = 5


def unavailable_message(exception: BaseException) -> str | None:
    """What to tell the user when ``exception`` means a backing service is down, else None."""
    if isinstance(exception, DATABASE_DOWN):
        return _(
            "The table's records cannot be reached right now (the database is not answering). "
            "Try again in a moment."
        )
    if isinstance(exception, REDIS_DOWN):
        return _("A service the table needs is not answering right now. Try again in a moment.")
    return None


def unavailable_response(request: HttpRequest, message: str) -> HttpResponse:
    """503 in the form the caller reads: JSON for the API, the bare message for an htmx tap
    (static/js/table.js shows it), a page otherwise."""
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"error": {"code": "unavailable", "message": message}}, status=503
        )
    elif request.headers.get("HX-Request"):
        response = HttpResponse(message, content_type="text/plain; charset=utf-8", status=503)
    else:
        try:
            page = render_to_string("core/unavailable.html", {"message": message}, request)
        except Exception:  # the page must not fail in turn; the message alone will do
            log.exception("the 503 page could not be rendered")
            page = message
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER_S)
    return response


class ServiceUnavailableMiddleware(MiddlewareMixin):
    """A view that meets a dead database or Redis answers 503 with a reason (and one log line,
    not a traceback per request while the outage lasts).

    Sync only, on purpose: as the innermost middleware it makes Django run the whole chain
    synchronously in one thread per request. Under ASGI, a middleware that can run either way
    is run in async mode when the handler inside it is async, and `MiddlewareMixin` then sends
    each of its hooks to a thread and back (`sync_to_async`): about a dozen thread hops per
    request through this stack, the largest share of a play's web CPU under load
    (docs/operations.md, "Load")."""

    sync_capable = True
    async_capable = False

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        message = unavailable_message(exception)
        if message is None:
            return None
        log.error(
            "%s %s: 503, %s: %s",
            request.method,
            request.path,
            type(exception).__name__,
            str(exception).splitlines()[0] if str(exception) else "",
        )
        return unavailable_response(request, message)


# --- websocket handshakes while the channel layer's Redis is away -------------------------------

#: What the channel layer's client raises when Redis is not there: redis-py's errors, and the
#: socket's own when the connection is refused or reset before redis-py wraps it.
LAYER_DOWN: tuple[type[BaseException], ...] = (*REDIS_DOWN, OSError)

_layer_refusing = False


def layer_refused(exception: BaseException) -> None:
    """A handshake was refused because the channel layer's Redis is away: one WARNING per
    outage (not a traceback per phone; every phone retries every few seconds)."""
    global _layer_refusing
    if not _layer_refusing:
        _layer_refusing = True
        log.warning(
            "channel layer unreachable (%s): websocket handshakes are refused until it is "
            "back; phones retry by themselves",
            type(exception).__name__,
        )


def layer_accepted() -> None:
    """A handshake went through: the outage (if one was logged) is over."""
    global _layer_refusing
    if _layer_refusing:
        _layer_refusing = False
        log.info("channel layer reachable again: websocket handshakes accepted")
