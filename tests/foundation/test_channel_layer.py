"""The production channel layer (Redis pub/sub) on the real Redis: a group message reaches every
member once, and the health check leaves no subscription behind."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import redis
from channels.layers import channel_layers
from django.test import override_settings
from redis.exceptions import ConnectionError as RedisConnectionError

from companion.core.health import check_channel_layer
from tests.services import free_port, require


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
            got, before, after = _in_own_thread(scenario)
        finally:
            channel_layers.backends.clear()
    assert got == [{"type": "table.changed", "seq": 7}] * 2
    # the two consumers' channels and their group; the checks' channels came and went
    assert sorted(after) == sorted(before)
    assert len(before) == 3


def _in_own_thread(scenario):
    # on a thread of its own: an earlier test's browser (Playwright's sync API) may keep an
    # event loop running on this one
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario()).result(60)


def test_sends_at_once_go_in_one_pipeline_in_order_each_once():
    """Group messages sent side by side (a busy web process's announcements) reach the member
    once each and in the order they were sent, and fewer round trips carried them than there
    were messages."""
    url = require("redis")
    prefix = "layer-order-"
    with override_settings(CHANNEL_LAYERS=_pubsub_layer(url, prefix)):
        channel_layers.backends.clear()
        layer = channel_layers["default"]

        async def scenario() -> tuple[list[int], int]:
            member = await layer.new_channel()
            await layer.group_add("table-y", member)
            shard = layer._get_layer()._shards[0]
            rounds = 0
            send_outbox = shard._send_outbox

            async def counted() -> None:
                nonlocal rounds
                rounds += 1
                await send_outbox()

            shard._send_outbox = counted
            await asyncio.gather(*(
                layer.group_send("table-y", {"type": "table.changed", "seq": n})
                for n in range(60)
            ))
            got = [(await asyncio.wait_for(layer.receive(member), 10))["seq"] for _ in range(60)]
            await layer.flush()
            return got, rounds

        try:
            got, rounds = _in_own_thread(scenario)
        finally:
            channel_layers.backends.clear()
    assert got == list(range(60))
    assert 0 < rounds < 60


def test_a_send_redis_does_not_take_fails_for_its_sender():
    """Redis not answering: each waiting sender gets the error (the play's announcement is
    logged as not sent), and the next send tries again."""
    port = free_port()
    prefix = "layer-down-"
    with override_settings(CHANNEL_LAYERS=_pubsub_layer(f"redis://127.0.0.1:{port}/0", prefix)):
        channel_layers.backends.clear()
        layer = channel_layers["default"]

        async def scenario() -> list[BaseException | None]:
            first = await asyncio.gather(
                *(layer.group_send("table-z", {"type": "table.changed", "seq": n})
                  for n in range(3)),
                return_exceptions=True,
            )
            again = await asyncio.gather(
                layer.group_send("table-z", {"type": "table.changed", "seq": 3}),
                return_exceptions=True,
            )
            return [*first, *again]

        try:
            outcomes = _in_own_thread(scenario)
        finally:
            channel_layers.backends.clear()
    assert len(outcomes) == 4
    assert all(isinstance(o, RedisConnectionError) for o in outcomes), outcomes
