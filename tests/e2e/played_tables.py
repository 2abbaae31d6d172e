"""Tables played forward through the JSON API of a running server, as a table would enter them:
the engine plays a seeded game with every card known (the physical game), each seat's phone
enters its own plays and hands, the scribe (the host) the table's deals and draws. For the
browser tests that need a table in the middle of a game (the presenter, the page checkers)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.engines import TABLE, get_game
from companion.tables.presenters import localize
from tests.e2e.live_pages import CONFIGS, NAMES, Api


@dataclass
class Played:
    """A table played forward: its id, seq, the host's token and each seat's."""

    id: str
    seq: int
    host: str
    tokens: list[str]

    def __iter__(self):  # (id, seq), as most callers want it
        return iter((self.id, self.seq))


def play_forward(base_url: str, game_name: str, steps: int, seed: int = 3) -> Played:
    """A new table of ``game_name`` (every seat taken before the first entry), ``steps`` events
    entered."""
    api = Api(base_url)
    game = get_game(game_name)
    rng = random.Random(seed)
    config: dict[str, Any] = dict(CONFIGS[game_name])
    truth = game.new_game(config)
    seats = game.num_seats(truth)
    status, table = api.call("POST", "/api/tables",
                             {"game": game_name, "options": config, "names": NAMES[:seats]})
    assert status == 201, table
    tid, host = table["id"], table["host_token"]
    tokens = []
    for seat in range(seats):
        status, joined = api.call("POST", f"/api/tables/{tid}/join", {"seat": seat})
        assert status == 201, joined
        tokens.append(joined["token"])
    words = localize.wording(game_name)
    seq = 0

    def enter(text: str, *candidates: str) -> bool:
        nonlocal seq
        for token in candidates:
            status, answer = api.call("POST", f"/api/tables/{tid}/plays",
                                      {"action": text, "expected_seq": seq}, token)
            if status in (200, 201):
                seq = answer["seq"]
                return True
        return False

    for _ in range(steps):
        if game.is_terminal(truth):
            break
        mover = game.to_move(truth)
        if mover == TABLE:
            chance = game.sample_chance(truth, rng)
            text, hands = game.format_action(truth, chance), []
            if game_name == "dog" and text.startswith("deal "):
                hands, text = text.removeprefix("deal ").split("/"), "deal"
            elif game_name == "lifeislife" and " hands " in text:
                text, _, said = text.partition(" hands ")
                hands = said.split("/")
            assert enter(text, host), text
            truth = game.apply(truth, chance)
            for seat, hand in enumerate(hands):
                if hand not in ("", "?", "-"):
                    enter(f"hand {seat} {hand}", tokens[seat])
        else:
            action = game.random_action(truth, rng)
            text = game.format_action(truth, action)
            subject = words.actor_seat(truth, action) if words else mover
            assert enter(text, tokens[subject], host), text
            truth = game.apply(truth, action)
    return Played(tid, seq, host, tokens)
