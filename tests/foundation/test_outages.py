"""A dead database or Redis answers 503 with a reason, in the form the caller reads (JSON for
the API, the bare message for an htmx tap, a page otherwise), never a 500 with a traceback. The
real outages, in the production topology: tests/hardening/test_faults.py."""

import pytest
from django.db import OperationalError
from django.test import Client
from redis.exceptions import ConnectionError as RedisConnectionError

# Every view module imported before any patch below: counter_api and record_api copy
# `api._table` when first imported, and a first request under a patch made them keep the fake.
import companion.urls  # noqa: F401
from companion.advisor import hints
from companion.tables.api import tables as api
from companion.tables.pages import views

pytestmark = pytest.mark.django_db


def database_down(*args, **kwargs):
    raise OperationalError("connection failed: server closed the connection unexpectedly")


def test_the_api_answers_503_json_when_the_database_is_down(client, monkeypatch):
    monkeypatch.setattr(api, "_table", database_down)
    response = client.get("/api/tables/abc")
    assert response.status_code == 503
    assert response["Retry-After"]
    error = response.json()["error"]
    assert error["code"] == "unavailable" and "database" in error["message"]


def test_pages_and_htmx_taps_answer_503_with_the_reason(client, monkeypatch):
    monkeypatch.setattr(views, "_table", database_down)
    page = client.get("/t/abc/")
    assert page.status_code == 503
    assert b"database is not answering" in page.content and b"<html" in page.content
    tap = client.get("/t/abc/entry", headers={"HX-Request": "true"})
    assert tap.status_code == 503 and tap["Content-Type"].startswith("text/plain")
    assert "database is not answering" in tap.content.decode()  # static/js/table.js shows it


def test_other_errors_stay_500(monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("a bug")

    monkeypatch.setattr(api, "_table", broken)
    response = Client(raise_request_exception=False).get("/api/tables/abc")
    assert response.status_code == 500


def test_a_hint_says_unavailable_when_the_cache_is_down(dealt_table, monkeypatch):
    def redis_down(*args, **kwargs):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(hints, "note_table_seq", redis_down)
    response = dealt_table.call("post", "/hints", {"budget_ms": 500}, dealt_table.tokens[0])
    assert response.status_code == 503
    error = response.json()["error"]
    assert error["code"] == "unavailable" and "unavailable" in error["message"]
