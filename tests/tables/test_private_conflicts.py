"""An entry that contradicts a seat's private hand: recorded, the hand forgotten, and only the
owner told (rulings.py). The differential test (tests/hardening/test_privacy_differential.py)
checks that nobody else can tell; this one checks what the owner gets, and that nothing is lost.
"""

from __future__ import annotations

import random

import pytest

from companion.engines import get_game
from companion.tables.errors import Refused
from companion.tables.models import Event, Table
from companion.tables.play import services
from companion.tables.play.state_cache import clear

pytestmark = pytest.mark.django_db

HOST = services.Actor(None, True)


def dog_table_in_exchange(hand: str):
    """A DOG table after the deal, seat 0's hand entered by seat 0 (private)."""
    table, _ = services.create_table("dog", {"seats": 4}, ["Ann", "Ben", "Cat", "Dan"])
    services.record_action(table.id, HOST, "deal", 0)
    services.record_action(table.id, services.Actor(0, False), f"hand 0 {hand}", 1)
    return Table.objects.get(id=table.id)


def test_the_scribe_enters_a_gift_the_hand_lacks():
    table = dog_table_in_exchange("2,3,5,6,8,9")
    recorded = services.record_action(table.id, HOST, "give 7", 2)  # Ann holds no 7
    event = recorded.event
    assert event.payload["forget"] == [0]
    assert "0" in event.payload["private_notes"]
    game = get_game("dog")
    # Ann's hand is unknown again (the public fact stands); the log replays to the same state.
    assert game.unknown_cards(recorded.state, 0) == 5
    table.refresh_from_db()
    clear()
    assert services.replay(table) == recorded.state
    # Only Ann's phone gets the notice, with the reason in words.
    from companion.tables.play import rulings
    from companion.tables.play.state_cache import load_events

    names = ["Ann", "Ben", "Cat", "Dan"]
    events = load_events(table)
    mine = rulings.notices_for(game, events, 0, names, lambda: services.undoable_seq(table))
    assert [n.seq for n in mine] == [3]
    assert not mine[0].undoable  # a gift is never taken back (it showed a card)
    assert "7" in mine[0].reasons[0]["message"]
    for other in (1, 2, 3, None):
        assert rulings.notices_for(game, events, other, names, lambda: None) == []
    # Entering the hand again settles it.
    services.record_action(table.id, services.Actor(0, False), "hand 0 2,3,5,6,8", 3)
    table.refresh_from_db()
    assert rulings.notices_for(game, load_events(table), 0, names, lambda: None) == []


def test_undo_of_the_contradicting_play_restores_the_hand():
    """In play: the scribe records a 13 for Ann, whose entered hand holds none; taking it
    back gives Ann her hand as she entered it."""
    table, _ = services.create_table("dog", {"seats": 4}, ["Ann", "Ben", "Cat", "Dan"])
    log = ["deal", "give ?", "give ?", "give ?", "give ?", "hand 0 1,2,3,5,6,8"]
    for seq, text in enumerate(log):
        actor = services.Actor(0, False) if text.startswith("hand") else HOST
        services.record_action(table.id, actor, text, seq)
    recorded = services.record_action(table.id, HOST, "13 K", len(log))
    game = get_game("dog")
    assert recorded.event.payload["forget"] == [0]
    assert game.unknown_cards(recorded.state, 0) == 5
    table.refresh_from_db()
    assert services.undoable_seq(table) == recorded.event.seq
    undone = services.undo(table.id, services.Actor(0, False), recorded.event.seq)
    assert game.unknown_cards(undone.state, 0) == 0


def test_the_seat_itself_is_refused_with_its_own_reason():
    table = dog_table_in_exchange("2,3,5,6,8,9")
    with pytest.raises(Refused) as refused:
        services.record_action(table.id, services.Actor(0, False), "give 7", 2)
    assert refused.value.extra["violations"]
    assert not Event.objects.filter(table_id=table.id, seq=3).exists()


def _knew(game, state, other: int, seat: int) -> bool:
    """Whether ``other`` knew some of ``seat``'s cards: DOG's giver of a card in its hand."""
    if game.name != "dog":
        return False
    gift = state.gifts[other]
    return state.cfg.receiver[other] == seat and gift > 0 and gift in state.hands[seat]


def test_forget_changes_no_other_seats_view():
    """Forgetting what is known of a seat's cards changes only the views that knew them: its
    own and (DOG) the view of the partner who gave it a card it still holds."""
    for name in ("dog", "hit", "lifeislife"):
        game = get_game(name)
        rng = random.Random(4)
        state = game.start(None, rng)
        for _ in range(60):
            if game.is_terminal(state):
                break
            for seat in range(game.num_seats(state)):
                forgotten = game.forget(state, seat)
                for other in range(game.num_seats(state)):
                    if other != seat and not _knew(game, state, other, seat):
                        assert game.view(forgotten, other) == game.view(state, other), name
            state = game.apply(state, game.random_action(state, rng))
