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


def test_a_send_does_not_wait_for_the_subscriptions_lock():
    """A play's announcement goes out while the shard's lock is held (as by a subscription
    in flight when many phones connect at once), and reaches the group's member."""
    url = require("redis")
    prefix = "layer-nolock-"
    with override_settings(CHANNEL_LAYERS=_pubsub_layer(url, prefix)):
        channel_layers.backends.clear()
        layer = channel_layers["default"]

        async def scenario() -> dict:
            member = await layer.new_channel()
            await layer.group_add("table-n", member)
            shard = layer._get_layer()._shards[0]
            async with shard._lock:
                await asyncio.wait_for(
                    layer.group_send("table-n", {"type": "table.changed", "seq": 1}), 10
                )
                got = await asyncio.wait_for(layer.receive(member), 10)
            await layer.flush()
            return got

        try:
            got = _in_own_thread(scenario)
        finally:
            channel_layers.backends.clear()
    assert got == {"type": "table.changed", "seq": 1}


def test_subscriptions_at_once_go_together_in_the_order_asked():
    """Phones connecting side by side: their subscriptions go to Redis in fewer commands than
    were asked, every group is subscribed once, and a group left and joined again in the same
    moment stays subscribed (order kept) and its messages arrive."""
    url = require("redis")
    prefix = "layer-subs-"
    with override_settings(CHANNEL_LAYERS=_pubsub_layer(url, prefix)):
        channel_layers.backends.clear()
        layer = channel_layers["default"]

        async def scenario() -> tuple[int, list[bytes], list[bytes], dict]:
            shard = layer._get_layer()._shards[0]
            commands = 0
            send_run = shard._send_run

            async def counted(kind, run) -> None:
                nonlocal commands
                commands += 1
                await send_run(kind, run)

            members = [await layer.new_channel() for _ in range(40)]
            shard._send_run = counted
            await asyncio.gather(*(layer.group_add(f"table-{n % 20}", member)
                                   for n, member in enumerate(members)))
            joined = _subscriptions(url, prefix)
            commands_at_once = commands
            await layer.group_discard("table-0", members[0])  # one of its two members left
            newcomer = await layer.new_channel()
            await asyncio.gather(
                layer.group_discard("table-0", members[20]),  # its last: UNSUBSCRIBE …
                layer.group_add("table-0", newcomer),  # … and a newcomer: SUBSCRIBE again
                layer.group_discard("table-1", members[1]),
                layer.group_discard("table-1", members[21]),
            )
            after = _subscriptions(url, prefix)
            await layer.group_send("table-0", {"type": "table.changed", "seq": 5})
            got = await asyncio.wait_for(layer.receive(newcomer), 10)
            await layer.flush()
            return commands_at_once, joined, after, got

        try:
            commands, joined, after, got = _in_own_thread(scenario)
        finally:
            channel_layers.backends.clear()
    groups = {f"{prefix}__group__table-{n}".encode() for n in range(20)}
    assert groups <= set(joined) and len(joined) == 60  # 40 own channels, 20 groups
    assert commands < 40
    assert f"{prefix}__group__table-0".encode() in after
    assert f"{prefix}__group__table-1".encode() not in after
    assert got == {"type": "table.changed", "seq": 5}


def test_a_subscription_redis_does_not_take_fails_for_each_asker():
    """Redis not answering: every phone whose subscription was queued hears the error (its
    connect fails and the page retries), and nothing is recorded as subscribed."""
    port = free_port()
    prefix = "layer-subdown-"
    with override_settings(CHANNEL_LAYERS=_pubsub_layer(f"redis://127.0.0.1:{port}/0", prefix)):
        channel_layers.backends.clear()
        layer = channel_layers["default"]

        async def scenario() -> tuple[list[BaseException | None], set]:
            loop_layer = layer._get_layer()
            for n in range(3):
                loop_layer.channels[f"c{n}"] = asyncio.Queue()
            outcomes = await asyncio.gather(
                *(layer.group_add(f"table-{n}", f"c{n}") for n in range(3)),
                return_exceptions=True,
            )
            return outcomes, set(loop_layer._shards[0]._subscribed_to)

        try:
            outcomes, subscribed = _in_own_thread(scenario)
        finally:
            channel_layers.backends.clear()
    assert len(outcomes) == 3
    assert all(isinstance(o, RedisConnectionError) for o in outcomes), outcomes
    assert subscribed == set()


def test_the_health_check_names_where_the_layer_is_and_never_its_password(monkeypatch):
    """Redis away: the check's error names the layer's host and port, whatever the client
    library raised (a refused connection, or a TypeError from a connection torn down under it),
    and never the password the address carries."""
    from companion.core.health import _run

    port = free_port()
    url = f"redis://:s3cret-pw@127.0.0.1:{port}/0"
    prefix = "layer-health-"
    with override_settings(CHANNEL_LAYERS=_pubsub_layer(url, prefix)):
        channel_layers.backends.clear()
        layer = channel_layers["default"]

        async def scenario() -> list[dict]:
            refused = await _run(check_channel_layer, 5)
            shard = layer._get_layer()._shards[0]

            async def torn_down(channel: str, message: bytes) -> None:
                raise TypeError("'NoneType' object is not callable")

            monkeypatch.setattr(shard, "publish", torn_down)
            monkeypatch.setattr(shard, "subscribe", _noop)
            torn = await _run(check_channel_layer, 5)
            return [refused, torn]

        try:
            outcomes = _in_own_thread(scenario)
        finally:
            channel_layers.backends.clear()
    for outcome in outcomes:
        assert outcome["ok"] is False
        assert f"127.0.0.1:{port}" in outcome["error"], outcome
        assert "s3cret" not in outcome["error"]
    assert outcomes[1]["error"].startswith("TypeError:"), outcomes[1]


async def _noop(*args) -> None:
    return None
