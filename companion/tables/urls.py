from django.urls import path

from . import api, coach_views, counter_api, record_api, record_views, setup_views, views

app_name = "tables"

urlpatterns = [
    path("new", views.new_table, name="new"),
    path("new/<str:game>", views.new_table, name="new-game"),
    path("join", views.join_by_code, name="join"),
    path("load", record_views.load, name="load"),
    path("hit-setups/", setup_views.setups, name="hit-setups"),
    path("hit-setups/check", setup_views.check, name="hit-setup-check"),
    path("hit-setups/import", setup_views.import_setup, name="hit-setup-import"),
    path("hit-setups/<int:pk>.json", setup_views.export, name="hit-setup-export"),
    path("<str:table_id>/", views.table_page, name="table"),
    path("<str:table_id>/seats", views.seats, name="seats"),
    path("<str:table_id>/qr.svg", views.join_qr, name="qr"),
    path("<str:table_id>/present", views.presenter, name="presenter"),
    path("<str:table_id>/replay", record_views.replay, name="replay"),
    path("<str:table_id>/record.json", record_views.record, name="record"),
    path("<str:table_id>/summary", record_views.summary, name="summary"),
    path("<str:table_id>/entry", views.entry, name="entry"),
    path("<str:table_id>/plays", views.plays, name="plays"),
    path("<str:table_id>/play", views.play, name="play"),
    path("<str:table_id>/check", views.check, name="check"),
    path("<str:table_id>/undo", views.undo, name="undo"),
    path("<str:table_id>/hand", views.hand, name="hand"),
    path("<str:table_id>/correct", views.correct, name="correct"),
    path("<str:table_id>/hint", views.hint, name="hint"),
    path("<str:table_id>/scribe", views.scribe, name="scribe"),
    path("<str:table_id>/coach", coach_views.switch, name="coach"),
    path("<str:table_id>/coach/reviews", coach_views.reviews, name="coach-reviews"),
    path("<str:table_id>/compose/<str:kind>", views.compose, name="compose"),
]

api_urlpatterns = [
    path("openapi.json", api.openapi, name="openapi"),
    path("tables", api.create, name="api-create"),
    path("records", record_api.load, name="api-load-record"),
    path("tables/<str:table_id>", api.detail, name="api-detail"),
    path("tables/<str:table_id>/join", api.join, name="api-join"),
    path("tables/<str:table_id>/plays", api.plays, name="api-plays"),
    path("tables/<str:table_id>/check", api.check, name="api-check"),
    path("tables/<str:table_id>/undo", api.undo, name="api-undo"),
    path("tables/<str:table_id>/hand", api.hand, name="api-hand"),
    path("tables/<str:table_id>/hints", api.hints, name="api-hints"),
    path("tables/<str:table_id>/corrections", api.corrections, name="api-corrections"),
    path("tables/<str:table_id>/record", record_api.record, name="api-record"),
    path("tables/<str:table_id>/summary", record_api.summary, name="api-summary"),
    path("tables/<str:table_id>/counter", counter_api.counter, name="api-counter"),
]
