"""Advisor speed: ISMCTS iterations per second on a DOG mid-game position, one core.

    .venv/bin/python bench/advisor_speed.py [--iterations N] [--repeats R] [--seed S]
                                            [--rounds K] [--budget-ms B] [--paths both|this]

Both engine paths in one run (issue #31): the script runs itself once per path in a child
process (`COMPANION_PURE=1`, then `COMPANION_REQUIRE_COMPILED=1` when the compiled core is
built), `--rounds` times, the order alternated, and prints each path's figures and the ratio.
`--paths this` measures the path this process runs only.

The position (`MIDGAME`) comes from a game between two heuristic teams (seed 2026, the first
decision of seat 0 in round 5 with four of its six cards left): seat 0 holds 4 6 7 8, two of
its figures are on the track, seat 1 has folded this round, nine face-down groups lie on the
pile since the last reshuffle (each with what it proves), 15 legal plays. The search is the
one the web app runs (`ismcts.search` with the parameters measured for DOG), on seat 0's
view, `--iterations` per run; the figure is the best of `--repeats` runs (wall clock — the
process is single-threaded; a busy machine lowers it, the CPU-time figure printed beside it
is less sensitive to that).

Before it: the cost of each step of an iteration on 200 determinizations of that view
(determinize, legal_actions, random_action, the playout policy, apply, the leaf evaluation,
a whole playout with its evaluation as ismcts' loop runs it and, on the compiled path, as the
compiled playout runs it: `companion/games/dog/_playout.pyx`).

For comparison the same position is searched with the generic parameters (8 plies of the
engine's `random_action`, the engine's `evaluate`: the iteration of the first version and of
OpenSpiel's ISMCTS), then with the DOG parameters (12 plies of the greedy playout policy, the
calibrated evaluation, policy-first expansion): the measured figure.

Last, the hint: searches of `--budget-ms` (1,500, a hint's budget) of CPU time of the
searching thread (not wall time: a busy machine would lower both paths at random), `--repeats`
of them; the figure is the most iterations one of them made. Then six decisions of a random
game's first rounds (the exchange among them) searched for a third of that each: there a
playout is cheap on both paths and the tree's own engine calls weigh more.

The last line is machine-readable, for the DOG parameters: iterations_per_s=<float>
hint_iterations=<int> (both paths: the compiled path's, or the pure one's when there is no
compiled core, then iterations_per_s_pure=<float> hint_iterations_pure=<int> hint_ratio=<float>
early_ratio=<float>)
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.advisor import bots, ismcts  # noqa: E402
from companion.engines import TABLE, get_game  # noqa: E402
from companion.engines.kit import accel  # noqa: E402
from companion.games.dog.engine import moves, rules  # noqa: E402

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
    parser.add_argument("--rounds", type=int, default=2, help="child runs per path")
    parser.add_argument("--budget-ms", type=float, default=1500.0)
    parser.add_argument("--paths", choices=("both", "this"), default="both")
    args = parser.parse_args()
    if args.paths == "both":
        both_paths(args)
    else:
        this_path(args)


def _figures(last_line: str) -> dict[str, float]:
    return {k: float(v) for k, v in (part.split("=") for part in last_line.split())}


def both_paths(args: argparse.Namespace) -> None:
    """Each path in child processes, alternated; their figures and the ratio."""
    paths = ["pure"]
    if all(accel.built(name) for name in (*accel.COMPILED_MODULES, *accel.ACCELERATORS)):
        paths.append("compiled")
    figures: dict[str, list[dict[str, float]]] = {name: [] for name in paths}
    for r in range(args.rounds):
        order = paths if r % 2 == 0 else list(reversed(paths))
        for name in order:
            env = accel.child_environment(name)
            done = subprocess.run(
                [sys.executable, __file__, "--paths", "this", "--iterations",
                 str(args.iterations), "--repeats", str(args.repeats), "--seed", str(args.seed),
                 "--budget-ms", str(args.budget_ms)],
                env=env, capture_output=True, text=True, check=True)
            lines = done.stdout.strip().splitlines()
            if r < 2:
                print(f"== {name} path, round {r + 1} ==")
                print("\n".join(lines[:-1]))
            figures[name].append(_figures(lines[-1]))
    best = {name: (max(f["iterations_per_s"] for f in runs),
                   max(f["hint_iterations"] for f in runs)) for name, runs in figures.items()}
    early = {name: max(f["early_iterations"] for f in runs) for name, runs in figures.items()}
    print(f"== summary, {args.rounds} child runs per path, alternated ==")
    for name, (rate, hint) in best.items():
        print(f"  {name:<9} {rate:8.0f} iterations/s wall, {hint:6.0f} iterations in a "
              f"{args.budget_ms:.0f} ms hint (CPU time)")
    for name, value in early.items():
        print(f"  {name:<9} {value:8.0f} iterations in an early-game search of "
              f"{args.budget_ms / 3:.0f} ms (CPU time, mean of six decisions)")
    pure_rate, pure_hint = best["pure"]
    if "compiled" in best:
        rate, hint = best["compiled"]
        print(f"  compiled / pure: {rate / pure_rate:.2f}x iterations/s, "
              f"{hint / pure_hint:.2f}x iterations per hint, "
              f"{early['compiled'] / early['pure']:.2f}x in the early game")
        print(f"iterations_per_s={rate:.1f} hint_iterations={hint:.0f} "
              f"iterations_per_s_pure={pure_rate:.1f} hint_iterations_pure={pure_hint:.0f} "
              f"hint_ratio={hint / pure_hint:.2f} "
              f"early_ratio={early['compiled'] / early['pure']:.2f}")
    else:
        print("  (no compiled core here: pure Python only)")
        print(f"iterations_per_s={pure_rate:.1f} hint_iterations={pure_hint:.0f}")


def this_path(args: argparse.Namespace) -> None:
    ismcts.pause_gc_during_searches()  # as in a Celery worker's pool process (companion/celery.py)
    print(f"python {platform.python_version()} on {platform.machine()}, one core, the cyclic GC "
          f"paused during searches as in a worker process; {accel.describe()}")
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
    depth = cfg.playout_depth or 0

    def python_playout(st: Any) -> tuple[float, ...]:
        """ismcts' playout loop (to the table's next event), then the leaf's value"""
        for _ in range(depth):
            if dog.to_move(st) < 0 or dog.is_terminal(st):
                break
            st = dog.apply(st, policy(dog, st, rng))
        return dog.returns(st) if dog.is_terminal(st) else evaluate(dog, st)

    if cfg.policy is not None and evaluate is not None:
        micro(f"whole playout, Python ({depth} plies)", python_playout, later)
    if cfg.playout is not None:  # the compiled playout (games/dog/search.py: PLAYOUT)
        run = cfg.playout.run
        micro(f"whole playout, compiled ({depth} plies)", lambda st: run(st, depth, rng), later)

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
    hints = []
    for r in range(args.repeats):
        result = ismcts.search(dog, view, 0, budget_ms=args.budget_ms, seed=args.seed + r,
                               clock=time.thread_time)
        hints.append(result.iterations)
    print(f"hint of {args.budget_ms:.0f} ms CPU time: {', '.join(map(str, hints))} iterations")
    early = early_game_hints(args.budget_ms / 3)
    print(f"early game, {len(early)} decisions of a random game's first rounds, "
          f"{args.budget_ms / 3:.0f} ms CPU time each: mean {statistics.mean(early):.0f} "
          f"iterations")
    print(f"iterations_per_s={wall:.1f} hint_iterations={max(hints)} "
          f"early_iterations={statistics.mean(early):.1f}")


def early_game_hints(budget_ms: float) -> list[int]:
    """Iterations of searches on early positions (most figures in the kennels, the exchange
    among them), where a playout is cheap on both paths and the tree's own engine calls
    (determinize, apply, legal actions) weigh more: six decisions of a seeded random game."""
    rng = random.Random(3)
    state = dog.new_game({"seats": 4})
    positions = []
    for step in range(300):
        if dog.to_move(state) == TABLE:
            state = dog.apply(state, dog.sample_chance(state, rng))
            continue
        if step % 11 == 5:
            positions.append(state)
        state = dog.apply(state, dog.random_action(state, rng))
    return [ismcts.search(dog, st, dog.to_move(st), budget_ms=budget_ms, seed=i,
                          clock=time.thread_time).iterations
            for i, st in enumerate(positions[:6])]


if __name__ == "__main__":
    main()
