"""Template context every page gets from the site core."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

from companion.core import lan_tls


def lan_https(request: HttpRequest) -> dict[str, str]:
    """``lan_https_url``: this page at the HTTPS address ``manage.py serve`` also listens on
    (``make run``), offered on a plain-http page for keeping the screen on and installing the
    app; empty when this page is already secure or no HTTPS is served."""
    port = lan_tls.SERVING_PORT
    if not port or request.is_secure():
        return {"lan_https_url": ""}
    host = request.get_host()
    host = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    url = f"https://{host}:{port}{request.get_full_path()}"
    allowed = {f"{host}:{port}"}
    if not url_has_allowed_host_and_scheme(url, allowed_hosts=allowed, require_https=True):
        return {"lan_https_url": ""}
    return {"lan_https_url": url}
