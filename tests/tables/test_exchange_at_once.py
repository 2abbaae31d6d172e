"""The DOG exchange at once: after the deal every seat gives its card from its own phone, in any
order; each phone offers its own give until it has given and shows who still has to."""

from __future__ import annotations

import pytest

from companion.engines import get_game
from companion.tables.errors import Forbidden, Refused
from companion.tables.models import Event, Table
from companion.tables.pages.rendering import table_context
from companion.tables.play import services

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cid", "Dan"]


def dealt() -> Table:
    table, _ = services.create_table("dog", {"seats": 4}, NAMES)
    services.record_action(table.id, services.Actor(None, True), "deal", 0)
    services.record_action(table.id, services.Actor(1, False), "hand 1 2,3,5,6,8,9", 1)
    return Table.objects.get(id=table.id)


def seq(table: Table) -> int:
    table.refresh_from_db()
    return table.seq


def entry_of(table: Table, seat: int) -> dict:
    table.refresh_from_db()
    return table_context(table, services.Actor(seat, False))["entry"]


def test_every_seat_gives_in_any_order():
    table = dealt()
    game = get_game("dog")
    # Ben (not "to move") sees his own cards to give, as give@1.
    ben = entry_of(table, 1)
    assert ben["mode"] == "exchange" and ben["give_prefix"] == "give@1"
    assert [c["token"] for c in ben["cards"]] == ["2", "3", "5", "6", "8", "9"]
    assert ben["receiver"] == "Dan"
    for seat, text in ((1, "give@1 3"), (3, "give@3 ?"), (2, "give@2 ?")):
        recorded = services.record_action(table.id, services.Actor(seat, False), text, seq(table))
        assert recorded.event.private_to == seat  # the card given is the giver's secret
    assert entry_of(table, 1)["mode"] == "wait"  # Ben has given
    assert entry_of(table, 1)["to_give"] == ["Ann"]
    assert entry_of(table, 0)["given"] == ["Ben", "Cid", "Dan"]
    last = services.record_action(table.id, services.Actor(0, False), "give ?", seq(table))
    assert game.phase(last.state) == "play"
    lines = [e.payload.get("public") for e in Event.objects.filter(table_id=table.id)]
    assert "seat 1 gave a card to seat 3" in lines


def test_a_seat_gives_once_and_only_its_own_card():
    table = dealt()
    services.record_action(table.id, services.Actor(1, False), "give@1 3", seq(table))
    with pytest.raises(Refused) as twice:
        services.record_action(table.id, services.Actor(1, False), "give@1 5", seq(table))
    assert twice.value.extra["violations"][0]["code"] == "dog.already_given"
    with pytest.raises(Forbidden):
        services.record_action(table.id, services.Actor(2, False), "give@3 ?", seq(table))
