"""DOG's board-first entry (GET /t/<id>/entry): the card, the figures that can move with it lit
and tappable on the board, where one goes, the confirm in words; the 7 segment by segment; the
swap; the joker's kinds. What is offered is exactly the engine's legal plays of that card, and
steps that are not on offer are refused with 400 naming the parameter (issue #18)."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs

import pytest
from django.test import Client

from companion.engines import get_game
from companion.games.dog import entry as dog_entry
from companion.games.dog.board import position_key
from companion.games.dog.engine.actions import PLAY
from companion.games.dog.engine.cards import JOKER, SEVEN, TOKEN
from companion.tables.models import Table
from companion.tables.play import seating, selectors, services
from companion.tables.tokens import cookie_name, cookie_value
from tests.tables import seat_helpers

pytestmark = pytest.mark.django_db

GAME = get_game("dog")
HOST = services.Actor(None, True)
NAMES = ["Ann", "Ben", "Cid", "Dan"]
#: Scribe entries (no hand known) that bring figures out and spread them over the board.
OPENING = [
    "deal", "give ?", "give ?", "give ?", "give ?",
    "1 K", "1 K", "13 K", "1 K",
    "8 T0-T8", "3 T16-T19", "2 T32-T34", "5 T48-T53",
    "1 K",
]  # fmt: skip
#: Then Ann is to move, with figures on T0 and T8 (Ben's on T24, Cid's on T36, Dan's on T55).
ANN_TURN = [*OPENING, "5 T19-T24", "2 T34-T36", "2 T53-T55"]


def table_with(actions: list[str], rules: dict | None = None) -> tuple[Table, Client]:
    """A table after ``actions`` (entered by the scribe) and the host's phone."""
    table, token = services.create_table("dog", {"seats": 4, "rules": rules or {}}, NAMES)
    for text in actions:
        services.record_action(table.id, HOST, text, Table.objects.get(id=table.id).seq)
    client = Client()
    client.cookies[cookie_name(table.id, "host")] = cookie_value(table.id, token)
    return Table.objects.get(id=table.id), client


def get_entry(client: Client, table: Table, **params: str):
    return client.get(f"/t/{table.id}/entry", params)


def taps(html: str) -> list[dict[str, str]]:
    """The board's tap targets: field, kind, the next step's parameters, the label."""
    out = []
    pattern = (
        r'<g class="tap tap-(\w+)" role="button" tabindex="0" aria-label="([^"]*)" '
        r'data-field="([^"]+)"\s+hx-get="[^"?]*\?([^"]*)"'
    )
    for m in re.finditer(pattern, html):
        kind, label, field, query = m.groups()
        out.append(
            {
                "kind": kind,
                "label": unescape(label),
                "field": field,
                "query": {k: v[0] for k, v in parse_qs(unescape(query)).items()},
            }
        )
    return out


def legal_of(table: Table, card: str) -> list[str]:
    state = selectors.seat_state(table, None)
    code = {v: k for k, v in TOKEN.items()}[card]
    return [
        GAME.format_action(state, a)
        for a in GAME.legal_actions(state)
        if a.kind == PLAY and a.card == code
    ]


def from_fields(table: Table, legal: list[str]) -> set[str]:
    state = selectors.seat_state(table, None)
    return {
        position_key(state, action.segs[0][0])
        for action in (GAME.parse_action(state, a) for a in legal)
        if action.segs
    }


def test_the_figures_offered_are_exactly_the_engines():
    table, client = table_with(OPENING)
    for card in ("1", "2", "3", "4", "5", "8", "10", "12", "13", "swap"):
        html = get_entry(client, table, card=card).content.decode()
        legal = legal_of(table, card)
        actions = re.findall(r'data-action="([^"]+)"', html)
        assert sorted(actions) == sorted(legal), card
        offered = taps(html)
        assert {t["field"] for t in offered} == from_fields(table, legal), card
        # Each figure leads to its destinations (or, with one, straight to the confirm), and
        # every play reached that way is one of the engine's.
        reached = set()
        for t in offered:
            assert t["kind"] == "figure" and t["label"] and not re.search(r"\bT\d", t["label"])
            if "pick" in t["query"]:
                reached.add(t["query"]["pick"])
                continue
            step = get_entry(client, table, **t["query"]).content.decode()
            assert 'data-step="destination"' in step
            for d in taps(step):
                if d["kind"] == "destination":
                    reached.add(d["query"]["pick"])
        assert reached == set(legal), card


def after(state, action) -> tuple:
    return GAME.apply(state, action).figures


@pytest.mark.parametrize(
    ("first", "code"), [({"card": "7"}, SEVEN), ({"card": "joker", "joker_as": "7"}, JOKER)]
)
def test_the_seven_step_by_step_reaches_exactly_the_legal_sevens(first, code):
    """Every way through the 7's steps (the presenter's own taps, walked exhaustively) ends in
    a play the engine accepts, and together they reach every position a legal 7 leads to."""
    table, _client = table_with(ANN_TURN)
    state = selectors.seat_state(table, None)
    legal = {
        after(state, a)
        for a in GAME.legal_actions(state)
        if a.kind == PLAY and a.card == code and a.as_card == SEVEN
    }
    reached: set = set()
    pending: list[dict] = [first]
    seen = 0
    while pending:
        params = pending.pop()
        step = dog_entry.entry(GAME, state, None, True, params, NAMES)
        seen += 1
        if "confirm" in step:
            action = GAME.parse_action(state, step["confirm"]["action"])
            assert not GAME.check(state, action), step["confirm"]["action"]
            reached.add(after(state, action))
            continue
        assert step["taps"], params
        pending += [t["query"] for t in step["taps"] if t["kind"] != "selected"]
    assert reached == legal and len(legal) == 8  # T0 moves 0..7, T8 the rest
    assert seen > 50  # a real walk through the steps


def test_seven_points_left_undo_and_confirm():
    table, client = table_with(ANN_TURN)
    html = get_entry(client, table, card="7").content.decode()
    assert 'data-step="seven-7"' in html and "7 points left" in html
    assert {t["field"] for t in taps(html)} == {"T0", "T8"}
    html = get_entry(client, table, card="7", fig="T8").content.decode()
    dests = [t for t in taps(html) if t["kind"] == "destination"]
    assert [t["field"] for t in dests] == [f"T{n}" for n in range(9, 16)]
    assert [t["field"] for t in taps(html) if t["kind"] == "selected"] == ["T8"]
    html = get_entry(client, table, **next(t for t in dests if t["field"] == "T12")["query"])
    html = html.content.decode()
    assert 'data-step="seven-3"' in html and "3 points left" in html
    undo = re.search(r'class="secondary undo-step" hx-get="[^"?]*\?([^"]*)"', html).group(1)
    assert parse_qs(unescape(undo)) == {"card": ["7"]}
    html = get_entry(client, table, card="7", seven="T8-T12", fig="T0").content.decode()
    three = next(t for t in taps(html) if t["field"] == "T3")
    html = get_entry(client, table, **three["query"]).content.decode()
    assert 'data-step="confirm"' in html
    assert 'name="action" value="7 T8-T12 T0-T3"' in html
    assert not re.search(r'class="question">[^<]*\bT\d', html)  # the question is in words
    undo = re.search(r'class="secondary undo-step" [^>]*hx-get="[^"?]*\?([^"]*)"', html).group(1)
    assert parse_qs(unescape(undo)) == {"card": ["7"], "seven": ["T8-T12"]}


def test_the_swap_is_own_figure_then_the_other():
    table, client = table_with(ANN_TURN)
    html = get_entry(client, table, card="swap").content.decode()
    legal = legal_of(table, "swap")
    own = taps(html)
    # Ann's figure on her own start field is protected: only the one on T8 can swap.
    assert {t["field"] for t in own} == from_fields(table, legal) == {"T8"}
    html = get_entry(client, table, **own[0]["query"]).content.decode()
    others = [t for t in taps(html) if t["kind"] == "destination"]
    state = selectors.seat_state(table, None)
    expected = {
        position_key(state, a.segs[0][1])
        for a in (GAME.parse_action(state, x) for x in legal)
        if a.segs and position_key(state, a.segs[0][0]) == own[0]["field"]
    }
    assert {t["field"] for t in others} == expected and len(expected) > 1
    assert all(t["query"]["pick"] in legal for t in others)


def test_the_joker_offers_only_kinds_with_a_legal_move():
    table, client = table_with(OPENING[:5])  # nobody out yet: only coming out (1, 13)
    html = get_entry(client, table, card="joker").content.decode()
    kinds = re.findall(r'hx-get="[^"]*card=joker&(?:amp;)?joker_as=([^"]+)"', html)
    assert kinds == ["1", "13"]
    table, client = table_with(OPENING)
    html = get_entry(client, table, card="joker").content.decode()
    kinds = re.findall(r'hx-get="[^"]*card=joker&(?:amp;)?joker_as=([^"]+)"', html)
    state = selectors.seat_state(table, None)
    legal_kinds = {
        TOKEN[a.as_card] for a in GAME.legal_actions(state) if a.kind == PLAY and a.card == JOKER
    } | {"13"}  # coming out is listed once by the engine, as the joker=1
    assert set(kinds) == legal_kinds
    # The joker as 5: the figures, then the confirm (one place each).
    html = get_entry(client, table, card="joker", joker_as="5").content.decode()
    offered = taps(html)
    assert {t["query"]["pick"] for t in offered} == {
        a for a in legal_of(table, "joker") if a.startswith("joker=5 ")
    }


def test_fold_is_offered_only_when_the_engine_lists_it():
    table, client = table_with(OPENING)  # the hand is unknown: folding may be right
    html = get_entry(client, table).content.decode()
    assert "Nothing playable" in html
    # Ben enters his hand: a 5 he can play. No fold while it can play.
    table, _token = services.create_table("dog", {"seats": 4}, NAMES)
    seat_token = seating.claim_seat(table.id, 1).token
    ben = Client()
    ben.cookies[cookie_name(table.id, "seat")] = cookie_value(table.id, seat_token)
    for text in OPENING:
        services.record_action(table.id, HOST, text, Table.objects.get(id=table.id).seq)
    services.record_action(
        table.id, services.Actor(1, False), "hand 1 5,2,9,10", Table.objects.get(id=table.id).seq
    )
    html = ben.get(f"/t/{table.id}/").content.decode()
    assert "Nothing playable" not in html
    cards = re.findall(r'hx-get="[^"]*entry\?card=([^"]+)"', html)
    assert cards == ["2", "5", "9", "10"]  # the hand's cards, not every kind


@pytest.mark.parametrize(
    ("params", "param"),
    [
        ({"card": "7", "seven": "T99-T100"}, "seven"),
        ({"card": "7", "seven": "G9-G10"}, "seven"),
        ({"card": "joker", "joker_as": "7", "seven": "T0-K@9"}, "seven"),
        ({"card": "7", "seven": "T5-T6"}, "seven"),  # no figure on T5
        ({"card": "7", "seven": "T8-T12 T8-T20"}, "seven"),  # 11 points
        ({"card": "7", "fig": "T40"}, "fig"),
        ({"card": "5", "fig": "T33"}, "fig"),
        ({"card": "5", "fig": "X1"}, "fig"),
        ({"card": "5", "pick": "5 T0-T5 T1"}, "pick"),
        ({"card": "5", "pick": "12 T0-T12"}, None),  # legal, but another card: its own confirm
        ({"pick": "5 T33-T38"}, "pick"),
        ({"card": "5", "joker_as": "4"}, "joker_as"),
        ({"card": "joker", "joker_as": "joker"}, "joker_as"),
        ({"card": "banana"}, "card"),
    ],
)
def test_steps_not_on_offer_are_refused_naming_the_parameter(params, param):
    table, client = table_with(ANN_TURN)
    response = get_entry(client, table, **params)
    if param is None:
        assert response.status_code == 200
        return
    assert response.status_code == 400, response.content
    text = response.content.decode()
    assert param in text or (param == "card" and "banana" in text), text
    assert "Traceback" not in text and len(text) < 400


def test_hit_areas_are_large_and_each_point_belongs_to_the_nearest_target():
    table, client = table_with(ANN_TURN)
    html = client.get(f"/t/{table.id}/entry", {"card": "5"}).content.decode()
    polygons = re.findall(r'<polygon class="hit" points="([^"]+)"', html)
    assert len(polygons) == 2  # Ann's figures on T0 and T8, far apart
    for poly in polygons:  # each a whole 52-unit disk of the 400-unit board (≥ 44 px)
        xs = [float(p.split(",")[0]) for p in poly.split()]
        ys = [float(p.split(",")[1]) for p in poly.split()]
        assert max(xs) - min(xs) >= 51 and max(ys) - min(ys) >= 51
    html = client.get(f"/t/{table.id}/entry", {"card": "7", "fig": "T8"}).content.decode()
    shapes = re.findall(
        r'<polygon class="hit" points="([^"]+)"></polygon>\s*'
        r'<circle class="ring" cx="([\d.]+)" cy="([\d.]+)"',
        html,
    )
    assert len(shapes) == 8  # the figure and its seven places, side by side on the track
    centres = [(float(x), float(y)) for _pts, x, y in shapes]
    for (pts, _x, _y), centre in zip(shapes, centres, strict=True):
        for point in (tuple(map(float, p.split(","))) for p in pts.split()):
            own = ((point[0] - centre[0]) ** 2 + (point[1] - centre[1]) ** 2) ** 0.5
            assert own <= 26.1
            for other in centres:  # never nearer to another target (0.2: rounding)
                dist = ((point[0] - other[0]) ** 2 + (point[1] - other[1]) ** 2) ** 0.5
                assert own <= dist + 0.2


def taps_to_confirm(client: Client, table: Table, card: str, choose) -> tuple[int, str]:
    """Tap the card, then what ``choose`` picks among the board's targets (or a joker kind),
    until the confirm; the count includes the Confirm tap. Returns (taps, the play)."""
    params: dict[str, str] = {"card": card}
    taps_made = 1
    for _ in range(12):
        html = get_entry(client, table, **params).content.decode()
        if 'data-step="confirm"' in html:
            action = unescape(re.search(r'name="action" value="([^"]+)"', html).group(1))
            return taps_made + 1, action
        params = choose(html, taps(html))
        taps_made += 1
    raise AssertionError("no confirm")


def by_field(*fields: str):
    """Tap the targets on these fields in turn (a joker kind is named as "as:5")."""
    order = list(fields)

    def choose(html: str, offered: list[dict]) -> dict[str, str]:
        want = order.pop(0)
        if want.startswith("as:"):
            return {"card": "joker", "joker_as": want[3:]}
        return next(t["query"] for t in offered if t["field"] == want and t["kind"] != "selected")

    return choose


def test_taps_per_play():
    """An ordinary play is at most 3 taps; the counts of docs/tables.md ("What a tap does")."""
    table, client = table_with(OPENING[:5])  # after the exchange: everyone in the kennel
    assert taps_to_confirm(client, table, "1", by_field("K@0")) == (3, "1 K")
    table, client = table_with(ANN_TURN)  # Ann: figures on T0 and T8, two in the kennel
    assert taps_to_confirm(client, table, "5", by_field("T8")) == (3, "5 T8-T13")
    assert taps_to_confirm(client, table, "4", by_field("T8", "T4")) == (4, "4 T8-T4")
    assert taps_to_confirm(client, table, "swap", by_field("T8", "T36")) == (4, "swap T8 T36")
    assert taps_to_confirm(client, table, "joker", by_field("as:5", "T8")) == (4, "joker=5 T8-T13")
    assert taps_to_confirm(client, table, "7", by_field("T8", "T12", "T0", "T3")) == (
        6,
        "7 T8-T12 T0-T3",
    )


def test_the_exchange_asks_in_words_before_a_card_is_given():
    """Each card of the exchange asks its own question (answered in the page by table.js), the
    partner named; the button itself posts, so the card given is the one asked about."""
    table, _client = table_with(["deal"])
    token = seat_helpers.claim(table.id, 0)
    ann = Client()
    ann.cookies[cookie_name(table.id, "seat")] = cookie_value(table.id, token)
    html = ann.get(f"/t/{table.id}/").content.decode()
    buttons = re.findall(r'<button class="card" name="action" value="give ([^"]+)"([^>]*)>', html)
    assert len(buttons) == 14
    attrs = dict(buttons)
    assert 'hx-confirm="Give 7 face down to Cid?"' in attrs["7"]
    assert 'hx-confirm="Give swap card face down to Cid?"' in attrs["swap"]
    assert all("hx-post=" in a for a in attrs.values())
    assert "confirm(" not in html  # no browser dialog anywhere in the page
