"""The game contract that every engine implements (DOG, HIT, Life is Life).

The web app and the advisor use nothing but this module's API, so it is deliberately small and
game-neutral (shapes borrowed from python-chess and OpenSpiel):

- A *state* is plain, immutable, hashable data, cheap to copy. It is an information state: cards
  the table did not report are unknown, and `view(state, seat)` hides what a seat cannot see.
- Whose decision is pending: `to_move(state)` returns a seat (0..n-1) or `TABLE` for the events
  that the physical table reports and a simulation samples (deals, draws, reshuffles).
- `legal_actions`, `check` (reasons as `Violation`s; empty = legal), `apply` (fast, unchecked),
  `play` (checked, raises `IllegalActionError`), `sample_chance` (the table's event, sampled).
- `determinize(view, seat, rng)` fills every unknown consistently with what that seat knows.
- Notation: `parse_action`/`format_action` round-trip; `to_json`/`from_json` are the positions
  of ENGINE_CONTRACT.md.

Errors form a ladder: `InvalidActionError` (cannot parse), `IllegalActionError` (parses, but the
rules forbid it; carries the violations), `InvalidPositionError` (malformed position).
"""

from __future__ import annotations

import random
import string
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

__all__ = [
    "TABLE",
    "EngineError",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidPositionError",
    "Violation",
    "render",
]

#: `to_move` value when the pending decision belongs to the table (chance): a deal, a draw, a
#: reshuffle. At a physical table the app reports what happened; a simulation samples it.
TABLE: Final = -1

Param = str | int | float | bool | None


class _Missing(dict[str, Any]):
    """format_map helper: a missing parameter renders as {name} instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(template: str, params: Mapping[str, Any]) -> str:
    """Fill a message template with named parameters; unknown names stay visible."""
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    values = _Missing({k: v for k, v in params.items() if k in names})
    return template.format_map(values)


@dataclass(frozen=True, slots=True)
class Violation:
    """One reason why an action is illegal.

    `code` is stable (``dog.start_field_blocked``) and is what translations key on; `rule` names
    the rulebook section the ruling rests on; `params` are the named values for the message
    template, as a tuple of (key, value) pairs so that the violation stays hashable.
    """

    code: str
    rule: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, code: str, rule: str, **params: Param) -> Violation:
        return cls(code, rule, tuple(params.items()))

    def param(self, key: str, default: Param = None) -> Param:
        for k, v in self.params:
            if k == key:
                return v
        return default

    def message(self, templates: Mapping[str, str]) -> str:
        """The message in the language of `templates` (code → template with named params)."""
        template = templates.get(self.code)
        if template is None:
            return self.code
        return render(template, dict(self.params))

    def to_json(self, templates: Mapping[str, str]) -> dict[str, str]:
        return {"code": self.code, "rule": self.rule, "message": self.message(templates)}


class EngineError(Exception):
    """Base of the error ladder. `code` is stable and machine-readable."""

    code: str = "engine_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code


class InvalidActionError(EngineError, ValueError):
    """The action text cannot be parsed (or does not fit the position at all)."""

    code = "invalid_action"


class InvalidPositionError(EngineError, ValueError):
    """A position (JSON) is malformed or inconsistent."""

    code = "invalid_position"


class IllegalActionError(EngineError):
    """The action parses, but the rules forbid it; `violations` says why."""

    code = "illegal_action"

    def __init__(self, violations: Sequence[Violation], message: str | None = None) -> None:
        self.violations: tuple[Violation, ...] = tuple(violations)
        text = message or ", ".join(v.code for v in self.violations) or "illegal action"
        super().__init__(text)


class Game[S, A](ABC):
    """A game's rules behind one small API. Instances are stateless and can be shared.

    Type parameters: S is the (immutable, hashable) state type, A the action type.
    Seats are numbered 0..n-1 in playing order.
    """

    #: Registry name ("dog").
    name: ClassVar[str]
    #: English message templates keyed by violation code (named `{params}`).
    messages: ClassVar[Mapping[str, str]]

    # -- set-up ---------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, config: Mapping[str, Any] | None = None) -> S:
        """The state before the first table event (e.g. before the first deal)."""

    def start(self, config: Mapping[str, Any] | None, rng: random.Random) -> S:
        """A new game with its opening table events sampled (e.g. the first deal): the state
        at the first decision of a seat."""
        state = self.new_game(config)
        while self.to_move(state) == TABLE and not self.is_terminal(state):
            state = self.apply(state, self.sample_chance(state, rng))
        return state

    @abstractmethod
    def num_seats(self, state: S) -> int: ...

    # -- whose decision -------------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: S) -> int:
        """The seat whose decision is pending, or `TABLE` for a table/chance event."""

    @abstractmethod
    def phase(self, state: S) -> str:
        """A short name of the pending decision ("deal", "exchange", "play", ... "over")."""

    # -- rules ----------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every legal action of the pending decision, one per resulting position.

        At a table decision this lists the reports with unknown contents (e.g. a deal whose
        cards nobody entered); a simulation uses `sample_chance` instead.
        """

    @abstractmethod
    def check(self, state: S, action: A) -> list[Violation]:
        """Why `action` is illegal in `state`; an empty list means legal."""

    @abstractmethod
    def apply(self, state: S, action: A) -> S:
        """The state after `action`. Fast and unchecked: only for legal actions."""

    def play(self, state: S, action: A) -> S:
        """Checked `apply`: raises `IllegalActionError` carrying the violations."""
        violations = self.check(state, action)
        if violations:
            raise IllegalActionError(violations, "; ".join(self.message(v) for v in violations))
        return self.apply(state, action)

    def play_text(self, state: S, text: str) -> S:
        """Parse and play: raises `InvalidActionError` or `IllegalActionError`."""
        return self.play(state, self.parse_action(state, text))

    @abstractmethod
    def sample_chance(self, state: S, rng: random.Random) -> A:
        """A table event sampled for a simulation (only when `to_move` is `TABLE`)."""

    def card_of(self, state: S, action: A) -> str | None:
        """The card token an action plays (for filtering by card), None if it plays none."""
        return None

    def card_token(self, text: str) -> str | None:
        """The canonical token of a card name as typed (None if it names no card)."""
        return text.strip().lower() or None

    def random_action(self, state: S, rng: random.Random) -> A:
        """One legal action for random playouts; games may override with a cheaper sampler
        (the override's docstring says what "random" means)."""
        if self.to_move(state) == TABLE:
            return self.sample_chance(state, rng)
        return rng.choice(self.legal_actions(state))

    # -- information ----------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int) -> S:
        """What `seat` knows: every hidden card of the others replaced by unknown."""

    def forget(self, state: S, seat: int) -> S:
        """`state` with what only `seat` knows (its hidden cards as it entered them) unknown
        again, everything else kept. The table uses it when another entry contradicts a
        seat's private entries: the public fact is recorded and that seat re-enters its own."""
        raise NotImplementedError(f"{self.name} cannot forget a seat's hidden cards")

    def unknown_cards(self, state: S, seat: int) -> int:
        """How many cards of ``seat``'s hand ``state`` does not know (0: all known)."""
        raise NotImplementedError

    def with_mover(self, state: S, seat: int) -> S | None:
        """``state`` with ``seat`` to decide instead of the seat to move, to judge a play of a
        seat whose turn it is not (a dispute at the table); None where the game has no such
        position (outside its play phase, or a seat out of the game)."""
        return state if self.to_move(state) == seat else None

    @abstractmethod
    def determinize(self, view: S, seat: int, rng: random.Random) -> S:
        """A complete state (no unknowns) consistent with everything `seat` knows in `view`."""

    # -- progress and end -----------------------------------------------------------------
    @abstractmethod
    def score(self, state: S) -> dict[str, Any]:
        """Live progress for the scoreboard (JSON-ready, game specific)."""

    @abstractmethod
    def evaluate(self, state: S) -> tuple[float, ...]:
        """Cheap value per seat in [0, 1] to cut a playout short (team members share)."""

    @abstractmethod
    def is_terminal(self, state: S) -> bool: ...

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """Per seat: 1.0 win, 0.0 loss when terminal (team members share); else `evaluate`."""

    # -- notation -------------------------------------------------------------------------
    @abstractmethod
    def parse_action(self, state: S, text: str) -> A:
        """Parse the engine's notation; raises `InvalidActionError`."""

    @abstractmethod
    def format_action(self, state: S, action: A) -> str:
        """The notation of `action` in `state`; `parse_action` reads it back to the same action."""

    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]:
        """The position as JSON (ENGINE_CONTRACT.md)."""

    @abstractmethod
    def from_json(self, obj: Mapping[str, Any]) -> S:
        """Read a position; raises `InvalidPositionError`. Optional keys may be missing."""

    def message(self, violation: Violation) -> str:
        """The English message of a violation."""
        return violation.message(self.messages)

    def playout(self, state: S, rng: random.Random, max_actions: int = 1_000_000) -> S:
        """Play random actions (`random_action`) until the game ends."""
        for _ in range(max_actions):
            if self.is_terminal(state):
                return state
            state = self.apply(state, self.random_action(state, rng))
        return state
