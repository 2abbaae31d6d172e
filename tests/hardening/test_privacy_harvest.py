"""Privacy harvest: everything seat B ever receives holds nothing of seat A's hidden hand.

One scripted game per game (DOG with the deal, the entered hands and the exchange; Life is Life
with the rows and the entered hands; HIT with a draw whose cards the drawer enters privately as
its hand), played through the JSON API by four (three) phones. Seat A = 0, seat B = 1.

Collected from B: every HTTP body it asks for (the table page, the entry steps, the legal-plays
groups, the presenter, the record, the summary, the replay, the JSON API's detail, record,
summary and hint answers, its own play answers), every websocket message on its HTML and its
JSON connection (live states and hint progress), and every log line emitted during the game
(DEBUG and up, all loggers).

Searched for (specific, since a card name alone is public):
- the payload of each event private to A (``hand 0 7,4,swap,...``, a named draw) and its cards;
- A's hand as A's own view lists it (the JSON list) whenever B's view does not know it all;
- the card counts of A's hand form and the card buttons of A's own entry (HTML);
- the ids of A's hints (a hint message of A's on B's socket would carry one);
- A's coach reviews (A plays in coach mode): a review message or A's coach box on B's side.

The same harvest from A's own phone must contain each kind of needle: the search can fail.
"""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from companion.asgi import application
from companion.engines import TABLE, get_game
from companion.tables import presenters
from companion.tables.models import CoachReview, Event
from companion.tables.tokens import cookie_name, cookie_value
from tests.hardening.games import CONFIGS, table_log

pytestmark = pytest.mark.django_db(transaction=True)

A, B = 0, 1
LOGGERS = ("", "companion", "celery", "django", "channels", "daphne", "asyncio")
SCRIPTS = {"dog": (11, 26), "lifeislife": (4, 12), "hit": (2, 24)}  # (seed, entries at most)


def script(game_name: str) -> list[str]:
    """The game's log up to the point where A's hand becomes public (a round's end shows the
    hands); HIT's first draw is reported by the table without its cards and the drawer (seat
    A) enters them as its hand, privately."""
    seed, limit = SCRIPTS[game_name]
    log = table_log(game_name, CONFIGS[game_name], seed, limit)
    if game_name == "hit":
        assert log[0].startswith("draw ") and "," in log[0], log[0]
        log = ["draw", f"hand {A} {log[0].removeprefix('draw ')}", *log[1:]]
    game = get_game(game_name)
    state = game.new_game(CONFIGS[game_name])
    for number, text in enumerate(log):
        state = game.apply(state, game.parse_action(state, text))
        hand_seen_by_b = game.to_json(game.view(state, B))["hands"][A]
        if hand_seen_by_b and "?" not in hand_seen_by_b:
            return log[:number]
    return log


@dataclass
class Phone:
    """One seat's phone: an HTTP client with the seat's cookie, its API token, and two live
    connections (the page's HTML one and a JSON one). ``seen`` is everything it received."""

    table_id: str
    seat: int
    token: str
    client: Client = field(default_factory=Client)
    sockets: list[WebsocketCommunicator] = field(default_factory=list)
    seen: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.cookie = cookie_value(self.table_id, self.token)
        self.client.cookies[cookie_name(self.table_id)] = self.cookie

    async def connect(self) -> None:
        for query in ("?format=json", ""):
            socket = WebsocketCommunicator(
                application,
                f"/ws/tables/{self.table_id}/{query}",
                headers=[
                    (b"origin", b"http://testserver"),
                    (b"cookie", f"{cookie_name(self.table_id)}={self.cookie}".encode()),
                ],
            )
            connected, _ = await socket.connect()
            assert connected
            self.sockets.append(socket)

    async def drain(self, wait: float = 0.2) -> list[str]:
        """Every message waiting on both sockets (waiting up to ``wait`` s for a late one)."""
        got = []
        for socket in self.sockets:
            while not await socket.receive_nothing(timeout=wait):
                got.append(await socket.receive_from())
        self.seen += [("ws", text) for text in got]
        return got

    async def get(self, path: str) -> str:
        response = await sync_to_async(self.client.get)(path)
        body = response.content.decode()
        self.seen.append((f"GET {path}", body))
        return body

    async def api(self, method: str, path: str, body: Any = None) -> dict:
        call = getattr(self.client, method)
        response = await sync_to_async(call)(
            f"/api/tables/{self.table_id}{path}",
            json.dumps(body) if body is not None else None,
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {self.token}",
        )
        self.seen.append((f"{method.upper()} /api{path}", response.content.decode()))
        return response.json()

    async def hint(self) -> str | None:
        """Ask for a hint and wait for its answer on the JSON socket; its id."""
        started = await self.api("post", "/hints", {"budget_ms": 300})
        hint_id = started.get("hint_id")
        if hint_id is None or "hint" in started:
            return hint_id
        for _ in range(100):
            for text in await self.drain(wait=0.2):
                message = json.loads(text) if text.startswith("{") else {}
                if message.get("hint_id") == hint_id and message.get("status") in (
                    "done",
                    "failed",
                    "cancelled",
                ):
                    return hint_id
        raise AssertionError(f"hint {hint_id} never finished")

    async def close(self) -> None:
        await self.drain(wait=1.0)
        for socket in self.sockets:
            await socket.disconnect()


async def harvest_pages(phone: Phone, game_name: str) -> None:
    """Every page and fragment a phone can ask for, including every entry step."""
    tid = phone.table_id
    page = await phone.get(f"/t/{tid}/")
    for path in ("/entry", "/present", "/record.json", "/summary", "/replay", "/seats",
                 "/coach/reviews"):
        await phone.get(f"/t/{tid}{path}")
    tokens = list(presenters.get(game_name).hand_tokens())
    tokens += re.findall(r"entry\?card=([^\"&]+)", page)
    for token in dict.fromkeys(tokens):
        await phone.get(f"/t/{tid}/entry?card={token}")
    for row in range(1, 5):
        await phone.get(f"/t/{tid}/entry?row={row}")
    for group in dict.fromkeys(re.findall(r"plays\?group=([^\"&]+)", page)):
        await phone.get(f"/t/{tid}/plays?group={group}")
    for path in ("", "/record", "/summary"):
        await phone.api("get", path)
    await phone.get(f"/t/{tid}/plays?group=no-such-group")  # a refusal: a log line at least
    await phone.drain()


async def late_claims(tid: str, bob: Phone, game_name: str) -> None:
    """Whoever knows the table's address tries A's seat mid-game (issue #37): B's own phone,
    a second browser, the seat page and a request the host never answers. Everything they get
    counts as B's harvest: nothing of A's may be in it."""
    def post(client: Client, path: str, body: dict) -> str:
        response = client.post(path, json.dumps(body), content_type="application/json")
        return response.content.decode()

    for client in (bob.client, Client()):
        for body in ({"seat": A}, {"seat": A, "name": "Eve"}):
            said = await sync_to_async(post)(client, f"/api/tables/{tid}/join", body)
            assert "seat_needs_host" in said or "seat_taken" in said, said
            bob.seen.append(("late join", said))
    stranger = Client()
    page = await sync_to_async(stranger.post)(f"/t/{tid}/seats", {"seat": str(A), "name": "Eve"})
    assert page.status_code in (403, 409), page.status_code
    bob.seen.append(("late seat page", page.content.decode()))
    asked = json.loads(await sync_to_async(post)(
        stranger, f"/api/tables/{tid}/seat-requests", {"seat": A, "name": "Eve"}))
    assert asked["answer"] == "pending", asked
    waiting = Phone(tid, A, asked["token"])  # the token the host never approved
    await harvest_pages(waiting, game_name)
    bob.seen += waiting.seen


# --- what to look for -----------------------------------------------------------------------


def hand_needles(hand: list[str]) -> list[str]:
    return [json.dumps(hand), json.dumps(hand, separators=(",", ":")), ",".join(hand)]


@dataclass
class Needles:
    """What would give A's hidden cards away, by kind."""

    text: dict[str, set[str]] = field(
        default_factory=lambda: {"event": set(), "hand": set(), "hint": set(), "review": set()}
    )
    counts: set[tuple] = field(default_factory=set)  # A's hand form: (token, count) pairs
    buttons: set[tuple] = field(default_factory=set)  # A's own entry: its card buttons

    def add_private_event(self, text: str) -> None:
        self.text["event"].add(text)
        cards = text.split(" ", 2)[-1] if text.startswith("hand ") else text.split(" ", 1)[-1]
        if "," in cards:
            self.text["event"].add(cards)


COUNT_RE = re.compile(r'name="count-([^"]+)" value="(\d+)"')
BUTTON_RE = re.compile(r'<div class="cards">(.*?)</div>', re.S)


def count_vectors(html: str) -> set[tuple]:
    """The non-zero counts of each hand form in ``html``."""
    vectors = set()
    for form in re.findall(r'class="hand-form".*?</form>', html, re.S):
        vector = tuple((t, n) for t, n in COUNT_RE.findall(form) if n != "0")
        if vector:
            vectors.add(vector)
    return vectors


def button_rows(html: str) -> set[tuple]:
    """The cards a seat's own view lists as its hand: the card buttons of a "Your cards" row
    (DOG's entry) and the chips of a "Your hand:" line (HIT)."""
    rows = set()
    for heading, block in re.findall(r"<h3>([^<]*)</h3>\s*" + BUTTON_RE.pattern, html, re.S):
        if "Your cards" in heading:
            rows.add(tuple(re.findall(r"entry\?card=([^\"&]+)", block)))
    for line in re.findall(r'<div class="line own-hand">(.*?)</div>', html, re.S):
        rows.add(tuple(re.findall(r'<span class="chip">([^<]*)</span>', line)))
    return rows


def found(needles: Needles, seen: list[tuple[str, str]]) -> dict[str, list[str]]:
    """Which kinds of needle occur in ``seen``, and where."""
    hits: dict[str, list[str]] = {}
    for where, text in seen:
        for kind, strings in needles.text.items():
            for needle in strings:
                if needle in text:
                    hits.setdefault(kind, []).append(f"{where}: {needle}")
        if needles.counts & count_vectors(text):
            hits.setdefault("counts", []).append(where)
        if needles.buttons & button_rows(text):
            hits.setdefault("buttons", []).append(where)
    return hits


# --- the game -------------------------------------------------------------------------------


@pytest.mark.parametrize("game_name", ["dog", "lifeislife", "hit"])
async def test_seat_b_never_receives_seat_a_hand(game_name, embedded_worker, caplog):
    for name in LOGGERS:  # every line, also from loggers the settings keep quieter
        caplog.set_level(logging.DEBUG, logger=name)
    host_client = Client()
    created = await sync_to_async(host_client.post)(
        "/api/tables",
        json.dumps({"game": game_name, "options": CONFIGS[game_name]}),
        content_type="application/json",
    )
    assert created.status_code == 201, created.content
    tid, host = created.json()["id"], created.json()["host_token"]
    game = get_game(game_name)
    state = game.new_game(CONFIGS[game_name])
    tokens = []
    for seat in range(game.num_seats(state)):
        joined = await sync_to_async(host_client.post)(
            f"/api/tables/{tid}/join", json.dumps({"seat": seat}), content_type="application/json"
        )
        tokens.append(joined.json()["token"])
    alice, bob = Phone(tid, A, tokens[A]), Phone(tid, B, tokens[B])
    others = {s: Phone(tid, s, t) for s, t in enumerate(tokens) if s not in (A, B)}
    scribe = Phone(tid, -1, host)
    for phone in (alice, bob):
        await phone.connect()
    coached = await sync_to_async(alice.client.post)(f"/t/{tid}/coach", {"on": "1"})
    assert coached.status_code == 200, coached.content
    needles = Needles()
    hinted: set[int] = set()

    async def enter(text: str) -> None:
        nonlocal state
        action = game.parse_action(state, text)
        mover = game.to_move(state)
        seat = int(text.split()[1]) if text.startswith("hand ") else mover
        phone = {A: alice, B: bob}.get(seat) or others.get(seat) or scribe
        if seat == TABLE:
            phone = scribe
        answer = await phone.api("post", "/plays", {"action": text, "expected_seq": await seq()})
        assert "error" not in answer, (text, answer)
        state = game.apply(state, action)

    async def seq() -> int:
        return (await scribe.api("get", ""))["seq"]

    own_of_b = Needles()  # B's own hand as B's view lists it: B may see that, of course

    async def note_a_view() -> None:
        """A's hand as A's own phone lists it, while B's view does not know all of it (and
        B's own, since in HIT two seats may well hold the same kinds of cards)."""
        mine = (await alice.api("get", ""))["position"]
        theirs = game.to_json(game.view(state, B))
        hand, seen_by_b = mine["hands"][A], theirs["hands"][A]
        # HIT's decks are public knowledge: when A's hand is all A has not shown yet
        # ("unseen"), B can work it out, and the view may list it.
        deducible = "unseen" in theirs and Counter(theirs["unseen"][A]) == Counter(hand)
        if hand and "?" not in hand and len(hand) >= 3 and "?" in seen_by_b and not deducible:
            needles.text["hand"].update(hand_needles(hand))
        page = await alice.get(f"/t/{tid}/")
        needles.counts |= count_vectors(page)
        needles.buttons |= {row for row in button_rows(page) if len(row) >= 3}
        own = theirs["hands"][B]
        if own and "?" not in own:
            own_of_b.text["hand"].update(hand_needles(own))
        page = await sync_to_async(bob_page)()
        own_of_b.counts |= count_vectors(page)
        own_of_b.buttons |= button_rows(page)

    def bob_page() -> str:  # B's own page, fetched aside (not part of what B harvested)
        viewer = Client()
        viewer.cookies[cookie_name(tid)] = bob.cookie
        return viewer.get(f"/t/{tid}/").content.decode()

    entries = script(game_name)
    for number, text in enumerate(entries):
        await enter(text)
        await note_a_view()
        for phone in (alice, bob):
            await phone.drain(wait=0.05)
        mover = game.to_move(state)
        if needles.text["hand"] and mover in (A, B) and mover not in hinted:
            hinted.add(mover)  # each asks once on its turn, A's hand known by then
            hint_id = await (alice if mover == A else bob).hint()
            if mover == A and hint_id:
                needles.text["hint"].add(hint_id)
        if text.startswith(f"hand {A} ") or number == len(entries) // 2:
            await harvest_pages(bob, game_name)
    await late_claims(tid, bob, game_name)
    for phone in (alice, bob):
        await harvest_pages(phone, game_name)
        await phone.close()

    for event in await sync_to_async(list)(Event.objects.filter(table_id=tid, private_to=A)):
        needles.add_private_event(event.payload["action"])
    assert needles.text["event"], "the script has no event private to A"
    if await sync_to_async(CoachReview.objects.filter(table_id=tid, seat=A).exists)():
        needles.text["review"] |= {'"type": "review"', 'class="coach-review"',
                                   'class="review-label"'}
    needles.text["hand"] -= own_of_b.text["hand"]
    needles.counts -= own_of_b.counts
    needles.buttons -= own_of_b.buttons
    assert needles.text["hand"], "A never saw its own hand"
    assert needles.counts or needles.buttons, "A's own page never listed its hand"

    # The search can fail: A's own phone received every kind of needle.
    mine = found(needles, alice.seen)
    expected = {"event", "hand"} | ({"hint"} if needles.text["hint"] else set())
    expected |= {"review"} if needles.text["review"] else set()
    expected |= ({"counts"} if needles.counts else set()) | (
        {"buttons"} if needles.buttons else set()
    )
    assert expected <= set(mine), (expected, set(mine))

    # B received none of them, nor did any log line carry one.
    leaks = found(needles, bob.seen)
    assert not leaks, leaks
    logged = [
        (f"log {r.name}", f"{r.getMessage()} {r.args!r} {r.exc_text or ''}") for r in caplog.records
    ]
    assert logged, "no log line was captured"
    # The logs are the operator's, not a seat's: A's own hint ids may appear there; its cards
    # may not.
    needles.text["hint"] = set()
    leaks = found(needles, logged)
    assert not leaks, leaks
    assert len(bob.seen) > 30, len(bob.seen)


@pytest.mark.parametrize(
    "name", ["django.template", "django.db.backends", "celery.pool", "celery.app.trace"]
)
def test_loggers_that_print_private_cards_never_run_at_debug(name, caplog):
    """They would print a seat's hand (a page's context, SQL parameters, a task's arguments or
    a hint's result): pinned above DEBUG even when everything else logs at DEBUG."""
    for parent in ("", "django", "celery"):
        caplog.set_level(logging.DEBUG, logger=parent)
    assert logging.getLogger(name).getEffectiveLevel() >= logging.INFO
