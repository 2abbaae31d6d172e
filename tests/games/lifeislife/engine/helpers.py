"""Helpers for the Life is Life engine tests: positions from the contract's JSON, plays by
notation, and the rulebook's example table."""

from __future__ import annotations

from typing import Any

from companion.engines import get_game
from companion.games.lifeislife.engine import LifeGame, LifeState
from companion.games.lifeislife.engine.cards import DECK, DECK_SIZE, KINDS
from companion.games.lifeislife.engine.state import located
from tests.engines.contract import Notation, position

life: LifeGame = get_game("lifeislife")  # type: ignore[assignment]
#: plays and rulings by notation (tests/engines/contract.py)
_NOTATION = Notation(life)
act, codes, play = _NOTATION.act, _NOTATION.codes, _NOTATION.play
violation_of, moves_text = _NOTATION.violation_of, _NOTATION.moves_text

#: Rows laid out in the contract's example (row 1 first).
ROWS = [["giraffe"], ["mole", "bear"], ["pig", "pig", "cat"], ["mouse", "dog", "goat", "sheep"]]


def pos(rows: list[list[str]] | None = None, hands: list[list[str] | None] | None = None,
        to_move: int | str = 0, players: int | None = None, **extra: Any) -> LifeState:
    """A position in the contract's JSON (players default: the number of hands, else 4)."""
    n = players or (len(hands) if hands is not None else 4)
    return position(life, players=n, to_move=to_move, rows=rows, hands=hands, **extra)


def hand_of(state: LifeState, seat: int) -> list[str]:
    return life.to_json(state)["hands"][seat]


def rows_of(state: LifeState) -> list[list[str]]:
    return life.to_json(state)["rows"]


def rest_of_deck(*groups: list[str]) -> list[str]:
    """The cards of the deck not in `groups` (animal tokens, in animal order)."""
    from companion.games.lifeislife.engine.cards import TOKEN, parse_animal

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
    vec = located(state)
    return all(vec[k] <= DECK[k] for k in KINDS) and sum(vec) <= DECK_SIZE


def show_all(state: LifeState) -> LifeState:
    """The round's end: every player still in who has not yet shows its hand as the table
    knows it (each must be known)."""
    shown = life.score(state)["shown"]
    out = life.score(state)["out"]
    for seat, hand in enumerate(life.to_json(state)["hands"]):
        if life.phase(state) != "reveal":
            break
        if seat not in out and not shown[seat]:
            assert "?" not in hand, f"seat {seat}'s hand is not known"
            state = play(state, f"hand {seat} " + ",".join(hand))
    return state
