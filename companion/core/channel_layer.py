"""The production channel layer: channels_redis' pub/sub layer, which also tells the process's
consumers when its subscription connection to Redis breaks.

Why pub/sub (settings.py says it too): a group message is one PUBLISH, received once per web
process and handed to that process's consumers. Its receive loop, though, only logs a broken
connection and tries again every second: the consumers would wait for messages that no longer
come while their phones believe they are live. Here each of them gets a ``layer.lost`` message
instead; the table consumer then fails its connection (1011), so the phone shows that live
updates stopped and reconnects with backoff, which succeeds once Redis is back (the list layer
did the same by failing each consumer's receive).
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
