"""The JSON API as Django Ninja serves it under /api/: the routers of tables.py, records.py and
counter.py (beside this module), their error handlers, the OpenAPI document generated from
their declarations (/api/openapi.json) and its interactive page (/api/docs, Swagger UI from the
static files the ninja package ships: "ninja" is in INSTALLED_APPS, nothing from a CDN)."""

from __future__ import annotations

from functools import wraps
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import URLPattern, path
from ninja import NinjaAPI
from ninja.errors import HttpError, ValidationError

from companion.tables.api import counter as counter_api
from companion.tables.api import records as record_api
from companion.tables.api import tables as api
from companion.tables.errors import TableError

site = NinjaAPI(
    title="Table companion API",
    version="1",
    description="The JSON API of the table companion (docs/tables.md, 'JSON API'). "
    "Errors: {\"error\": {\"code\", \"message\", …}}. "
    "An integer is a JSON integer: 338, never 338.0 or 3.38e2 (refused with 400 bad_request "
    "whatever its value).",
    urls_namespace="api",
    parser=api.JsonParser(),
)
site.add_router("", api.router)
site.add_router("", record_api.router)
site.add_router("", counter_api.router)
site.add_exception_handler(TableError, api.error_response)
site.add_exception_handler(ValidationError, api.validation_error_response)
site.add_exception_handler(HttpError, api.http_error_response)
site.add_exception_handler(RequestDataTooBig, api.too_large_response)
site.add_exception_handler(Exception, api.reraise)


def _json_405(view: Any) -> Any:
    """Ninja answers a method an operation does not take with a bare 405; the API says it
    as JSON, with the Allow header."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if response.status_code != 405:
            return response
        allowed = response["Allow"]
        answer = JsonResponse(
            {
                "error": {
                    "code": "method_not_allowed",
                    "message": f"use {' or '.join(allowed.split(', '))}",
                }
            },
            status=405,
        )
        answer["Allow"] = allowed
        return answer

    return wrapper


def _patterns() -> list[URLPattern]:
    patterns, _app, _namespace = site.urls
    return [
        path(str(p.pattern), _json_405(p.callback), name=p.name)
        if p.name not in ("openapi-json", "openapi-view", "api-root")
        else p
        for p in patterns
    ]


urlpatterns = _patterns()
