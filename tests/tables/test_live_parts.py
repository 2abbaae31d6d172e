"""Every live part is the page's own region (issue #36): what a push sends a reader is, region
by region, what a fresh load of the page shows that reader, for every kind of reader (each seat,
the seated host as scribe, a spectator), through a deal, hands, plays, a correction, an undo and
the coach. The browser suite (tests/e2e/test_live_vs_fresh.py) checks the same on pages that
lived through an evening; this is its server half, fast."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion.tables.coach import reviews as coach
from companion.tables.models import CoachReview, Table
from companion.tables.pages.rendering import live_parts
from companion.tables.play import services
from companion.tables.tokens import cookie_name, cookie_value, scribe_cookie

pytestmark = pytest.mark.django_db

OOB = re.compile(r'hx-swap-oob="true"')
SPACE = re.compile(r"\s+")
#: a response's own secret (Django masks the CSRF token anew in every response)
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def _page(table_id: str, cookies: dict[str, str]) -> str:
    client = Client()
    for name, value in cookies.items():
        client.cookies[name] = value
    response = client.get(f"/t/{table_id}/")
    assert response.status_code == 200
    return response.content.decode()


def _readers(t) -> dict[str, tuple[dict[str, str], services.Actor | None]]:
    seat = {
        f"seat {i}": ({cookie_name(t.id, "seat"): cookie_value(t.id, token)},
                      services.Actor(i, False))
        for i, token in enumerate(t.tokens)
    }
    host = {cookie_name(t.id, "seat"): cookie_value(t.id, t.tokens[0]),
            cookie_name(t.id, "host"): cookie_value(t.id, t.host),
            scribe_cookie(t.id): "1"}
    return {**seat, "scribe": (host, services.Actor(0, True, scribe=True)),
            "spectator": ({}, None)}


def _check(t, when: str) -> int:
    checked = 0
    for who, (cookies, actor) in _readers(t).items():
        page = SPACE.sub(" ", CSRF.sub("", _page(t.id, cookies)))
        for name, html in live_parts(Table.objects.get(id=t.id), actor).items():
            region = SPACE.sub(" ", CSRF.sub("", OOB.sub("", html))).strip()
            assert region in page, f"{when}: {who}'s {name} is not the fresh page's"
            checked += 1
    return checked


def test_every_live_part_is_the_fresh_pages_region(dealt_table):
    t = dealt_table
    ann = services.Actor(0, False)
    coach.switch(Table.objects.get(id=t.id), 0, True)
    checked = _check(t, "dealt")
    played = services.record_action(t.id, ann, "1 K", t.seq())
    CoachReview.objects.create(table=Table.objects.get(id=t.id), seat=0,
                               seq=played.event.seq, played="1 K", best="1 K",
                               label=CoachReview.Label.GOOD)
    checked += _check(t, "played and reviewed")
    for seat, text in ((1, "1 K"), (2, "13 K"), (3, "1 K")):
        services.record_action(t.id, services.Actor(seat, False), text, t.seq())
    wrong = services.record_action(t.id, ann, "4 T0-T4", t.seq())
    checked += _check(t, "a wrong play")
    services.correct(t.id, ann, wrong.event.seq, "2 T0-T2", t.seq())
    checked += _check(t, "corrected")
    services.undo(t.id, services.Actor(None, True), t.seq())
    checked += _check(t, "after an undo")
    assert checked > 5 * 6 * 10
