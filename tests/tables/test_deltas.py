"""Live deltas: phones that follow a long game delta by delta end with exactly what a fresh
connection (a page load) gets; a phone that missed messages resynchronises to the same; the
page's edit (table.js) and the server's agree chunk for chunk."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from channels.db import database_sync_to_async

from companion.tables.errors import TableError
from companion.tables.live import pushes as live
from companion.tables.models import Table
from companion.tables.play import seating, services
from tests.tables.simulated import table_log

from .live_clients import Gap, Page, apply_json, split_full
from .test_consumers import connect

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
PLAYS = 260


@database_sync_to_async
def new_table() -> tuple[str, list[str]]:
    table, _host = services.create_table("dog", {"seats": 4}, ["Ann", "Ben", "Cid", "Dan"])
    return table.id, [seating.claim_seat(table.id, s).token for s in range(4)]


@database_sync_to_async
def record(table_id: str, text: str) -> int:
    table = Table.objects.get(id=table_id)
    return services.record_action(table_id, services.Actor(None, True), text, table.seq).event.seq


@database_sync_to_async
def take_back(table_id: str) -> int:
    table = Table.objects.get(id=table_id)
    return services.undo(table_id, services.Actor(None, True), table.seq).event.seq


class Phones:
    """A JSON phone (seat 0) and the page of seat 1, each keeping what it received."""

    def __init__(self, table_id: str, tokens: list[str]) -> None:
        self.table_id, self.tokens = table_id, tokens
        self.state: dict | None = None
        self.page = Page()
        self.edits: list[tuple[str, list, str]] = []  # (old text, ops, new text) for table.js

    async def open(self) -> None:
        self.json_ws = await connect(self.table_id, self.tokens[0])
        self.html_ws = await connect(self.table_id, self.tokens[1], fmt="html")
        self.state = apply_json(None, json.loads(await self.json_ws.receive_from(timeout=10)))
        self.page.receive(await self.html_ws.receive_from(timeout=10))

    async def follow(self, seq: int) -> tuple[int, int]:
        """Receive and apply the messages up to ``seq``; the bytes of each phone's."""
        sizes = [0, 0]
        while self.state["seq"] < seq:
            text = await self.json_ws.receive_from(timeout=10)
            sizes[0] += len(text.encode())
            self.state = apply_json(self.state, json.loads(text))
        while self.page.seq < seq:
            text = await self.html_ws.receive_from(timeout=10)
            sizes[1] += len(text.encode())
            before = dict(self.page.parts)
            self.page.receive(text)
            if text.startswith("{"):
                for name, part in json.loads(text)["parts"].items():
                    if isinstance(part, dict):
                        self.edits.append((before[name], part["ops"], self.page.parts[name]))
        return sizes

    async def close(self) -> None:
        await self.json_ws.disconnect()
        await self.html_ws.disconnect()


async def fresh_views(table_id: str, tokens: list[str]) -> tuple[dict, dict[str, str]]:
    """What a fresh connection of each phone gets: the JSON state and the page's fragments."""
    json_ws = await connect(table_id, tokens[0])
    html_ws = await connect(table_id, tokens[1], fmt="html")
    state = apply_json(None, json.loads(await json_ws.receive_from(timeout=10)))
    _seq, parts = split_full(await html_ws.receive_from(timeout=10))
    await json_ws.disconnect()
    await html_ws.disconnect()
    return state, parts


async def test_a_long_game_followed_by_deltas_ends_as_a_fresh_page_load():
    table_id, tokens = await new_table()
    phones = Phones(table_id, tokens)
    await phones.open()
    late: list[tuple[int, int]] = []
    log = table_log("dog", {"seats": 4}, 7, PLAYS)
    assert len(log) == PLAYS
    for number, text in enumerate(log, 1):
        seq = await record(table_id, text)
        sizes = await phones.follow(seq)
        if number > PLAYS - 20:
            late.append(sizes)
        if number in (120, 200):  # a play taken back and entered again: flags on old lines
            try:
                seq = await take_back(table_id)
            except TableError:  # not undoable (a deal or a hand entry): no matter
                continue
            await phones.follow(seq)
            seq = await record(table_id, text)
            await phones.follow(seq)
    assert any(line["undone"] for line in phones.state["history"])

    state, parts = await fresh_views(table_id, tokens)
    assert phones.state == state
    assert phones.page.parts == parts
    assert phones.page.seq == state["seq"]
    # late in the game a play still costs each phone a few KiB, not the log
    assert max(j for j, _h in late) < 8 * 1024
    assert sum(h for _j, h in late) / len(late) < 8 * 1024
    await phones.close()

    # table.js's edit (static/js/table.js) gives the same texts as the server's
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the page's edit was not run")
    assert phones.edits
    source = (ROOT / "static/js/table.js").read_text()
    functions = source[source.index("  function chunks("):source.index("  function resync(")]
    script = functions + (
        "const edits = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(edits.map(([old, ops, n]) => {"
        "  const text = applyEdit(old, ops); return text === n && text.length === n.length; })));"
    )
    run = subprocess.run(["node", "-e", script], input=json.dumps(phones.edits),
                         capture_output=True, text=True, check=True, timeout=60)
    assert all(json.loads(run.stdout))


async def test_a_phone_that_missed_pushes_resyncs_to_the_same_state():
    table_id, tokens = await new_table()
    phones = Phones(table_id, tokens)
    await phones.open()
    log = table_log("dog", {"seats": 4}, 11, 60)
    for text in log[:30]:
        await phones.follow(await record(table_id, text))

    # The socket drops mid-game; plays go on; the phones come back with the whole view.
    await phones.close()
    for text in log[30:45]:
        seq = await record(table_id, text)
    await phones.open()
    assert phones.state["seq"] == phones.page.seq == seq

    # A delta that is lost on the way: the next one does not start at the phone's seq, the
    # phone says so and asks for the whole view again, and carries on with deltas.
    seq = await record(table_id, log[45])
    json.loads(await phones.json_ws.receive_from(timeout=10))  # never applied
    await phones.html_ws.receive_from(timeout=10)
    seq = await record(table_id, log[46])
    for ws, apply in ((phones.json_ws, lambda m: apply_json(phones.state, json.loads(m))),
                      (phones.html_ws, phones.page.receive)):
        with pytest.raises(Gap):
            apply(await ws.receive_from(timeout=10))
        await ws.send_to(text_data=json.dumps({"type": "sync"}))
    phones.state = apply_json(None, json.loads(await phones.json_ws.receive_from(timeout=10)))
    phones.page.receive(await phones.html_ws.receive_from(timeout=10))
    for text in log[47:]:
        await phones.follow(await record(table_id, text))

    state, parts = await fresh_views(table_id, tokens)
    assert phones.state == state and phones.page.parts == parts
    await phones.close()


async def test_sync_in_another_language_sends_the_whole_view_in_it():
    table_id, tokens = await new_table()
    phones = Phones(table_id, tokens)
    await phones.open()
    english = phones.page.parts["history"]
    await phones.html_ws.send_to(text_data=json.dumps({"type": "sync", "language": "de"}))
    _seq, parts = split_full(await phones.html_ws.receive_from(timeout=10))
    assert parts["history"] != english and "Verlauf" in parts["history"]
    german = parts["history"]
    await phones.html_ws.send_to(text_data=json.dumps({"type": "sync", "language": "xx-nope"}))
    _seq, parts = split_full(await phones.html_ws.receive_from(timeout=10))
    assert parts["history"] == german  # an unknown language changes nothing
    await phones.json_ws.send_to(text_data=json.dumps({"type": "sync", "language": 7}))
    error = json.loads(await phones.json_ws.receive_from(timeout=10))
    assert error["type"] == "error" and "language" in error["message"]
    assert json.loads(await phones.json_ws.receive_from(timeout=10))["type"] == "state"
    await phones.close()


def test_an_edit_applies_to_the_text_it_was_made_from():
    old = '<div id="a">\n  <p>Ann 🏆 é</p>\n<circle cx="1"/>tail'
    new = '<div id="a">\n  <p>Bob 🏆 é</p>\n<circle cx="2"/><g>x</g>tail!'
    for a, b in ((old, new), (new, old), ("", new), (new, ""), (old, old)):
        assert live.apply(a, live.diff(a, b)) == b
    assert live.utf16_length("🏆") == 2


async def test_a_lost_announcement_is_repaired_by_the_sweep(monkeypatch):
    """The channel layer loses the announcement of the last play: the sweep of the web process
    finds the connections behind their table and brings them to it; a connection that is not
    behind gets nothing."""
    from companion.tables.live import sweep as live_sweep
    from companion.tables.play import realtime

    monkeypatch.setattr(live_sweep, "SWEEP_S", 0.2)
    table_id, tokens = await new_table()
    phones = Phones(table_id, tokens)
    await phones.open()
    log = table_log("dog", {"seats": 4}, 5, 2)
    await phones.follow(await record(table_id, log[0]))
    assert await live_sweep.sweep() == 0  # nobody behind
    sent = realtime.group_send_sync
    monkeypatch.setattr(realtime, "group_send_sync", lambda group, message: None)  # lost
    seq = await record(table_id, log[1])
    monkeypatch.setattr(realtime, "group_send_sync", sent)
    await phones.follow(seq)  # within two sweeps
    assert await phones.json_ws.receive_nothing(timeout=0.6)
    assert await phones.html_ws.receive_nothing(timeout=0.1)
    state, parts = await fresh_views(table_id, tokens)
    assert phones.state == state and phones.page.parts == parts
    await phones.close()
