"""Numbers inside SVG and style attributes are never localized, in any language.

German, French and Italian write a decimal comma ("229,3") and may group digits with a
(narrow) no-break space; inside an SVG coordinate or a CSS value either makes the browser drop
the shape, so the board draws nothing. This renders every page and fragment of every game (the
table page as host, seated phone, the seat to move and spectator, in several phases; the
presenter, replay, summary, lobby and load pages, the entry steps reached by following the
entry's own links, the "All legal plays" groups, the card counter, a ruling with its live
fragments, the hint fragment) in every language and parses each with html.parser.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from companion import games
from companion.engines import TABLE, get_game
from companion.tables.models import Table
from companion.tables.pages.rendering import hint_context
from companion.tables.play import services
from companion.tables.play.state_cache import load_state
from companion.tables.records.record import FORMAT, load_record
from companion.tables.tokens import cookie_name, cookie_value
from tests.tables import seat_helpers

from .simulated import CONFIGS, names_of, table_log

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _ in settings.LANGUAGES]
NAMES = {game: names_of(game) for game in games.names()}
#: how far into a simulated game (entries of its log) each phase is cut; None: the whole game
#: (a game without its own cuts: the start, the first entries, the end)
OWN_PHASES = {
    "dog": [0, 1, 6, 10, 60, None],
    "hit": [0, 1, 3, 20, None],
    "lifeislife": [0, 1, 6, 12, None],
}
PHASES = {game: OWN_PHASES.get(game, [0, 1, 6, None]) for game in games.names()}
#: attributes of SVG elements that hold words or names, not numbers
SVG_WORD_ATTRIBUTES = {"class", "id", "role", "lang", "fill", "stroke", "href", "text-anchor"}
#: numeric attributes of HTML elements (<meter value>, <progress max>, <input min>…)
HTML_NUMBER_ATTRIBUTES = {
    "meter": {"value", "min", "max", "low", "high", "optimum"},
    "progress": {"value", "max"},
    "input": {"min", "max", "step"},
}
#: a decimal comma between digits, a digit that is not ASCII, a digit group split by a
#: non-ASCII space or an apostrophe (Swiss grouping)
LOCALIZED = re.compile(r"\d,\d|\d[\u00a0\u202f\u2009']\d")


#: SVG ``points``: pairs "x,y" separated by spaces, each number with a decimal point if any
POINTS = re.compile(
    r"\s*(?:-?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?\s+)*(?:-?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?)?\s*"
)


@pytest.fixture(autouse=True)
def _language_restored():
    """The pages are read in four languages through the test client, whose LocaleMiddleware
    activates each in this thread: the language before the test comes back after it."""
    with translation.override(translation.get_language()):
        yield


def localized(value: str, name: str = "") -> bool:
    if name == "points":  # commas separate x from y here; a decimal comma breaks the pairs
        return not POINTS.fullmatch(value) or any(c.isdigit() and not c.isascii() for c in value)
    return bool(LOCALIZED.search(value)) or any(c.isdigit() and not c.isascii() for c in value)


class NumberChecker(HTMLParser):
    """Collects every localized number in an SVG attribute, a style attribute or a numeric
    HTML attribute, with the tag and attribute it was found in."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.svg_depth = 0
        self.checked = 0  # attributes holding a number that were looked at
        self.problems: list[str] = []

    def _check(self, tag: str, name: str, value: str) -> None:
        if any(c.isdigit() for c in value):
            self.checked += 1
        if localized(value, name):
            self.problems.append(f"<{tag} {name}={value!r}>")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "svg":
            self.svg_depth += 1
        for name, value in attrs:
            value = value or ""
            if (
                name == "style"
                or (
                    self.svg_depth
                    and name not in SVG_WORD_ATTRIBUTES
                    and not (name.startswith(("aria-", "data-")))
                )
                or name in HTML_NUMBER_ATTRIBUTES.get(tag, ())
            ):
                self._check(tag, name, value)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag == "svg":
            self.svg_depth -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg":
            self.svg_depth = max(0, self.svg_depth - 1)


def problems_in(html: str) -> tuple[list[str], int]:
    checker = NumberChecker()
    checker.feed(html)
    checker.close()
    return checker.problems, checker.checked


def test_the_checker_finds_localized_numbers_and_passes_plain_ones():
    bad = '<svg viewBox="0 0 400 400"><circle cx="229,3" cy="12"/></svg>'
    assert problems_in(bad)[0] == ["<circle cx='229,3'>"]
    assert problems_in('<span style="width: 12,5%">x</span>')[0]
    assert problems_in('<meter value="1\u202f000"></meter>')[0]
    assert problems_in('<svg><text x="\u0661\u0662">x</text></svg>')[0]
    assert problems_in('<svg><polygon points="1,5,2,5 3,0,4,0"/></svg>')[0]
    assert not problems_in('<svg><polygon points="1.5,2.5 3.0,-4.0"/></svg>')[0]
    good = '<svg viewBox="0 0 400 400"><circle cx="229.3" r="5" class="a1,2"/></svg>'
    assert problems_in(good) == ([], 3)  # viewBox, cx, r
    # words may hold commas: a title, an aria label, a data attribute
    assert not problems_in('<svg aria-label="3,5"><g data-x="1,2"><title>1,5</title></g></svg>')[0]


# --- the tables ------------------------------------------------------------------------------


def table_at(game_name: str, cut: int | None) -> tuple[Table, str]:
    """A table loaded from a record of a simulated game cut after ``cut`` entries."""
    log = table_log(game_name, CONFIGS[game_name], seed=1)
    events = log if cut is None else log[:cut]
    table, _ = services.create_table(game_name, CONFIGS[game_name], NAMES[game_name])
    seats = [{"name": s.name, "colour": s.colour} for s in table.seats.all()]
    table.delete()
    record = {
        "format": FORMAT,
        "version": 1,
        "game": game_name,
        "config": CONFIGS[game_name],
        "seats": seats,
        "events": [{"action": text} for text in events],
    }
    return load_record(record)


def phone(table: Table, role: str, token: str | None, language: str) -> Client:
    client = Client()
    if token:
        client.cookies[cookie_name(table.id, role)] = cookie_value(table.id, token)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


FOLLOW = re.compile(r'hx-get="(/t/[^"]+/(?:entry|plays|summary)[^"]*)"')


def crawl(client: Client, start: list[str], limit: int = 80) -> dict[str, str]:
    """The pages at ``start`` and the entry steps, play groups and summary they link to
    (hx-get), breadth first: URL → HTML."""
    seen: dict[str, str] = {}
    queue = list(start)
    while queue and len(seen) < limit:
        url = queue.pop(0).replace("&amp;", "&")
        if url in seen:
            continue
        response = client.get(url)
        assert response.status_code in (200, 400, 403, 404), (url, response.status_code)
        html = response.content.decode()
        seen[url] = html
        queue += [u for u in FOLLOW.findall(html) if u.replace("&amp;", "&") not in seen]
    return seen


def hint_fragment(table: Table, language: str) -> str:
    """The hint section as the phone shows a finished hint (choices from the legal plays)."""
    game = get_game(table.game)
    state = load_state(table)
    choices = []
    if not game.is_terminal(state) and game.to_move(state) != TABLE:
        for action in list(game.legal_actions(state))[:3]:
            text = game.format_action(state, action)
            choices.append({"action": text, "win": 0.523, "share": 0.317, "reason": ""})
    hint = {
        "status": "done",
        "seq": table.seq,
        "budget_ms": 500,
        "elapsed_ms": 412,
        "iterations": 12345,
        "choices": choices,
    }
    with translation.override(language):
        done = render_to_string(
            "tables/table.html#hint", {"table": table, "hint": hint_context(hint, table)}
        )
        thinking = render_to_string(
            "tables/table.html#hint",
            {"table": table, "hint": hint_context({**hint, "status": "progress"}, table)},
        )
    return done + thinking


def every_page(table: Table, host: str, tokens: list[str], language: str) -> dict[str, str]:
    """Every page and fragment of ``table`` in ``language``, by who sees it and where."""
    game = get_game(table.game)
    state = load_state(table)
    mover = None if game.is_terminal(state) else game.to_move(state)
    base = f"/t/{table.id}/"
    pages: dict[str, str] = {}
    viewers = {
        "host": phone(table, "host", host, language),
        "spectator": phone(table, "seat", None, language),
    }
    viewers["seat 0"] = phone(table, "seat", tokens[0], language)
    if mover is not None and mover != TABLE and mover != 0:
        viewers["seat to move"] = phone(table, "seat", tokens[mover], language)
    for who, client in viewers.items():
        start = [base, f"{base}entry"]
        for url, html in crawl(client, start).items():
            pages[f"{who} {url}"] = html
        # a ruling (the referee's check) and the live fragments that come with it
        ruling = client.post(f"{base}check", {"action": "fly me", "expected_seq": table.seq})
        pages[f"{who} check"] = ruling.content.decode()
    spectator = viewers["spectator"]
    for url in (
        f"{base}present",
        f"{base}replay",
        f"{base}replay?step=1",
        f"{base}summary",
        f"{base}summary?part=1",
        f"{base}seats",
    ):
        response = spectator.get(url)
        assert response.status_code == 200, (url, response.status_code)
        pages[url] = response.content.decode()
    pages["hint"] = hint_fragment(table, language)
    return pages


def assert_unlocalized(pages: dict[str, str], language: str) -> int:
    checked = 0
    for where, html in pages.items():
        problems, count = problems_in(html)
        checked += count
        assert not problems, f"{language} {where}: localized numbers {problems[:5]}"
    return checked


CASES = [(game, cut) for game, cuts in PHASES.items() for cut in cuts]


@pytest.mark.parametrize(("game_name", "cut"), CASES, ids=[f"{g}-{c}" for g, c in CASES])
def test_no_localized_number_in_any_page_of_any_game(game_name, cut):
    table, host = table_at(game_name, cut)
    tokens = [seat_helpers.claim(table.id, i) for i in range(table.seats.count())]
    svg_drawn = False
    for language in LANGUAGES:
        pages = every_page(Table.objects.get(id=table.id), host, tokens, language)
        assert any(f'lang="{language}"' in html for html in pages.values()), language
        checked = assert_unlocalized(pages, language)
        assert checked > 0
        svg_drawn = svg_drawn or any("<svg" in html for html in pages.values())
    if game_name in ("dog", "hit"):
        assert svg_drawn  # the board was among the pages looked at


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_localized_number_in_the_lobbies_home_and_rules(client, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    pages = {}
    lobbies = [f"/t/new/{game}" for game in games.names()[1:]]  # /t/new: the first game's
    for url in ("/", "/t/new", *lobbies, "/t/load", "/rules/"):
        response = client.get(url)
        assert response.status_code == 200, url
        pages[url] = response.content.decode()
    for url in sorted(set(re.findall(r'href="(/rules/[^"#?]+)"', pages["/rules/"])))[:12]:
        pages[url] = client.get(url).content.decode()
    assert_unlocalized(pages, language)


def test_a_localized_board_would_be_caught():
    """The board with floats rendered with localization on (as before the fix) is caught: the
    check looks at the real board markup, not only at a hand-written sample."""
    table, _ = table_at("dog", 10)
    from companion.tables.pages.rendering import table_context

    with translation.override("de"):
        context: dict[str, Any] = table_context(Table.objects.get(id=table.id), None)
        html = render_to_string("tables/dog.html#board", context)
        assert not problems_in(html)[0]
        spot = context["board"]["spots"][1]
        assert isinstance(spot["x"], float) and spot["x"] != int(spot["x"])
        from django.utils.formats import localize

        broken = html.replace(f'cx="{spot["x"]}"', f'cx="{localize(spot["x"])}"')
        assert broken != html and problems_in(broken)[0]
