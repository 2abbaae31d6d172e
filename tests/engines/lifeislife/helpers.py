"""Helpers for the Life is Life engine tests: positions from the contract's JSON, plays by
notation, and the rulebook's example table."""

from __future__ import annotations

from typing import Any

from companion.engines import get_game
from companion.engines.base import Violation
from companion.engines.lifeislife import LifeAction, LifeGame, LifeState
from companion.engines.lifeislife.cards import DECK, KINDS, NK

life: LifeGame = get_game("lifeislife")  # type: ignore[assignment]

#: Rows laid out in the contract's example (row 1 first).
ROWS = [["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"], ["mouse", "dog", "goat", "sheep"]]


def pos(rows: list[list[str]] | None = None, hands: list[list[str] | None] | None = None,
        to_move: int | str = 0, players: int | None = None, **extra: Any) -> LifeState:
    """A position in the contract's JSON (players default: the number of hands, else 4)."""
    n = players or (len(hands) if hands is not None else 4)
    obj: dict[str, Any] = {"game": "lifeislife", "players": n, "to_move": to_move, **extra}
    if rows is not None:
        obj["rows"] = rows
    if hands is not None:
        obj["hands"] = hands
    return life.from_json(obj)


def act(state: LifeState, text: str) -> LifeAction:
    return life.parse_action(state, text)


def codes(state: LifeState, text: str) -> list[str]:
    """The violation codes of an action given in notation ([] = legal)."""
    return [v.code for v in life.check(state, act(state, text))]


def play(state: LifeState, text: str) -> LifeState:
    """Checked play by notation."""
    return life.play_text(state, text)


def violation_of(state: LifeState, text: str) -> Violation:
    vs = life.check(state, act(state, text))
    assert len(vs) == 1, vs
    return vs[0]


def moves_text(state: LifeState) -> list[str]:
    return [life.format_action(state, a) for a in life.legal_actions(state)]


def hand_of(state: LifeState, seat: int) -> list[str]:
    return life.to_json(state)["hands"][seat]


def rows_of(state: LifeState) -> list[list[str]]:
    return life.to_json(state)["rows"]


def rest_of_deck(*groups: list[str]) -> list[str]:
    """The cards of the deck not in `groups` (animal tokens, in animal order)."""
    from companion.engines.lifeislife.cards import TOKEN, parse_animal

    left = list(DECK)
    for group in groups:
        for tok in group:
            k = parse_animal(tok)
            assert k is not None
            left[k] -= 1
            assert left[k] >= 0, f"too many {tok}"
    return [TOKEN[k] for k in KINDS for _ in range(left[k])]


def conserved(state: LifeState) -> bool:
    """Hands and rows hold no animal more often than the deck; the rest is set aside."""
    vec = [0] * NK
    for h in state.hands:
        for k in range(NK):
            vec[k] += h[k]
    for row in state.rows:
        for c in row:
            vec[c] += 1
    return all(vec[k] <= DECK[k] for k in KINDS) and sum(vec) <= 60
