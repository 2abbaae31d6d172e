"""A finished game as a play for the BG Stats app (Board Game Stats, bgstatsapp.com).

BG Stats documents a link that opens its import dialog with one play ("Push plays to BG Stats
from other apps or websites"): ``https://app.bgstatsapp.com/createPlay.html?data=<data>`` (or
the ``bgstats://`` scheme), where ``<data>`` is the url-encoded JSON of the play: ``sourceName``,
``playDate`` ("YYYY-MM-DD HH:MM:SS"), ``durationMin``, ``comments``, ``game`` (``name``,
``sourceGameId``, ``bggId``, ``highestWins``, ``noPoints``) and ``players`` (``name``,
``sourcePlayerId``, ``winner``, ``score``, ``rank``, ``startPlayer``, ``role``). The app
matches the game and the players to its own on the first import and remembers the match.
Fields we do not know stay out: no BoardGameGeek id (none of the three games' ids could be
verified; the app then matches by name) and no location (the app sets the source itself).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from django.utils import timezone
from django.utils.translation import gettext as _

from companion import games
from companion.tables.records.summary import Summary

SOURCE_NAME = "Table companion"
WEB_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
APP_LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="


def play_data(summary: Summary) -> dict[str, Any]:
    """The play as BG Stats reads it. Only for a finished game (ValueError otherwise)."""
    if not summary.finished:
        raise ValueError("only a finished game can be exported to BG Stats")
    ranks = _ranks(summary)
    game: dict[str, Any] = {
        "name": summary.game_name,
        "sourceGameId": summary.game,
        "highestWins": True,
        "noPoints": False,
    }
    # the BoardGameGeek id, only where verified (an id sends the play to another game's
    # statistics): the game's registry entry's ``bgg_id``
    entry = games.find(summary.game)
    if entry is not None and entry.bgg_id is not None:
        game["bggId"] = entry.bgg_id
    data: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "game": game,
        "players": [
            {
                "name": p.name,
                # the name, not the seat: BG Stats remembers which of its players this id is
                "sourcePlayerId": p.name,
                "winner": p.winner,  # always present: the Android app needs it
                "score": p.measure,
                "rank": ranks[p.index],
                "startPlayer": p.started,
                "role": p.colour,
            }
            for p in summary.players
        ],
        "comments": _("%(game)s at the table companion: %(plays)d plays; %(measure)s as the score.")
        % {
            "game": summary.game_name,
            "plays": summary.plays,
            "measure": summary.measure_label,
        },
    }
    if summary.started_at is not None:
        data["playDate"] = f"{timezone.localtime(summary.started_at):%Y-%m-%d %H:%M:%S}"
    if summary.duration_minutes is not None:
        data["durationMin"] = summary.duration_minutes
    return data


def links(summary: Summary) -> dict[str, str]:
    """The import links: ``web`` (opens the app where it is installed, else the web page) and
    ``app`` (the bgstats:// scheme)."""
    data = quote(json.dumps(play_data(summary), separators=(",", ":"), ensure_ascii=False), safe="")
    return {"web": WEB_LINK + data, "app": APP_LINK + data}


def _ranks(summary: Summary) -> dict[int, int]:
    """The summary's ranks (winners, the game's measure, then who stayed in longer)."""
    return {p.index: p.rank for p in summary.players}
