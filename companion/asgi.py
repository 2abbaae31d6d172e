"""ASGI entry point: HTTP through Django, websockets through Channels (served by Daphne)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
# Our views and middleware are synchronous: Django's WSGI handler, one thread hop per request
# (companion/core/http_bridge.py says why this and not Django's ASGI handler).
django_wsgi_app = get_wsgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import CookieMiddleware  # noqa: E402
from django.conf import settings  # noqa: E402

from companion.core import daphne_tuning  # noqa: E402
from companion.core.heap import freeze_startup_heap  # noqa: E402
from companion.core.http_bridge import ThreadedWsgiHttp  # noqa: E402
from companion.core.realtime import remember_server_loop  # noqa: E402
from companion.core.ws_origin import OriginValidator  # noqa: E402
from companion.routing import websocket_urlpatterns  # noqa: E402
from companion.tables.play.urgency import is_urgent  # noqa: E402

router = ProtocolTypeRouter(
    {
        "http": ThreadedWsgiHttp(django_wsgi_app, urgent=is_urgent),
        # Phones are known by their table tokens (cookie or Bearer header), never by a Django
        # session or user: only the cookies are parsed. (AuthMiddlewareStack looked up a
        # session and a user on every connect, on the process's one thread-sensitive thread.)
        "websocket": OriginValidator(CookieMiddleware(URLRouter(websocket_urlpatterns))),
    }
)


daphne_tuning.install()  # no form parsing Daphne does not use; writes go out at once


async def application(scope, receive, send):
    remember_server_loop()
    await router(scope, receive, send)


if settings.CELERY_EMBEDDED_WORKER:
    from companion.core import embedded_worker

    embedded_worker.start()

# Last: everything loaded so far lives as long as the process (companion/core/heap.py).
freeze_startup_heap()
