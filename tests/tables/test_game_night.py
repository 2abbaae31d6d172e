"""The game-night suite at CI size (issue #27): seeded random evenings of every game through the
service layer, checked as they go (`tests.tables.game_night`), and its differential half; the
bigger run is `bench/game_night.py`."""

from __future__ import annotations

from importlib import import_module

import pytest

from companion import games
from tests.tables.game_night import Night, first_difference

pytestmark = pytest.mark.django_db

GAMES = games.names()
#: the entries of an evening, unless the game's tests say (``tests/games/<game>/game_night.py``:
#: ``STEPS``, e.g. DOG's, whose rounds begin with a deal and an exchange)
STEPS = 50


def steps(game_name: str) -> int:
    module = f"tests.games.{game_name}.game_night"
    if not games.module_exists(module):
        return STEPS
    return getattr(import_module(module), "STEPS", STEPS)


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_night_holds(game_name, seed):
    """Records of every reader load back to the same position, the summary counts the plays
    each seat made, the coach's "before" is the seat's live view and its reviews finish."""
    night = Night(game_name, seed).play(steps(game_name), check_every=6)
    assert not night.failures, night.failures[:5]
    # (a short game, as the scaffold's race, may end sooner: then it was played to its end)
    assert night.steps >= 10 or night.game.is_terminal(night.truth), night.steps
    assert night.checks >= night.steps // 6


@pytest.mark.parametrize("game_name", GAMES)
def test_another_seats_private_entries_change_nothing_anyone_else_reads(game_name):
    """Two nights that differ only in what seat 1's hand entries say (as dealt, against one
    card mistyped, which later plays contradict): every other reader's answers — refusals of
    its own entries, its view, history, counter, record, the summary — are the same up to the
    first event at which the rules reveal hidden cards. (That a seat entered its hand is
    public: the history says so; what it entered is not.)"""
    variant = "typo"
    target = 1
    exact = Night(game_name, 11, target=target, variant="exact").play(30, 0, digest=True)
    other = Night(game_name, 11, target=target, variant=variant).play(30, 0, digest=True)
    assert not exact.failures and not other.failures, (exact.failures, other.failures)
    if not exact.entered_hand and not other.entered_hand:
        pytest.skip(f"{game_name}: no seat enters anything private (open information)")
    reveal = min(x for x in (exact.revealed_at, other.revealed_at, 10**9) if x is not None)
    for reader in [None, *(s for s in range(exact.n) if s != target)]:
        step = first_difference(exact, other, reader)
        assert step is None or step >= reveal, (
            f"{reader} reads something else at answer {step} (reveal at {reveal})"
        )
    assert first_difference(exact, other, target) is not None  # its own phone does differ
