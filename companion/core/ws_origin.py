"""The websocket's Origin check, whatever ALLOWED_HOSTS says (also ``*``).

A browser always sends Origin with a websocket, and carries the seat's cookie with it, so a
page of another site must not open a table's socket (SameSite=Lax keeps most browsers from
sending the cookie, but not all). Accepted: the page's own origin (Origin's scheme, host and
port are the socket's) when that Host is allowed, or an origin that CSRF_TRUSTED_ORIGINS names
in full. A client without Origin is not a browser and carries no browser cookie: it is
accepted (API phones, the benchmarks).
"""

from __future__ import annotations

from urllib.parse import urlparse

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

from companion.core import lan_tls


def origin_allowed(origin: str, host: str, scheme: str = "http") -> bool:
    """Whether a page of ``origin`` may open a socket that reached us as ``host`` over
    ``scheme`` (``ws``/``wss`` or the forwarded ``http``/``https``): the same scheme, host and
    port, or an origin configured in full in CSRF_TRUSTED_ORIGINS. Another port or scheme of
    the same host is another site (the embedded default serves http and https side by side)."""
    parsed = urlparse(origin)
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        return False
    if origin.rstrip("/").lower() in {o.rstrip("/").lower() for o in _trusted()}:
        return True
    if not host:  # no browser leaves out Host (HTTP/1.1 requires it): a test or a script
        origin_name, _ = split_domain_port(parsed.netloc)
        return bool(origin_name) and validate_host(
            origin_name, [h for h in settings.ALLOWED_HOSTS if h != "*"]
        )
    own_scheme = "https" if scheme in ("https", "wss") else "http"
    host_name, _ = split_domain_port(host)
    return (
        parsed.scheme == own_scheme
        and parsed.netloc.lower() == host.lower()
        and bool(host_name)
        and validate_host(host_name, settings.ALLOWED_HOSTS)
    )


def _trusted() -> list[str]:
    return list(getattr(settings, "CSRF_TRUSTED_ORIGINS", []) or [])


def _scheme(scope: dict, headers: dict[bytes, bytes]) -> str:
    """The scheme the browser used: the socket's own, or the proxy's word for it where
    SECURE_PROXY_SSL_HEADER trusts one (as Django does for requests)."""
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        name = proxy[0].removeprefix("HTTP_").replace("_", "-").lower().encode("latin-1")
        if name in headers:
            return "https" if headers[name].decode("latin-1") == proxy[1] else "http"
    if scope.get("scheme"):
        return scope["scheme"]
    # Daphne puts no scheme in a websocket's scope: a socket on the port `make run` serves
    # HTTPS on (companion/core/lan_tls.py) came over TLS.
    server = scope.get("server") or ()
    if lan_tls.SERVING_PORT and len(server) > 1 and server[1] == lan_tls.SERVING_PORT:
        return "wss"
    return "ws"


class OriginValidator:
    """ASGI middleware: deny a websocket whose Origin is not allowed (403 at the handshake)."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            headers = dict(scope.get("headers") or [])
            origin = headers.get(b"origin")
            host = headers.get(b"host", b"").decode("latin-1")
            scheme = _scheme(scope, headers)
            if origin is not None and not origin_allowed(origin.decode("latin-1"), host, scheme):
                return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
