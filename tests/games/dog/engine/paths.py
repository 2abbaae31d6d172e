"""What tests/engines/test_engine_paths.py compares between the two engine paths (issue #31).

- `pure_moves()`: dog/moves.py loaded as source under another name, beside the module the
  package runs (compiled or not): both move generators in one process.
- `movegen_digest(moves_module, ...)`: every card's plays, the 7 (all of them, the first one,
  the exhaustive search, step by step) on dense random positions under every house rule that
  changes the 7's search, as one SHA-256.
- `games_digest(seeds)`: seeded random DOG games as a table logs them (`random_action`, the
  path that raised IndexError in the compiled 7 of a clean build: tests/tables' seed 11),
  with `legal_actions` and a determinization at every decision, as one SHA-256.

Run as a script it prints `games_digest` of the path this process runs (the test runs it once
per path in a child process, the path required) and that path:

    python tests/games/dog/engine/paths.py SEED...
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[4]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.engines import TABLE, get_game  # noqa: E402

#: house rules that take the 7 down its other searches (the exhaustive one, the walk of
#: orders with start protection from the kennel, burning without knock_own ...)
RULE_VARIANTS: list[dict[str, Any]] = [
    {}, {"knock_own": False}, {"start_blocks_own": False}, {"goal_from_start": True},
    {"start_protection": "from_kennel"}, {"seven_partner_exception": False},
    {"goal_entry_mandatory": True}, {"board": "schmidt"}, {"knock_own": False,
                                                           "goal_from_start": True}]
CONFIGS: list[tuple[int, str]] = [(4, "teams"), (6, "teams"), (2, "solo"), (3, "solo"),
                                  (4, "solo"), (5, "solo")]


def pure_moves() -> ModuleType:
    """moves.py loaded as source (the pure-Python generators), whatever the package runs."""
    from companion.games.dog.engine import moves

    source = Path(moves.__file__).with_name("moves.py")
    spec = importlib.util.spec_from_file_location("companion.games.dog.engine._moves_pure", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _seven_steps(m: ModuleType, state: Any, seat: int, rng: random.Random) -> list[Any]:
    """A random walk through `seven_next_steps` (the 7 entered segment by segment)."""
    out: list[Any] = []
    segs: tuple[tuple[int, int], ...] = ()
    for _ in range(7):
        left, nexts = m.seven_next_steps(state, seat, segs)
        out.append((left, sorted(nexts)))
        if not left or not nexts:
            break
        segs = (*segs, nexts[rng.randrange(len(nexts))])
    return out


def _canonical(sevens: dict[Any, Any]) -> list[Any]:
    """The 7's {key: segs} as a list, each key's frozenset of knocked fields sorted (a
    frozenset's order of iteration depends on how it was built, not on what it holds; the
    engine only compares and hashes the keys)."""
    return [(tuple(tuple(sorted(k)) if isinstance(k, frozenset) else k for k in key), segs)
            for key, segs in sevens.items()]


def movegen_digest(m: ModuleType, positions: int = 150, seed: int = 31) -> str:
    """Every card's plays (and one example of each) in dense random positions, the 7's plays
    with `first_only`, the exhaustive search and the step by step 7, by `m` (a moves module)."""
    from companion.games.dog.engine.cards import KINDS

    from .helpers import random_dense_position

    h = hashlib.sha256()
    rng = random.Random(seed)
    for n in range(positions):
        seats, mode = CONFIGS[n % len(CONFIGS)]
        rules = RULE_VARIANTS[n // len(CONFIGS) % len(RULE_VARIANTS)]
        state = random_dense_position(rng, seats, mode, rules)
        seat = state.turn
        m._SEVEN_MEMO.clear()
        row: list[Any] = []
        for card in KINDS:
            row.append(m.plays_for(m.Ctx(state, seat), card))
            row.append(m.example_play(m.Ctx(state, seat), card))
        m._SEVEN_MEMO.clear()
        row.append(_canonical(m.seven_plays(m.Ctx(state, seat))))
        row.append(_canonical(m.seven_plays(m.Ctx(state, seat), first_only=True)))
        row.append(m.seven_search(state, seat))
        row.append(_seven_steps(m, state, seat, random.Random(n)))
        h.update(repr(row).encode())
    return h.hexdigest()


def games_digest(seeds: list[int], configs: list[dict[str, Any]] | None = None) -> str:
    """Seeded random games as tables/simulated.py plays them (`random_action`; the table's
    events by `sample_chance`), `legal_actions` and a determinization of the mover's view at
    every decision."""
    dog = get_game("dog")
    h = hashlib.sha256()
    for config in configs or [{"seats": 4}, {"seats": 6}, {"seats": 3}]:
        for seed in seeds:
            rng = random.Random(seed)
            state = dog.new_game(config)
            while not dog.is_terminal(state):
                mover = dog.to_move(state)
                if mover == TABLE:
                    action = dog.sample_chance(state, rng)
                else:
                    legal = dog.legal_actions(state)
                    h.update(repr(sorted(dog.format_action(state, a) for a in legal)).encode())
                    det = dog.determinize(dog.view(state, mover), mover, random.Random(seed))
                    h.update(json.dumps(dog.to_json(det), sort_keys=True).encode())
                    action = dog.random_action(state, rng)
                h.update(dog.format_action(state, action).encode())
                state = dog.apply(state, action)
    return h.hexdigest()


if __name__ == "__main__":
    from companion.engines.kit import accel

    digest = games_digest([int(a) for a in sys.argv[1:]] or [11])
    print(json.dumps({"path": accel.status()["path"], "digest": digest}))
