"""Tables in the middle of a game, for the hardening tests: a random but legal log
(`tests.tables.simulated.table_log`: the engines pick the plays and the table's chance events,
each hand entered by its own seat) entered through the services like a table would.

``CONFIGS`` are the hardening tests' own (3 players for HIT and Life is Life); the replay and
record tests keep theirs in `tests.tables.simulated`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion import games
from companion.tables.play import seating, services
from tests.tables.simulated import table_log

#: the hardening tables' own options (3 players for HIT and Life is Life); every other game of
#: the registry plays its engine's defaults
OWN_CONFIGS = {
    "dog": {"seats": 4},
    "hit": {"players": 3},
    "lifeislife": {"players": 3},
}
CONFIGS = {name: OWN_CONFIGS.get(name, {}) for name in games.names()}

__all__ = ["CONFIGS", "SeededTable", "seeded_table", "table_log"]


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
        seeded.tokens.append(seating.claim_seat(table.id, seat).token)
    scribe = services.Actor(None, True)
    for seq, text in enumerate(table_log(game_name, CONFIGS[game_name], seed, entries)):
        services.record_action(table.id, scribe, text, seq)
    return seeded
