"""The embedded default: SQLite, in-process channel layer, Celery worker thread in-process."""

import pytest
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings

from companion.asgi import application
from companion.core.tasks import broadcast


def test_defaults_are_embedded():
    assert settings.EMBEDDED
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert isinstance(get_channel_layer(), InMemoryChannelLayer)
    assert settings.CELERY_BROKER_URL.startswith("memory://")
    # Not "always eager": tasks must run off the request thread.
    assert not getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False)


def test_home_lists_the_three_games(client):
    response = client.get("/")
    assert response.status_code == 200
    body = response.content.decode()
    for name in ("DOG", "HIT", "Life is Life"):
        assert name in body
    assert 'name="viewport"' in body
    assert "vendor/htmx/htmx-2.0.11.min.js" in body
    assert "cdn" not in body.lower()


def test_vendored_htmx_is_served(client):
    for path in ("vendor/htmx/htmx-2.0.11.min.js", "vendor/htmx/htmx-ext-ws-2.0.4.min.js"):
        response = client.get(settings.STATIC_URL + path)
        assert response.status_code == 200, path
        assert b"htmx" in b"".join(response.streaming_content)


@pytest.mark.django_db(transaction=True)
def test_healthz_all_green(client, embedded_worker):
    response = client.get("/healthz")
    report = response.json()
    assert response.status_code == 200, report
    assert report["ok"] is True
    components = report["components"]
    assert components["database"] == {**components["database"], "ok": True, "detail": "sqlite"}
    assert components["channel_layer"]["detail"] == "InMemoryChannelLayer"
    assert components["celery"]["detail"].startswith("pong from ")
    assert embedded_worker.ready.is_set()
    assert response["Cache-Control"].startswith("max-age=0")


@pytest.mark.django_db(transaction=True)
def test_healthz_reports_a_dead_component(client, embedded_worker, monkeypatch):
    async def broken():
        raise ConnectionError("layer down")

    monkeypatch.setattr("companion.core.health.check_channel_layer", broken)
    response = client.get("/healthz")
    report = response.json()
    assert response.status_code == 503
    assert report["ok"] is False
    assert report["components"]["channel_layer"] == {
        "ok": False,
        "error": "ConnectionError: layer down",
        "ms": report["components"]["channel_layer"]["ms"],
    }
    assert report["components"]["database"]["ok"] is True


# Channels closes stale DB connections around every consumer event, hence the db marks.
@pytest.mark.django_db(transaction=True)
async def test_websocket_receives_a_message_from_the_embedded_worker(embedded_worker):
    communicator = WebsocketCommunicator(application, "/ws/probe/")
    connected, _ = await communicator.connect()
    assert connected
    hello = await communicator.receive_json_from()
    assert hello["type"] == "hello"
    group = hello["group"]
    # The task runs on the worker thread and sends through the in-process channel layer.
    broadcast.delay(group, {"type": "probe.message", "payload": {"n": 42}})
    message = await communicator.receive_json_from(timeout=5)
    assert message == {"type": "probe", "payload": {"n": 42}}
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_probe_groups_are_private():
    first = WebsocketCommunicator(application, "/ws/probe/")
    second = WebsocketCommunicator(application, "/ws/probe/")
    await first.connect()
    await second.connect()
    group = (await first.receive_json_from())["group"]
    assert (await second.receive_json_from())["group"] != group
    await get_channel_layer().group_send(group, {"type": "probe.message", "payload": "only-first"})
    assert (await first.receive_json_from(timeout=2))["payload"] == "only-first"
    assert await second.receive_nothing(timeout=0.3)
    await first.send_json_to({"hello": 1})
    assert (await first.receive_json_from())["type"] == "error"
    await first.disconnect()
    await second.disconnect()
