"""Tables in the middle of a game, for the hardening tests: a random but legal log (the engines
pick the plays and the table's chance events) entered through the services like a table would.

As at a real table a deal is logged without its cards (DOG: ``deal``; Life is Life: the rows)
and each hand is entered by its own seat afterwards (private); HIT's draws are named by the
drawing seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.engines import TABLE, get_game
from companion.tables import services

CONFIGS = {
    "dog": {"seats": 4},
    "hit": {"players": 3},
    "lifeislife": {"players": 3},
}


def table_log(game_name: str, config: dict, seed: int, limit: int) -> list[str]:
    """The first ``limit`` entries of a random legal game, in the engine's notation."""
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


@dataclass
class SeededTable:
    id: str
    host: str
    tokens: list[str] = field(default_factory=list)


def seeded_table(game_name: str, seed: int, entries: int) -> SeededTable:
    """A table of ``game_name`` with every seat claimed and ``entries`` log entries made by
    the host (the scribe)."""
    table, host = services.create_table(game_name, dict(CONFIGS[game_name]), [])
    seeded = SeededTable(table.id, host)
    for seat in range(table.seats.count()):
        seeded.tokens.append(services.claim_seat(table.id, seat)[1])
    scribe = services.Actor(None, True)
    for seq, text in enumerate(table_log(game_name, CONFIGS[game_name], seed, entries)):
        services.record_action(table.id, scribe, text, seq)
    return seeded
