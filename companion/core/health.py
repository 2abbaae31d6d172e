"""Health checks of each component the site needs: database, channel layer, cache, Celery."""

from __future__ import annotations

import asyncio
import ipaddress
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any
from urllib.parse import urlsplit

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.core.cache import cache, caches
from django.db import connection

CheckResult = dict[str, Any]


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        (value,) = cursor.fetchone()
    if value != 1:
        raise RuntimeError(f"SELECT 1 returned {value!r}")
    return connection.vendor


async def check_database() -> str:
    return await sync_to_async(_database, thread_sensitive=True)()


async def check_channel_layer() -> str:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    # The default prefix matters: with Redis, one receive loop per process serves all of its
    # "specific." channels; a channel of another prefix is never read while a websocket of this
    # process holds that loop, and the check timed out whenever a phone was connected.
    try:
        channel = await layer.new_channel()
        try:
            await layer.send(channel, {"type": "healthz.echo", "ok": True})
            message = await layer.receive(channel)
        finally:
            await _close_channel(layer, channel)
    except (TimeoutError, asyncio.CancelledError):
        raise
    except Exception as exc:
        # Whatever the client library raises while Redis is away (a refused connection, or a
        # TypeError from a connection torn down under it), the operator is told where it was.
        raise ComponentDown(f"{type(exc).__name__}: {exc} ({_where(layer)})") from exc
    if message.get("ok") is not True:
        raise RuntimeError("channel layer returned a different message")
    return type(layer).__name__


class ComponentDown(RuntimeError):
    """A check's failure whose message already says what and where."""


def _where(layer: Any) -> str:
    """The layer's servers as host:port (never the credentials an address may carry)."""
    get_layer = getattr(layer, "_get_layer", None)
    shards = getattr(get_layer(), "_shards", []) if get_layer else []
    places = []
    for shard in shards:
        host = getattr(shard, "host", {}) or {}
        address = host.get("address") if isinstance(host, dict) else None
        if isinstance(address, str):
            parts = urlsplit(address)
            places.append(f"{parts.hostname}:{parts.port or 6379}")
        elif isinstance(address, (tuple, list)):
            places.append(f"{address[0]}:{address[1]}")
    return "channel layer at " + (", ".join(places) or type(layer).__name__)


async def _close_channel(layer: Any, channel: str) -> None:
    """Drop the check's channel. The pub/sub layer subscribed it in ``new_channel()`` and
    unsubscribes only when a ``receive()`` is cancelled (a consumer leaving): without this every
    check would leave a subscription and a queue behind. channels_redis has no public call for
    it, hence its per-loop layer's own fields (absent on other layers: nothing to do)."""
    get_layer = getattr(layer, "_get_layer", None)
    if get_layer is None:
        return
    loop_layer = get_layer()
    if loop_layer.channels.pop(channel, None) is not None:
        await loop_layer._get_shard(channel).unsubscribe(channel)


def _cache() -> str:
    """A write and a read of the cache (Redis in production: hint answers, locks, rate limits)."""
    key = f"healthz:{secrets.token_hex(4)}"
    cache.set(key, "ok", timeout=10)
    try:
        if cache.get(key) != "ok":
            raise RuntimeError("the cache returned something else")
    finally:
        cache.delete(key)
    return type(caches["default"]).__name__


async def check_cache() -> str:
    return await sync_to_async(_cache, thread_sensitive=False)()


def _celery(timeout: float) -> str:
    from companion.core.tasks import ping

    result = ping.apply_async()
    try:
        answer = result.get(timeout=timeout, interval=0.02)
    finally:
        result.forget()
    if not isinstance(answer, dict) or "pong" not in answer:
        raise RuntimeError(f"ping answered {answer!r}")
    return f"pong from {answer['pong']}"


async def check_celery(timeout: float = 5.0) -> str:
    return await sync_to_async(_celery, thread_sensitive=False)(timeout)


async def _run(check: Callable[[], Awaitable[str]], timeout: float) -> CheckResult:
    started = time.perf_counter()
    try:
        detail = await asyncio.wait_for(check(), timeout)
        status = {"ok": True, "detail": detail}
    except TimeoutError:
        status = {"ok": False, "error": f"no answer within {timeout:g} s"}
    except ComponentDown as exc:
        status = {"ok": False, "error": str(exc)}
    except Exception as exc:  # a health check reports every failure instead of raising
        status = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    status["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return status


async def run_all(timeout: float = 6.0) -> dict[str, Any]:
    database, layer, cached, celery = await asyncio.gather(
        _run(check_database, timeout),
        _run(check_channel_layer, timeout),
        _run(check_cache, timeout),
        _run(check_celery, timeout),
    )
    components = {"database": database, "channel_layer": layer, "cache": cached, "celery": celery}
    return {"ok": all(c["ok"] for c in components.values()), "components": components,
            "engine": engine_path()}


#: Headers a proxy adds for the client it forwards: a request that carries one did not come
#: from this machine, whatever REMOTE_ADDR says (Daphne's --proxy-headers sets it from them).
FORWARDED = ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")
OPERATOR_HEADER = "HTTP_X_OPERATOR_TOKEN"  # X-Operator-Token


def shows_details(meta: Mapping[str, Any], operator_token: str) -> bool:
    """Whether /healthz may say which component is down and where: to a request from this
    machine (a loopback address, through no proxy) or one that sends the operator token
    (``COMPANION_OPERATOR_TOKEN``, header X-Operator-Token). Anyone else learns up or down."""
    sent = meta.get(OPERATOR_HEADER, "")
    if (
        operator_token
        and isinstance(sent, str)
        and sent
        and secrets.compare_digest(sent.encode(), operator_token.encode())
    ):
        return True
    if any(meta.get(header) for header in FORWARDED):
        return False
    try:
        return ipaddress.ip_address(str(meta.get("REMOTE_ADDR", "")).split("%")[0]).is_loopback
    except ValueError:
        return False


def public_report(report: dict[str, Any]) -> dict[str, Any]:
    """What everyone may know: up or down (no component, address, version or engine path)."""
    return {"ok": report["ok"]}


def engine_path() -> dict[str, Any]:
    """Which engine core this process runs: "compiled" (Cython, built where a C compiler was
    found at install time) or "pure" (Python), per module and why (issue #31; not a check:
    both paths give the same answers)."""
    from companion.engines.kit import accel

    return accel.status()
