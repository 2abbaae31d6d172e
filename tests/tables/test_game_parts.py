"""A game's own parts of the table page are found by convention, never by a branch on the game's
name (issue #32): the referee's compose by tapping (``tables/<game>_referee.html``), the plays a
correction offers in one tap (the presenter's ``correction_plays``), the card counter panel
(only where the registry names a counter) and the summary's column names (the registry's
``results``)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from companion import engines, games
from companion.tables import presenters
from companion.tables.models import Table
from companion.tables.pages.rendering import live_parts
from companion.tables.play.services import Actor
from companion.tables.records.summary import summarize

pytestmark = pytest.mark.django_db

#: a lobby form each game's presenter takes (its own lobby_options)
LOBBY = {"players": "3", "seats": "4", "name0": "Ann", "name1": "Ben", "name2": "Cid",
         "name3": "Dan", "colour0": "red", "colour1": "blue", "colour2": "green",
         "colour3": "yellow"}


def new_table(client: Client, game: str) -> Table:
    response = client.post(f"/t/new/{game}", LOBBY)
    assert response.status_code == 302, response.content.decode()
    return Table.objects.get(id=response["Location"].strip("/").split("/")[-1])


@pytest.fixture
def sprint():
    engines.GAMES["sprint"] = "tests.tables.sprint_game:SprintGame"
    entry = games.register(games.GameEntry(
        name="sprint", title="Sprint", presenter="tests.tables.sprint_game:PRESENTER",
        step_words={"roll": "die roll"},
    ))
    yield entry
    games.unregister("sprint")
    engines.GAMES.pop("sprint", None)
    engines._instances.pop("sprint", None)


def test_each_game_s_compose_is_its_own_partial_found_by_its_name():
    for entry in games.entries():
        presenter = presenters.get(entry.name)
        own = f"tables/{entry.name}_referee.html"
        expected = own if entry.name in ("hit", "lifeislife") else ""
        assert presenter.referee_template == expected, entry.name
    assert presenters.BasePresenter("sprint").referee_template == ""
    assert presenters.BasePresenter("sprint").correction_plays() == []


@pytest.mark.parametrize(
    ("game", "compose", "knock", "counter"),
    [("dog", None, False, True), ("hit", "play", False, True),
     ("lifeislife", "swap", True, True)],
)
def test_the_table_page_draws_each_game_s_own_compose(client, game, compose, knock, counter):
    table = new_table(client, game)
    page = client.get(f"/t/{table.id}/").content.decode()
    composes = re.findall(r'<input type="hidden" name="compose" value="([^"]+)">', page)
    # the referee's question and the correction share the compose: twice, or not at all
    assert composes == ([compose] * 2 if compose else [])
    assert ('name="action" value="knock">It was a knock</button>' in page) is knock
    assert ('class="counter-panel"' in page) is counter
    if game == "dog":  # DOG's compose is the card picker of its referee_cards
        assert "The joker played as" in page


def test_a_game_without_counter_or_compose_shows_neither(client, sprint):
    created = client.post("/t/new/sprint", {"players": "2", "name0": "Ann", "name1": "Ben"})
    assert created.status_code == 302, created.content
    table = Table.objects.get(id=created["Location"].strip("/").split("/")[-1])
    page = client.get(f"/t/{table.id}/").content.decode()
    assert "Ask the referee" in page and "Correct an earlier entry" in page
    assert "Card counter" not in page and 'id="counter"' not in page
    assert 'name="compose"' not in page and "It was a knock" not in page
    host = Actor(seat=None, is_host=True)
    assert live_parts(table, host)["counter"].strip() == ""  # nothing to swap in live


def test_the_summary_s_column_names_are_the_game_s_own(client):
    tables = {game: new_table(client, game) for game in ("dog", "hit", "lifeislife")}
    with translation.override("it"):
        said = {game: summarize(t) for game, t in tables.items()}
        labels = {game: (str(s.measure_label), str(s.knockouts_label) if s.knockouts else None)
                  for game, s in said.items()}
        page = client.get(f"/t/{tables['dog'].id}/summary",
                          HTTP_ACCEPT_LANGUAGE="it").content.decode()
    # DOG's figures are "segnalini" in Italian, HIT's "pedine"; HIT counts hits
    assert labels == {
        "dog": ("segnalini all'arrivo", "Pezzi altrui battuti"),
        "hit": ("pedine all'arrivo", "Catture"),
        "lifeislife": ("vite rimaste", None),
    }
    assert "<th>Segnalini all&#x27;arrivo</th>" in page and "<th>Pezzi altrui battuti</th>" in page
