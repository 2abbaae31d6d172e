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
"""

from __future__ import annotations

import asyncio
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
                async with self._lock:
                    self._ensure_redis()
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
