"""Reading a JSON position: the steps every engine's `from_json` takes before its own rules.

Every failure is an `InvalidPositionError` whose message names the key, so that the command
line and the web API can say which part of the position is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..base import TABLE, InvalidPositionError


def position_json(game: str, count: tuple[str, int], phase: str, to_move: int,
                  head: dict[str, Any], hands: list[list[str]], body: dict[str, Any],
                  rules: dict[str, Any]) -> dict[str, Any]:
    """A position as JSON: "game", the seat count (`count`: key and value), "phase",
    "to_move" (a seat or "table"), the game's `head`, the "hand" of the seat to move (none
    when the table is to move), every seat's "hands", the game's `body`, and the house rules
    that differ from the rulebook ("rules")."""
    obj: dict[str, Any] = {"game": game, count[0]: count[1], "phase": phase,
                           "to_move": "table" if to_move == TABLE else to_move, **head}
    if to_move != TABLE:
        obj["hand"] = hands[to_move]
    obj["hands"] = hands
    obj.update(body)
    obj["rules"] = rules
    return obj


def bad(message: str) -> InvalidPositionError:
    return InvalidPositionError(message)


def position_object(obj: Any, game: str, title: str) -> Mapping[str, Any]:
    """`obj` as a position of `game` (its "game" key may be missing); `title` names the
    engine in the message ("DOG")."""
    if not isinstance(obj, Mapping):
        raise bad("a position is a JSON object")
    if obj.get("game", game) != game:
        raise bad(f'this is the {title} engine, not {obj.get("game")!r}')
    return obj


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def json_int(obj: Mapping[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    """An integer from `lo` to `hi`; missing or null: `default`."""
    value = obj.get(key, default)
    if value is None:
        value = default
    if not is_int(value) or not lo <= value <= hi:
        raise bad(f'"{key}" must be an integer from {lo} to {hi}')
    return value


def json_list(obj: Mapping[str, Any], key: str, message: str) -> list[Any]:
    """A list of any length; missing or null: empty. Anything else is refused with
    ``message`` (a number where a list belongs crashed the DOG reader: hypothesis, 2026-11-25)."""
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise bad(message)
    return value


def seat_list(obj: Mapping[str, Any], key: str, n: int) -> list[Any] | None:
    """A list with one entry per seat, or None when missing or null."""
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != n:
        raise bad(f'"{key}" must list one entry per seat ({n})')
    return value


def player_count(obj: Mapping[str, Any], lo: int, hi: int, lists: Sequence[str],
                 default: int = 4) -> int:
    """The number of players: "players" (or "seats"), else the length of the first of the
    per-seat `lists` that fits, else `default`."""
    for key in ("players", "seats"):
        if obj.get(key) is not None:
            return json_int(obj, key, default, lo, hi)
    for key in lists:
        value = obj.get(key)
        if isinstance(value, list) and lo <= len(value) <= hi:
            return len(value)
    return default


def mover(obj: Mapping[str, Any], n: int, default: Any) -> int:
    """"to_move": a seat or "table" (`TABLE`); missing: `default`."""
    raw = obj.get("to_move", default)
    if raw == "table":
        return TABLE
    if is_int(raw) and 0 <= raw < n:
        return int(raw)
    raise bad(f'"to_move" must be a seat 0..{n - 1} or "table"')


def phase(obj: Mapping[str, Any], phases: Sequence[str], default: str) -> int:
    """"phase": the index of one of `phases`; missing: `default`."""
    name = obj.get("phase", default)
    if name not in phases:
        raise bad(f'"phase" must be one of {", ".join(phases)}')
    return phases.index(name)


def known_hands[T](obj: Mapping[str, Any], n: int, to_move: int,
                   read: Callable[[Any, str], T]) -> list[T | None]:
    """Each seat's hand as the position gives it: "hands" (one per seat, null for unknown)
    and "hand" (the seat to move's), each read by `read(value, what)`; None where not given."""
    hands: list[T | None] = [None] * n
    for s, h in enumerate(seat_list(obj, "hands", n) or ()):
        if h is not None:
            hands[s] = read(h, f"hand of seat {s}")
    hand = mover_hand(obj, to_move)
    if hand is not None:
        hands[to_move] = read(hand, '"hand"')
    return hands


def mover_hand(obj: Mapping[str, Any], to_move: int) -> Any:
    """"hand": the hand of the seat to move, or None; refused when the table is to move."""
    hand = obj.get("hand")
    if hand is not None and to_move == TABLE:
        raise bad('"hand" is the hand of the seat to move; the table is to move')
    return hand


def open_position_json(game: str, count: tuple[str, int], phase: str, to_move: int,
                       body: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any]:
    """A position as JSON for a game without hands (everything open): "game", the seat count
    (`count`: key and value), "phase", "to_move" (a seat or "table"), the game's `body` and
    the house rules that differ from the rulebook ("rules"); no "hand", no "hands"."""
    return {"game": game, count[0]: count[1], "phase": phase,
            "to_move": "table" if to_move == TABLE else to_move, **body, "rules": rules}
