"""Differential privacy: two tables that differ only in one seat's private hand give every other
asker the same answers, word for word.

For each game, tables X and Y get the same log (a random legal game up to seat A's first private
hand entry) except for A's hand: Y's is another hand consistent with everything public. Then
every endpoint — the referee's check (of every play either hand allows, for A and for another
seat), plays and corrections entered by the host (one of them legal with X's hand and
contradicting Y's), B's own hand, hints, records, the counter, the summary, pages, fragments and
both websocket formats — is called as a spectator, as seat B and as the host, in English and
German. Each answer, with the table's own ids and tokens replaced, must be the same for X and Y.
Before the rulings were computed from the asker's view this failed at once: "Seat 0 holds no 2".
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from companion.asgi import application
from companion.engines import TABLE, get_game
from companion.tables import presenters
from companion.tables.play import seating, services
from companion.tables.tokens import cookie_name, cookie_value
from tests.hardening.games import CONFIGS, table_log

pytestmark = pytest.mark.django_db(transaction=True)

A, B = 0, 1
SEEDS = {"dog": 3, "lifeislife": 5, "hit": 2}


def prefix_and_hands(game_name: str) -> tuple[list[str], str, str, list[str]]:
    """The log before A's first hand entry, two different hands of A consistent with
    everything public (as ``hand A …`` entries), and the log after it up to A's first
    decision, legal with either hand."""
    game = get_game(game_name)
    log = table_log(game_name, CONFIGS[game_name], SEEDS[game_name], 200)
    if game_name == "hit":  # the first draw names A's cards: reported blind, entered by A
        assert log[0].startswith("draw ") and "," in log[0], log[0]
        log = ["draw", f"hand {A} {log[0].removeprefix('draw ')}", *log[1:]]
    index = next(i for i, text in enumerate(log) if text.startswith(f"hand {A} "))
    prefix, real = log[:index], log[index]
    state = game.new_game(CONFIGS[game_name])
    for text in prefix:
        state = game.apply(state, game.parse_action(state, text))
    real_state = game.apply(state, game.parse_action(state, real))
    suffix = []
    for text in log[index + 1 :]:
        if game.to_move(real_state) == A:
            break
        suffix.append(text)
        real_state = game.apply(real_state, game.parse_action(real_state, text))
    rng = random.Random(7)
    for _ in range(500):
        other = game.determinize(game.view(state, B), B, rng)
        text = f"hand {A} " + ",".join(game.to_json(other)["hands"][A])
        if _legal_log(game, state, [text, *suffix]) and text != real:
            return prefix, real, text, suffix
    raise AssertionError("no second hand for A")


def _legal_log(game, state, log: list[str]) -> bool:
    for text in log:
        action = game.parse_action(state, text)
        if game.check(state, action):
            return False
        state = game.apply(state, action)
    return True


@dataclass
class Asker:
    """A phone: an HTTP client with its cookie and API token (None: a spectator)."""

    name: str
    token: str | None
    cookie: tuple[str, str] | None = None
    client: Client = field(default_factory=Client)


@dataclass
class Table:
    id: str
    join_code: str
    host: str
    tokens: list[str]
    secrets: list[str] = field(default_factory=list)

    def normalize(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "<secret>")
        text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "<csrf>", text)
        text = re.sub(r'"X-CSRFToken": "[^"]+"', "<csrf>", text)
        text = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?", "<time>", text)
        text = re.sub(r"\b\d{1,2}:\d\d(:\d\d)?\b", "<clock>", text)  # "started 21:04"
        return re.sub(r'"hint_id": ?"[^"]+"', '"hint_id": "<id>"', text)


def make_table(game_name: str, log: list[str]) -> Table:
    table, host = services.create_table(game_name, dict(CONFIGS[game_name]), [])
    tokens = [seating.claim_seat(table.id, seat).token for seat in range(table.seats.count())]
    made = Table(table.id, table.join_code, host, tokens)
    made.secrets = [table.id, table.join_code, host, *tokens]
    made.secrets += [cookie_value(table.id, t) for t in [host, *tokens]]
    scribe = services.Actor(None, True)
    for seq, text in enumerate(log):
        seat = int(text.split()[1]) if text.startswith("hand ") else None
        actor = services.Actor(seat, False) if seat is not None else scribe
        services.record_action(table.id, actor, text, seq)
    return made


def askers(table: Table) -> list[Asker]:
    spectator = Asker("spectator", None)
    seat_b = Asker(
        "seat B", table.tokens[B], (cookie_name(table.id), cookie_value(table.id, table.tokens[B]))
    )
    host = Asker(
        "host", table.host, (cookie_name(table.id, "host"), cookie_value(table.id, table.host))
    )
    out = [spectator, seat_b, host]
    for asker in out:
        if asker.cookie:
            asker.client.cookies[asker.cookie[0]] = asker.cookie[1]
    return out


class Recorder:
    """Every answer one table gives, in order, normalized."""

    def __init__(self, table: Table, language: str) -> None:
        self.table = table
        self.language = language
        self.answers: list[tuple[str, int, str]] = []

    def keep(self, what: str, status: int, body: str) -> None:
        self.answers.append((what, status, self.table.normalize(body)))

    def api(self, asker: Asker, method: str, path: str, body: Any = None) -> dict:
        headers = {"HTTP_ACCEPT_LANGUAGE": self.language}
        if asker.token:
            headers["HTTP_AUTHORIZATION"] = f"Bearer {asker.token}"
        call = getattr(asker.client, method)
        response = call(
            f"/api/tables/{self.table.id}{path}",
            json.dumps(body) if body is not None else None,
            content_type="application/json",
            **headers,
        )
        self.keep(f"{asker.name} {method.upper()} {path} {body}", response.status_code,
                  response.content.decode())
        try:
            return response.json()
        except ValueError:
            return {}

    def page(self, asker: Asker, path: str, post: dict | None = None) -> str:
        headers = {"HTTP_ACCEPT_LANGUAGE": self.language}
        url = f"/t/{self.table.id}{path}"
        if post is None:
            response = asker.client.get(url, **headers)
        else:
            response = asker.client.post(url, post, **headers)
        body = response.content.decode()
        self.keep(f"{asker.name} {'POST' if post is not None else 'GET'} {path} {post}",
                  response.status_code, body)
        return body

    def socket(self, asker: Asker, query: str) -> None:
        async def first_message() -> str:
            headers = [(b"origin", b"http://testserver"),
                       (b"accept-language", self.language.encode())]
            cookies = "; ".join(f"{k}={v.value}" for k, v in asker.client.cookies.items())
            if cookies:
                headers.append((b"cookie", cookies.encode()))
            socket = WebsocketCommunicator(
                application, f"/ws/tables/{self.table.id}/{query}", headers=headers
            )
            connected, _ = await socket.connect()
            assert connected
            text = await socket.receive_from(timeout=5)
            await socket.disconnect()
            return text

        self.keep(f"{asker.name} ws {query}", 0, async_to_sync(first_message)())


def probe_actions(game_name: str, logs: tuple[list[str], list[str]]) -> list[str]:
    """Every play A could make with either hand, and what a hand test would ask."""
    game = get_game(game_name)
    texts: list[str] = []
    for log in logs:
        state = game.new_game(CONFIGS[game_name])
        for text in log:
            state = game.apply(state, game.parse_action(state, text))
        if game.to_move(state) == A:
            texts += [game.format_action(state, a) for a in game.legal_actions(state)]
    tokens = presenters.get(game_name).hand_tokens()
    texts += [f"hand {A} {token}" for token in tokens[:6]]
    texts += {"dog": ["fold", "give 2", "1 K"], "lifeislife": ["knock", "swap 1: cat"],
              "hit": ["s3", "end"]}[game_name]
    return list(dict.fromkeys(texts))[:40]


def conflicting_play(game_name: str, logs: tuple[list[str], list[str]]) -> str | None:
    """A play of A's that X's hand allows and Y's contradicts (the public allows it)."""
    game = get_game(game_name)
    states = []
    for log in logs:
        state = game.new_game(CONFIGS[game_name])
        for text in log:
            state = game.apply(state, game.parse_action(state, text))
        states.append(state)
    x, y = states
    if game.to_move(x) != A:
        return None
    for action in game.legal_actions(x):
        text = game.format_action(x, action)
        try:
            other = game.parse_action(y, text)
        except Exception:
            continue
        if game.check(y, other):
            return text
    return None


def harvest(game_name: str, table: Table, language: str, probes: list[str],
            conflict: str | None) -> list[tuple[str, int, str]]:
    rec = Recorder(table, language)
    spectator, seat_b, host = askers(table)
    everyone = (spectator, seat_b, host)
    tokens = list(presenters.get(game_name).hand_tokens())

    def reads() -> None:
        for asker in everyone:
            rec.api(asker, "get", "")
            for path in ("/record", "/summary", "/counter"):
                rec.api(asker, "get", path)
            for path in ("/", "/entry", "/present", "/record.json", "/summary", "/replay"):
                rec.page(asker, path)
            for token in tokens:
                rec.page(asker, f"/entry?card={token}")
            for row in range(1, 5):
                rec.page(asker, f"/entry?row={row}")
            for query in ("", "?format=json"):
                rec.socket(asker, query)

    reads()
    for asker in everyone:
        for text in probes:
            rec.api(asker, "post", "/check", {"action": text})
            rec.api(asker, "post", "/check", {"action": text, "seat": A})
            rec.page(asker, "/check", {"action": text, "seat": str(A)})
        rec.api(asker, "post", "/hints", {"budget_ms": 100})
    # The host enters plays for A: each answer the same, whether A's hand allows it or not.
    seq = services_seq(table)
    for text in [conflict, "fold", "knock", "end"]:
        if text:
            answer = rec.api(host, "post", "/plays", {"action": text, "expected_seq": seq})
            seq = answer.get("seq", seq)
    if conflict:
        rec.api(host, "post", "/corrections", {"seq": seq, "action": conflict, "expected_seq": seq})
    # B enters its own hand (a guess that may exceed the deck together with A's cards).
    rec.api(seat_b, "put", "/hand", {"cards": tokens[:4], "expected_seq": services_seq(table)})
    reads()
    # Corrections of every entry so far, by the host and by B: a correction across a reveal
    # (the deal, a draw) is refused in words, whatever A's hand (issue #37).
    seq = services_seq(table)
    for number in range(1, seq + 1):
        for asker in (host, seat_b):
            rec.api(asker, "post", "/corrections",
                    {"seq": number, "action": conflict or probes[0], "expected_seq": seq})
    late_claims_and_a_moved_phone(rec, table, seat_b, host)
    return rec.answers


def late_claims_and_a_moved_phone(rec: Recorder, table: Table, seat_b: Asker,
                                  host: Asker) -> None:
    """Issue #37: whoever knows the table's address asks for A's seat mid-game (refused; a
    request's token reads nothing until the host says yes), and B's phone is handed seat C
    by the host's invitation: it then reads as C, and B's old token reads nothing."""
    stranger = Asker("stranger", None)
    for asker in (stranger, seat_b):
        rec.api(asker, "post", "/join", {"seat": A})
        rec.api(asker, "post", "/join", {"seat": A, "name": "Eve"})
    rec.page(stranger, "/seats", {"seat": str(A), "name": "Eve"})
    asked = stranger.client.post(f"/api/tables/{table.id}/seat-requests",
                                 json.dumps({"seat": A, "name": "Eve"}),
                                 content_type="application/json").json()
    table.secrets += [asked["token"], cookie_value(table.id, asked["token"])]
    rec.keep("stranger asks for A's seat", 0, json.dumps({**asked, "request": "<id>"}))
    waiting = Asker("waiting stranger", asked["token"])
    rec.api(waiting, "get", "")
    rec.api(waiting, "get", "/record")
    seat_c = 2 if len(table.tokens) > 2 else B  # (two seats: B's own seat, re-issued)
    invitation = host.client.post(f"/api/tables/{table.id}/invitations",
                                  json.dumps({"seat": seat_c}), content_type="application/json",
                                  HTTP_AUTHORIZATION=f"Bearer {table.host}").json()["invitation"]
    table.secrets.append(invitation)
    joined = seat_b.client.post(f"/api/tables/{table.id}/join",
                                json.dumps({"seat": seat_c, "invitation": invitation}),
                                content_type="application/json")
    token = joined.json()["token"]
    table.secrets += [token, cookie_value(table.id, token)]
    rec.keep("B's phone takes seat C by the invitation", joined.status_code,
             joined.content.decode())
    old_b = Asker("B's old token", table.tokens[B])
    rec.api(old_b, "get", "")
    moved = Asker("the phone moved to C", token,
                  (cookie_name(table.id), cookie_value(table.id, token)))
    moved.client.cookies[moved.cookie[0]] = moved.cookie[1]
    rec.api(moved, "get", "")
    for path in ("/", "/record.json", "/summary"):
        rec.page(moved, path)


def services_seq(table: Table) -> int:
    from companion.tables.models import Table as TableRow

    return TableRow.objects.get(id=table.id).seq


@pytest.mark.parametrize("game_name", ["dog", "lifeislife", "hit"])
def test_other_askers_cannot_tell_two_hands_apart(game_name, embedded_worker):
    prefix, hand_x, hand_y, suffix = prefix_and_hands(game_name)
    hands = ([*prefix, hand_x, *suffix], [*prefix, hand_y, *suffix])
    probes = probe_actions(game_name, hands)
    conflict = conflicting_play(game_name, hands)
    assert conflict, "no play of A that one hand allows and the other contradicts"
    for language in ("en", "de"):
        x = make_table(game_name, hands[0])
        y = make_table(game_name, hands[1])
        seen_x = harvest(game_name, x, language, probes, conflict)
        seen_y = harvest(game_name, y, language, probes, conflict)
        assert len(seen_x) == len(seen_y)
        assert len(seen_x) > 100, len(seen_x)
        print(f"{game_name} [{language}]: {len(seen_x)} answers compared")
        for (what, status_x, body_x), (_, status_y, body_y) in zip(seen_x, seen_y, strict=True):
            assert (status_x, body_x) == (status_y, body_y), (
                f"{game_name} [{language}] {what}: the answers differ with another hand of A"
                f"\n{_first_difference(body_x, body_y)}"
            )


def test_the_search_can_fail():
    """A's own phone does tell the hands apart (the harvest would see a difference)."""
    prefix, hand_x, hand_y, suffix = prefix_and_hands("dog")
    game = get_game("dog")
    views = []
    for hand in (hand_x, hand_y):
        state = game.new_game(CONFIGS["dog"])
        for text in [*prefix, hand, *suffix]:
            state = game.apply(state, game.parse_action(state, text))
        views.append(game.view(state, A))
    assert views[0] != views[1]
    assert TABLE not in (A, B)


def _first_difference(a: str, b: str) -> str:
    pairs = enumerate(zip(a, b, strict=False))
    index = next((i for i, (p, q) in pairs if p != q), min(len(a), len(b)))
    start, end = max(0, index - 300), index + 200
    return f"…{a[start:end]!r}\n  vs\n…{b[start:end]!r}"
