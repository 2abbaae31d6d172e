"""The two engine paths at equal CPU (issue #31): the compiled path's search against the pure one's.

    .venv/bin/python bench/arena_paths.py [--budget-ms B] [--rounds R] [--repeats K]
                                          [--measure hint|game] [--positions P]
                                          [--games G] [--seed S] [--jobs J] [--scale F]
                                          [--first I] [--quiet]
    .venv/bin/python bench/arena_paths.py --games 40                 # the whole match: hours
    .venv/bin/python bench/arena_paths.py --games 6 --scale 0.05     # a quick check: minutes
    .venv/bin/python bench/arena_paths.py --iterations 6262,5081 --games 20 --first 20
                                                        # a match in parts, measured once

First, the iterations a DOG hint makes in `--budget-ms` (1,500, a hint's budget) of CPU time
of the searching thread on each engine path: the script runs itself in child processes, one
per path and round (`COMPANION_PURE=1`, `COMPANION_REQUIRE_COMPILED=1`, as
bench/advisor_speed.py does), `--rounds` of them with the order alternated; each child makes
`--repeats` hint searches of bench/advisor_speed.py's position (`MIDGAME`, seat 0, the
parameters measured for DOG, the cyclic GC paused as in a worker process): the same searches
as advisor_speed's hint figure. N_compiled and N_pure are the most iterations a search made
on that path. Beside it, as a check of that one position: the CPU time per iteration over the
positions of a game (`--positions` decisions of a seeded game between two heuristic teams,
every 10th with more than one legal play, a `--position-iterations` search on each; the best
of the child runs) and the iterations that gives in `--budget-ms`. `--measure game` plays
the match with those counts instead (the positions a match meets, not the hint's position).

Then a match in the arena (companion/advisor/arena.py; DOG, 4 seats in two teams, partners
the same bot, sides alternated from game to game): bot A = ``ismcts:iters=N_compiled`` against
bot B = ``ismcts:iters=N_pure``, both the search a hint runs (DOG's measured parameters).
`--scale F` multiplies both counts (0.05 makes a match affordable: it is then the same ratio
at a twentieth of the iterations, not the hint's strength; the output says so).

Why this is the match at equal CPU: both paths run the same search. The engine paths give
the same answers (tests/engines/test_engine_paths.py holds the compiled move generators to
moves.py and seeded games with `legal_actions`, `random_action` and a determinization at
every decision to each other; tests/advisor/test_compiled_search.py the compiled playout and
search tree to ismcts.py's; docs/advisor.md, "The compiled engine core"), so the same seed
and iteration count make the same choices with the same visits and values on both; each
child checks that here too (a fixed `--check-iterations` search of the hint's position and
the searches of the game's positions, whose root statistics must be the same on both paths,
or the script stops). So a search of N_compiled iterations is what
the compiled path does in B ms of CPU and N_pure what the pure path does, and the match itself
can run on either path (it runs on the one this process runs; its results are the same on
both): A is the compiled path's hint, B the pure path's. Its win rate is the strength the
compiled path's extra iterations buy: at least 0.5 (the interval's lower end below 0.5 means
the games cannot tell them apart). The iterations are measured on one position; a position
with more or fewer plays costs both paths more or less per iteration, not alike (the
compiled 7 and joker gain most): the game's positions are printed beside it for that.

Cost: about 110 searches per side and game (a decision with one legal play is not searched);
at full scale A's search takes about the hint's CPU time on the compiled path (1.5 s or a
little more: the positions differ) and B's that divided by the ratio: 4-6 minutes a game (40
games: 3-4 hours with one job; at `--scale 0.05` 15-20 s a game). Every
game has its own seed (`arena.game_seed`), so `--first` and `--iterations` play a match in
parts that add up to the whole.

Printed: each path's measurements, one line per game, A's win rate with its 95 % Wilson
interval (an unfinished game counts half), the searches' figures, and the last line
``iterations_compiled=<int> iterations_pure=<int> ratio=<float> game_ratio=<float>
measure=hint|game scale=<float>
iters_a=<int> iters_b=<int> win_rate=<float> ci_low=<float> ci_high=<float> games=<int>``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.advisor_speed import MIDGAME  # noqa: E402
from companion.advisor import ismcts  # noqa: E402
from companion.advisor.arena import GameResult, Match, wilson  # noqa: E402
from companion.advisor.bots import make_bot  # noqa: E402
from companion.engines import TABLE, get_game  # noqa: E402
from companion.engines.kit import accel  # noqa: E402

#: the engine paths, each run in child processes (`accel.child_environment`)
PATHS = ("pure", "compiled")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget-ms", type=float, default=1500.0,
                        help="a hint's CPU time per search (ms)")
    parser.add_argument("--rounds", type=int, default=2, help="child runs per path")
    parser.add_argument("--repeats", type=int, default=3, help="hint searches per child run")
    parser.add_argument("--check-iterations", type=int, default=300,
                        help="iterations of the search compared between the paths")
    parser.add_argument("--positions", type=int, default=16,
                        help="a game's positions for the per-iteration CPU time")
    parser.add_argument("--position-iterations", type=int, default=500,
                        help="iterations of the search on each of those positions")
    parser.add_argument("--measure", choices=("hint", "game"), default="hint",
                        help="the match's counts: the hint's position or the game's")
    parser.add_argument("--iterations", default=None, metavar="COMPILED,PURE",
                        help="skip the measurement: these counts (an earlier run's)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="parallel processes of the match")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiplies both iteration counts (0.05: a quick match)")
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    parser.add_argument("--measure-this", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure_this:
        measure_this(args)
        return 0
    if args.iterations:
        compiled, pure = (int(n) for n in args.iterations.split(","))
        game_ratio = float("nan")
        print(f"iterations given: {compiled} on the compiled path, {pure} on the pure one "
              f"(not measured in this run)")
    else:
        compiled, pure, game_ratio = measure_both(args)
    return play_match(args, compiled, pure, game_ratio)


# -- the measurement ----------------------------------------------------------------------------
def game_positions(seed: int, count: int) -> list[tuple[Any, int]]:
    """(view, seat) at every 10th decision with more than one legal play of a seeded game
    between two heuristic teams (the same on both paths), the first `count`."""
    dog = get_game("dog")
    rng = random.Random(seed)
    state = dog.start({"seats": 4}, rng)
    bot = make_bot("heuristic", dog)
    out: list[tuple[Any, int]] = []
    decision = 0
    while not dog.is_terminal(state) and len(out) < count:
        seat = dog.to_move(state)
        if seat == TABLE:
            state = dog.apply(state, dog.sample_chance(state, rng))
            continue
        view = dog.view(state, seat)
        if decision % 10 == 0 and len(dog.legal_actions(view)) > 1:
            out.append((view, seat))
        decision += 1
        state = dog.apply(state, bot.choose(dog, state, seat, rng))
    return out


def _root(view: Any, result: ismcts.SearchResult) -> list[Any]:
    """A search's root statistics, for the digest that both paths must share."""
    dog = get_game("dog")
    return [result.iterations, *([dog.format_action(view, c.action), c.visits, repr(c.value)]
                                 for c in result.choices)]


def measure_this(args: argparse.Namespace) -> None:
    """Child: the hint searches of bench/advisor_speed.py on the path this process runs, the
    CPU time per iteration on a game's positions, and the digest of the fixed searches. Last
    line: ``hint_iterations=<int> us_per_iteration=<float> digest=<hex>``."""
    dog = get_game("dog")
    ismcts.pause_gc_during_searches()  # as in a worker process, and as advisor_speed does
    view = dog.view(dog.from_json(MIDGAME), 0)
    ismcts.search(dog, view, 0, iterations=200, seed=args.seed)  # warm up
    fixed = ismcts.search(dog, view, 0, iterations=args.check_iterations, seed=args.seed)
    roots = [_root(view, fixed)]
    best = fixed.best
    cpu = 0.0
    iterations = 0
    for pos_view, seat in game_positions(args.seed, args.positions):
        c0 = time.thread_time()
        result = ismcts.search(dog, pos_view, seat, iterations=args.position_iterations,
                               seed=args.seed)
        cpu += time.thread_time() - c0
        iterations += result.iterations
        roots.append(_root(pos_view, result))
    per_iteration = cpu / max(iterations, 1) * 1e6
    digest = hashlib.sha256(json.dumps(roots).encode()).hexdigest()[:16]
    hints = []
    for r in range(args.repeats):
        result = ismcts.search(dog, view, 0, budget_ms=args.budget_ms, seed=args.seed + r,
                               clock=time.thread_time)
        hints.append(result.iterations)
    best_text = f"{dog.format_action(view, best.action)} ({best.visits} visits)" if best else "-"
    print(f"{accel.describe()}; {args.check_iterations} iterations, seed {args.seed}: best "
          f"{best_text}; {len(roots) - 1} game positions: {per_iteration:.0f} µs of CPU per "
          f"iteration; digest {digest}; hints of {args.budget_ms:.0f} ms CPU: "
          f"{', '.join(map(str, hints))} iterations")
    print(f"hint_iterations={max(hints)} us_per_iteration={per_iteration:.2f} digest={digest}")


def measure_both(args: argparse.Namespace) -> tuple[int, int, float]:
    """Each path in child processes, alternated: (N_compiled, N_pure, the ratio of the CPU
    time per iteration on the game's positions), the best of each path's runs; N_compiled and
    N_pure are the game positions' counts with `--measure game`."""
    missing = [name for name in (*accel.COMPILED_MODULES, *accel.ACCELERATORS)
               if not accel.built(name)]
    if missing:
        sys.exit(f"not compiled from the current source: {', '.join(missing)} (make install "
                 f"builds them): no compiled path to compare")
    print(f"== iterations of a {args.budget_ms:.0f} ms hint (CPU time), {args.rounds} child "
          f"runs per path, alternated, {args.repeats} searches each ==", flush=True)
    hints: dict[str, list[int]] = {name: [] for name in PATHS}
    per_iteration: dict[str, list[float]] = {name: [] for name in PATHS}
    digests: dict[str, set[str]] = {name: set() for name in PATHS}
    for r in range(args.rounds):
        order = list(PATHS) if r % 2 == 0 else list(reversed(PATHS))
        for name in order:
            env = accel.child_environment(name)
            done = subprocess.run(
                [sys.executable, __file__, "--measure-this", "--budget-ms", str(args.budget_ms),
                 "--repeats", str(args.repeats), "--seed", str(args.seed),
                 "--check-iterations", str(args.check_iterations), "--positions",
                 str(args.positions), "--position-iterations", str(args.position_iterations)],
                env=env, capture_output=True, text=True, check=True)
            lines = done.stdout.strip().splitlines()
            figures = dict(part.split("=") for part in lines[-1].split())
            hints[name].append(int(figures["hint_iterations"]))
            per_iteration[name].append(float(figures["us_per_iteration"]))
            digests[name].add(figures["digest"])
            print(f"  {name:<9} round {r + 1}: {lines[-2]}", flush=True)
    if len(digests["pure"] | digests["compiled"]) != 1:
        sys.exit(f"the paths' searches differ ({digests}): the same iteration count is not the "
                 f"same search, the match would not be at equal CPU")
    compiled, pure = max(hints["compiled"]), max(hints["pure"])
    us_compiled, us_pure = min(per_iteration["compiled"]), min(per_iteration["pure"])
    game_compiled = round(args.budget_ms * 1000 / us_compiled)
    game_pure = round(args.budget_ms * 1000 / us_pure)
    print(f"  the same searches on both paths (the same root visits and values, digest "
          f"{digests['pure'].pop()})")
    print(f"  hint's position: N_compiled = {compiled}, N_pure = {pure} iterations in "
          f"{args.budget_ms:.0f} ms (best of {args.rounds} x {args.repeats}): "
          f"{compiled / pure:.2f}x")
    print(f"  a game's positions: {us_compiled:.0f} and {us_pure:.0f} µs of CPU per iteration "
          f"(best of {args.rounds}), {game_compiled} and {game_pure} iterations in "
          f"{args.budget_ms:.0f} ms: {us_pure / us_compiled:.2f}x", flush=True)
    if args.measure == "game":
        return game_compiled, game_pure, us_pure / us_compiled
    return compiled, pure, us_pure / us_compiled


# -- the match ----------------------------------------------------------------------------------
def play_match(args: argparse.Namespace, compiled: int, pure: int, game_ratio: float) -> int:
    iters_a = max(1, round(compiled * args.scale))
    iters_b = max(1, round(pure * args.scale))
    spec_a, spec_b = f"ismcts:iters={iters_a}", f"ismcts:iters={iters_b}"
    game = get_game("dog")
    make_bot(spec_a, game)  # fail early on a bad spec
    source = "the hint's position" if args.measure == "hint" else "a game's positions"
    scaled = (f"the counts of {source} scaled by {args.scale:g} (the same ratio, not the "
              f"hint's strength)" if args.scale != 1.0 else f"the counts of {source}")
    print(f"== arena dog, 4 seats in teams: A = {spec_a} (the compiled path's hint) vs "
          f"B = {spec_b} (the pure path's), {scaled}; {args.games} games, seed {args.seed}, "
          f"{max(1, args.jobs)} jobs; the match runs on {accel.describe()} ==", flush=True)
    if args.jobs <= 1:
        ismcts.pause_gc_during_searches()  # speed only: the choices do not depend on it
    match = Match("dog", spec_a, spec_b, args.games, args.seed, max(1, args.jobs),
                  {"seats": 4}, first=args.first)
    started = time.perf_counter()
    results: list[GameResult] = []
    score = 0.0
    for res in match.run():
        results.append(res)
        score += res.score_a
        if not args.quiet:
            lo, hi = wilson(score, len(results))
            outcome = {1.0: "A won", 0.0: "B won", 0.5: "unfinished"}[res.score_a]
            print(f"game {res.index:4d}: {outcome:10s} (A side {res.a_side}) {res.actions:4d} "
                  f"moves {res.rounds:3d} rounds | A {score:g}/{len(results)} = "
                  f"{score / len(results):.3f} [{lo:.3f}, {hi:.3f}] | "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
    done = len(results)
    lo, hi = wilson(score, done)
    rate = score / done if done else 0.0
    print(f"A (compiled path's hint, {iters_a} iterations): {score:g} wins of {done} games; "
          f"B (pure path's hint, {iters_b} iterations): {done - score:g}")
    print(f"win rate of A {rate:.3f}, 95 % interval [{lo:.3f}, {hi:.3f}] (Wilson)")
    for name, key, secs in (("A", "searches_a", "seconds_a"), ("B", "searches_b", "seconds_b")):
        searches = sum(getattr(r, key).get("searches", 0) for r in results)
        its = sum(getattr(r, key).get("iterations", 0) for r in results)
        seconds = sum(getattr(r, secs) for r in results)
        if searches:
            print(f"  {name}: {searches:.0f} searches of {its / searches:.0f} iterations, "
                  f"{seconds / searches:.2f} s each (wall, on this process's path)")
    print(f"iterations_compiled={compiled} iterations_pure={pure} ratio={compiled / pure:.3f} "
          f"game_ratio={game_ratio:.3f} measure={args.measure} scale={args.scale:g} "
          f"iters_a={iters_a} iters_b={iters_b} win_rate={rate:.4f} ci_low={lo:.4f} "
          f"ci_high={hi:.4f} games={done}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
