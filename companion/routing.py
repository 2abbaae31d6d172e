"""Websocket routes of the whole site."""

from django.urls import path

from companion.core.consumers import ProbeConsumer

websocket_urlpatterns = [
    path("ws/probe/", ProbeConsumer.as_asgi()),
]
