"""Whole games as a real table would log them, made up by the engines (random legal plays).

The table never reports a deal with the cards in it: a deal is logged as ``deal`` (DOG) or the
rows (Life is Life), then each seat enters its own hand privately. HIT's draws are named by the
drawing seat (private). Everything else is what the engine sampled.
"""

from __future__ import annotations

import random

from companion import games
from companion.engines import TABLE, get_game

#: the simulated tables' settings where a game's engine defaults would not do (a full DOG
#: table of four, a short Life is Life); every other game of the registry plays its defaults
OWN_CONFIGS = {
    "dog": {"seats": 4},
    "hit": {"players": 2},
    "lifeislife": {"players": 4, "rules": {"start_lives": 2}},
}
#: every game of the registry (companion/games/) → the options of its simulated table
CONFIGS = {name: OWN_CONFIGS.get(name, {}) for name in games.names()}
PLAYER_NAMES = ("Ann", "Ben", "Cid", "Dan", "Eve", "Fay")


def names_of(game_name: str, config: dict | None = None) -> list[str]:
    """The players' names of a simulated table: one per seat of the game's config."""
    game = get_game(game_name)
    seats = game.num_seats(game.new_game(CONFIGS[game_name] if config is None else config))
    return list(PLAYER_NAMES[:seats])


def table_log(game_name: str, config: dict, seed: int, limit: int = 20_000) -> list[str]:
    """A complete game (or its first ``limit`` entries) in the engine's notation."""
    game = get_game(game_name)
    rng = random.Random(seed)
    state = game.new_game(config)
    log: list[str] = []

    def enter(text: str) -> None:
        nonlocal state
        action = game.parse_action(state, text)
        assert not game.check(state, action), text
        log.append(game.format_action(state, action))
        state = game.apply(state, action)

    while not game.is_terminal(state) and len(log) < limit:
        if game.to_move(state) != TABLE:
            enter(game.format_action(state, game.random_action(state, rng)))
            continue
        text = game.format_action(state, game.sample_chance(state, rng))
        if game_name == "dog" and text.startswith("deal "):
            enter("deal")
            hands = text.removeprefix("deal ").split("/")
        elif game_name == "lifeislife" and " hands " in text:
            rows, _, hands_text = text.partition(" hands ")
            enter(rows)
            hands = hands_text.split("/")
        else:
            enter(text)
            continue
        for seat, hand in enumerate(hands):
            if hand not in ("", "?", "-") and len(log) < limit:
                enter(f"hand {seat} {hand}")
    return log[:limit]


def mover_after(game_name: str, log: list[str]) -> int:
    """The seat to decide after ``log`` (seat 0 at a table event)."""
    game = get_game(game_name)
    state = game.new_game(CONFIGS[game_name])
    for text in log:
        state = game.apply(state, game.parse_action(state, text))
    mover = game.to_move(state)
    return 0 if mover == TABLE else mover


def first_knockout(game_name: str, seed: int, home: str) -> tuple[list[str], int, int]:
    """The log up to the first play after which another seat has one more figure on ``home``
    (DOG: its kennel "K"; HIT: its waiting fields): (log, mover, victim)."""
    game = get_game(game_name)
    log = table_log(game_name, CONFIGS[game_name], seed=seed)
    state = game.new_game(CONFIGS[game_name])
    for i, text in enumerate(log):
        mover = game.to_move(state)
        before = [f.count(home) for f in game.to_json(state)["figures"]]
        state = game.apply(state, game.parse_action(state, text))
        after = [f.count(home) for f in game.to_json(state)["figures"]]
        victims = [s for s in range(len(before)) if after[s] > before[s] and s != mover]
        if mover != TABLE and victims:
            return log[: i + 1], mover, victims[0]
    raise AssertionError("no knock-out in the whole game")
