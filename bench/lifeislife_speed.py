"""Life is Life engine speed: random complete games per second on one core, and the time of
`legal_actions` and `determinize` at a typical decision.

    .venv/bin/python bench/lifeislife_speed.py [--games N] [--players P] [--seed S]

"Random" is `LifeGame.random_action`: one of the four rows or, when allowed, knocking, chosen
uniformly (so a knock one time in five), then uniformly as many of the hand's cards as the row
holds, drawn again while they are exactly the row's animals; deals sampled by `sample_chance`
(all 60 cards shuffled). Each game runs from the first deal to the last player left.

The last line is machine-readable: games_per_s=<float>
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.engines import get_game  # noqa: E402

life = get_game("lifeislife")


def random_games(n: int, players: int, seed: int) -> tuple[float, float, float]:
    """(games per second, actions per game, rounds per game)."""
    actions = rounds = 0
    t0 = time.perf_counter()
    for g in range(n):
        rng = random.Random(seed + g)
        state = life.new_game({"players": players})
        while not life.is_terminal(state):
            state = life.apply(state, life.random_action(state, rng))
            actions += 1
        rounds += state.round + 1
    elapsed = time.perf_counter() - t0
    return n / elapsed, actions / n, rounds / n


def per_call_ms(fn, calls: int, repeats: int = 5) -> float:  # type: ignore[no-untyped-def]
    """Best-of-`repeats` mean milliseconds per call."""
    means = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        means.append((time.perf_counter() - t0) / calls * 1000)
    return min(means)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    random_games(20, args.players, args.seed)  # warm up
    for players in sorted({3, 4, 5} - {args.players}):
        gps, per_game, rounds = random_games(max(1, args.games // 4), players, args.seed)
        print(f"random {players}-player games: {gps:.0f} games/s ({per_game:.0f} actions and "
              f"{rounds:.1f} rounds per game)")
    gps, per_game, rounds = random_games(args.games, args.players, args.seed)
    print(f"random {args.players}-player games: {args.games} in {args.games / gps:.2f} s = "
          f"{gps:.0f} games/s ({per_game:.0f} actions and {rounds:.1f} rounds per game)")
    # a typical decision: the second turn of seat 0, after every seat swapped once
    rng = random.Random(args.seed)
    state = life.start({"players": args.players}, rng)
    for _ in range(args.players):
        state = life.apply(state, life.legal_actions(state)[0])
    n_legal = len(life.legal_actions(state))
    legal = per_call_ms(lambda: life.legal_actions(state), 200)
    view = life.view(state, 0)
    det = per_call_ms(lambda: life.determinize(view, 0, rng), 2000)
    print(f"legal_actions at a second turn: {legal:.3f} ms ({n_legal} actions); "
          f"determinize: {det * 1000:.1f} µs")
    print(f"games_per_s={gps:.2f}")


if __name__ == "__main__":
    main()
