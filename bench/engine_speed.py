"""Engine speed of one game: random complete games per second on one core, and the time of
`legal_actions` (DOG: in a worst case; the other games: at a typical decision, with
`determinize`). DOG also times its move generation on both engine paths (below).

    .venv/bin/python bench/engine_speed.py dog        [--games N] [--seed S] [--positions N]
                                                      [--repeats R] [--baseline REV]
    .venv/bin/python bench/engine_speed.py hit        [--games N] [--players P] [--seed S]
    .venv/bin/python bench/engine_speed.py lifeislife [--games N] [--players P] [--seed S]

Any registered game works (`<game>`); one without settings here plays `--players` seats.

"Random" is the game's `random_action` (its docstring in the rules module says what it
means: DOG a card kind uniformly among the playable kinds, then one of its plays; HIT a hand
card or discarding 2, then one of its plays, a market card or `end` when buying; Life is Life a
row or knocking, then the cards laid down). Table events (deals, draws, refills) are sampled by
`sample_chance`. Each game runs from its set-up to its end. DOG plays 4 seats; the other
games time every player count, the chosen one (`--players`, default 4) with `--games` games.

DOG's worst case (issue #3): four own figures spread over the track, the twelve others between
them, a joker and a 7 in hand (the joker alone is 13 cards at once, the 7 the combinatorial
hot spot); a bunched position (four figures side by side before the goal, where every split of
the 7 makes figures meet) is timed as well. Each call starts cold (the memo of plays per board
cleared).

DOG's move generation, the method of the libdog comparison (issue #31): the same
`--positions` (10,000) random-play positions (every decision of seat to move in seeded random
4-seat games, in order) × the 14 cards, each a move generation from scratch (`moves.Ctx` and
`plays_for`, the 7's memo cleared), µs per generation: per card and the mean. Both engine
paths in the same process and on the same positions, alternated card by card (the pure-Python
one is `moves.py` itself, loaded as source beside the compiled module; without a compiled
module only it runs), with their ratio, and the ratio to libdog's recorded 5.75 µs mean
(C++, measured on another machine where today's pure Python took 56.5 µs: a reference only).
`--baseline REV` times moves.py as it was in git revision REV as a third path (pure Python, the
same package around it), e.g. `--baseline 1088c32`, the engine before issue #31: the ratio
asked for is to that code, in the same run. Times are CPU time of the thread (the figures of a
busy machine).

The last line is machine-readable: games_per_s=<float> (DOG also legal_worst_ms=<float>
movegen_pure_us=<float> movegen_compiled_us=<float or nan>, and movegen_baseline_us=<float>
with --baseline)
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.engines import TABLE, available_games, get_game  # noqa: E402
from companion.engines.kit import accel  # noqa: E402
from companion.games.dog.engine.cards import TOKEN  # noqa: E402

DOG_WORST = {
    "seats": 4, "to_move": 0, "hand": ["joker", "7"],
    "figures": [["T3", "T19", "T35", "T51"], ["T6", "T22", "T38", "T54"],
                ["T9", "T25", "T41", "T57"], ["T12", "T28", "T44", "T60"]],
}
DOG_BUNCHED = {
    "seats": 4, "to_move": 0, "hand": ["joker", "7"],
    "figures": [["T60", "T61", "T62", "T63"], ["T47", "T59", "T14", "T34"],
                ["T15", "T17", "T42", "T4"], ["T19", "T37", "T23", "T1"]],
}
#: per game: default games, the player counts, what a game's length is counted in
SETTINGS: dict[str, dict[str, Any]] = {
    "dog": {"games": 60, "players": (4,), "unit": "rounds"},
    "hit": {"games": 300, "players": (2, 3, 4), "unit": "turns"},
    "lifeislife": {"games": 1000, "players": (3, 4, 5), "unit": "rounds"},
}
#: a registered game without settings here: `--players` seats, its length in actions
DEFAULT_SETTING: dict[str, Any] = {"games": 100, "players": (), "unit": "actions"}
#: libdog's recorded mean µs per move generation (issue #31; C++, another machine)
LIBDOG_US = 5.75


def game_length(unit: str, state: Any, actions: int) -> int:
    """A finished game's length in `unit`: turns (HIT), rounds (DOG, Life is Life) or
    actions."""
    if unit == "turns":
        return int(state.turns)
    if unit == "rounds":
        return int(state.round) + 1
    return actions


def random_games(name: str, n: int, players: int, seed: int) -> tuple[float, float, float]:
    """(games per second, actions per game, rounds or turns per game)."""
    game = get_game(name)
    unit = SETTINGS.get(name, DEFAULT_SETTING)["unit"]
    actions = length = 0
    t0 = time.perf_counter()
    for g in range(n):
        rng = random.Random(seed + g)
        state = game.new_game({"seats": players})
        before = actions
        while not game.is_terminal(state):
            state = game.apply(state, game.random_action(state, rng))
            actions += 1
        length += game_length(unit, state, actions - before)
    elapsed = time.perf_counter() - t0
    return n / elapsed, actions / n, length / n


def best_ms(fn: Callable[[], object], calls: int, repeats: int = 5,
            before: Callable[[], object] | None = None) -> float:
    """Best-of-`repeats` mean milliseconds per call (`before` runs untimed before each)."""
    means = []
    for _ in range(repeats):
        spent = 0.0
        if before is None:  # the loop timed as a whole
            t0 = time.perf_counter()
            for _ in range(calls):
                fn()
            spent = time.perf_counter() - t0
        else:
            for _ in range(calls):
                before()
                t0 = time.perf_counter()
                fn()
                spent += time.perf_counter() - t0
        means.append(spent / calls * 1000)
    return min(means)


def dog_legal(position: dict[str, Any], calls: int) -> tuple[float, int]:
    """(ms per cold legal_actions call, number of actions) in a DOG position."""
    from companion.games.dog.engine import rules as dog_rules

    dog = get_game("dog")
    state = dog.from_json(position)
    return (best_ms(lambda: dog.legal_actions(state), calls, before=dog_rules._PLAYS_MEMO.clear),
            len(dog.legal_actions(state)))


def typical(name: str, players: int, rng: random.Random) -> tuple[str, Any, int]:
    """A typical decision: HIT a play step some twenty turns in, the seat holding bought
    cards; Life is Life the second turn of seat 0, after every seat swapped once; another
    game the first decision of a seat after ten random actions."""
    game = get_game(name)
    state = game.start({"seats": players}, rng)
    if name == "hit":
        while state.turns < 20 or game.phase(state) != "play" or \
                len(state.hands[state.turn]) < 3:
            state = game.apply(state, game.random_action(state, rng))
        return "a play step", state, state.turn
    if name == "lifeislife":
        for _ in range(players):
            state = game.apply(state, game.legal_actions(state)[0])
        return "a second turn", state, 0
    for _ in range(10):
        if game.is_terminal(state):
            break
        state = game.apply(state, game.random_action(state, rng))
    while not game.is_terminal(state) and game.to_move(state) == TABLE:
        state = game.apply(state, game.sample_chance(state, rng))
    return "a decision ten actions in", state, game.to_move(state)


def dog_positions(n: int, seed: int) -> list[Any]:
    """The first `n` decisions of a seat to move in seeded random 4-seat DOG games."""
    from companion.games.dog.engine.state import PLAY

    dog = get_game("dog")
    out: list[Any] = []
    g = 0
    while len(out) < n:
        rng = random.Random(seed + g)
        g += 1
        state = dog.start({"seats": 4}, rng)
        while not dog.is_terminal(state) and len(out) < n:
            if state.phase == PLAY:
                out.append(state)
            state = dog.apply(state, dog.random_action(state, rng))
    return out


def pure_moves(revision: str | None = None) -> ModuleType:
    """moves.py loaded as source under another name: the pure-Python move generator, beside
    the compiled one (its imports are the package's own modules); `revision`: moves.py as
    it was in that git revision (the same package around it)."""
    from companion.games.dog.engine import moves

    source = Path(moves.__file__).with_name("moves.py")
    name = "companion.games.dog.engine._moves_as_source"
    if revision is not None:
        text = subprocess.run(["git", "show", f"{revision}:companion/games/dog/engine/moves.py"],
                              cwd=ROOT, capture_output=True, text=True, check=True).stdout
        folder = Path(tempfile.mkdtemp(prefix="moves-"))
        source = folder / "moves.py"
        source.write_text(text, encoding="utf-8")
        name = f"companion.games.dog.engine._moves_at_{revision.replace('-', '_')}"
    spec = importlib.util.spec_from_file_location(name, source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def movegen(positions: list[Any], repeats: int,
            baseline: str | None = None) -> dict[str, dict[int, float]]:
    """µs per move generation by path ("pure", "compiled" when it runs, and "baseline": the
    pure-Python moves.py of git revision `baseline`, when asked for) and card: the best of
    `repeats` passes over `positions`, the paths alternated card by card, CPU time of this
    thread. Also checks that the paths generate the same plays."""
    from companion.games.dog.engine import moves
    from companion.games.dog.engine.cards import KINDS

    paths = {"pure": pure_moves()}
    if accel.is_compiled(moves):
        paths["compiled"] = moves
    if baseline is not None:
        paths["baseline"] = pure_moves(baseline)
    clock = time.thread_time
    out: dict[str, dict[int, float]] = {name: {} for name in paths}
    for card in KINDS:
        for rep in range(repeats):
            order = list(paths.items())
            if rep % 2:
                order.reverse()
            for name, module in order:
                ctx_of, plays_for, memo = module.Ctx, module.plays_for, module._SEVEN_MEMO
                t0 = clock()
                for st in positions:
                    memo.clear()
                    plays_for(ctx_of(st, st.turn), card)
                us = (clock() - t0) / len(positions) * 1e6
                out[name][card] = min(out[name].get(card, us), us)
    pure = paths["pure"]
    for other in set(paths) - {"pure"}:
        module = paths[other]
        for st in positions[::25]:
            for card in KINDS:
                pure._SEVEN_MEMO.clear()
                module._SEVEN_MEMO.clear()
                a = pure.plays_for(pure.Ctx(st, st.turn), card)
                b = module.plays_for(module.Ctx(st, st.turn), card)
                if a != b:
                    raise AssertionError(f"the paths differ ({other}): card {card} in {st}")
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", choices=available_games())
    p.add_argument("--games", type=int, default=None, help="default: 60 / 300 / 1000")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--positions", type=int, default=10_000,
                   help="DOG: random-play positions of the move generation (both paths)")
    p.add_argument("--repeats", type=int, default=3, help="DOG: passes per card and path")
    p.add_argument("--baseline", default=None, metavar="REV",
                   help="DOG: also time moves.py of git revision REV (pure Python), e.g. the "
                        "engine before issue #31's work, in the same run")
    args = p.parse_args()
    name, seed, chosen = args.game, args.seed, args.players
    setting = SETTINGS.get(name, DEFAULT_SETTING)
    games = args.games or setting["games"]
    unit = setting["unit"]
    print(f"python {platform.python_version()} on {platform.machine()}, one core; "
          f"{accel.describe()}")
    if name == "dog":
        dog_legal(DOG_WORST, 1)  # warm up
        gps, per_game, length = random_games(name, games, 4, seed)
        print(f"random 4-seat games: {games} in {games / gps:.2f} s = {gps:.1f} games/s "
              f"({per_game:.0f} actions and {length:.0f} rounds per game)")
        worst, n_worst = dog_legal(DOG_WORST, 200)
        print(f"legal_actions, worst case (4 figures spread, joker + 7): {worst:.3f} ms "
              f"({n_worst} actions)")
        bunched, n_bunched = dog_legal(DOG_BUNCHED, 50)
        print(f"legal_actions, bunched (4 figures side by side before the goal, joker + 7): "
              f"{bunched:.3f} ms ({n_bunched} actions)")
        positions = dog_positions(args.positions, seed)
        gen = movegen(positions, args.repeats, args.baseline)
        pure = sum(gen["pure"].values()) / len(gen["pure"])
        compiled = gen.get("compiled")
        fast = sum(compiled.values()) / len(compiled) if compiled else float("nan")
        base = gen.get("baseline")
        before = sum(base.values()) / len(base) if base else float("nan")
        print(f"move generation, {len(positions)} random-play positions x 14 cards, µs per "
              f"generation (CPU time, best of {args.repeats}, paths alternated):")
        print("  card    pure" + ("  compiled  ratio" if compiled else "")
              + (f"  pure@{args.baseline}  compiled/it" if base and compiled else
                 f"  pure@{args.baseline}" if base else ""))
        for card, us in gen["pure"].items():
            row = f"  {TOKEN[card]:>5} {us:7.2f}"
            if compiled:
                row += f"  {compiled[card]:8.2f}  {us / compiled[card]:5.2f}x"
            if base:
                row += f"  {base[card]:{len(args.baseline) + 5}.2f}"
                if compiled:
                    row += f"  {base[card] / compiled[card]:10.2f}x"
            print(row)
        row = f"  mean  {pure:7.2f}" + (f"  {fast:8.2f}  {pure / fast:5.2f}x" if compiled
                                        else "  (no compiled module: pure Python only)")
        if base:
            row += f"  {before:{len(args.baseline) + 5}.2f}"
            if compiled:
                row += f"  {before / fast:10.2f}x"
        print(row)
        best = fast if compiled else pure
        print(f"against libdog's recorded {LIBDOG_US} µs (another machine): pure "
              f"{pure / LIBDOG_US:.1f}x its time" + (f", compiled {best / LIBDOG_US:.1f}x"
                                                    if compiled else ""))
        print(f"games_per_s={gps:.2f} legal_worst_ms={worst:.3f} movegen_pure_us={pure:.2f} "
              f"movegen_compiled_us={fast:.2f}"
              + (f" movegen_baseline_us={before:.2f}" if base else ""))
        return
    random_games(name, max(10, games // 50), chosen, seed)  # warm up
    digits = ".0f" if unit == "turns" else ".1f"
    for players in sorted(set(setting["players"]) - {chosen}):
        gps, per_game, length = random_games(name, max(1, games // 4), players, seed)
        print(f"random {players}-player games: {gps:.0f} games/s ({per_game:.0f} actions and "
              f"{length:{digits}} {unit} per game)")
    gps, per_game, length = random_games(name, games, chosen, seed)
    print(f"random {chosen}-player games: {games} in {games / gps:.2f} s = "
          f"{gps:.0f} games/s ({per_game:.0f} actions and {length:{digits}} {unit} per game)")
    game = get_game(name)
    rng = random.Random(seed)
    where, state, seat = typical(name, chosen, rng)
    n_legal = len(game.legal_actions(state))
    legal = best_ms(lambda: game.legal_actions(state), 200)
    view = game.view(state, seat)
    det = best_ms(lambda: game.determinize(view, seat, rng), 2000)
    print(f"legal_actions at {where}: {legal:.3f} ms ({n_legal} actions); "
          f"determinize: {det * 1000:.1f} µs")
    print(f"games_per_s={gps:.2f}")


if __name__ == "__main__":
    main()
