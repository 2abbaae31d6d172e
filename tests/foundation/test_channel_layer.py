"""The production channel layer (Redis pub/sub) on the real Redis: a group message reaches every
member once, and the health check leaves no subscription behind."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import redis
from channels.layers import channel_layers
from django.test import override_settings

from companion.core.health import check_channel_layer
from tests.services import require


def _pubsub_layer(url: str, prefix: str) -> dict:
    backend = "companion.core.channel_layer.PubSubChannelLayer"
    return {"default": {"BACKEND": backend, "CONFIG": {"hosts": [url], "prefix": prefix}}}


def _subscriptions(url: str, prefix: str) -> list[bytes]:
    return redis.Redis.from_url(url).pubsub_channels(f"{prefix}*")


def test_group_send_reaches_each_member_once_and_health_leaves_no_subscription():
    url = require("redis")
    prefix = "layer-test-"
    with override_settings(CHANNEL_LAYERS=_pubsub_layer(url, prefix)):
        channel_layers.backends.clear()  # a layer made from these settings
        layer = channel_layers["default"]

        async def scenario() -> tuple[list[dict], list[bytes], list[bytes]]:
            a, b = await layer.new_channel(), await layer.new_channel()
            await layer.group_add("table-x", a)
            await layer.group_add("table-x", b)
            await layer.group_send("table-x", {"type": "table.changed", "seq": 7})
            got = [await asyncio.wait_for(layer.receive(c), 10) for c in (a, b)]
            before = _subscriptions(url, prefix)
            for _ in range(3):
                assert await check_channel_layer() == "PubSubChannelLayer"
            after = _subscriptions(url, prefix)
            await layer.flush()
            return got, before, after

        try:
            # on a thread of its own: an earlier test's browser (Playwright's sync API) may
            # keep an event loop running on this one
            with ThreadPoolExecutor(1) as thread:
                got, before, after = thread.submit(asyncio.run, scenario()).result(60)
        finally:
            channel_layers.backends.clear()
    assert got == [{"type": "table.changed", "seq": 7}] * 2
    # the two consumers' channels and their group; the checks' channels came and went
    assert sorted(after) == sorted(before)
    assert len(before) == 3
