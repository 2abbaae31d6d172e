"""Template context every page gets from the site core."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

from companion.core import lan_tls


def _host_name(request: HttpRequest) -> str:
    host = request.get_host()
    return host.rsplit(":", 1)[0] if not host.endswith("]") else host


def plain_http_url(request: HttpRequest, path: str) -> str:
    """``path`` as the phones should open it: on plain http, which opens without a warning,
    also when this page is the HTTPS address of ``manage.py serve`` (the join link and its QR
    code); elsewhere (production behind TLS) as this request came."""
    if request.is_secure() and lan_tls.SERVING_PORT and lan_tls.HTTP_PORT:
        port = request.get_port()
        if str(port) == str(lan_tls.SERVING_PORT):
            return f"http://{_host_name(request)}:{lan_tls.HTTP_PORT}{path}"
    return request.build_absolute_uri(path)


def lan_https(request: HttpRequest) -> dict[str, str]:
    """``lan_https_url``: this page at the HTTPS address ``manage.py serve`` also listens on
    (``make run``), offered on a plain-http page for keeping the screen on and installing the
    app; empty when this page is already secure or no HTTPS is served."""
    port = lan_tls.SERVING_PORT
    if not port or request.is_secure():
        return {"lan_https_url": ""}
    host = _host_name(request)
    url = f"https://{host}:{port}{request.get_full_path()}"
    allowed = {f"{host}:{port}"}
    if not url_has_allowed_host_and_scheme(url, allowed_hosts=allowed, require_https=True):
        return {"lan_https_url": ""}
    return {"lan_https_url": url}
