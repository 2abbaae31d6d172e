"""One Redis connection pool per process for Django's cache.

Django makes a cache object per thread and, under ASGI, per request context; each one builds
its own connection pool, so every request opened (and dropped) a fresh TCP connection to Redis
— under load a visible share of a play's web CPU (docs/operations.md, "Load"). The cache's
OPTIONS name this class as ``pool_class``: every cache object of the process then shares the
pool of its URL and options. redis-py pools are thread-safe and reset themselves in a forked
child (Celery's prefork workers)."""

from __future__ import annotations

import threading
from typing import Any, ClassVar

import redis


class SharedConnectionPool(redis.ConnectionPool):
    _shared: ClassVar[dict[str, redis.ConnectionPool]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> redis.ConnectionPool:  # type: ignore[override]
        key = repr((url, sorted(kwargs.items())))  # the options hold lists: not hashable
        with cls._lock:
            pool = cls._shared.get(key)
            if pool is None:
                pool = cls._shared[key] = redis.ConnectionPool.from_url(url, **kwargs)
        return pool
