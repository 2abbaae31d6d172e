"""The websocket's Origin check, whatever ALLOWED_HOSTS says (also ``*``).

A browser always sends Origin with a websocket, and carries the seat's cookie with it, so a
page of another site must not open a table's socket (SameSite=Lax keeps most browsers from
sending the cookie, but not all). Accepted: the page's own origin (Origin's host and port are
the request's Host) when that Host is allowed, or an Origin whose host ALLOWED_HOSTS names
explicitly (the ``*`` wildcard does not count). A client without Origin is not a browser and
carries no browser cookie: it is accepted (API phones, the benchmarks).
"""

from __future__ import annotations

from urllib.parse import urlparse

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host


def origin_allowed(origin: str, host: str) -> bool:
    parsed = urlparse(origin)
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        return False
    named = [h for h in settings.ALLOWED_HOSTS if h != "*"]
    host_name, _ = split_domain_port(host)
    if parsed.netloc.lower() == host.lower() and host_name and validate_host(
        host_name, settings.ALLOWED_HOSTS
    ):
        return True
    origin_name, _ = split_domain_port(parsed.netloc)
    return bool(origin_name) and validate_host(origin_name, named)


class OriginValidator:
    """ASGI middleware: deny a websocket whose Origin is not allowed (403 at the handshake)."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            headers = dict(scope.get("headers") or [])
            origin = headers.get(b"origin")
            host = headers.get(b"host", b"").decode("latin-1")
            if origin is not None and not origin_allowed(origin.decode("latin-1"), host):
                return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
