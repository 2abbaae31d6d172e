"""The production channel layer: channels_redis' pub/sub layer, which also tells the process's
consumers when its subscription connection to Redis breaks.

Why pub/sub (settings.py says it too): a group message is one PUBLISH, received once per web
process and handed to that process's consumers. Its receive loop, though, only logs a broken
connection and tries again every second: the consumers would wait for messages that no longer
come while their phones believe they are live. Here each of them gets a ``layer.lost`` message
instead; the table consumer then fails its connection (1011), so the phone shows that live
updates stopped and reconnects with backoff, which succeeds once Redis is back (the list layer
did the same by failing each consumer's receive).

It also sends a process's group messages in pipelines: channels_redis sends each PUBLISH
alone under the shard's lock and awaits its reply before the next may go, so the announcements
of plays answered side by side in a busy web process queue behind one another, one loop turn
and one Redis round trip each. Here the messages waiting when the shard's sender runs go to
Redis together, in the order they were sent, in one round trip.

Publishing does not wait for the shard's lock, which channels_redis also takes for every
SUBSCRIBE and UNSUBSCRIBE: a PUBLISH goes on a connection of the client's pool, not on the
subscription's connection, and the lock only kept the two apart. When many phones connected
at once (three subscriptions each: its own channel, the table, the seat), a play's
announcement queued behind all of them, one loop turn each: the first deals of 200 tables
opening together waited a median of 105 ms and up to 409 ms (bench/ws_load.py, 2026-11-25).
Subscriptions and unsubscriptions are queued instead and sent in order by one task, the
consecutive ones of a kind as one command (``SUBSCRIBE a b c``).
"""

from __future__ import annotations

import asyncio
import itertools
import logging

from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
    RedisSingleShardConnection,
)
from channels_redis.utils import _wrap_close
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

LOST = "layer.lost"


class _Shard(RedisSingleShardConnection):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._outbox: list[tuple[str, bytes, asyncio.Future]] = []
        self._sender: asyncio.Task | None = None
        #: ("subscribe" | "unsubscribe", channel, done), in the order asked
        self._changes: list[tuple[str, str, asyncio.Future]] = []
        self._changer: asyncio.Task | None = None

    async def subscribe(self, channel: str) -> None:
        await self._change("subscribe", channel)

    async def unsubscribe(self, channel: str) -> None:
        await self._change("unsubscribe", channel)

    async def _change(self, kind: str, channel: str) -> None:
        """Queued for the shard's changer; returns once the command is sent (or raises why
        not), as channels_redis' own subscribe and unsubscribe did."""
        done = asyncio.get_running_loop().create_future()
        self._changes.append((kind, channel, done))
        if self._changer is None or self._changer.done():
            self._changer = asyncio.ensure_future(self._send_changes())
        await done

    async def _send_changes(self) -> None:
        while self._changes:
            batch, self._changes = self._changes, []
            async with self._lock:  # against flush(), which closes the connections
                for kind, run in itertools.groupby(batch, key=lambda change: change[0]):
                    await self._send_run(kind, list(run))

    async def _send_run(self, kind: str, run: list[tuple[str, str, asyncio.Future]]) -> None:
        """One SUBSCRIBE or UNSUBSCRIBE for the channels of ``run`` that need it."""
        subscribing = kind == "subscribe"
        channels = list(dict.fromkeys(
            channel for _, channel, _ in run if (channel in self._subscribed_to) != subscribing
        ))
        try:
            if channels:
                self._ensure_redis()
                self._ensure_receiver()
                await getattr(self._pubsub, kind)(*channels)
        except Exception as exc:
            if not subscribing and self._pubsub is not None:
                # Redis is away (or the connection went under the command): nothing to undo
                # there, and nothing to say to the consumer that is leaving. The channels are
                # dropped here too, so that the reconnection does not subscribe them again.
                for channel in self._pubsub._normalize_keys(dict.fromkeys(channels)):
                    self._pubsub.channels.pop(channel, None)
                self._subscribed_to.difference_update(channels)
                for *_, done in run:
                    if not done.done():
                        done.set_result(None)
                return
            # A connection torn down under the command (Redis gone between the connect and the
            # write) surfaces from asyncio as an AttributeError or TypeError: for the asker it
            # is the same outage, and it is told so (a handshake is then refused cleanly).
            if not isinstance(exc, RedisConnectionError | RedisTimeoutError | OSError):
                lost = RedisConnectionError(f"{kind} failed: {type(exc).__name__}: {exc}")
                lost.__cause__ = exc
                exc = lost
            for *_, done in run:
                if not done.done():
                    done.set_exception(exc)
            return
        if subscribing:
            self._subscribed_to.update(channels)
        else:
            self._subscribed_to.difference_update(channels)
        for *_, done in run:
            if not done.done():
                done.set_result(None)

    async def flush(self) -> None:
        """channels_redis' flush, once what is queued has gone out."""
        for task in (self._sender, self._changer):
            if task is not None and not task.done():
                await asyncio.wait([task])
        await super().flush()

    async def publish(self, channel: str, message: bytes) -> None:
        """Queued for the shard's sender; returns when Redis has taken it (or raises why
        not), as the one-at-a-time publish did."""
        sent = asyncio.get_running_loop().create_future()
        self._outbox.append((channel, message, sent))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.ensure_future(self._send_outbox())
        await sent

    async def _send_outbox(self) -> None:
        while self._outbox:
            batch, self._outbox = self._outbox, []
            try:
                self._ensure_redis()  # no lock: see the module's docstring
                async with self._redis.pipeline(transaction=False) as pipe:
                    for channel, message, _ in batch:
                        pipe.publish(channel, message)
                    await pipe.execute()
            except Exception as exc:  # each sender hears it, as from its own publish
                for *_, sent in batch:
                    if not sent.done():
                        sent.set_exception(exc)
            else:
                for *_, sent in batch:
                    if not sent.done():  # a sender that gave up waiting (its timeout)
                        sent.set_result(None)

    async def _do_receiving(self) -> None:
        lost = False
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=0.1
                    )
                    lost = False
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
                if not lost:
                    log.warning("channel layer: the connection to Redis broke (%s)", exc)
                    self._tell_consumers()
                lost = True
                await asyncio.sleep(1)
            except Exception:
                log.exception("channel layer: unexpected error in the receive loop")
                await asyncio.sleep(1)

    def _tell_consumers(self) -> None:
        """Every channel of this process hears that messages may have been lost."""
        loop_layer = self.channel_layer
        message = loop_layer.channel_layer.serialize({"type": LOST})
        for queue in loop_layer.channels.values():
            queue.put_nowait(message)


class _LoopLayer(RedisPubSubLoopLayer):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shards = [_Shard(shard.host, self) for shard in self._shards]

    # A subscription Redis did not take (it is away: the consumer's handshake is refused,
    # companion/tables/live/consumers.py) leaves nothing behind: channels_redis had already
    # noted the channel's queue and the group's member, which nobody would ever drop.

    async def _subscribe_to_channel(self, channel: str) -> None:
        try:
            await super()._subscribe_to_channel(channel)
        except BaseException:
            self.channels.pop(channel, None)
            raise

    async def group_add(self, group: str, channel: str) -> None:
        group_channel = self._get_group_channel_name(group)
        was_member = channel in self.groups.get(group_channel, ())
        try:
            await super().group_add(group, channel)
        except BaseException:
            members = self.groups.get(group_channel)
            if members is not None and not was_member:
                members.discard(channel)
                if not members:
                    del self.groups[group_channel]
            raise


class PubSubChannelLayer(RedisPubSubChannelLayer):
    """``RedisPubSubChannelLayer`` whose consumers hear of a broken Redis connection."""

    def _get_layer(self) -> RedisPubSubLoopLayer:
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = self._layers[loop] = _LoopLayer(
                *self._args, **self._kwargs, channel_layer=self
            )
            _wrap_close(self, loop)
        return layer
