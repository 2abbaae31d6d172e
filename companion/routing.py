"""Websocket routes of the whole site."""

from django.urls import path

from companion.core.consumers import ProbeConsumer
from companion.tables.live.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/probe/", ProbeConsumer.as_asgi()),
    path("ws/tables/<str:table_id>/", TableConsumer.as_asgi()),
]
