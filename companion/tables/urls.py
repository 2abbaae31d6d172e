from importlib import import_module

from django.urls import URLPattern, path

from companion import games
from companion.tables.api import site as api_site
from companion.tables.coach import views as coach_views
from companion.tables.pages import hand_correction_view, record_views, views

app_name = "tables"


def _games_pages() -> list[URLPattern]:
    """Each game's own pages (``companion/games/<game>/urls.py``, e.g. HIT's set-up library),
    in this namespace, before a table's address can take their place."""
    found: list[URLPattern] = []
    for name in games.packages():
        module = f"{games.__name__}.{name}.urls"
        if games.module_exists(module):
            found += import_module(module).urlpatterns
    return found


urlpatterns = [
    path("new", views.new_table, name="new"),
    path("new/<str:game>", views.new_table, name="new-game"),
    path("join", views.join_by_code, name="join"),
    path("load", record_views.load, name="load"),
    *_games_pages(),
    path("<str:table_id>/", views.table_page, name="table"),
    path("<str:table_id>/seats", views.seats, name="seats"),
    path("<str:table_id>/seats/answer", views.seat_answer, name="seat-answer"),
    path("<str:table_id>/seats/invitation", views.seat_invitation, name="seat-invitation"),
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
    path("<str:table_id>/correct/hand", hand_correction_view.correct_hand, name="correct-hand"),
    path("<str:table_id>/hint", views.hint, name="hint"),
    path("<str:table_id>/scribe", views.scribe, name="scribe"),
    path("<str:table_id>/coach", coach_views.switch, name="coach"),
    path("<str:table_id>/coach/reviews", coach_views.reviews, name="coach-reviews"),
    path("<str:table_id>/compose/<str:kind>", views.compose, name="compose"),
]

# The JSON API (Django Ninja): its operations, /api/openapi.json and /api/docs.
api_urlpatterns = api_site.urlpatterns
