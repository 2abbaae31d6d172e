"""Undo never crosses a reveal of hidden cards (issue #27 (f), BGA's policy): a Life is Life
play that shows a sudden-death set, or ends the round (the hands are shown), cannot be taken
back; an ordinary swap can."""

from __future__ import annotations

import pytest

from companion.engines import get_game
from companion.tables.errors import Conflict
from companion.tables.play import services
from tests.tables.simulated import table_log

pytestmark = pytest.mark.django_db

HOST = services.Actor(None, True)
CONFIG = {"players": 5, "rules": {"start_lives": 3}}  # seed 29 shows a sudden death early


def _first(kind: str) -> tuple[list[str], str]:
    """A logged game up to the first play that shows cards (``sudden``: a sudden-death set;
    ``round``: the round's end), and that play."""
    game = get_game("lifeislife")
    for seed in range(25, 200):
        state = game.new_game(CONFIG)
        log = table_log("lifeislife", CONFIG, seed, 400)
        for index, text in enumerate(log):
            after = game.apply(state, game.parse_action(state, text))
            if not text.startswith(("swap", "knock")):
                state = after
                continue
            sudden = game.score(after).get("sudden_death") is not None
            ended = game.phase(after) != game.phase(state)
            if (kind == "sudden" and sudden) or (kind == "round" and ended and not sudden):
                return log[:index], text
            state = after
    raise AssertionError(f"no {kind} in 200 games")


@pytest.mark.parametrize("kind", ["sudden", "round"])
def test_a_play_that_shows_cards_cannot_be_undone(kind):
    before, showing = _first(kind)
    table, _ = services.create_table("lifeislife", CONFIG, [])
    for seq, text in enumerate(before):
        services.record_action(table.id, HOST, text, seq)
    recorded = services.record_action(table.id, HOST, showing, len(before))
    table.refresh_from_db()
    assert services.undoable_seq(table) is None
    with pytest.raises(Conflict):
        services.undo(table.id, HOST, table.seq)
    assert recorded.event.seq == table.seq


def test_an_ordinary_swap_can_be_undone():
    before, _ = _first("round")
    table, _ = services.create_table("lifeislife", CONFIG, [])
    for seq, text in enumerate(before[:-1]):
        services.record_action(table.id, HOST, text, seq)
    table.refresh_from_db()
    if before[-1].startswith("swap"):
        services.record_action(table.id, HOST, before[-1], table.seq)
        table.refresh_from_db()
        assert services.undoable_seq(table) == table.seq
