"""The game-night suite at bench size (issue #27): many seeded evenings of every game through
the service layer (`tests.tables.game_night`), and differential pairs.

Each night mixes seats entering their own hands or not (some with a card mistyped, which later
plays contradict: conflicts), gifts in any order, the scribe, undos, corrections and coach mode,
and is checked as it goes: every reader's record loads back to the same position, the summary
counts the plays each seat made, the coach's "before" is the seat's live view and every review
finishes. A differential pair plays one night twice, one seat's hand entries mistyped in the
second, and compares everything every other reader gets up to the first reveal.

    .venv/bin/python bench/game_night.py [--tables 12] [--steps 90] [--check-every 10]
                                         [--pairs 3] [--pair-steps 40] [--games dog,hit,lifeislife]

It runs on a throwaway SQLite test database (Django's test runner sets it up) and prints per
game: tables, steps, checks, coach reviews, conflicts, failures; pairs compared, readers
compared, leaks; and the wall time.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=12, help="nights per game")
    parser.add_argument("--steps", type=int, default=90, help="entries per night at most")
    parser.add_argument("--check-every", type=int, default=10)
    parser.add_argument("--pairs", type=int, default=3, help="differential pairs per game")
    parser.add_argument("--pair-steps", type=int, default=40)
    parser.add_argument("--games", default="dog,hit,lifeislife")
    args = parser.parse_args()

    import logging

    import django

    django.setup()
    logging.disable(logging.WARNING)
    from django.test.utils import setup_databases, setup_test_environment, teardown_databases

    setup_test_environment()
    old = setup_databases(verbosity=0, interactive=False)
    try:
        return _run(args)
    finally:
        teardown_databases(old, verbosity=0)


def _run(args: argparse.Namespace) -> int:
    from tests.tables.game_night import Night, first_difference

    failures = leaks = 0
    print(f"command: .venv/bin/python bench/game_night.py --tables {args.tables} "
          f"--steps {args.steps} --check-every {args.check_every} --pairs {args.pairs} "
          f"--pair-steps {args.pair_steps} --games {args.games}")
    for game_name in args.games.split(","):
        start = time.perf_counter()
        totals = {"tables": 0, "steps": 0, "checks": 0, "reviews": 0, "conflicts": 0,
                  "failures": 0, "finished": 0}
        for seed in range(1, args.tables + 1):
            night = Night(game_name, 1000 + seed)
            try:
                night.play(args.steps, args.check_every)
            except AssertionError:
                pass  # written down in night.failures
            except Exception as exc:  # a crash is a failure of its own
                night._fail(f"crashed: {exc!r}")
            totals["tables"] += 1
            totals["steps"] += night.steps
            totals["checks"] += night.checks
            totals["reviews"] += night.reviews
            totals["conflicts"] += night.conflicts
            totals["failures"] += len(night.failures)
            totals["finished"] += night.game.is_terminal(night.truth)
            for failure in night.failures[:3]:
                print(f"  FAIL {game_name} seed {1000 + seed} step {failure.step}: "
                      f"{failure.what[:300]}")
        failures += totals["failures"]
        print(f"{game_name}: " + ", ".join(f"{k} {v}" for k, v in totals.items())
              + f", {time.perf_counter() - start:.0f} s")
        start = time.perf_counter()
        pairs = readers = game_leaks = 0
        for seed in range(1, args.pairs + 1):
            exact = Night(game_name, 2000 + seed, target=1, variant="exact")
            typo = Night(game_name, 2000 + seed, target=1, variant="typo")
            exact.play(args.pair_steps, 0, digest=True)
            typo.play(args.pair_steps, 0, digest=True)
            reveal = min(x for x in (exact.revealed_at, typo.revealed_at, 10**9)
                         if x is not None)
            pairs += 1
            for reader in [None, *(s for s in range(exact.n) if s != 1)]:
                readers += 1
                step = first_difference(exact, typo, reader)
                if step is not None and step < reveal:
                    game_leaks += 1
                    print(f"  LEAK {game_name} seed {2000 + seed}: reader {reader} differs at "
                          f"step {step} (reveal at {reveal})")
        leaks += game_leaks
        print(f"{game_name} differential: pairs {pairs}, readers compared {readers}, "
              f"leaks {game_leaks}, {time.perf_counter() - start:.0f} s")
    print(f"failures {failures}, leaks {leaks}")
    return 1 if failures or leaks else 0


if __name__ == "__main__":
    sys.exit(main())
