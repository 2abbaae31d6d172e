"""The CSRF cookie by scheme: on https it is ``__Host-csrftoken``, Secure; on plain http (the
embedded default's join link on a home network) it stays ``csrftoken`` as the settings say.

The embedded default serves the same machine on both (``manage.py serve``: http on one port,
https on another), and cookies are not kept apart by port. Had the https port marked the one
``csrftoken`` Secure, a phone that opened it would keep that cookie off the http port, and the
browser would refuse the http port's own (an insecure page may not overwrite a Secure cookie):
every form there would fail its CSRF check. Under two names each port keeps its own, and the
https one is Secure (with the ``__Host-`` prefix the browser also holds it to this host, path
``/`` and no Domain). In production (``CSRF_COOKIE_SECURE``, behind a proxy that terminates
TLS) every request is secure and the one ``csrftoken`` is Secure, as Django has it.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

SECURE_NAME = "__Host-csrftoken"


def https_beside_http(request: HttpRequest) -> bool:
    """A request on the https port of a site that serves plain http too (the settings' CSRF
    cookie is not Secure), where the https cookie may carry the ``__Host-`` prefix."""
    return (
        request.is_secure()
        and not settings.CSRF_COOKIE_SECURE
        and not settings.CSRF_USE_SESSIONS
        and settings.CSRF_COOKIE_DOMAIN is None
        and settings.CSRF_COOKIE_PATH == "/"
    )


class SecureCsrfCookieMiddleware(MiddlewareMixin):
    """Around Django's CsrfViewMiddleware (which stays as it is, and where `check --deploy`
    looks for it): on the https port it reads the CSRF secret from ``__Host-csrftoken`` and
    writes the cookie under that name, Secure; elsewhere it does nothing."""

    def process_request(self, request: HttpRequest) -> None:
        if https_beside_http(request):
            secret = request.COOKIES.get(SECURE_NAME)
            if secret is None:
                request.COOKIES.pop(settings.CSRF_COOKIE_NAME, None)  # the http port's
            else:
                request.COOKIES[settings.CSRF_COOKIE_NAME] = secret

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        cookie = response.cookies.get(settings.CSRF_COOKIE_NAME)
        if cookie is None or not https_beside_http(request):
            return response
        del response.cookies[settings.CSRF_COOKIE_NAME]
        response.set_cookie(
            SECURE_NAME,
            cookie.value,
            max_age=settings.CSRF_COOKIE_AGE,
            path="/",
            secure=True,
            httponly=settings.CSRF_COOKIE_HTTPONLY,
            samesite=settings.CSRF_COOKIE_SAMESITE,
        )
        return response
