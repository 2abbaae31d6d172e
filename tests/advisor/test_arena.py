"""The arena: honest counting, teams as teams, seat order cancelled, deterministic per game."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.advisor import arena
from companion.advisor.bots import GreedyBot, IsmctsBot, RandomBot
from companion.engines.base import TABLE
from tests.games.dog.positions import dog

ROOT = Path(__file__).resolve().parents[2]
LAST_LINE = re.compile(r"^win_rate=(\S+) ci_low=(\S+) ci_high=(\S+) games=(\d+)$")


def test_wilson_interval() -> None:
    lo, hi = arena.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    lo, hi = arena.wilson(100, 100)
    assert hi == 1.0 and lo == pytest.approx(0.9630, abs=1e-3)
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_game_seeds_are_fixed_and_distinct() -> None:
    seeds = [arena.game_seed(1, i) for i in range(100)]
    assert seeds == [arena.game_seed(1, i) for i in range(100)]
    assert len(set(seeds)) == 100 and arena.game_seed(2, 0) != seeds[0]


def test_dog_partners_play_as_a_team() -> None:
    state = dog.start({"seats": 4}, __import__("random").Random(1))
    assert arena.sides(dog, state) == [[0, 2], [1, 3]]
    six = dog.start({"seats": 6}, __import__("random").Random(1))
    assert arena.sides(dog, six) == [[0, 3], [1, 4], [2, 5]]


class Recorder:
    """A bot that remembers which seats it played."""

    name = "recorder"

    def __init__(self) -> None:
        self.seats: set[int] = set()
        self.inner = RandomBot()

    def choose(self, game, state, seat, rng):
        assert game.to_move(state) == seat != TABLE
        self.seats.add(seat)
        return self.inner.choose(game, state, seat, rng)


def test_bot_a_alternates_teams_between_games() -> None:
    for index, team in ((0, {0, 2}), (1, {1, 3}), (2, {0, 2})):
        a, b = Recorder(), Recorder()
        result = arena.play_game(dog, a, b, index, seed=5)
        assert a.seats == team and b.seats == {0, 1, 2, 3} - team
        assert result.a_side == index % 2 and result.score_a in (0.0, 1.0)
        assert result.decisions_a > 0 and result.decisions_b > 0


def test_with_three_teams_a_takes_one_of_them_in_turn() -> None:
    for index in range(3):
        a, b = Recorder(), Recorder()
        result = arena.play_game(dog, a, b, index, seed=5, config={"seats": 6},
                                 max_actions=60)
        assert a.seats <= {index, index + 3} and b.seats.isdisjoint(a.seats)
        assert result.a_side == index


def test_a_game_replays_identically_from_its_seed() -> None:
    one = arena.play_game(dog, IsmctsBot(None, 8), GreedyBot.for_game(dog), 3, seed=9)
    two = arena.play_game(dog, IsmctsBot(None, 8), GreedyBot.for_game(dog), 3, seed=9)
    assert (one.score_a, one.actions, one.rounds) == (two.score_a, two.actions, two.rounds)


def test_unfinished_games_count_half() -> None:
    result = arena.play_game(dog, RandomBot(), RandomBot(), 0, seed=1, max_actions=10)
    assert result.score_a == 0.5 and result.actions == 10


def test_match_results_do_not_depend_on_the_number_of_jobs() -> None:
    one = {r.index: r.score_a for r in arena.Match("dog", "heuristic", "random", 6, 4, 1).run()}
    two = {r.index: r.score_a for r in arena.Match("dog", "heuristic", "random", 6, 4, 2).run()}
    assert one == two and len(one) == 6


def test_heuristic_beats_random_clearly() -> None:
    results = list(arena.Match("dog", "heuristic", "random", 20, seed=2, jobs=1).run())
    assert sum(r.score_a for r in results) >= 19


def test_command_line_prints_the_summary_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "companion.advisor.arena", "dog", "--a", "heuristic", "--b",
         "random", "--games", "4", "--seed", "1", "--jobs", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    lines = out.strip().splitlines()
    m = LAST_LINE.match(lines[-1])
    assert m, lines[-1]
    rate, lo, hi, games = float(m[1]), float(m[2]), float(m[3]), int(m[4])
    assert games == 4 and 0 <= lo <= rate <= hi <= 1
    assert any("moves/s" in line for line in lines)
    assert sum(line.startswith("game ") for line in lines) == 4


def test_command_line_rejects_a_bad_bot() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "companion.advisor.arena", "dog", "--a", "alphabeta", "--b",
         "random", "--games", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode != 0 and "unknown bot" in proc.stderr


def test_the_advisor_does_not_need_django() -> None:
    code = ("import sys, companion.advisor.ismcts, companion.advisor.bots, "
            "companion.advisor.arena; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'celery', 'channels')"
            " or m.startswith('companion.tables')]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=60)


def test_a_match_played_in_parts_adds_up_to_the_whole() -> None:
    whole = {r.index: (r.score_a, r.actions)
             for r in arena.Match("dog", "heuristic", "random", 4, 4, 1).run()}
    parts = {r.index: (r.score_a, r.actions)
             for first in (0, 2)
             for r in arena.Match("dog", "heuristic", "random", 2, 4, 1, first=first).run()}
    assert parts == whole and sorted(whole) == [0, 1, 2, 3]
