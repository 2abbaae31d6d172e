"""DOG's plays and the board after each, on both engine paths (issue #39): libdog's own work.

    .venv/bin/python bench/dog_boards.py [--positions N] [--seed S] [--rounds R]

For each of `--positions` (10,000) random-play positions (every decision of the seat to move
in seeded random 4-seat games, in order: bench/engine_speed.py's `dog_positions`) and each of
the 14 cards: every legal play of the card by the seat to move and the whole state after each
of them, from scratch (the memo of the 7s cleared before each card). Three ways, each in its
own child process, the same positions and cards:

- **pure**: the pure-Python engine (`COMPANION_PURE=1`): `moves.plays_for(Ctx(...), card)`,
  then `rules.apply(state, play)` for each: a `DogAction` and a `DogState` per play;
- **compiled engine**: the same calls on the compiled engine (`COMPANION_REQUIRE_COMPILED=1`;
  what issue #39 measured as "compiled", 40.5 µs against libdog's 6.35);
- **compiled state**: `_state.DogBoard` (issue #39), in the same child as the compiled engine,
  the two alternated card by card: the position loaded once (its time counted, spread over
  its 14 cards), then `board.generate(card)`: the plays and the state after each in C arrays,
  as libdog keeps its boards (`action(i)`, `board(i)`, `to_state()` convert one at the
  boundary; not timed).

Times are CPU time of the thread (the figures of a busy machine), µs per position and card:
per card and the mean; each figure the minimum over `--rounds` rounds (3), the children's
order alternated round by round. The compiled child first checks, on every 20th position, that
the compiled state's plays and states are the engine's (`rules.apply`).

The last line is machine-readable: boards_pure_us=<float> boards_engine_us=<float>
boards_state_us=<float> ratio=<pure / compiled state>
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.engines.kit import accel  # noqa: E402

#: libdog's mean per position and card (issue #39's table: C++, measured there in one run with
#: the compiled engine's 40.5 µs and the pure Python's 69.4 µs)
LIBDOG_US = 6.35


def _engine_pass(positions: list[Any], card: int) -> float:
    """µs per position: the engine's plays of `card` and `rules.apply` of each."""
    from companion.games.dog.engine import moves, rules

    ctx_of, plays_for, memo, apply = moves.Ctx, moves.plays_for, moves._SEVEN_MEMO, rules.apply
    clock = time.thread_time
    t0 = clock()
    for st in positions:
        memo.clear()
        for action in plays_for(ctx_of(st, st.turn), card):
            apply(st, action)
    return (clock() - t0) / len(positions) * 1e6


def _state_pass(boards: list[Any], card: int) -> float:
    """µs per position: the compiled state's plays of `card` and the board after each."""
    from companion.games.dog.engine import moves

    memo = moves._SEVEN_MEMO
    out = boards[0].generate(card).__class__()  # one `Plays` for the pass, reused
    clock = time.thread_time
    t0 = clock()
    for board in boards:
        memo.clear()
        board.generate(card, out)
    return (clock() - t0) / len(boards) * 1e6


def _check(module: Any, positions: list[Any]) -> None:
    from companion.games.dog.engine import moves, rules
    from companion.games.dog.engine.cards import KINDS

    for st in positions[::20]:
        board = module.DogBoard.load(st)
        for card in KINDS:
            moves._SEVEN_MEMO.clear()
            plays = moves.plays_for(moves.Ctx(st, st.turn), card)
            out = board.generate(card)
            if out.actions() != plays or any(
                    out.board(i).to_state() != rules.apply(st, a) for i, a in enumerate(plays)):
                raise AssertionError(f"the compiled state differs: card {card} in {st}")


def child(path: str, n: int, seed: int) -> dict[str, Any]:
    """One round of one path: {"engine": {card: µs}, "state": {card: µs}, "load": µs}."""
    from engine_speed import dog_positions

    from companion.games.dog.engine.cards import KINDS

    positions = dog_positions(n, seed)
    out: dict[str, Any] = {"path": accel.status()["path"], "engine": {}}
    if path == "pure":
        for card in KINDS:
            out["engine"][card] = _engine_pass(positions, card)
        return out
    module = accel.accelerator("companion.games.dog.engine._state")
    assert module is not None
    _check(module, positions)
    clock = time.thread_time
    t0 = clock()
    boards = [module.DogBoard.load(st) for st in positions]
    out["load"] = (clock() - t0) / len(positions) * 1e6
    out["state"] = {}
    for i, card in enumerate(KINDS):
        order = ("engine", "state") if i % 2 else ("state", "engine")
        for way in order:
            if way == "engine":
                out["engine"][card] = _engine_pass(positions, card)
            else:
                out["state"][card] = _state_pass(boards, card)
    return out


def _run(path: str, n: int, seed: int) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--child", path, "--positions", str(n), "--seed", str(seed)],
        cwd=ROOT, env=accel.child_environment(path), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the {path} child failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if result["path"] != path:
        raise SystemExit(f"the {path} child ran the {result['path']} path")
    return result


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--child", choices=("pure", "compiled"), help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.positions, args.seed)))
        return
    from companion.games.dog.engine.cards import KINDS, TOKEN

    compiled = accel.built("companion.games.dog.engine._state") and all(
        accel.built(m) for m in accel.COMPILED_MODULES)
    print(f"python {platform.python_version()} on {platform.machine()}; {accel.describe()}")
    print(f"{args.positions} random-play positions x 14 cards: the plays and the state after "
          f"each, µs per position and card (CPU time, min of {args.rounds} rounds, paths in "
          f"alternated child processes)")
    best: dict[str, dict[int, float]] = {"pure": {}, "engine": {}, "state": {}}
    load = float("inf")
    for r in range(args.rounds):
        paths = ["pure", "compiled"] if compiled else ["pure"]
        if r % 2:
            paths.reverse()
        for path in paths:
            res = _run(path, args.positions, args.seed)
            key = "pure" if path == "pure" else "engine"
            for card, us in res["engine"].items():
                best[key][int(card)] = min(best[key].get(int(card), us), us)
            for card, us in res.get("state", {}).items():
                best["state"][int(card)] = min(best["state"].get(int(card), us), us)
            if "load" in res:
                load = min(load, res["load"])
        print(f"  round {r + 1} done", flush=True)
    pure = sum(best["pure"].values()) / len(KINDS)
    if not compiled:
        print(f"  mean {pure:.2f} µs (no compiled core: pure Python only)")
        print(f"boards_pure_us={pure:.2f} boards_engine_us=nan boards_state_us=nan ratio=nan")
        return
    engine = sum(best["engine"].values()) / len(KINDS)
    state = (sum(best["state"].values()) + load) / len(KINDS)
    print("   card     pure  compiled engine  compiled state   pure/engine  pure/state")
    for card in KINDS:
        a, b, c = best["pure"][card], best["engine"][card], best["state"][card]
        print(f"  {TOKEN[card]:>5} {a:8.2f}  {b:15.2f}  {c:14.2f}  {a / b:11.2f}x "
              f"{a / c:10.2f}x")
    print(f"  load of a position into the compiled state: {load:.2f} µs (once for its 14 "
          f"cards, in the mean below)")
    print(f"   mean {pure:8.2f}  {engine:15.2f}  {state:14.2f}  {pure / engine:11.2f}x "
          f"{pure / state:10.2f}x")
    print(f"against libdog's {LIBDOG_US} µs (issue #39, another run: pure 69.4, compiled "
          f"engine 40.5 there): this run's compiled state at the pure/libdog ratio of there "
          f"would be {state * 69.4 / pure / LIBDOG_US:.2f}x libdog's time")
    print(f"boards_pure_us={pure:.2f} boards_engine_us={engine:.2f} boards_state_us={state:.2f} "
          f"ratio={pure / state:.2f}")


if __name__ == "__main__":
    main()
