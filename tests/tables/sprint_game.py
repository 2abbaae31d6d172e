"""Sprint: a throwaway game for tests/tables/test_new_game.py, to show that a game gets its
table through the game registry alone. Each turn the table rolls a die (``roll 4``), then the
seat to move runs that many spots (``run``) or walks one (``walk``); the first on spot
``goal`` (10) or beyond wins. Open information: nobody holds hidden cards.

The engine follows the contract of companion/engines/base.py (ENGINE_CONTRACT.md); the
presenter overrides only the words of a play (everything else: the base presenter)."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from companion.engines import TABLE, Game, InvalidActionError, InvalidPositionError, Violation
from companion.tables.presenters.base import BasePresenter
from companion.tables.presenters.legal_plays import PlayWords

RULE = "Sprint: a turn"
MESSAGES = {
    "sprint.wrong_phase": "This is the {expected} phase; a {got} does not fit now.",
    "sprint.game_over": "The game is over.",
}


class Sprint(NamedTuple):
    spots: tuple[int, ...]
    goal: int = 10
    turn: int = 0
    die: int = 0  # 0: the table rolls next
    winner: int = -1


class Step(NamedTuple):
    kind: str  # "roll", "run", "walk"
    pips: int = 0


class SprintGame(Game[Sprint, Step]):
    name, messages = "sprint", MESSAGES

    def new_game(self, config=None):
        config = dict(config or {})
        players = config.pop("players", config.pop("seats", 2))
        goal = config.pop("goal", 10)
        if config or not (isinstance(players, int) and 2 <= players <= 4):
            raise InvalidPositionError(f"2 to 4 players, and nothing else: {config}")
        return Sprint((0,) * players, goal)

    def num_seats(self, state):
        return len(state.spots)

    def to_move(self, state):
        return TABLE if state.die == 0 and state.winner < 0 else state.turn

    def phase(self, state):
        return "over" if state.winner >= 0 else "roll" if state.die == 0 else "play"

    def legal_actions(self, state):
        if state.winner >= 0:
            return []
        if state.die == 0:
            return [Step("roll", n) for n in range(1, 7)]
        return [Step("run")] if state.die == 1 else [Step("run"), Step("walk")]

    def check(self, state, action):
        if state.winner >= 0:
            return [Violation.of("sprint.game_over", RULE)]
        if (action.kind == "roll") != (state.die == 0) or action not in self.legal_actions(state):
            return [Violation.of("sprint.wrong_phase", RULE, expected=self.phase(state),
                                 got=action.kind)]
        return []

    def apply(self, state, action):
        if action.kind == "roll":
            return state._replace(die=action.pips)
        spots = list(state.spots)
        spots[state.turn] += state.die if action.kind == "run" else 1
        won = spots[state.turn] >= state.goal
        return state._replace(spots=tuple(spots), die=0, winner=state.turn if won else -1,
                              turn=state.turn if won else (state.turn + 1) % len(spots))

    def sample_chance(self, state, rng: random.Random):
        return Step("roll", rng.randint(1, 6))

    def view(self, state, seat):
        return state

    def determinize(self, view, seat, rng):
        return view

    def score(self, state) -> dict[str, Any]:
        return {"spots": list(state.spots), "winner": None if state.winner < 0 else state.winner}

    def evaluate(self, state):
        return tuple(min(1.0, s / state.goal) for s in state.spots)

    def is_terminal(self, state):
        return state.winner >= 0

    def returns(self, state):
        if state.winner < 0:
            return self.evaluate(state)
        return tuple(float(s == state.winner) for s in range(len(state.spots)))

    def parse_action(self, state, text):
        words = text.split()
        if words[:1] == ["roll"] and len(words) == 2 and words[1] in "123456":
            return Step("roll", int(words[1]))
        if words in (["run"], ["walk"]):
            return Step(words[0])
        raise InvalidActionError(f"not a Sprint action: {text!r} (roll N, run, walk)")

    def format_action(self, state, action):
        return f"roll {action.pips}" if action.kind == "roll" else action.kind

    def to_json(self, state):
        return {"game": "sprint", "players": len(state.spots), "goal": state.goal,
                "spots": list(state.spots), "to_move": state.turn, "die": state.die,
                "winner": None if state.winner < 0 else state.winner}

    def from_json(self, obj):
        try:
            return Sprint(tuple(int(s) for s in obj["spots"]), int(obj.get("goal", 10)),
                          int(obj.get("to_move", 0)), int(obj.get("die", 0)),
                          -1 if obj.get("winner") is None else int(obj["winner"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidPositionError(f"not a Sprint position: {exc}") from exc


class SprintPresenter(BasePresenter):
    """Only the words of a play are Sprint's own."""

    notation_examples = ("roll 4", "run", "walk")

    def describe_play(self, game, state, action, names):
        words = {"run": f"run {state.die} spots", "walk": "walk one spot"}
        text = game.format_action(state, action)
        return PlayWords(action.kind, action.kind, words.get(text, text))


PRESENTER = SprintPresenter("sprint")
