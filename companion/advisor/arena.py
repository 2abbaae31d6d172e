"""Arena: two bots play whole games against each other and the result is counted honestly.

    python -m companion.advisor.arena dog --a ismcts:ms=500 --b heuristic --games 200 --seed 1

Bot A takes one side (in DOG with 4 or 6 seats a side is a team: partners are the same bot),
bot B every other side. Game i puts A on side i mod (number of sides), so the advantage of the
seat that begins cancels out (with two sides: A begins in even games). With more than two
sides (DOG with 6 seats: three teams) an even match is a win rate of 1/sides, not 1/2.

Every game has its own seed, derived from `--seed` and the game's number, so a game plays the
same however many jobs run (with iteration budgets; a wall-clock budget depends on the
machine). The table's events (deals, draws) are sampled.

Printed: one line per finished game, then wins, the win rate of A with a 95 % Wilson
interval, decisions per second and search figures, and the last line
``win_rate=<float> ci_low=<float> ci_high=<float> games=<int>``. A game that exceeds
`--max-actions` counts as a draw (half a win).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from companion.engines import get_game
from companion.engines.base import TABLE, Game

from .bots import Bot, IsmctsBot, make_bot

__all__ = ["GameResult", "Match", "game_seed", "main", "play_game", "sides", "wilson"]


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion (draws count as half a win)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a match (independent of jobs and order)."""
    return random.Random(f"{seed}:{index}").getrandbits(63)


def sides(game: Game, state: Any) -> list[list[int]]:
    """The seats that play together: the game's teams (`score()["teams"]`) or each seat."""
    teams = None
    try:
        teams = game.score(state).get("teams")
    except Exception:  # a game without a team notion in its score
        teams = None
    n = game.num_seats(state)
    if teams and sum(len(t) for t in teams) == n:
        return [list(t) for t in teams]
    return [[s] for s in range(n)]


@dataclass
class GameResult:
    index: int
    a_side: int  # which side bot A took
    score_a: float  # 1 win, 0 loss, 0.5 unfinished
    actions: int  # decisions of seats (table events not counted)
    decisions_a: int
    decisions_b: int
    seconds_a: float
    seconds_b: float
    rounds: int
    searches_a: dict[str, float] = field(default_factory=dict)
    searches_b: dict[str, float] = field(default_factory=dict)


def play_game(game: Game, bot_a: Bot, bot_b: Bot, index: int, seed: int,
              config: dict[str, Any] | None = None, max_actions: int = 20_000) -> GameResult:
    """One game: A on side `index % sides`, B on every other side."""
    rng = random.Random(game_seed(seed, index))
    state = game.start(config, rng)
    groups = sides(game, state)
    a_side = index % len(groups)
    owner: dict[int, int] = {}  # seat → 0 (A) or 1 (B)
    for k, group in enumerate(groups):
        who = 0 if k == a_side else 1
        for s in group:
            owner[s] = who
    bots = (bot_a, bot_b)
    before = [dict(getattr(b, "totals", {})) for b in bots]
    decisions = [0, 0]
    seconds = [0.0, 0.0]
    actions = 0
    while not game.is_terminal(state) and actions < max_actions:
        mover = game.to_move(state)
        if mover == TABLE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        who = owner[mover]
        t0 = time.perf_counter()
        action = bots[who].choose(game, state, mover, rng)
        seconds[who] += time.perf_counter() - t0
        decisions[who] += 1
        state = game.apply(state, action)
        actions += 1
    if game.is_terminal(state):
        seat_a = next(s for s, w in owner.items() if w == 0)
        score_a = 1.0 if game.returns(state)[seat_a] >= 1.0 else 0.0
    else:
        score_a = 0.5
    after = [dict(getattr(b, "totals", {})) for b in bots]
    delta = [{k: after[i][k] - before[i].get(k, 0) for k in after[i]} for i in range(2)]
    rounds = int(game.score(state).get("round", 0)) + 1 if hasattr(game, "score") else 0
    return GameResult(index, a_side, score_a, actions, decisions[0], decisions[1], seconds[0],
                      seconds[1], rounds, delta[0], delta[1])


# -- parallel matches ---------------------------------------------------------------------------
_worker: dict[str, Any] = {}


def _init(game_name: str, spec_a: str, spec_b: str, seed: int,
          config: dict[str, Any] | None, max_actions: int) -> None:
    game = get_game(game_name)
    _worker.update(game=game, a=make_bot(spec_a, game), b=make_bot(spec_b, game), seed=seed,
                   config=config, max_actions=max_actions)


def _one(index: int) -> GameResult:
    w = _worker
    return play_game(w["game"], w["a"], w["b"], index, w["seed"], w["config"], w["max_actions"])


@dataclass
class Match:
    game: str
    a: str
    b: str
    games: int
    seed: int = 1
    jobs: int = 2
    config: dict[str, Any] | None = None
    max_actions: int = 20_000
    first: int = 0  # index of the first game (a long match can be played in parts)

    def run(self) -> Iterator[GameResult]:
        """The results as games finish (in parallel processes when jobs > 1)."""
        args = (self.game, self.a, self.b, self.seed, self.config, self.max_actions)
        if self.jobs <= 1:
            _init(*args)
            for i in range(self.first, self.first + self.games):
                yield _one(i)
            return
        # forkserver: forking a process that runs threads (a test process with the embedded
        # Celery worker, say) can deadlock the children; the server process has no threads.
        ctx = multiprocessing.get_context("forkserver" if sys.platform != "win32" else "spawn")
        with ctx.Pool(self.jobs, initializer=_init, initargs=args) as pool:
            yield from pool.imap_unordered(_one, range(self.first, self.first + self.games))


def _fmt_search(d: dict[str, float]) -> str:
    n = d.get("searches", 0)
    if not n:
        return ""
    its = d["iterations"]
    secs = d["seconds"] or 1e-9
    return (f"{int(n)} searches, {its / n:.0f} iterations each, {its / secs:.0f} iterations/s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.advisor.arena",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("game", help="dog")
    parser.add_argument("--a", required=True, help="bot A: random | heuristic | greedy | "
                        "ismcts:ms=500[,c=0.7,depth=8,table=1] | ismcts:iters=N")
    parser.add_argument("--b", required=True, help="bot B (same forms)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes")
    parser.add_argument("--seats", type=int, default=None, help="seats (DOG: 4 by default)")
    parser.add_argument("--max-actions", type=int, default=20_000)
    parser.add_argument("--first", type=int, default=0, help="index of the first game: a match "
                        "played in parts (games are seeded by index) adds up to the whole")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    make_bot(args.a, game)  # fail early on a bad spec
    make_bot(args.b, game)
    config = {"seats": args.seats} if args.seats else None
    match = Match(args.game, args.a, args.b, args.games, args.seed, max(1, args.jobs), config,
                  args.max_actions, args.first)
    print(f"arena {args.game}: A = {args.a}  vs  B = {args.b}; {args.games} games, seed "
          f"{args.seed}, {match.jobs} jobs"
          + (f", games {args.first}…{args.first + args.games - 1}" if args.first else ""),
          flush=True)
    started = time.perf_counter()
    score = 0.0
    done = 0
    actions = 0
    rounds = 0
    dec = [0, 0]
    secs = [0.0, 0.0]
    searches: list[dict[str, float]] = [{}, {}]
    by_side: dict[int, list[float]] = {}
    for r in match.run():
        done += 1
        score += r.score_a
        actions += r.actions
        rounds += r.rounds
        dec[0] += r.decisions_a
        dec[1] += r.decisions_b
        secs[0] += r.seconds_a
        secs[1] += r.seconds_b
        side = by_side.setdefault(r.a_side, [0.0, 0])
        side[0] += r.score_a
        side[1] += 1
        for i, d in enumerate((r.searches_a, r.searches_b)):
            for k, v in d.items():
                searches[i][k] = searches[i].get(k, 0) + v
        if not args.quiet:
            lo, hi = wilson(score, done)
            outcome = {1.0: "A won", 0.0: "B won", 0.5: "unfinished"}[r.score_a]
            print(f"game {r.index:4d}: {outcome:10s} (A side {r.a_side}) {r.actions:4d} moves "
                  f"{r.rounds:3d} rounds | A {score:g}/{done} = {score / done:.3f} "
                  f"[{lo:.3f}, {hi:.3f}] | {time.perf_counter() - started:.0f} s", flush=True)
    elapsed = time.perf_counter() - started
    lo, hi = wilson(score, done)
    rate = score / done if done else 0.0
    per_side = ", ".join(f"{w:g}/{n:g} on side {k}" for k, (w, n) in sorted(by_side.items()))
    print(f"A = {args.a}: {score:g} wins of {done} games ({per_side}); B = {args.b}: "
          f"{done - score:g} wins")
    print(f"win rate of A {rate:.3f}, 95 % interval [{lo:.3f}, {hi:.3f}] (Wilson)")
    print(f"{actions} moves in {elapsed:.1f} s: {actions / elapsed:.1f} moves/s overall "
          f"({actions / max(done, 1):.0f} moves, {rounds / max(done, 1):.1f} rounds per game); "
          f"A {dec[0] / max(secs[0], 1e-9):.1f} moves/s, B {dec[1] / max(secs[1], 1e-9):.1f} "
          f"moves/s of thinking")
    for name, d in ((args.a, searches[0]), (args.b, searches[1])):
        text = _fmt_search(d)
        if text:
            print(f"{name}: {text}")
    print(f"win_rate={rate:.4f} ci_low={lo:.4f} ci_high={hi:.4f} games={done}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

_ = IsmctsBot
