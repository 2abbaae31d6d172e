"""Life is Life entered in few taps (Django's test client following the page's own links): the
rows laid out from the animal palette (the row filling as you tap, the next row selected when
one is full), a row taken by tapping the hand's cards (only legal completions offered, the
last tap going to the confirmation), the round's result naming the majorities, "Last round"
in the status from the knock until the scoring, and the hand form empty in a new round.

The taps are counted: the rows in 11 (10 animals + "These are the rows"; 21 with the old
dropdowns), row 3 taken in 5 (row, 3 cards, confirm; the old list was 40 buttons)."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client

from companion.tables.models import Table
from tests.tables import seat_helpers

pytestmark = pytest.mark.django_db

NAMES = ["Tim", "Mia", "Lino"]
ROWS = [["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"], ["mouse", "dog", "goat", "sheep"]]
HANDS = [
    {"giraffe": 3, "bear": 2, "mole": 1, "goat": 1, "sheep": 1, "dog": 1, "cat": 1},
    {"giraffe": 2, "bear": 2, "mole": 2, "goat": 2, "hare": 2},
    {"giraffe": 1, "bear": 1, "mole": 1, "goat": 1, "sheep": 2, "dog": 2, "hare": 1, "mouse": 1},
]


class Phone:
    """A phone at the table that counts its taps: a tap follows a button's hx-get (or posts
    its form)."""

    def __init__(self, table: Table, seat: int | None = None, client: Client | None = None):
        self.table, self.client, self.taps, self.seat = table, client or Client(), 0, seat
        if seat is not None:
            r = seat_helpers.sit(self.client, table.id, seat)  # the host's invitation once dealt
            assert r.status_code == 302
        self.entry = self.client.get(f"/t/{table.id}/entry").content.decode()

    def tap(self, pattern: str) -> str:
        """Follow the first hx-get of a button whose tag matches `pattern`."""
        for tag in re.findall(r"<button[^>]*>", self.entry):
            if re.search(pattern, tag) and "hx-get" in tag and "disabled" not in tag:
                url = html_lib.unescape(re.search(r'hx-get="([^"]+)"', tag).group(1))
                response = self.client.get(url)
                assert response.status_code == 200, response.content
                self.taps += 1
                self.entry = response.content.decode()
                return self.entry
        raise AssertionError(f"no button {pattern!r} in {self.entry}")

    def submit(self, form_class: str) -> str:
        """Tap the submit button of the entry's form `form_class` (posts its fields)."""
        form = re.search(rf'<form class="{form_class}"[^>]*hx-post="([^"]+)"(.*?)</form>',
                         self.entry, re.S)
        assert form, self.entry
        fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(2)))
        fields["expected_seq"] = str(Table.objects.get(id=self.table.id).seq)
        response = self.client.post(form.group(1), {k: html_lib.unescape(v)
                                                    for k, v in fields.items()})
        assert response.status_code == 200 and "✓ Recorded" in response.content.decode(), \
            response.content.decode()
        self.taps += 1
        self.entry = self.client.get(f"/t/{self.table.id}/entry").content.decode()
        return self.entry

    def page(self) -> str:
        return self.client.get(f"/t/{self.table.id}/").content.decode()


def new_table(client: Client) -> Table:
    data = {"players": "3", **{f"name{i}": n for i, n in enumerate(NAMES)}}
    response = client.post("/t/new/lifeislife", data)
    assert response.status_code == 302
    return Table.objects.get()


def lay_rows(host: Phone) -> None:
    for row in ROWS:
        for animal in row:
            host.tap(rf'class="animal-pick[^"]*" data-animal="{animal}"')
    host.submit("lil-deal")


def enter_hands(table: Table, phones: list[Phone]) -> None:
    for seat, phone in enumerate(phones):
        counts = {f"count-{a}": str(n) for a, n in HANDS[seat].items()}
        seq = str(Table.objects.get(id=table.id).seq)
        r = phone.client.post(f"/t/{table.id}/hand", {"expected_seq": seq, **counts})
        assert "✓ Recorded" in r.content.decode()


def test_rows_laid_out_with_the_palette_in_eleven_taps(client):
    table = new_table(client)
    host = Phone(table, client=client)
    assert 'data-row="1"' in host.entry and "deal-row selected" in host.entry
    host.tap(r'data-animal="giraffe"')
    # row 1 is full: row 2 is selected, the giraffe's count went down
    assert re.search(r'deal-row selected" data-row="2"', host.entry)
    assert re.search(r'data-animal="giraffe"[^>]*>giraffe <small>×8</small>', host.entry)
    host.tap(r'data-animal="mole"')
    host.tap(r'data-animal="bear"')
    # a wrong animal taken out again with one tap (and put in again): not counted below
    host.tap(r'aria-label="Take bear out of the row"')
    assert re.search(r'deal-row selected" data-row="2"', host.entry)
    host.tap(r'data-animal="bear"')
    host.taps = 3
    for row in ROWS[2:]:
        for animal in row:
            host.tap(rf'data-animal="{animal}"')
    assert "These are the rows" in host.entry and 'name="action" value="deal rows giraffe/' \
        'mole,bear/pig,pig,cat/mouse,dog,goat,sheep"' in host.entry
    host.submit("lil-deal")
    assert host.taps == 11  # goal: ≤ 12 (21 with the dropdowns)
    assert Table.objects.get(id=table.id).seq == 1


def test_a_palette_refuses_too_many_copies_and_long_rows(client):
    table = new_table(client)
    response = client.get(f"/t/{table.id}/entry", {"parts": "mouse/mouse,mouse/mouse"})
    assert response.status_code == 400 and "3 × mouse" in response.content.decode()
    response = client.get(f"/t/{table.id}/entry", {"parts": "pig,pig"})
    assert response.status_code == 400 and "row 1 holds 1 animal" in response.content.decode()


def test_row_three_taken_by_tapping_cards_in_five_taps_and_the_round_result(client):
    table = new_table(client)
    lay_rows(Phone(table, client=client))
    tim, mia, lino = (Phone(table, seat) for seat in range(3))
    enter_hands(table, [tim, mia, lino])
    tim.entry = tim.client.get(f"/t/{table.id}/entry").content.decode()
    tim.taps = 0
    tim.tap(r'class="card row-pick"[^>]*row=3')
    assert "0 of 3 chosen" in tim.entry
    # only cards that complete a legal lay-down: 3 cards of the 5 animals not in row 3
    tim.tap(r'data-animal="bear"')
    assert "1 of 3 chosen: bear" in tim.entry
    tim.tap(r'data-animal="bear"')
    tim.tap(r'data-animal="cat"')  # the third card goes straight to the confirmation
    assert 'data-step="confirm"' in tim.entry
    said = re.search(r'<p class="confirm-said">(.*?)</p>', tim.entry, re.S).group(1)
    assert said == "Take row 3, laying down bear, bear, cat?"
    tim.submit("confirm")
    assert tim.taps == 5  # goal: ≤ 5

    def swap(phone: Phone, row: int, counts: dict[str, int]) -> None:
        phone.entry = phone.client.get(f"/t/{table.id}/entry", {"row": row}).content.decode()
        for animal, count in counts.items():
            for _ in range(count):
                phone.tap(rf'data-animal="{animal}"')
        phone.submit("confirm")

    swap(mia, 1, {"hare": 1})
    swap(lino, 2, {"sheep": 2})
    assert "Last round" not in tim.page()
    tim.entry = tim.client.get(f"/t/{table.id}/entry").content.decode()
    seq = str(Table.objects.get(id=table.id).seq)
    tim.client.post(f"/t/{table.id}/play", {"action": "knock", "expected_seq": seq})
    status = re.search(r'<div id="status".*?</div>', mia.page(), re.S).group(0)
    assert "Last turn: Tim knocked" in status
    swap(mia, 2, {"goat": 2})
    swap(lino, 4, {"mouse": 1, "dog": 2, "hare": 1})
    # the round is over: every player shows its hand, pre-filled on its own phone (one tap),
    # although the table knew them all (a conflict elsewhere must not change the round's end)
    for phone in (lino, tim, mia):
        phone.entry = phone.client.get(f"/t/{table.id}/entry").content.decode()
        first = re.search(r'<form class="lil-reveal".*?</form>', phone.entry, re.S).group(0)
        assert "Show my hand" in first and f'name="seat" value="{phone.seat}"' in first
        phone.taps = 0
        phone.submit("lil-reveal")
        assert phone.taps == 1
    page = mia.page()
    assert "Last round" not in re.search(r'<div id="status".*?</div>', page, re.S).group(0)
    result = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ",
                    re.search(r'<section class="lil-result".*?</section>', page, re.S).group(0)))
    assert "Round 1: the result" in result
    assert "Tim : 9 points" in result and "the fewest points: loses 2 lives" in result
    assert "Mia : 11 points" in result and "the most points: keeps all lives" in result
    assert "Lino : 10 points" in result
    assert "pig: Tim with 2 (5 points)" in result and "cat: Tim with 1 (4 points)" in result
    assert "giraffe:" not in result  # Tim and Mia tie with 3: nobody scores it
    # no hand to enter before the next deal (the next round's form starts empty)
    assert 'name="count-' not in tim.page()
