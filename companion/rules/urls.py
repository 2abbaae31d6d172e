from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("", views.index, name="index"),
    path("<str:game>/", views.game_page, name="game"),
]
