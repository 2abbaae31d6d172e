"""How good is the coach's idea of the best play? The review's best play as a player: at every
decision of its seat, `review(...)` at the coach's budget (CPU time) and the play it names as
the best, against another bot (an arena spec) on every other seat.

Written for Life is Life, whose review values every play on shared samples instead of
searching (docs/hints.md, "Coach mode"): one seat of four against three ISMCTS seats; a win is
being the last player left, so 0.25 is parity.

    .venv/bin/python bench/review_strength.py --games 32 --budget-ms 200 --b ismcts:ms=200,cpu=1
    .venv/bin/python bench/review_strength.py --games 24 --budget-ms 200 --b ismcts:ms=800,cpu=1

Last line: ``wins=<n> games=<n> rate=<f> ci_low=<f> ci_high=<f>``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.advisor.arena import play_game, wilson
from companion.advisor.bots import make_bot
from companion.advisor.ismcts import pause_gc_during_searches
from companion.advisor.review import review
from companion.engines import get_game


class ReviewBot:
    """Plays the review's best play (the first legal play reviewed: its best is the same
    whichever play is reviewed, unless that play is among the best)."""

    name = "review"

    def __init__(self, budget_ms: float) -> None:
        self.budget_ms = budget_ms

    def choose(self, game: Any, state: Any, seat: int, rng: random.Random) -> Any:
        view = game.view(state, seat)
        legal = game.legal_actions(view)
        if len(legal) == 1:
            return legal[0]
        return review(game, view, seat, legal[0], budget_ms=self.budget_ms,
                      seed=rng.getrandbits(32), clock=time.thread_time).best


def one(args: tuple) -> float:
    name, index, seed, budget_ms, spec_b, players = args
    pause_gc_during_searches()
    game = get_game(name)
    result = play_game(game, ReviewBot(budget_ms), make_bot(spec_b, game), index, seed,
                       {"players": players})
    return result.score_a


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="lifeislife")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=32)
    parser.add_argument("--budget-ms", type=float, default=200)
    parser.add_argument("--b", default="ismcts:ms=200,cpu=1")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    work = [(args.game, i, args.seed, args.budget_ms, args.b, args.players)
            for i in range(args.games)]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        scores = pool.map(one, work, chunksize=1)
    wins = sum(scores)
    low, high = wilson(wins, len(scores))
    print(f"review's best at {args.budget_ms:.0f} ms (one seat) against {args.b}: "
          f"{wins:g}/{len(scores)}")
    print(f"wins={wins:g} games={len(scores)} rate={wins / len(scores):.3f} ci_low={low:.3f} "
          f"ci_high={high:.3f}", flush=True)


if __name__ == "__main__":
    main()
