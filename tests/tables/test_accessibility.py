"""Accessibility of the table page, per game: every legal play of the seat to move is a button
named in words (compared with the engine's ``legal_actions`` through the notation), figures and
seat chips carry their colour's letter in a contrasting ink, the board has a text alternative,
and the live regions are in place."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from companion.engines import get_game
from companion.tables.models import Table
from companion.tables.play import selectors
from companion.tables.presenters.colours import COLOUR_HEX, COLOUR_LETTER, contrast, ink
from companion.tables.tokens import cookie_name, cookie_value
from tests.tables import seat_helpers

pytestmark = pytest.mark.django_db

NOTATION = re.compile(r"\b[TGWK]\d+\b|\bK@|\bjoker=|->|→")


class PlaysParser(HTMLParser):
    """The buttons of the "All legal plays" list (value → text) and the URLs of the groups that
    load when opened."""

    def __init__(self) -> None:
        super().__init__()
        self.buttons: dict[str, str] = {}
        self.lazy: list[str] = []
        self.groups: list[str] = []
        self._button: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "details" and "play-group" in classes:
            self.groups.append(a["data-group"] or "")
            if a.get("hx-get"):
                self.lazy.append(a["hx-get"] or "")
        if tag == "button" and "legal-play" in classes:
            assert a.get("type") == "submit" and a.get("name") == "action"
            assert "aria-label" not in a  # the accessible name is the visible text
            self._button = a["value"] or ""
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self._button is not None:
            assert self._button not in self.buttons, f"{self._button} listed twice"
            self.buttons[self._button] = "".join(self._text).strip()
            self._button = None


def plays_section(html: str) -> str:
    match = re.search(r'<section id="plays".*?</section>', html, re.S)
    assert match, "the page has no #plays section"
    return match.group(0)


def listed_plays(phone: Client, table: Table) -> dict[str, str]:
    """Every play the phone's list offers, the groups loaded when opened included."""
    parser = PlaysParser()
    parser.feed(plays_section(phone.get(f"/t/{table.id}/").content.decode()))
    for url in parser.lazy:
        response = phone.get(url.replace("&amp;", "&"))
        assert response.status_code == 200, response.content
        assert 'class="play-buttons"' in response.content.decode()
        parser.feed(response.content.decode())
    return parser.buttons


def legal_notations(table: Table, seat: int | None) -> set[str]:
    game = get_game(table.game)
    state = selectors.seat_state(Table.objects.get(id=table.id), seat)
    return {game.format_action(state, a) for a in game.legal_actions(state)}


def assert_every_legal_play_is_a_button(phone: Client, table: Table, seat: int | None) -> dict:
    buttons = listed_plays(phone, table)
    expected = legal_notations(table, seat)
    assert expected, "a position with plays to list"
    assert set(buttons) == expected
    for action, label in buttons.items():
        assert label and label != action, action
        assert label[0].isupper(), label
        assert not NOTATION.search(label), f"{action!r} is labelled in notation: {label!r}"
    return buttons


def seq(table: Table) -> str:
    return str(Table.objects.get(id=table.id).seq)


def phone_with_cookie(table_id: str, role: str, token: str) -> Client:
    phone = Client()
    phone.cookies[cookie_name(table_id, role)] = cookie_value(table_id, token)
    return phone


# --- DOG ------------------------------------------------------------------------------------


def test_dog_every_legal_play_is_a_labelled_button(dealt_table):
    t = dealt_table
    for seat, play in enumerate(["1 K", "1 K", "13 K", "1 K"]):
        assert t.play(play, t.tokens[seat]).status_code == 201
    table = Table.objects.get(id=t.id)
    ann = phone_with_cookie(t.id, "seat", t.tokens[0])
    buttons = assert_every_legal_play_is_a_button(ann, table, 0)
    assert len(buttons) > 15  # the 13, 7, 4, 2 and the joker as every card
    # Figures by where they stand on the real board, counted from the seats' start fields.
    assert buttons["7 T0-T7"] == (
        "Play 7: Ann's figure 7 steps from Ann's start field to 7 past Ann's start"
    )
    assert buttons["4 T0-T60"] == (
        "Play 4: Ann's figure 4 back from Ann's start field to 4 before Ann's start"
    )
    assert buttons["joker=4 T0-T60"] == (
        "Play the joker as 4: Ann's figure 4 back from Ann's start field to 4 before Ann's start"
    )
    # The scribe (host) may enter the play too: it does not know Ann's hand, so every card.
    host = phone_with_cookie(t.id, "host", t.host)
    assert len(assert_every_legal_play_is_a_button(host, table, None)) > len(buttons)
    # The other seats and spectators wait: no list, and a group is refused with a reason.
    ben = phone_with_cookie(t.id, "seat", t.tokens[1])
    for phone in (ben, Client()):
        assert "legal-play" not in plays_section(phone.get(f"/t/{t.id}/").content.decode())
        response = phone.get(f"/t/{t.id}/plays", {"group": "7"})
        assert response.status_code == 403 and "no play to enter" in response.content.decode()


def test_dog_a_button_records_its_play_through_the_play_endpoint(dealt_table):
    t = dealt_table
    ann = phone_with_cookie(t.id, "seat", t.tokens[0])
    table = Table.objects.get(id=t.id)
    section = plays_section(ann.get(f"/t/{t.id}/").content.decode())
    assert f'hx-post="/t/{t.id}/play"' in section
    assert f'name="expected_seq" value="{table.seq}"' in section
    html = ann.post(f"/t/{t.id}/play", {"action": "1 K", "expected_seq": seq(table)})
    assert "✓ Recorded" in html.content.decode()
    # The answer carries the list again (out of band): it is Ben's turn now, Ann has none.
    assert 'id="plays"' in html.content.decode() and "legal-play" not in plays_section(
        html.content.decode()
    )


def test_dog_group_endpoint_answers_bad_input_with_a_reason(dealt_table):
    t = dealt_table
    ann = phone_with_cookie(t.id, "seat", t.tokens[0])
    missing = ann.get(f"/t/{t.id}/plays")
    assert missing.status_code == 400 and "which group" in missing.content.decode()
    unknown = ann.get(f"/t/{t.id}/plays", {"group": "banana"})
    assert unknown.status_code == 404 and "no legal play" in unknown.content.decode()
    ok = ann.get(f"/t/{t.id}/plays", {"group": "1"})
    assert ok.status_code == 200 and 'value="1 K"' in ok.content.decode()
    assert ann.get("/t/nosuchtable/plays", {"group": "1"}).status_code == 404


def test_dog_board_figures_and_chips_carry_letters_and_a_text_alternative(dealt_table):
    t = dealt_table
    ann = phone_with_cookie(t.id, "seat", t.tokens[0])
    assert t.play("1 K", t.tokens[0]).status_code == 201
    page = ann.get(f"/t/{t.id}/").content.decode()
    letters = re.findall(r'<g class="figure" data-seat="(\d)".*?>([A-Z])</text>', page, re.S)
    assert len(letters) == 16
    colours = ["red", "blue", "green", "yellow"]  # the lobby's default order
    assert {(int(s), letter) for s, letter in letters} == {
        (i, COLOUR_LETTER[c]) for i, c in enumerate(colours)
    }
    assert 'style="fill: #111111">Y</text>' in page  # dark ink on yellow
    assert 'role="img" aria-labelledby="board-title" aria-describedby="board-desc"' in page
    assert "Ann (red, letter R): on Ann&#x27;s start field, 3 in the kennel." in page
    assert "<title>Ann (R): on Ann&#x27;s start field</title>" in page
    # Seat chips: letters in the score and in the status (the mover is not named by colour).
    assert re.search(r'class="chip-letter"[^>]*>R</span>', page)
    status = re.search(r'<div id="status".*?</div>', page, re.S).group(0)
    assert "chip-letter" in status and "Ben" in status and "(blue)" in status


# --- HIT ------------------------------------------------------------------------------------


def hit_table(client: Client) -> Table:
    response = client.post("/t/new/hit", {"players": "2", "name0": "Ann", "name1": "Ben"})
    assert response.status_code == 302, response.content
    table = Table.objects.get()
    for _ in range(2):
        client.post(f"/t/{table.id}/play", {"action": "draw", "expected_seq": seq(table)})
    cards = {f"card{i}": c for i, c in enumerate(["4", "5", "hunt", "coins5", "jump"])}
    client.post(
        f"/t/{table.id}/compose/market", {"slots": "5", "expected_seq": seq(table), **cards}
    )
    return table


def test_hit_every_legal_play_is_a_labelled_button(client):
    table = hit_table(client)
    ann = Client()
    assert seat_helpers.sit(ann, table.id, 0).status_code == 302
    # Ann's hand is unknown: every card she may hold, and laying down 2 for the figures waiting.
    buttons = assert_every_legal_play_is_a_button(ann, table, 0)
    assert buttons["s6 T0-T6"] == (
        "Play Start 6: the figure from blue's start field to 5 fields before red's barrier"
    )
    assert buttons["scoins"] == "Play Start 3 coins: take 3 coins"
    # After a play and with her hand entered, only her cards.
    assert (
        "✓ Recorded"
        in ann.post(
            f"/t/{table.id}/play", {"action": "s1-5 T0-T3", "expected_seq": seq(table)}
        ).content.decode()
    )
    hand = {"count-s6": "1", "count-scoins": "1", "expected_seq": seq(table)}
    assert "✓ Recorded" in ann.post(f"/t/{table.id}/hand", hand).content.decode()
    buttons = assert_every_legal_play_is_a_button(ann, table, 0)
    assert "discard s6,scoins" in buttons and "a figure comes out" in buttons["discard s6,scoins"]
    # The buy phase is listed too: each affordable card and the end of the turn.
    for action in ("s6 T3-T9", "scoins"):
        ann.post(f"/t/{table.id}/play", {"action": action, "expected_seq": seq(table)})
    buttons = assert_every_legal_play_is_a_button(ann, table, 0)
    assert buttons["end"] == "Done buying: end the turn"


def test_hit_figures_and_players_carry_letters(client):
    table = hit_table(client)
    page = client.get(f"/t/{table.id}/").content.decode()
    figures = re.findall(r'<g class="figure[^"]*" data-seat="(\d)".*?>([A-Z])</text>', page, re.S)
    assert {letter for _, letter in figures} == {"B", "G"}  # 2 players: blue and green
    assert re.search(r'<span class="dot" style="background: #388e3c; color: #111111"', page)
    assert '<desc id="board-desc">Ann (blue, letter B):' in page


# --- Life is Life ---------------------------------------------------------------------------

ROWS = [["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"], ["mouse", "dog", "goat", "sheep"]]
HANDS = [
    {"giraffe": 3, "bear": 2, "mole": 1, "goat": 1, "sheep": 1, "dog": 1, "cat": 1},
    {"giraffe": 2, "bear": 2, "mole": 2, "goat": 2, "hare": 2},
    {"giraffe": 1, "bear": 1, "mole": 1, "goat": 1, "sheep": 2, "dog": 2, "hare": 1, "mouse": 1},
]


def test_lifeislife_every_legal_play_is_a_labelled_button(client):
    form = {"players": "3", "name0": "Tim", "name1": "Mia", "name2": "Lino"}
    assert client.post("/t/new/lifeislife", form).status_code == 302
    table = Table.objects.get()
    rows = {f"row{r}-{i}": a for r, row in enumerate(ROWS, 1) for i, a in enumerate(row)}
    client.post(f"/t/{table.id}/compose/deal", {"expected_seq": seq(table), **rows})
    phones = []
    for seat, hand in enumerate(HANDS):
        phone = Client()
        assert seat_helpers.sit(phone, table.id, seat).status_code == 302
        counts = {f"count-{animal}": str(n) for animal, n in hand.items()}
        answer = phone.post(f"/t/{table.id}/hand", {"expected_seq": seq(table), **counts})
        assert "✓ Recorded" in answer.content.decode()
        phones.append(phone)
    state = selectors.seat_state(Table.objects.get(id=table.id), 0)
    mover = get_game("lifeislife").to_move(state)
    page = phones[mover].get(f"/t/{table.id}/").content.decode()
    assert 'hx-trigger="toggle once"' in page  # row 4 has too many lay-downs for the page
    buttons = assert_every_legal_play_is_a_button(phones[mover], table, mover)
    assert any(label.startswith("Take row 3, laying down ") for label in buttons.values())
    # Mia's phone (not her turn) has no list.
    other = phones[(mover + 1) % 3]
    assert "legal-play" not in plays_section(other.get(f"/t/{table.id}/").content.decode())


# --- colours --------------------------------------------------------------------------------


def test_every_colour_has_its_own_letter_and_a_readable_ink():
    assert len(set(COLOUR_LETTER.values())) == len(COLOUR_LETTER) == len(COLOUR_HEX)
    for name, fill in COLOUR_HEX.items():
        assert contrast(fill, ink(fill)) >= 4.5, name  # WCAG AA for the letters
    assert contrast("#ffffff", "#000000") == pytest.approx(21)
    assert contrast("#777777", "#777777") == pytest.approx(1)


def test_live_regions_wrap_the_swapped_fragments(client):
    colours = {f"colour{i}": c for i, c in enumerate(["red", "blue", "green", "yellow"])}
    response = client.post("/t/new", {"seats": "4", **colours})
    assert response.status_code == 302, response.content
    table = Table.objects.get()
    page = client.get(f"/t/{table.id}/").content.decode()
    for region, inner in (
        ('role="status" aria-live="polite" aria-atomic="true">', 'id="status"'),
        ('<div class="live-region" aria-live="polite">', 'id="ruling"'),
        ('<div id="hint-live" class="live-region" aria-live="polite">', 'id="hint"'),
    ):
        start = page.index(region)
        assert page.index(inner, start) - start < 400, inner  # the fragment sits inside
