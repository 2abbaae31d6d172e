"""The engines' behaviour fingerprint: one hash per seeded random game, per game and seat count.

    .venv/bin/python bench/fingerprint.py [--games N] [--game NAME] [--write] [--check]

For every registered game, every seat count it supports (and, for DOG, teams and solo where
both exist) and seeds 0..N-1 (default 120), a game is played from `start` to the end: the table
events sampled by `sample_chance`, each seat's decision a seeded choice among `legal_actions`.
Along the game every position (`to_json`, keys sorted), every legal-action list
(`format_action` of each), the mover's `view` and the live score are fed into one SHA-256 per
game, followed by a determinization and a `playout` (the advisor's `random_action` sampler).
A refactoring that changes no behaviour leaves every hash identical.

`--write` stores the hashes in tests/engines/data/fingerprint.json (with `--game X` only X's
entries: the other games' stay as they are); `--check` compares with that file and exits 1 on
any difference (tests/engines/test_fingerprint.py checks the first few seeds of every
configuration on every run, on both engine paths: tests/engines/test_engine_paths.py).

The last line is machine-readable: fingerprint=<sha256 of all hashes> games=<count>
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.engines import TABLE, available_games, get_game  # noqa: E402

DATA = ROOT / "tests" / "engines" / "data" / "fingerprint.json"
MAX_ACTIONS = 20_000  # a safety net: every game ends long before

#: game → the configurations played (every seat count; DOG's teams and solo where both exist).
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "dog": [{"seats": 2}, {"seats": 3}, {"seats": 4}, {"seats": 4, "mode": "solo"},
            {"seats": 5}, {"seats": 6}, {"seats": 6, "mode": "solo"}],
    "hit": [{"players": 2}, {"players": 3}, {"players": 4}],
    "lifeislife": [{"players": 3}, {"players": 4}, {"players": 5}],
}


def config_key(config: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(config.items()))


def _dump(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def game_hash(name: str, config: dict[str, Any], seed: int) -> str:
    """The fingerprint of one seeded random game."""
    game = get_game(name)
    rng = random.Random(seed)
    h = hashlib.sha256()
    state = game.start(config, rng)
    for _ in range(MAX_ACTIONS):
        h.update(_dump(game.to_json(state)))
        if game.is_terminal(state):
            break
        h.update(_dump(game.score(state)))
        mover = game.to_move(state)
        if mover == TABLE:
            action = game.sample_chance(state, rng)
        else:
            h.update(_dump(game.to_json(game.view(state, mover))))
            actions = game.legal_actions(state)
            h.update(_dump([game.format_action(state, a) for a in actions]))
            action = actions[rng.randrange(len(actions))]
        h.update(game.format_action(state, action).encode())
        state = game.apply(state, action)
    else:
        raise RuntimeError(f"{name} {config} seed {seed}: no end after {MAX_ACTIONS} actions")
    h.update(_dump(game.returns(state)))
    # the playout sampler of the advisor and the speed benches, and one determinization
    view = game.view(game.start(config, random.Random(seed)), 0)
    h.update(_dump(game.to_json(game.determinize(view, 0, rng))))
    state = game.playout(game.start(config, rng), rng)
    h.update(_dump(game.to_json(state)))
    return h.hexdigest()


def fingerprints(games: int, only: str | None = None) -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, list[str]]] = {}
    for name in available_games():
        if only and name != only:
            continue
        out[name] = {}
        for config in CONFIGS.get(name, ()):
            out[name][config_key(config)] = [game_hash(name, config, s) for s in range(games)]
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=120)
    p.add_argument("--game", choices=available_games(), default=None)
    p.add_argument("--write", action="store_true", help=f"store the hashes in {DATA.name}")
    p.add_argument("--check", action="store_true", help=f"compare with {DATA.name}")
    p.add_argument("--quiet", action="store_true", help="only the summary lines")
    args = p.parse_args()
    missing = set(available_games()) - set(CONFIGS)
    if missing:
        print(f"no configurations for {', '.join(sorted(missing))}: add them to CONFIGS")
        return 1
    t0 = time.perf_counter()
    result = fingerprints(args.games, args.game)
    elapsed = time.perf_counter() - t0
    total = 0
    for name, by_config in result.items():
        for key, hashes in by_config.items():
            total += len(hashes)
            if not args.quiet:
                for seed, digest in enumerate(hashes):
                    print(f"{name} {key} seed={seed} {digest}")
            summary = hashlib.sha256("".join(hashes).encode()).hexdigest()
            print(f"# {name} {key}: {len(hashes)} games {summary}")
    status = 0
    if args.check:
        stored = json.loads(DATA.read_text(encoding="utf-8"))
        diffs = [(name, key, seed)
                 for name, by_config in result.items()
                 for key, hashes in by_config.items()
                 for seed, digest in enumerate(hashes)
                 if stored.get(name, {}).get(key, [])[seed:seed + 1] != [digest]]
        for name, key, seed in diffs[:20]:
            print(f"DIFFERS: {name} {key} seed={seed}")
        print(f"# check: {len(diffs)} of {total} games differ from {DATA.relative_to(ROOT)}")
        status = 1 if diffs else 0
    if args.write:  # only the games played here: `--game X` keeps the others' entries
        stored = json.loads(DATA.read_text(encoding="utf-8")) if DATA.exists() else {}
        stored.update(result)
        DATA.write_text(json.dumps(stored, indent=1) + "\n", encoding="utf-8")
        print(f"# wrote {', '.join(result)} to {DATA.relative_to(ROOT)}")
    every = hashlib.sha256("".join(
        h for by_config in result.values() for hs in by_config.values() for h in hs
    ).encode()).hexdigest()
    print(f"# {elapsed:.1f} s")
    print(f"fingerprint={every} games={total}")
    return status


if __name__ == "__main__":
    sys.exit(main())
