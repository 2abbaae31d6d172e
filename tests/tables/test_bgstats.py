"""The BG Stats export: the createPlay link decodes to the play (players, winner, scores, time)."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.tables.records import bgstats
from companion.tables.records.summary import summarize

from .simulated import CONFIGS, table_log
from .test_summary import NAMES, _table

pytestmark = pytest.mark.django_db


def _decoded(link: str) -> dict:
    parts = urlsplit(link)
    assert parts.netloc == "app.bgstatsapp.com" and parts.path == "/createPlay.html"
    (data,) = parse_qs(parts.query)["data"]
    return json.loads(data)


@pytest.fixture
def finished_life():
    """A finished Life is Life game: entries a minute apart from 20:00 UTC on 1 March 2025."""
    log = table_log("lifeislife", CONFIGS["lifeislife"], seed=7)
    return _table("lifeislife", log), log


def test_the_link_decodes_to_the_play(finished_life):
    table, log = finished_life
    summary = summarize(table)
    links = bgstats.links(summary)
    assert links["web"].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert links["app"].startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
    play = _decoded(links["web"])
    assert play == _decoded(links["app"])
    assert play["sourceName"] == "Table companion"
    assert play["game"] == {
        "name": "Life is Life",
        "sourceGameId": "lifeislife",
        "highestWins": True,
        "noPoints": False,
    }
    assert play["playDate"] == "2025-03-01 20:00:00"  # the first entry, in the site's time zone
    assert play["durationMin"] == len(log) - 1
    winner = summary.winners[0]
    players = play["players"]
    assert [p["name"] for p in players] == NAMES["lifeislife"]
    assert [p["winner"] for p in players] == [i == winner for i in range(4)]
    assert [p["score"] for p in players] == [p.measure for p in summary.players]  # lives left
    assert players[winner]["rank"] == 1
    assert all(p["rank"] > 1 for i, p in enumerate(players) if i != winner)
    assert [p["startPlayer"] for p in players].count(True) == 1
    assert all(p["sourcePlayerId"] == p["name"] for p in players)
    assert "bggId" not in play["game"] and "location" not in play


def test_a_dog_team_wins_together_and_scores_figures_home():
    log = table_log("dog", CONFIGS["dog"], seed=5)
    summary = summarize(_table("dog", log, minutes_apart=0))
    play = bgstats.play_data(summary)
    winners = [p["name"] for p in play["players"] if p["winner"]]
    assert len(winners) == 2 and all(play["players"][s]["rank"] == 1 for s in summary.winners)
    assert [p["score"] for p in play["players"]] == [p.measure for p in summary.players]
    assert [p["role"] for p in play["players"]] == ["red", "blue", "green", "yellow"]
    assert play["durationMin"] == 1  # every entry at the same minute: at least a minute


def test_only_a_finished_game_is_exported(client):
    running = _table("lifeislife", table_log("lifeislife", CONFIGS["lifeislife"], seed=7, limit=8))
    with pytest.raises(ValueError):
        bgstats.play_data(summarize(running))
    assert "bgstats" not in client.get(f"/api/tables/{running.id}/summary").json()


def test_the_summary_shows_the_button_with_the_link(client, finished_life):
    table, _log = finished_life
    page = client.get(f"/t/{table.id}/summary").content.decode()
    match = re.search(r'<a class="button bgstats" href="([^"]+)"', page)
    assert match, "no BG Stats button"
    play = _decoded(html.unescape(match.group(1)))
    assert play == bgstats.play_data(summarize(table))
    api = client.get(f"/api/tables/{table.id}/summary").json()["bgstats"]
    assert _decoded(api["web"]) == api["play"] == play
