"""A finished request is freed by reference counting, not left to the cyclic collector
(companion/core/request_release.py): through Django's WSGI handler, as the web process's HTTP
bridge runs it, no request object is left in cyclic garbage."""

from __future__ import annotations

import gc
import io
import json
from collections.abc import Iterator

import pytest
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.db import SessionStore
from django.core.handlers.wsgi import WSGIHandler, WSGIRequest
from django.http import HttpResponse, StreamingHttpResponse
from django.test import RequestFactory
from django.utils.functional import SimpleLazyObject

from companion.core.request_release import ReleaseRequestMiddleware


def _environ(method: str, path: str, body: bytes = b"") -> dict:
    return {
        "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "SCRIPT_NAME": "",
        "SERVER_NAME": "testserver", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "testserver", "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)), "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http", "wsgi.errors": io.StringIO(), "wsgi.version": (1, 0),
        "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
    }


@pytest.fixture
def garbage_kept() -> Iterator[None]:
    """Automatic collection off; what a collection finds is kept in ``gc.garbage``."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()


def _serve(handler: WSGIHandler, method: str, path: str, body: bytes = b"") -> str:
    statuses: list[str] = []
    result = handler(_environ(method, path, body),
                     lambda status, headers, exc_info=None: statuses.append(status[:3]))
    b"".join(result)
    result.close()  # as the bridge (any WSGI server) does once the answer is sent
    return statuses[0]


def _collected(*types: type) -> list[object]:
    gc.collect()
    return [o for o in gc.garbage if isinstance(o, types)]


@pytest.mark.django_db(transaction=True)
def test_api_requests_leave_no_cyclic_garbage(garbage_kept):
    handler = WSGIHandler()
    body = json.dumps({"game": "dog"}).encode()
    assert [_serve(handler, "POST", "/api/tables", body) for _ in range(3)] == ["201"] * 3
    assert _collected(WSGIRequest) == []


@pytest.mark.django_db(transaction=True)
def test_a_page_leaves_at_most_its_emptied_request_to_the_collector(garbage_kept):
    """A page's template context is a cycle of Django's own that holds the request: the
    request is found by the collector, but nothing it held (session, user, messages)."""
    handler = WSGIHandler()
    assert [_serve(handler, "GET", "/") for _ in range(3)] == ["200"] * 3
    requests = _collected(WSGIRequest)
    assert all(vars(request) == {} for request in requests)
    assert _collected(SessionStore, FallbackStorage, SimpleLazyObject) == []


@pytest.mark.django_db  # closing an answer sends request_finished (connections)
def test_a_streamed_answer_keeps_its_request_until_it_is_sent():
    request = RequestFactory().get("/")
    request.marker = "kept"
    middleware = ReleaseRequestMiddleware(lambda r: StreamingHttpResponse(iter([b"a", b"b"])))
    response = middleware(request)
    assert b"".join(response) == b"ab"
    response.close()
    assert request.marker == "kept"


@pytest.mark.django_db
def test_a_closed_answer_empties_its_request():
    request = RequestFactory().get("/")
    request.marker = "gone"
    response = ReleaseRequestMiddleware(lambda r: HttpResponse())(request)
    assert request.marker == "gone"  # not before the answer is closed
    response.close()
    assert request.__dict__ == {}
