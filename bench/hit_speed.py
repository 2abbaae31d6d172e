"""HIT engine speed: random complete games per second on one core, and the time of
`legal_actions` and `determinize` at a typical decision.

    .venv/bin/python bench/hit_speed.py [--games N] [--players P] [--seed S]

"Random" is `HitGame.random_action`: in the play step uniformly one of the hand's cards or,
when possible, bringing a figure out by discarding 2 (one more choice), then uniformly one of
that card's plays; in the buying step uniformly one affordable market card or `end`; at a
reshuffle with a shield on top, keeping it or not with equal chance. Draws and market refills
are sampled by `sample_chance`. Each game runs from the set-up to the first seat with every
figure home. Runs in well under 20 s with the defaults.

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

hit = get_game("hit")


def random_games(n: int, players: int, seed: int) -> tuple[float, float, float]:
    """(games per second, actions per game, turns per game)."""
    actions = turns = 0
    t0 = time.perf_counter()
    for g in range(n):
        rng = random.Random(seed + g)
        state = hit.new_game({"players": players})
        while not hit.is_terminal(state):
            state = hit.apply(state, hit.random_action(state, rng))
            actions += 1
        turns += state.turns
    elapsed = time.perf_counter() - t0
    return n / elapsed, actions / n, turns / n


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
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    random_games(10, args.players, args.seed)  # warm up
    for players in sorted({2, 3, 4} - {args.players}):
        gps, per_game, turns = random_games(max(1, args.games // 4), players, args.seed)
        print(f"random {players}-player games: {gps:.0f} games/s ({per_game:.0f} actions and "
              f"{turns:.0f} turns per game)")
    gps, per_game, turns = random_games(args.games, args.players, args.seed)
    print(f"random {args.players}-player games: {args.games} in {args.games / gps:.2f} s = "
          f"{gps:.0f} games/s ({per_game:.0f} actions and {turns:.0f} turns per game)")
    # a typical decision: a play step some twenty turns in, the seat holding bought cards
    rng = random.Random(args.seed)
    state = hit.start({"players": args.players}, rng)
    while state.turns < 20 or hit.phase(state) != "play" or len(state.hands[state.turn]) < 3:
        state = hit.apply(state, hit.random_action(state, rng))
    n_legal = len(hit.legal_actions(state))
    legal = per_call_ms(lambda: hit.legal_actions(state), 200)
    seat = state.turn
    view = hit.view(state, seat)
    det = per_call_ms(lambda: hit.determinize(view, seat, rng), 2000)
    print(f"legal_actions at a play step: {legal:.3f} ms ({n_legal} actions); "
          f"determinize: {det * 1000:.1f} µs")
    print(f"games_per_s={gps:.2f}")


if __name__ == "__main__":
    main()
