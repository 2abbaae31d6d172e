"""The game summary: winner, duration, plays, knock-outs/hits, lives lost, hints per seat; the
replay pages that step through a game."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from companion.engines import TABLE, get_game
from companion.tables.errors import Conflict
from companion.tables.models import HintLog, Table
from companion.tables.play import services
from companion.tables.records.record import FORMAT, load_record
from companion.tables.records.summary import summarize

from .simulated import CONFIGS, first_knockout, table_log

pytestmark = pytest.mark.django_db

NAMES = {"dog": ["Ann", "Ben", "Cid", "Dan"], "hit": ["Ann", "Ben"], "lifeislife": list("ABCD")}


def _table(game_name: str, log: list[str], minutes_apart: int = 1) -> Table:
    """A table holding ``log``, one entry every ``minutes_apart`` minutes from 20:00."""
    names = NAMES[game_name]
    colours = {"dog": ["red", "blue", "green", "yellow"], "hit": None, "lifeislife": None}
    probe, _ = services.create_table(game_name, CONFIGS[game_name], names, colours[game_name])
    seats = [{"name": s.name, "colour": s.colour} for s in probe.seats.all()]
    probe.delete()
    events = [
        {
            "action": text,
            "at": f"2025-03-01T{20 + (i * minutes_apart) // 60:02d}:"
            f"{(i * minutes_apart) % 60:02d}:00+00:00",
        }
        for i, text in enumerate(log)
    ]
    record = {
        "format": FORMAT,
        "version": 1,
        "game": game_name,
        "config": CONFIGS[game_name],
        "seats": seats,
        "events": events,
    }
    table, _ = load_record(record)
    return table


def _plays(game_name: str, log: list[str]) -> Counter:
    """Seat decisions per seat (not the table's reports, not hand entries), by the engine."""
    game = get_game(game_name)
    state = game.new_game(CONFIGS[game_name])
    plays: Counter = Counter()
    for text in log:
        mover = game.to_move(state)
        if mover != TABLE and not text.startswith("hand "):
            plays[mover] += 1
        state = game.apply(state, game.parse_action(state, text))
    return plays


def test_a_finished_life_is_life_game_names_the_winner_and_counts_lives_lost():
    log = table_log("lifeislife", CONFIGS["lifeislife"], seed=7)
    table = _table("lifeislife", log)
    summary = summarize(table)
    final = get_game("lifeislife").score(
        get_game("lifeislife").from_json(Table.objects.get(id=table.id).snapshot)
    )
    assert summary.finished and table.status == Table.Status.FINISHED
    assert summary.winners == [final["winner"]]
    assert summary.winner_names == [NAMES["lifeislife"][final["winner"]]]
    start = CONFIGS["lifeislife"]["rules"]["start_lives"]
    assert [p.lives_lost for p in summary.players] == [start - n for n in final["lives"]]
    assert [p.measure for p in summary.players] == final["lives"]
    plays = _plays("lifeislife", log)
    assert [p.plays for p in summary.players] == [plays[i] for i in range(4)]
    assert summary.plays == sum(plays.values())
    assert summary.duration_minutes == len(log) - 1
    assert [p.started for p in summary.players].count(True) == 1


@pytest.mark.parametrize(
    ("game_name", "home", "header"), [("dog", "K", "Sent others home"), ("hit", "W", "Hits")]
)
def test_figures_sent_home_are_counted_for_the_mover_and_the_victim(
    client, game_name, home, header
):
    log, mover, victim = first_knockout(game_name, seed=11, home=home)
    table = _table(game_name, log)
    summary = summarize(table)
    assert not summary.finished and summary.winners == []
    assert summary.players[mover].knocked_out == 1
    assert summary.players[victim].sent_home == 1
    assert sum(p.knocked_out for p in summary.players) == 1
    page = client.get(f"/t/{table.id}/summary").content.decode()
    assert header in page and "The game so far" in page
    assert "BG Stats" not in page  # only a finished game is exported


def test_a_whole_dog_game_summary_adds_up():
    log = table_log("dog", CONFIGS["dog"], seed=5)
    table = _table("dog", log, minutes_apart=0)
    summary = summarize(table)
    assert summary.finished and len(summary.winners) == 2  # a team
    assert all(summary.players[s].winner for s in summary.winners)
    assert summary.players[0].measure is not None
    # every figure sent home was knocked out by someone (by another seat, or its own seat)
    assert sum(p.knocked_out for p in summary.players) <= sum(p.sent_home for p in summary.players)
    plays = _plays("dog", log)
    assert [p.plays for p in summary.players] == [plays[i] for i in range(4)]


def test_hints_are_logged_per_seat_and_a_position_counts_once(dealt_table, monkeypatch):
    from companion.advisor import hints

    monkeypatch.setattr(hints, "request_hint", lambda **job: {"status": "started", "hint_id": "x"})
    t = dealt_table
    table = Table.objects.get(id=t.id)
    seat0 = services.Actor(0, False)
    services.request_hint(t.id, seat0)
    services.request_hint(t.id, seat0)  # the same position again: the cached answer
    assert HintLog.objects.filter(table=table, seat=0).count() == 2
    assert t.play("1 K", t.tokens[0]).status_code == 201
    services.request_hint(t.id, services.Actor(1, False))
    summary = summarize(table)
    assert [p.hints for p in summary.players] == [1, 1, 0, 0]


def test_a_refused_hint_is_not_logged(dealt_table):
    t = dealt_table
    with pytest.raises(Conflict):
        services.request_hint(t.id, services.Actor(1, False))  # not seat 1's turn
    assert not HintLog.objects.exists()


def test_a_hint_asked_with_an_unknown_hand_counts_alike(api_table):
    """(issue #27 (e)) Whether a seat's hand is known (entered, or forgotten after a conflict)
    changes nothing anyone else reads: the summary counts the hint it asked for on its turn
    either way; the refusal ("enter your hand first") goes to that seat alone."""
    t = api_table
    assert t.play("deal", t.host).status_code == 201
    with pytest.raises(Conflict):
        services.request_hint(t.id, services.Actor(0, False))
    assert [p.hints for p in summarize(Table.objects.get(id=t.id)).players] == [1, 0, 0, 0]


def test_the_table_page_loads_the_summary_when_the_game_is_over(client):
    running = _table("lifeislife", table_log("lifeislife", CONFIGS["lifeislife"], seed=7, limit=8))
    page = client.get(f"/t/{running.id}/").content.decode()
    assert 'id="summary-slot"' in page
    assert f"/t/{running.id}/summary?part=1" not in page  # not over: nothing loads
    finished = _table("lifeislife", table_log("lifeislife", CONFIGS["lifeislife"], seed=7))
    page = client.get(f"/t/{finished.id}/").content.decode()
    # own=1: the section with this phone's own coach line (the presenter's has none)
    assert f'hx-get="/t/{finished.id}/summary?part=1&amp;own=1" hx-trigger="load"' in page
    part = client.get(f"/t/{finished.id}/summary?part=1").content.decode()
    assert part.lstrip().startswith('<section id="summary"')
    assert "Game summary" in part and "Lives lost" in part and "Add to BG Stats" in part
    # the presenter shows the summary (so far) too
    presenter = client.get(f"/t/{running.id}/present").content.decode()
    assert f'hx-get="/t/{running.id}/summary?part=1"' in presenter


def test_the_summary_api(client):
    finished = _table("lifeislife", table_log("lifeislife", CONFIGS["lifeislife"], seed=7))
    body = client.get(f"/api/tables/{finished.id}/summary").json()
    assert body["finished"] and body["winners"] and "bgstats" in body
    assert {"seat", "name", "plays", "lives_lost", "hints"} <= set(body["players"][0])
    assert client.get("/api/tables/nope/summary").status_code == 404


# --- the replay ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game_name", ["dog", "hit", "lifeislife"])
def test_the_replay_shows_each_step_without_any_hand(client, game_name):
    log = table_log(game_name, CONFIGS[game_name], seed=2, limit=40)
    table = _table(game_name, log)
    n = len(log)  # Life is Life may be over before 40 entries
    last = client.get(f"/t/{table.id}/replay").content.decode()
    assert f"Step {n} of {n}" in last
    first = client.get(f"/t/{table.id}/replay?step=0", HTTP_HX_REQUEST="true").content.decode()
    assert first.lstrip().startswith('<section id="replay-step"') and f"Step 0 of {n}" in first
    assert "<html" not in first
    private = list(table.events.exclude(private_to=None).values_list("seq", "payload"))
    assert private  # hands (DOG, Life is Life) and named draws (HIT)
    for seq, payload in private[:3] + private[-1:]:
        step = client.get(f"/t/{table.id}/replay?step={seq}").content.decode()
        assert f"Step {seq} of {n}" in step
        # said without the cards: "Ann (red) enters the hand (6 cards)", "Ben draws 3 cards",
        # "Cid gives a card face down to Ann"
        said = re.search(r"enters the hand \(|draws \d+ cards?\b|gives a card face down", step)
        assert said, step
        assert payload["action"] not in step  # the cards themselves never show
    # out of range steps are kept in range; a step that is no number is refused
    assert f"Step {n} of {n}" in client.get(f"/t/{table.id}/replay?step=99").content.decode()
    assert client.get(f"/t/{table.id}/replay?step=x").status_code == 400


def test_the_replay_shows_the_move_that_led_to_each_step(client):
    log = table_log("lifeislife", CONFIGS["lifeislife"], seed=2, limit=12)
    table = _table("lifeislife", log)
    swaps = [i for i, text in enumerate(log) if text.startswith("swap")]
    page = client.get(f"/t/{table.id}/replay?step={swaps[0] + 1}").content.decode()
    row = re.match(r"swap (\d)", log[swaps[0]]).group(1)
    assert f"takes row {row}" in page
