"""Life is Life's round end goes the same way for everyone, whatever a seat entered privately
(issue #27 (c)): every normal round end asks each player still in to show its hand, also where
the table knew them all, so a scribe's swap that contradicted a seat's entered hand changes
nothing the others read up to the first hand shown. Records made before every hand was shown
still load."""

from __future__ import annotations

import json

import pytest

from companion.engines import get_game
from companion.tables.play import rulings
from companion.tables.records.record import build_record, load_record
from tests.tables.game_night import Night, first_difference

pytestmark = pytest.mark.django_db

#: a table whose round 1 ends normally (a knock) after the scribe's swap for seat 1 has
#: contradicted seat 1's mistyped hand (the differential's "typo" night)
SEED = 15


def test_a_conflict_before_the_round_end_changes_nothing_the_others_read_through_it():
    exact = Night("lifeislife", SEED, target=1, variant="exact").play(60, 0, digest=True)
    typo = Night("lifeislife", SEED, target=1, variant="typo").play(60, 0, digest=True)
    assert not exact.failures and not typo.failures, (exact.failures, typo.failures)
    assert exact.entered_hand == {0, 1, 2}  # the exact table knew every hand at the end …
    assert typo.conflicts > exact.conflicts  # … the other had forgotten seat 1's mistyped one
    # before the round ended, and the hands were shown one step later: the comparison
    # covers the round's end itself (before, the table scored at once where it knew every
    # hand and waited for the forgotten one: everyone saw the difference)
    assert typo.round_end_at is not None and typo.round_end_at == exact.round_end_at
    reveal = min(exact.revealed_at, typo.revealed_at)
    assert reveal > typo.round_end_at
    for reader in [None, 0, 2]:
        step = first_difference(exact, typo, reader)
        assert step is None or step >= reveal, f"{reader} reads something else at {step}"
    assert first_difference(exact, typo, 1) is not None  # seat 1's own phone does differ


def test_each_phone_shows_its_own_hand_and_a_second_show_is_refused():
    night = Night("lifeislife", SEED)
    while night.round_end_at is None:
        night.step()
        night.steps += 1
    game = get_game("lifeislife")
    public = rulings.known(night.table(), game, None)
    assert game.phase(public) == "reveal" and not any(game.score(public)["shown"])
    hands = game.to_json(night.truth)["hands"]
    text = "hand 0 " + ",".join(hands[0])
    ok, _ = night.enter(night.seats[0], text)
    assert ok
    again, answer = night.enter(night.seats[2], text)
    assert not again and "already shown" in answer


def test_a_record_made_before_every_hand_was_shown_loads_to_the_same_position():
    """Such a record has no show of a hand its reader knew (the table scored at once): the
    loader shows it from the record's own entries."""
    night = Night("lifeislife", 12)
    game = get_game("lifeislife")
    while game.score(night.truth)["round"] < 1:
        night.step()
        night.steps += 1
    night.step()  # the next deal
    table = night.table()
    seat = min(night.entered_hand)
    record = json.loads(json.dumps(build_record(table, seat)))
    own_show = [
        i for i, event in enumerate(record["events"])
        if event["action"].startswith(f"hand {seat} ")
    ][-1]  # the show at the round's end, after its private entry
    del record["events"][own_show]
    loaded, _ = load_record(record)
    assert game.to_json(rulings.known(loaded, game, seat)) == game.to_json(
        rulings.known(table, game, seat)
    )
