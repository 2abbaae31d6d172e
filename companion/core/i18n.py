"""The language of a websocket connection, chosen the way LocaleMiddleware chooses a request's:
the ``django_language`` cookie (set by the language switcher), else the browser's
Accept-Language, else LANGUAGE_CODE."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header


def _supported(code: str | None) -> str | None:
    if not code:
        return None
    try:
        return get_supported_language_variant(code)
    except LookupError:
        return None


def language_from_scope(scope: Mapping[str, Any]) -> str:
    """The connection's language: cookie, then Accept-Language, then the default."""
    cookies = scope.get("cookies") or {}
    chosen = _supported(cookies.get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        return chosen
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            header = value.decode("latin-1")[:1000]
            for code, _quality in parse_accept_lang_header(header):
                if code == "*":
                    break
                chosen = _supported(code)
                if chosen:
                    return chosen
    return settings.LANGUAGE_CODE


def in_connection_language[F: Callable[..., Any]](method: F) -> F:
    """Run a consumer's (sync) method in its connection's language (``self.language``)."""

    @wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with translation.override(getattr(self, "language", None) or settings.LANGUAGE_CODE):
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]
