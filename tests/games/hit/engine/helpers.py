"""Helpers for the HIT engine tests: positions from the engine's JSON, plays by notation.

Board (data/board.toml, unverified values): the 2/4-player side has 48 track fields T0 … T47;
with 4 players the seats start on T0, T12, T24, T36 and their barriers are T47, T11, T23, T35
(the field before each start field); with 2 players the seats use T0 and T24. Corner fields:
T0 T5 T10 T12 T17 T22 T24 T29 T34 T36 T41 T46. The 3-player side has 45 fields, starts T0,
T15, T30.
"""

from __future__ import annotations

from typing import Any

from companion.games.hit.engine import HitGame, HitState
from companion.games.hit.engine.cards import (
    IS_START,
    KINDS,
    NEUTRAL_STACK,
    NK,
    START_DECK,
    UNKNOWN,
    parse_card,
)
from tests.engines.contract import Notation, position

hit = HitGame()
#: plays and rulings by notation (tests/engines/contract.py)
_NOTATION = Notation(hit)
act, codes, play = _NOTATION.act, _NOTATION.codes, _NOTATION.play
violation_of, moves_text = _NOTATION.violation_of, _NOTATION.moves_text

#: figures with nobody out but seat 0's first figure (4 players, 3 figures each)
IDLE4 = [["W", "W", "W"]] * 4


def pos(figures: list[list[str]] | None = None, hand: list[str] | None = None,
        to_move: int | str = 0, players: int | None = None, **extra: Any) -> HitState:
    """A position in the engine's JSON (players default: the number of figure lists, else 4).
    Cards in `hand` that are not start cards are added to the seat's bought cards."""
    n = players or (len(figures) if figures is not None else 4)
    if hand is not None and isinstance(to_move, int) and "bought" not in extra:
        bought: list[list[str]] = [[] for _ in range(n)]
        bought[to_move] = [c for c in hand if c != "?" and not IS_START[parse_card(c) or 0]]
        extra["bought"] = bought
    return position(hit, players=n, to_move=to_move, figures=figures, hand=hand, **extra)


def plays(state: HitState, card: str) -> list[str]:
    """The plays of one card (the seat's hand not consulted)."""
    return [hit.format_action(state, a) for a in hit.plays_of(state, card)]


def figures_of(state: HitState) -> list[list[str]]:
    return hit.to_json(state)["figures"]


def conserved(state: HitState) -> bool:
    """Every seat owns its 6 start cards and its buys, each exactly once somewhere (hand,
    known top, shuffled pile, discard pile); the neutral cards are in the stack, the market or
    exactly one deck."""
    neutral = list(state.stack)
    for c in state.market:
        neutral[c] += 1
    for s in range(state.cfg.players):
        vec = list(state.pools[s])
        for c in state.hands[s]:
            if c != UNKNOWN:
                vec[c] += 1
        for c in state.tops[s]:
            vec[c] += 1
        for k in range(NK):
            vec[k] += state.discards[s][k]
        if vec[UNKNOWN] or any(v < 0 for v in vec):
            return False
        if state.hands[s].count(UNKNOWN) > sum(state.pools[s]):
            return False
        for k in KINDS:
            if START_DECK[k]:
                if vec[k] != 1:
                    return False
            else:
                neutral[k] += vec[k]
        if state.dtops[s] and not state.discards[s][state.dtops[s]]:
            return False
    return neutral == list(NEUTRAL_STACK)
