"""The memo of each card's plays per board (`moves._PLAYS_MEMO`, issue #39): what it gives is
what the generators compute, on every decision of seeded random games of 2-4 players with and
without the variants, and its lists are never handed out to be changed."""

from __future__ import annotations

import random

from companion.engines import TABLE, get_game
from companion.games.hit.engine import moves
from companion.games.hit.engine.cards import KINDS
from companion.games.hit.engine.state import PLAY


def test_the_memo_gives_what_the_generators_compute() -> None:
    hit = get_game("hit")
    compared = 0
    for players, rules in ((2, {}), (3, {"no_shields": True}), (4, {"four_figures": True})):
        rng = random.Random(players)
        state = hit.new_game({"players": players, "rules": rules})
        for _ in range(600):
            if hit.is_terminal(state):
                break
            if hit.to_move(state) == TABLE:
                state = hit.apply(state, hit.sample_chance(state, rng))
                continue
            if state.phase == PLAY:
                for k in KINDS:
                    fresh = moves._plays_of(moves.Ctx(state, state.turn), k)
                    remembered = moves.plays_of(moves.Ctx(state, state.turn), k)
                    assert remembered == fresh
                    remembered.append(None)  # a copy: the memo keeps its own
                    assert moves.plays_of(moves.Ctx(state, state.turn), k) == fresh
                    compared += 1
            state = hit.apply(state, hit.random_action(state, rng))
    assert compared > 1_000
