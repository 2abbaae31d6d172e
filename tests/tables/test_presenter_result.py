"""The presenter shows Life is Life's last round scored under the score, large (the room reads
it from two metres): on its page and in the live part it is pushed, until the next round is
scored. Phones keep it in their entry (at the deal), not in their score."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion.engines import get_game
from companion.games.lifeislife.engine.cards import KINDS, TOKEN
from companion.tables.live.pushes import presenter_parts
from companion.tables.models import Table
from companion.tables.play import selectors
from tests.games.lifeislife.test_entry import Phone, enter_hands, lay_rows, new_table

pytestmark = pytest.mark.django_db


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def _result(html: str) -> str | None:
    found = re.search(r'<section class="lil-result".*?</section>', html, re.S)
    return _text(found.group(0)) if found else None


def _score(html: str) -> str:
    return re.search(r'<section id="score".*?</section>\s*(?=<|$)', html, re.S).group(0)


def play_round_one(client: Client) -> tuple[Table, list[Phone]]:
    """Round 1 of the scripted game of test_lifeislife_entry: Tim knocks, Mia and Lino take
    their last turns; Tim loses 2 lives."""
    table = new_table(client)
    lay_rows(Phone(table, client=client))
    phones = [Phone(table, seat) for seat in range(3)]
    enter_hands(table, phones)
    tim, mia, lino = phones

    def play(phone: Phone, action: str) -> None:
        seq = str(Table.objects.get(id=table.id).seq)
        r = phone.client.post(f"/t/{table.id}/play", {"action": action, "expected_seq": seq})
        assert "✓" in r.content.decode(), r.content.decode()

    play(tim, "swap 3: bear,bear,cat")
    play(mia, "swap 1: hare")
    play(lino, "swap 2: sheep,sheep")
    play(tim, "knock")
    play(mia, "swap 2: goat,goat")
    play(lino, "swap 4: mouse,dog,dog,hare")
    show_hands(table, phones)
    return table, phones


def show_hands(table: Table, phones: list[Phone]) -> None:
    """Where the round ends with the hands shown, each phone shows its own (what it holds)."""
    game = get_game("lifeislife")
    for seat, phone in enumerate(phones):
        current = Table.objects.get(id=table.id)
        if game.phase(selectors.seat_state(current, None)) != "reveal":
            return
        hand = selectors.seat_state(current, seat).hands[seat]
        counts = {f"count-{TOKEN[k]}": str(hand[k]) for k in KINDS}
        r = phone.client.post(f"/t/{table.id}/hand",
                              {"expected_seq": str(current.seq), "seat": str(seat), **counts})
        assert "✓" in r.content.decode(), r.content.decode()


def test_the_presenter_shows_the_last_round_result_large(client):
    table, (tim, _mia, _lino) = play_round_one(client)
    page = client.get(f"/t/{table.id}/present").content.decode()
    result = _result(_score(page))
    assert result is not None, _score(page)
    assert "Round 1: the result" in result
    assert "Tim : 9 points" in result and "the fewest points: loses 2 lives" in result
    assert "Mia : 11 points" in result and "the most points: keeps all lives" in result
    # the live part the presenter is pushed says the same
    pushed = presenter_parts(Table.objects.get(id=table.id))["score"]
    assert _result(pushed) == result and 'hx-swap-oob="true"' in pushed
    # a phone has it in its entry, not twice
    assert _result(_score(tim.page())) is None and _result(tim.page()) is not None


def test_the_result_stays_on_the_presenter_into_the_next_round_in_german(client):
    table, (tim, _mia, _lino) = play_round_one(client)
    seq = str(Table.objects.get(id=table.id).seq)
    rows = "deal rows goat/hare,hare/mole,mole,pig/cat,cat,dog,dog"
    r = tim.client.post(f"/t/{table.id}/play", {"action": rows, "expected_seq": seq})
    assert "✓" in r.content.decode(), r.content.decode()
    german = Client(headers={"accept-language": "de"})
    result = _result(_score(german.get(f"/t/{table.id}/present").content.decode()))
    assert result is not None and "Runde 1" in result, result
    # round 2 is under way: the phones' entry no longer shows round 1
    assert _result(tim.page()) is None
