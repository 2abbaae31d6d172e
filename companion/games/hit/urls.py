"""HIT's own pages, in the tables' namespace (``tables:hit-setups``…): the set-up library."""

from django.urls import path

from . import setup_views

urlpatterns = [
    path("hit-setups/", setup_views.setups, name="hit-setups"),
    path("hit-setups/check", setup_views.check, name="hit-setup-check"),
    path("hit-setups/import", setup_views.import_setup, name="hit-setup-import"),
    path("hit-setups/<int:pk>.json", setup_views.export, name="hit-setup-export"),
]
