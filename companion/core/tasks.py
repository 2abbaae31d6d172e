"""Infrastructure tasks: the worker round trip of /healthz and a channel-layer broadcast."""

from celery import shared_task

from companion.core.realtime import group_send_sync


@shared_task(name="core.ping", bind=True)
def ping(self) -> dict[str, str]:
    """Answers with the worker's name, so a health report shows which worker is alive."""
    return {"pong": self.request.hostname or "unknown"}


@shared_task(name="core.broadcast")
def broadcast(group: str, message: dict) -> bool:
    """Send ``message`` to a channel-layer group from a worker (used by health and tests)."""
    group_send_sync(group, message)
    return True
