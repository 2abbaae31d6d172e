"""Advisor speed: ISMCTS iterations per second on a DOG mid-game position, one core.

    .venv/bin/python bench/advisor_speed.py [--iterations N] [--repeats R] [--seed S]

The position (`MIDGAME`) comes from a game between two heuristic teams (seed 2026, the first
decision of seat 0 in round 5 with four of its six cards left): seat 0 holds 4 6 7 8, two of
its figures are on the track, seat 1 has folded this round, nine face-down groups lie on the
pile since the last reshuffle (each with what it proves), 15 legal plays. The search is the
one the web app runs (`ismcts.search` with the parameters measured for DOG), on seat 0's
view, `--iterations` per run; the figure is the best of `--repeats` runs (wall clock — the
process is single-threaded; a busy machine lowers it, the CPU-time figure printed beside it
is less sensitive to that).

Before it: the cost of each step of an iteration on 200 determinizations of that view
(determinize, legal_actions, random_action, the playout policy, apply, the leaf evaluation).

For comparison the same position is searched with the generic parameters (8 plies of the
engine's `random_action`, the engine's `evaluate`: the iteration of the first version and of
OpenSpiel's ISMCTS), then with the DOG parameters (12 plies of the greedy playout policy, the
calibrated evaluation, policy-first expansion): the measured figure.

The last line is machine-readable, for the DOG parameters: iterations_per_s=<float>
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.advisor import bots, ismcts  # noqa: E402
from companion.engines import get_game  # noqa: E402
from companion.engines.dog import moves, rules  # noqa: E402

dog = get_game("dog")

MIDGAME: dict[str, Any] = {
    "game": "dog", "seats": 4, "mode": "teams", "phase": "play", "to_move": 0,
    "figures": [["K", "K", "T52", "T53"], ["K", "K", "K", "G4"], ["K", "T32", "T47", "G4"],
                ["K", "T22", "T28", "T48"]],
    "hands": [["4", "6", "7", "8"], [], ["?", "?", "?"], ["?", "?", "?"]],
    "round": 5, "dealer": 0,
    "discard": ["1"] * 6 + ["2"] * 4 + ["3"] * 3 + ["4"] * 4 + ["5"] * 4 + ["6"] * 5
    + ["7"] * 3 + ["8"] * 4 + ["9"] * 2 + ["10"] * 4 + ["12"] * 4 + ["13"] * 7
    + ["swap"] * 7 + ["joker"] * 5,
    "face_down": [
        {"seat": 0, "cards": ["2", "2", "6", "9", "9", "10"],
         "playable": ["1", "13", "swap", "joker"]},
        {"seat": 1, "cards": ["?"] * 6, "playable": ["1", "13", "swap", "joker"]},
        {"seat": 2, "cards": ["?"] * 3, "playable": ["1", "13", "swap", "joker"]},
        {"seat": 0, "cards": ["3", "5", "7", "7", "8"], "playable": ["1", "13", "swap", "joker"]},
        {"seat": 1, "cards": ["?"] * 2, "playable": ["1", "13", "swap", "joker"]},
        {"seat": 1, "cards": ["?"] * 3, "playable": ["1", "13", "swap", "joker"]},
        {"seat": 0, "cards": ["9", "9"],
         "playable": ["1", "2", "3", "4", "5", "13", "swap", "joker"]},
        {"seat": 1, "cards": ["?"], "playable": ["1", "13", "swap", "joker"]},
        {"seat": 1, "cards": ["?"] * 4, "playable": ["1", "13", "swap", "joker"]},
    ],
}


def micro(label: str, fn: Callable[[Any], Any], states: list[Any], repeat: int = 5) -> float:
    """Best-of-`repeat` mean microseconds of fn over `states`."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for st in states:
            fn(st)
        best = min(best, (time.perf_counter() - t0) / len(states) * 1e6)
    print(f"  {label:<34s} {best:8.1f} µs")
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ismcts.pause_gc_during_searches()  # as in a Celery worker's pool process (companion/celery.py)
    print(f"python {platform.python_version()} on {platform.machine()}, one core, the cyclic GC "
          f"paused during searches as in a worker process")
    view = dog.view(dog.from_json(MIDGAME), 0)
    cfg = ismcts.resolve(dog, None)
    cut = "to the end of the round at most" if cfg.stop_at_table else "across rounds"
    print(f"search parameters for DOG: exploration {cfg.exploration}, playout "
          f"{cfg.playout_depth} plies ({cut}), "
          f"tree depth {cfg.tree_depth or 'unlimited'}, policy "
          f"{getattr(cfg.policy, '__name__', 'random_action')}, evaluation "
          f"{getattr(cfg.evaluate, '__name__', 'evaluate')}")
    rng = random.Random(args.seed)
    samples = [dog.determinize(view, 0, rng) for _ in range(200)]
    # the playout's states: a few plies on from each sample
    later = []
    for st in samples:
        for _ in range(2):
            if dog.to_move(st) < 0 or dog.is_terminal(st):
                break
            st = dog.apply(st, dog.random_action(st, rng))
        if dog.to_move(st) >= 0 and not dog.is_terminal(st):
            later.append(st)
    print(f"one step, on {len(samples)} determinizations of seat 0's view:")
    micro("determinize", lambda _: dog.determinize(view, 0, rng), samples)
    micro("legal_actions (memo cleared)", lambda st: (rules._PLAYS_MEMO.clear(),
                                                      moves._SEVEN_MEMO.clear(),
                                                      dog.legal_actions(st)), later)
    micro("legal_actions (board remembered)", dog.legal_actions, later)
    micro("random_action", lambda st: dog.random_action(st, rng), later)
    if cfg.policy is not None:
        policy = cfg.policy
        micro("playout policy (memos cleared)", lambda st: (rules._PLAYS_MEMO.clear(),
                                                           moves._SEVEN_MEMO.clear(),
                                                           bots._BEST_MEMO.clear(),
                                                           policy(dog, st, rng)), later)
        micro("playout policy (board remembered)", lambda st: policy(dog, st, rng), later)
    acts = [(st, dog.random_action(st, rng)) for st in later]
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for st, a in acts:
            dog.apply(st, a)
        best = min(best, (time.perf_counter() - t0) / len(acts) * 1e6)
    print(f"  {'apply':<34s} {best:8.1f} µs")
    evaluate = cfg.evaluate
    if evaluate is not None:
        micro("leaf evaluation", lambda st: evaluate(dog, st), later)
    micro("engine evaluate", dog.evaluate, later)

    ismcts.search(dog, view, 0, iterations=200, seed=args.seed)  # warm up
    generic = ismcts.Config(exploration=0.7, playout_depth=8, tree_depth=0, policy_first=False,
                            policy=lambda g, st, r: g.random_action(st, r),
                            evaluate=lambda g, st: g.evaluate(st))
    light = []
    for r in range(args.repeats):
        result = ismcts.search(dog, view, 0, iterations=args.iterations, seed=args.seed + r,
                               config=generic)
        light.append(result.iterations / result.elapsed)
    print(f"generic parameters (8 random plies, the engine's evaluate — the kind of iteration "
          f"of the first version): {max(light):.0f} iterations/s (best of {args.repeats})")
    runs = []
    for r in range(args.repeats):
        c0 = time.process_time()
        result = ismcts.search(dog, view, 0, iterations=args.iterations, seed=args.seed + r)
        cpu = time.process_time() - c0
        runs.append((result.iterations / result.elapsed, result.iterations / cpu, result))
        best_text = dog.format_action(view, result.best.action) if result.best else "-"
        print(f"run {r + 1}: {result.iterations} iterations in {result.elapsed:.2f} s = "
              f"{runs[-1][0]:.0f}/s wall, {runs[-1][1]:.0f}/s CPU; best {best_text} "
              f"({result.best.share:.0%} of visits, value {result.best.value:.3f})"
              if result.best else "")
    wall = max(r[0] for r in runs)
    print(f"iterations_per_s={wall:.1f}")


if __name__ == "__main__":
    main()
