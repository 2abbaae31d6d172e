"""Cross-Origin-Opener-Policy only where the browser honours it.

Django's SecurityMiddleware sends ``Cross-Origin-Opener-Policy: same-origin`` on every response.
Browsers apply it only to a potentially trustworthy origin: https, or localhost and the loopback
addresses (https://www.w3.org/TR/secure-contexts/#potentially-trustworthy-origin). The embedded
default is reached over plain http at the host's name or LAN address (http://laptop:8000), and
there Chromium ignores the header and logs a console error on every page ("The
Cross-Origin-Opener-Policy header has been ignored, because the URL's origin was untrustworthy"),
which also costs Lighthouse's best-practices score. So the header is dropped on exactly those
responses; over https and on localhost it stays as Django sends it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from django.http.request import split_domain_port

HEADER = "Cross-Origin-Opener-Policy"


def honoured(request: HttpRequest) -> bool:
    """Whether a browser applies COOP to this request's origin (https, localhost or loopback)."""
    if request.is_secure():
        return True
    host = request.META.get("HTTP_HOST") or request.META.get("SERVER_NAME", "")
    domain, _port = split_domain_port(host)
    domain = domain.strip("[]")
    if domain == "localhost" or domain.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(domain).is_loopback
    except ValueError:
        return False


class OpenerPolicyMiddleware:
    """Listed before SecurityMiddleware, so that it sees the header that middleware added."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if HEADER in response and not honoured(request):
            del response[HEADER]
        return response
