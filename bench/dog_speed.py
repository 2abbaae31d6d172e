"""DOG engine speed: random complete 4-seat games per second on one core, and the time of
`legal_actions` in a worst case.

    .venv/bin/python bench/dog_speed.py [--games N] [--seed S]

"Random" is `DogGame.random_action`: a card kind chosen uniformly among the playable kinds in
the hand (a joker: then uniformly among what it can be played as), then one of that card's
legal plays chosen uniformly (one per resulting position, the 7's splits fully enumerated);
fold or discard only when nothing is playable; the card to give in the exchange chosen
uniformly; deals sampled from the stock. Each game runs from the first deal to the win.

The worst case of the issue: four own figures spread over the track, the twelve others
between them, a joker and a 7 in hand (the joker alone is 13 cards at once, the 7 is the
combinatorial hot spot). A bunched position (four own figures side by side before the goal,
where every split of the 7 makes figures meet) is timed as well, for the record.

The last line is machine-readable: games_per_s=<float> legal_worst_ms=<float>
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
from companion.engines.dog import rules as dog_rules  # noqa: E402

dog = get_game("dog")

WORST = {
    "seats": 4, "to_move": 0, "hand": ["joker", "7"],
    "figures": [["T3", "T19", "T35", "T51"], ["T6", "T22", "T38", "T54"],
                ["T9", "T25", "T41", "T57"], ["T12", "T28", "T44", "T60"]],
}
BUNCHED = {
    "seats": 4, "to_move": 0, "hand": ["joker", "7"],
    "figures": [["T60", "T61", "T62", "T63"], ["T47", "T59", "T14", "T34"],
                ["T15", "T17", "T42", "T4"], ["T19", "T37", "T23", "T1"]],
}


def random_games(n: int, seed: int) -> tuple[float, float, float]:
    """(games per second, actions per game, rounds per game)."""
    actions = rounds = 0
    t0 = time.perf_counter()
    for g in range(n):
        rng = random.Random(seed + g)
        state = dog.new_game({"seats": 4})
        while not dog.is_terminal(state):
            state = dog.apply(state, dog.random_action(state, rng))
            actions += 1
        rounds += state.round + 1
    elapsed = time.perf_counter() - t0
    return n / elapsed, actions / n, rounds / n


def legal_ms(position: dict[str, object], calls: int = 200, repeats: int = 5) -> tuple[float,
                                                                                      int]:
    """(best-of-`repeats` mean milliseconds per legal_actions call, number of actions). Each
    call starts cold: the engine's memo of plays per board is cleared first, or every call
    after the first would only look the board up."""
    state = dog.from_json(position)
    count = len(dog.legal_actions(state))
    means = []
    for _ in range(repeats):
        spent = 0.0
        for _ in range(calls):
            dog_rules._PLAYS_MEMO.clear()
            t0 = time.perf_counter()
            dog.legal_actions(state)
            spent += time.perf_counter() - t0
        means.append(spent / calls * 1000)
    return min(means), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    dog.legal_actions(dog.from_json(WORST))  # warm up
    gps, per_game, rounds = random_games(args.games, args.seed)
    print(f"random 4-seat games: {args.games} in {args.games / gps:.2f} s = {gps:.1f} games/s "
          f"({per_game:.0f} actions and {rounds:.0f} rounds per game)")
    worst, n_worst = legal_ms(WORST)
    print(f"legal_actions, worst case (4 figures spread, joker + 7): {worst:.3f} ms "
          f"({n_worst} actions)")
    bunched, n_bunched = legal_ms(BUNCHED, calls=50)
    print(f"legal_actions, bunched (4 figures side by side before the goal, joker + 7): "
          f"{bunched:.3f} ms ({n_bunched} actions)")
    print(f"games_per_s={gps:.2f} legal_worst_ms={worst:.3f}")


if __name__ == "__main__":
    main()
