"""Reading and writing the action notation's pieces that every game shares.

An action is words: a head (a keyword or a card) and the rest. Cards are written by token,
separated by commas or spaces; ``name*n`` stands for n of them and ``?`` for a card nobody
reported (where unknown cards are allowed). `CardNames` reads and writes such lists for one
game's cards, in actions (`InvalidActionError`) and in JSON positions (`InvalidPositionError`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..base import InvalidActionError, InvalidPositionError

_MULT = re.compile(r"^(.+?)\*([0-9]+)$")
_SEP = re.compile(r"[,\s]+")


class Words(NamedTuple):
    """An action's words: `head` lower-cased, `first` as typed, `rest` the text after it."""

    head: str
    first: str
    rest: str


def words(text: Any) -> Words:
    """Split an action into its head and the rest; raises InvalidActionError if empty."""
    if not isinstance(text, str):
        raise InvalidActionError("an action is a string")
    parts = text.strip().split(None, 1)
    if not parts:
        raise InvalidActionError("empty action")
    return Words(parts[0].lower(), parts[0], parts[1] if len(parts) > 1 else "")


def seat_of(text: str, seats: int, usage: str) -> int:
    """The seat number an action names (``hand 2 ...``); raises InvalidActionError."""
    if not text.isdigit():
        raise InvalidActionError(usage)
    seat = int(text)
    if not 0 <= seat < seats:
        raise InvalidActionError(f"there is no seat {seat}")
    return seat


def card_reader(table: Mapping[str, int], unknown: int) -> Callable[..., int | None]:
    """`read(token, allow_unknown=False)`: the card of a typed token (case-insensitive, any
    alias in `table`), or None; the `unknown` card only where allowed."""

    def read(token: str, *, allow_unknown: bool = False) -> int | None:
        card = table.get(token.strip().lower())
        if card is None or (card == unknown and not allow_unknown):
            return None
        return card

    return read


@dataclass(frozen=True)
class CardNames:
    """One game's cards in the notation.

    tokens: card code → token; order: the codes in the order a hand is written (unknown last);
    read(token, allow_unknown): the code of a typed token or None; noun: "a card" as the
    messages say it ("an animal"); plural: "cards"; names: the tokens to suggest;
    most: the largest count of ``name*n``.
    """

    tokens: Sequence[str] | Mapping[int, str]
    order: Sequence[int]
    read: Callable[..., int | None]
    noun: str
    plural: str
    names: str
    most: int

    def text(self, cards: Iterable[int]) -> str:
        """``bear,mole,pig``: every card named."""
        return ",".join(self.tokens[c] for c in cards)

    def compact(self, cards: Sequence[int]) -> str:
        """``giraffe*3,bear,?*7``: each card once with its count, in `order`."""
        vec = Counter(cards)
        parts = []
        for k in self.order:
            if vec[k] == 1:
                parts.append(self.tokens[k])
            elif vec[k] > 1:
                parts.append(f"{self.tokens[k]}*{vec[k]}")
        return ",".join(parts)

    def tokens_of(self, cards: Iterable[int]) -> list[str]:
        return [self.tokens[c] for c in cards]

    def _unknown_note(self, allow_unknown: bool, long: bool) -> str:
        if not allow_unknown:
            return ""
        return ", ? for an unknown card" if long else ", ?"

    def parse(self, text: str, *, allow_unknown: bool = False, ordered: bool = False,
              multiples: bool = True) -> tuple[int, ...]:
        """Cards separated by commas or spaces (``name*n`` for n of them where `multiples`);
        sorted unless `ordered`. Raises InvalidActionError."""
        out: list[int] = []
        for tok in _SEP.split(text.strip()):
            if not tok:
                continue
            times = 1
            m = _MULT.match(tok) if multiples else None
            if m:
                tok, times = m.group(1), int(m.group(2))
                if not 1 <= times <= self.most:
                    raise InvalidActionError(f"{m.group(0)!r}: a count from 1 to {self.most}")
            card = self.read(tok, allow_unknown=allow_unknown)
            if card is None:
                raise InvalidActionError(f"{tok!r} is not {self.noun} ({self.names}"
                                         f"{self._unknown_note(allow_unknown, multiples)})")
            out.extend([card] * times)
        return tuple(out) if ordered else tuple(sorted(out))

    def one(self, text: str, *, allow_unknown: bool = False) -> int:
        """A single card; raises InvalidActionError."""
        card = self.read(text, allow_unknown=allow_unknown)
        if card is None:
            raise InvalidActionError(f"{text!r} is not {self.noun} ({self.names}"
                                     f"{self._unknown_note(allow_unknown, False)})")
        return card

    def from_json(self, value: Any, what: str, *, allow_unknown: bool = False,
                  numbers: bool = False) -> list[int]:
        """A JSON list of card tokens (also numbers where `numbers`), in its order. Raises
        InvalidPositionError naming `what`."""
        if not isinstance(value, list):
            raise InvalidPositionError(f"{what} must be a list of {self.plural}")
        out = []
        for tok in value:
            card = None
            if isinstance(tok, str) or (numbers and isinstance(tok, int)
                                        and not isinstance(tok, bool)):
                card = self.read(str(tok), allow_unknown=allow_unknown)
            if card is None:
                raise InvalidPositionError(f"{what}: {tok!r} is not {self.noun} ({self.names}"
                                           f"{self._unknown_note(allow_unknown, False)})")
            out.append(card)
        return out
