"""HIT's turn in words: the status says who draws how many cards and how many market places
the table refills; the confirmation of a play or a buy is a sentence (the notation only in a
details line)."""

from __future__ import annotations

import re

import pytest

from tests.games.hit.test_views import new_table, post, recorded, seq, set_up, sit

pytestmark = pytest.mark.django_db


def status(html: str) -> str:
    block = re.search(r'<div id="status".*?</div>', html, re.S).group(0)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", block)).strip()


def test_the_status_says_who_draws_and_what_the_market_gets(client):
    table = new_table(client)
    page = client.get(f"/t/{table.id}/").content.decode()
    assert "Ann draws the first hand: 3 cards" in status(page)
    assert "reports a card" not in status(page)
    assert recorded(post(client, table, "play", action="draw"))
    page = client.get(f"/t/{table.id}/").content.decode()
    assert "Ben draws the first hand: 3 cards" in status(page)
    assert recorded(post(client, table, "play", action="draw"))
    page = client.get(f"/t/{table.id}/").content.decode()
    assert "The table lays out the market: 5 cards" in status(page)


def test_the_confirmation_is_a_sentence(client):
    table = new_table(client)
    set_up(client, table)
    ann = sit(table, 0)
    post(ann, table, "hand", **{"count-s6": "1", "count-s3": "1", "count-scoins": "1"})
    html = ann.get(f"/t/{table.id}/entry", {"pick": "s3 T0-T3"}).content.decode()
    said = re.search(r'<p class="confirm-said">(.*?)</p>', html, re.S).group(1)
    assert said == (
        "Play Start 3: the figure from blue&#x27;s start field to 3 fields past blue&#x27;s "
        "start field?"
    )
    html = ann.get(f"/t/{table.id}/entry", {"pick": "scoins"}).content.decode()
    said = re.search(r'<p class="confirm-said">(.*?)</p>', html, re.S).group(1)
    assert said == "Play Start 3 coins: take 3 coins?"
    assert seq(table)
