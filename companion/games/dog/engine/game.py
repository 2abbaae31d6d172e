"""`DogGame`: DOG (Schmidt Spiele) behind the engine contract of `companion.engines.base`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engines.kit.games import ModuleGame, read_config

from . import info, notation, rules
from .actions import PLAY, DogAction, Seg
from .board import GOAL_FIELDS
from .cards import NAMES, TOKEN, UNKNOWN
from .messages import MESSAGES
from .moves import seven_next_steps
from .state import OVER, PHASES, DogConfig, DogState, initial_state, stock_size, to_move
from .state import PLAY as PH_PLAY


class DogGame(ModuleGame[DogState, DogAction]):
    """DOG for 2–6 seats. Stateless: one shared instance serves every table.

    Config (new_game): {"seats": 2..6, "mode": "teams"|"solo" (default: teams for 4 and 6),
    "rules": {house-rule toggles, see HouseRules}, "first_dealer": seat (default: the last
    seat, so that seat 0 begins)}.
    """

    name, messages = "dog", MESSAGES
    RULES, INFO, NOTATION, PHASES, OVER, CARDS = rules, info, notation, PHASES, OVER, NAMES

    # -- set-up -----------------------------------------------------------------------------
    def config(self, config: Mapping[str, Any] | None = None) -> DogConfig:
        config, seats = read_config(config, {"seats", "mode", "rules", "first_dealer"},
                                    lo=2, hi=6)
        return DogConfig.make(seats, config.get("mode"), config.get("rules"),
                              config.get("first_dealer", -1))

    def new_game(self, config: Mapping[str, Any] | None = None) -> DogState:
        return initial_state(self.config(config))

    # -- whose decision -----------------------------------------------------------------
    # the calls of a search's inner loop go straight to the rules (no wrapper frame)
    to_move = staticmethod(to_move)

    # -- rules ----------------------------------------------------------------------------
    def plays_of(self, state: DogState, card: int) -> list[DogAction]:
        """Every legal play of `card` by the seat to move (its hand is not consulted)."""
        return rules.plays_of(state, [card])[0]

    def gives_of(self, state: DogState, seat: int) -> list[DogAction]:
        """During the exchange (every seat gives, in any order): the cards `seat` may give
        now; empty once it has given or outside the exchange. `format_action` writes another
        seat's give as ``give@<seat> <card>``."""
        return rules.gives_of(state, seat)

    def seven_steps(self, state: DogState,
                    segs: tuple[Seg, ...] = ()) -> tuple[int, list[Seg]]:
        """For the step-by-step 7 in the UI: after the segments `segs` already chosen (in
        order), the points left and every next segment that can still be completed to a
        legal 7. An impossible prefix gives (points left, [])."""
        return seven_next_steps(state, state.turn, segs)

    def card_of(self, state: DogState, action: DogAction) -> str | None:
        return TOKEN[action.card] if action.kind == PLAY else None

    # -- information ------------------------------------------------------------------------
    def unknown_cards(self, state: DogState, seat: int) -> int:
        return state.hands[seat].count(UNKNOWN)

    def with_mover(self, state: DogState, seat: int) -> DogState | None:
        if state.phase == PH_PLAY and state.winner < 0 and 0 <= seat < state.cfg.seats:
            return state._replace(turn=seat)
        return super().with_mover(state, seat)

    # -- progress and end -----------------------------------------------------------------
    def progress(self, state: DogState) -> list[float]:
        """Per seat in [0, 1]: the steps its best four figures have made, over the most."""
        geo = state.cfg.geo
        full = GOAL_FIELDS * (geo.length + GOAL_FIELDS)
        out = []
        for s, fs in enumerate(state.figures):
            steps = sorted((geo.progress(s, p) for p in fs), reverse=True)[:GOAL_FIELDS]
            out.append(sum(steps) / full)
        return out

    def score(self, state: DogState) -> dict[str, Any]:
        cfg = state.cfg
        L = cfg.geo.length
        prog = self.progress(state)
        team_prog = [sum(prog[s] for s in team) / len(team) for team in cfg.teams]
        return {
            "progress": [round(p, 4) for p in prog],
            "home": [sum(1 for p in fs if p >= L) for fs in state.figures],
            "teams": [list(t) for t in cfg.teams],
            "team_progress": [round(p, 4) for p in team_prog],
            "winner": None if state.winner < 0 else list(cfg.teams[state.winner]),
            "round": state.round,
            "phase": PHASES[state.phase],
            "cards": [len(h) for h in state.hands],
            "stock": stock_size(state),
        }

    def evaluate(self, state: DogState) -> tuple[float, ...]:
        """Each team's share of the total progress (terminal: the result); team members share."""
        if state.phase == OVER:
            return self.returns(state)
        cfg = state.cfg
        prog = self.progress(state)
        team_prog = [sum(prog[s] for s in team) / len(team) for team in cfg.teams]
        total = sum(team_prog)
        if total <= 0:
            return tuple(1.0 / len(cfg.teams) for _ in range(cfg.seats))
        return tuple(team_prog[cfg.team_of[s]] / total for s in range(cfg.seats))

    def returns(self, state: DogState) -> tuple[float, ...]:
        if state.phase != OVER:
            return self.evaluate(state)
        cfg = state.cfg
        return tuple(1.0 if cfg.team_of[s] == state.winner else 0.0 for s in range(cfg.seats))

    # -- notation -------------------------------------------------------------------------
