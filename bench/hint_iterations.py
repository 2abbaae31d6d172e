"""Iterations of a hint in Life is Life and HIT (and DOG), now and at another git revision, in
one run (issue #39).

    .venv/bin/python bench/hint_iterations.py [--games lifeislife,hit] [--baseline REV]
                                              [--budget-ms 1500] [--rounds 3] [--positions 4]

For each game, `--positions` decisions of a seeded random game (4 players for Life is Life, 2
for HIT and 4 for DOG; the decision after every few random actions) are searched as a hint
searches them (`ismcts.search` with the game's registered parameters, on the mover's view) for
`--budget-ms` of CPU time of the searching thread; the figure is the mean over the positions of
each position's most iterations over `--rounds` rounds. The code of `--baseline REV` (e.g. the
commit before an optimisation) runs in a child process from a `git archive` of that revision
(pure Python: the compiled core is not built there, so compare Life is Life and HIT, whose
engines have no compiled modules; DOG only with `COMPANION_PURE=1` here), and the code of the
working tree in another child, this machine's path; the two children alternate round by
round. Without `--baseline` only the working tree is measured. `--baseline-tree DIR` takes a
checkout of the baseline instead (e.g. `git worktree add --detach /tmp/base REV`) whose
compiled core was built in place (`python setup.py build_ext --inplace` with this Python,
setuptools and Cython): its child runs that code as it is, compiled where its stamps say so —
DOG's compiled path before and after a change in one run (issue #39).

The last line is machine-readable: <game>_now=<float> [<game>_baseline=<float>
<game>_ratio=<float>] per game.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

PLAYERS = {"lifeislife": 4, "hit": 2, "dog": 4}


def child(games: list[str], budget_ms: float, positions: int) -> dict[str, list[int]]:
    """Iterations of a hint on each position of each game (runs in the child)."""
    import random

    from companion.advisor import ismcts
    from companion.engines import TABLE, get_game

    out: dict[str, list[int]] = {}
    for name in games:
        game = get_game(name)
        rng = random.Random(7)
        state = game.new_game({"seats": PLAYERS[name]})
        found: list[tuple[Any, int]] = []
        step = 0
        while len(found) < positions and not game.is_terminal(state):
            mover = game.to_move(state)
            if mover == TABLE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            step += 1
            if step % 5 == 3:
                found.append((game.view(state, mover), mover))
            state = game.apply(state, game.random_action(state, rng))
        out[name] = [ismcts.search(game, view, seat, budget_ms=budget_ms, seed=i,
                                   clock=time.thread_time).iterations
                     for i, (view, seat) in enumerate(found)]
    return out


def _export(revision: str) -> Path:
    """The repository at `revision`, unpacked in a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="companion-"))
    archive = folder / "src.tar"
    subprocess.run(["git", "archive", "--format=tar", "-o", str(archive), revision],
                   cwd=ROOT, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(folder / "src", filter="data")
    return folder / "src"


def _describe(tree: Path) -> str:
    """The commit a checkout is at (its short hash), for the table's heading."""
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=tree, capture_output=True,
                          text=True, check=False)
    return done.stdout.strip() or str(tree)


def _run(code_root: Path, games: list[str], budget_ms: float, positions: int) -> dict[str, Any]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", str(code_root),
           "--games", ",".join(games), "--budget-ms", str(budget_ms),
           "--positions", str(positions)]
    done = subprocess.run(cmd, cwd=code_root, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the child on {code_root} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", default="lifeislife,hit")
    p.add_argument("--baseline", default=None, metavar="REV")
    p.add_argument("--baseline-tree", default=None, metavar="DIR",
                   help="a built checkout of the baseline (instead of --baseline's archive)")
    p.add_argument("--budget-ms", type=float, default=1500.0)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--positions", type=int, default=4)
    p.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = p.parse_args()
    games = args.games.split(",")
    if args.child:
        sys.path.insert(0, args.child)
        import companion

        where = Path(companion.__file__).resolve().parents[1]
        if where != Path(args.child).resolve():
            raise SystemExit(f"the child imported the code of {where}, not {args.child}")
        result: dict[str, Any] = child(games, args.budget_ms, args.positions)
        from companion.engines.kit import accel

        result["_path"] = accel.describe()  # which engine path this code ran
        print(json.dumps(result))
        return
    trees = {"now": ROOT}
    if args.baseline_tree:
        trees["baseline"] = Path(args.baseline_tree).resolve()
        args.baseline = args.baseline or _describe(trees["baseline"])
    elif args.baseline:
        trees["baseline"] = _export(args.baseline)
    best: dict[str, dict[str, list[int]]] = {k: {} for k in trees}
    paths: dict[str, str] = {}
    for r in range(args.rounds):
        order = list(trees.items())
        if r % 2:
            order.reverse()
        for key, tree in order:
            res = _run(tree, games, args.budget_ms, args.positions)
            paths[key] = res.pop("_path", "?")
            for name, its in res.items():
                prev = best[key].get(name)
                best[key][name] = its if prev is None else [max(a, b) for a, b in zip(prev, its,
                                                                                     strict=True)]
        print(f"  round {r + 1} done", flush=True)
    for key, path in paths.items():
        print(f"  {key}: {path}")
    print(f"hint of {args.budget_ms:.0f} ms CPU time, {args.positions} positions per game, "
          f"best of {args.rounds} rounds per position:")
    last = []
    for name in games:
        now = best["now"][name]
        mean_now = sum(now) / len(now)
        row = f"  {name:<11} now {mean_now:8.0f} ({', '.join(map(str, now))})"
        last.append(f"{name}_now={mean_now:.1f}")
        if "baseline" in best:
            base = best["baseline"][name]
            mean_base = sum(base) / len(base)
            row += (f"  at {args.baseline} {mean_base:8.0f} ({', '.join(map(str, base))})  "
                    f"ratio {mean_now / mean_base:.2f}x")
            last.append(f"{name}_baseline={mean_base:.1f} {name}_ratio={mean_now / mean_base:.2f}")
        print(row)
    print(" ".join(last))


if __name__ == "__main__":
    main()
