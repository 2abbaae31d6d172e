"""Every page and fragment the site serves is valid HTML (the W3C Nu checker, ``vnu-jar``).

Through the real path: Django's test client on the test database, tables of each game loaded
from a game record the engine made up (a few plays in, and a finished game), seated phones
with their cookies. The fragments are the ones the pages ask for: every ``hx-get`` a page or a
fragment names (the entry's steps, the legal plays' groups, the summary's part…), crawled, the
live parts a socket pushes, and the answers to the forms (referee, play, hand, hint, coach).
Each fragment is checked inside the smallest valid document. All of it goes to one Java
process (it is slow to start); only errors about htmx's own attributes are let through.
"""

from __future__ import annotations

import html
import re
from collections import deque

import pytest
from django.test import Client

from companion import games
from companion.tables.live.pushes import presenter_parts
from companion.tables.models import Table
from companion.tables.pages.rendering import live_parts
from companion.tables.play import services
from companion.tables.records.record import FORMAT, load_record
from tests.tables.seat_helpers import sit
from tests.tables.simulated import CONFIGS, mover_after, names_of, table_log
from tests.tools.checkers import Problem, nu_errors, require_vnu, wrapped

pytestmark = [pytest.mark.django_db, pytest.mark.timeout(900)]

#: entries of the made-up game before the pages are read: hands in, a few plays made
FEW = {"dog": 16, "hit": 14, "lifeislife": 9}
HX_GET = re.compile(r'hx-get="(/t/[^"]+)"')
H1 = re.compile(r"<h1[ >]")
DESCRIPTION = re.compile(r'<meta name="description" content="[^"]{40,}">')
#: fragments crawled per table (the entry's steps multiply): enough to reach every kind
CRAWL_LIMIT = 40


def _loaded(game_name: str, log: list[str]) -> tuple[Table, str]:
    probe, _ = services.create_table(game_name, CONFIGS[game_name], names_of(game_name))
    seats = [{"name": s.name, "colour": s.colour} for s in probe.seats.all()]
    probe.delete()
    record = {"format": FORMAT, "version": 1, "game": game_name, "config": CONFIGS[game_name],
              "seats": seats, "events": [{"action": text} for text in log]}
    return load_record(record)


class Collected:
    """Documents by name: pages as served, fragments wrapped."""

    def __init__(self) -> None:
        self.documents: dict[str, str] = {}
        self.pages: set[str] = set()

    def page(self, name: str, response) -> str:
        assert response.status_code == 200, (name, response.status_code)
        text = response.content.decode()
        self.documents[name] = text
        self.pages.add(name)
        return text

    def fragment(self, name: str, text: str) -> str:
        self.documents[name] = wrapped(text, html.escape(name))
        return text


def _get(client: Client, url: str, fragment: bool = False):
    headers = {"HTTP_HX_REQUEST": "true"} if fragment else {}
    return client.get(url, **headers)


def _crawl(client: Client, who: str, start: str, into: Collected) -> None:
    """Every ``hx-get`` fragment reachable from ``start`` (a page's text), breadth first."""
    queue = deque(html.unescape(u) for u in HX_GET.findall(start))
    seen: set[str] = set()
    while queue and len(seen) < CRAWL_LIMIT:
        url = queue.popleft()
        if url in seen:
            continue
        seen.add(url)
        response = _get(client, url, fragment=True)
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        text = into.fragment(f"{who} {url}", response.content.decode())
        queue.extend(html.unescape(u) for u in HX_GET.findall(text))


def _site_pages(into: Collected) -> None:
    client = Client()
    into.page("home", client.get("/"))
    into.page("new table", client.get("/t/new"))
    into.page("load a record", client.get("/t/load"))
    into.page("rules", client.get("/rules/"))
    for game_name in games.names():
        into.page(f"new {game_name} table", client.get(f"/t/new/{game_name}"))
        into.page(f"{game_name} rules", client.get(f"/rules/{game_name}/"))
    into.page("HIT's set-ups", client.get("/t/hit-setups/"))
    into.page("HIT's set-up check", client.get("/t/hit-setups/check"))
    for lang in ("de", "fr", "it"):
        into.page(f"home ({lang})", Client(HTTP_ACCEPT_LANGUAGE=lang).get("/"))


def _table_under_way(game_name: str, into: Collected) -> None:
    log = table_log(game_name, CONFIGS[game_name], seed=7)
    few, rest = log[: FEW[game_name]], log[FEW[game_name]:]
    table, host_token = _loaded(game_name, few)
    tid, label = table.id, f"{game_name} under way"
    seat = mover_after(game_name, few)

    spectator = Client()
    into.page(f"{label}: seats", spectator.get(f"/t/{tid}/seats"))
    into.page(f"{label}: spectator", spectator.get(f"/t/{tid}/"))
    into.page(f"{label}: presenter", spectator.get(f"/t/{tid}/present"))
    into.page(f"{label}: replay", spectator.get(f"/t/{tid}/replay"))
    into.fragment(f"{label}: replay step", _get(spectator, f"/t/{tid}/replay?step=2",
                                                fragment=True).content.decode())
    into.page(f"{label}: summary", spectator.get(f"/t/{tid}/summary"))
    for name, part in presenter_parts(table).items():
        into.fragment(f"{label}: presenter's live {name}", part)

    host = Client()
    host.cookies[f"host-{tid}"] = host_token
    into.page(f"{label}: host", host.get(f"/t/{tid}/"))

    phone = Client()
    assert sit(phone, tid, seat).status_code == 302
    page = into.page(f"{label}: seat {seat}", phone.get(f"/t/{tid}/"))
    _crawl(phone, f"{label}: seat {seat}", page, into)
    actor = services.Actor(seat, False)
    for name, part in live_parts(Table.objects.get(id=tid), actor).items():
        into.fragment(f"{label}: seat's live {name}", part)
    hands = [i for i, text in enumerate(few) if text.startswith(f"hand {seat} ")]
    if hands:
        answer = phone.get(f"/t/{tid}/correct/hand?seq={hands[0] + 1}")
        into.fragment(f"{label}: correct the hand", answer.content.decode())
    into.fragment(f"{label}: coach on", phone.post(f"/t/{tid}/coach", {"on": "1"}).content
                  .decode())
    into.page(f"{label}: coach's reviews", phone.get(f"/t/{tid}/coach/reviews"))
    into.fragment(f"{label}: hint refused", spectator.post(f"/t/{tid}/hint").content.decode())
    seq = Table.objects.get(id=tid).seq
    answers = {
        "referee, allowed": phone.post(f"/t/{tid}/check", {"action": rest[0]}),
        "referee, refused": phone.post(f"/t/{tid}/check", {"action": rest[1]}),
        "referee, garbage": phone.post(f"/t/{tid}/check", {"action": "fly me"}),
        "hand refused": phone.post(f"/t/{tid}/hand", {"count-x": "99", "expected_seq": seq}),
        "play refused": phone.post(f"/t/{tid}/play", {"action": "fly", "expected_seq": seq}),
        "play recorded": host.post(f"/t/{tid}/play", {"action": rest[0], "expected_seq": seq}),
    }
    for name, answer in answers.items():
        into.fragment(f"{label}: {name}", answer.content.decode())


def _finished_table(game_name: str, into: Collected) -> None:
    table, _host = _loaded(game_name, table_log(game_name, CONFIGS[game_name], seed=3))
    tid, label, client = table.id, f"{game_name} over", Client()
    into.page(f"{label}: table", client.get(f"/t/{tid}/"))
    into.page(f"{label}: summary", client.get(f"/t/{tid}/summary"))
    into.fragment(f"{label}: summary part", client.get(f"/t/{tid}/summary?part=1").content
                  .decode())
    into.page(f"{label}: replay", client.get(f"/t/{tid}/replay?step=5"))
    into.page(f"{label}: presenter", client.get(f"/t/{tid}/present"))


def test_every_page_and_fragment_is_valid_html():
    require_vnu()
    collected = Collected()
    _site_pages(collected)
    for game_name in games.names():
        _table_under_way(game_name, collected)
        _finished_table(game_name, collected)
    pages = {name: collected.documents[name] for name in sorted(collected.pages)}
    untitled = [name for name, text in pages.items() if not H1.search(text)]
    assert not untitled, f"pages without a first-level heading: {untitled}"
    undescribed = [name for name, text in pages.items() if not DESCRIPTION.search(text)]
    assert not undescribed, f"pages without a description: {undescribed}"
    problems = nu_errors(collected.documents)
    print(f"\n{len(collected.documents)} documents checked")
    assert not problems, f"{len(problems)} errors:\n" + _readable(problems)


def _readable(problems: list[Problem]) -> str:
    """The errors grouped by message: how many, and where the first few are."""
    by_message: dict[str, list[Problem]] = {}
    for problem in problems:
        by_message.setdefault(problem.message, []).append(problem)
    return "\n".join(
        f"{len(found)} × {message}\n" + "\n".join(f"    {p}" for p in found[:3])
        for message, found in by_message.items()
    )
