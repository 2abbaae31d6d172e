"""`LifeGame`: Life is Life – Schwimm um dein Leben (NSV 2016) behind the engine contract."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engines.base import TABLE, InvalidActionError
from companion.engines.kit.games import ModuleGame, read_config

from . import info, notation, rules
from .actions import SWAP, LifeAction
from .cards import KINDS, NAMES, ROW_SIZES, TOKEN, UNKNOWN, parse_animal
from .messages import MESSAGES
from .scoring import lives_lost, majorities, round_points
from .state import (
    DEAL,
    OVER,
    PHASES,
    PLAY,
    REVEAL,
    LifeConfig,
    LifeState,
    aside_count,
    initial_state,
    players_in,
    to_move,
)


class LifeGame(ModuleGame[LifeState, LifeAction]):
    """Life is Life for 3–5 players. Stateless: one shared instance serves every table.

    Config (new_game): {"players": 3..5 (also "seats"; default 4), "rules": {house rules, see
    HouseRules}, "first_player": the seat that begins the first round (default 0)}.
    """

    name, messages = "lifeislife", MESSAGES
    RULES, INFO, NOTATION, PHASES, OVER, CARDS = rules, info, notation, PHASES, OVER, NAMES

    # -- set-up -----------------------------------------------------------------------------
    def config(self, config: Mapping[str, Any] | None = None) -> LifeConfig:
        config, players = read_config(config, {"players", "seats", "rules", "first_player"},
                                      lo=3, hi=5)
        return LifeConfig.make(players, config.get("rules"), config.get("first_player", 0))

    def new_game(self, config: Mapping[str, Any] | None = None) -> LifeState:
        return initial_state(self.config(config))

    # -- whose decision -----------------------------------------------------------------
    # the calls of a search's inner loop go straight to the rules (no wrapper frame)
    to_move = staticmethod(to_move)

    # -- rules ----------------------------------------------------------------------------
    def laydowns(self, state: LifeState, row: int) -> list[list[str]]:
        """For the play entry: every set of cards the seat to move may lay down to take row
        `row` (1..4), as animal tokens (one entry per distinct set). Empty when no seat is to
        move."""
        if state.phase != PLAY:
            return []
        if row not in ROW_SIZES:
            raise InvalidActionError(f"there is no row {row}: rows are 1 to 4")
        return [[TOKEN[c] for c in laid] for laid in rules.laydowns(state, state.turn, row)]

    def can_knock(self, state: LifeState) -> bool:
        """May the seat to move knock now?"""
        return state.phase == PLAY and rules.can_knock(state, state.turn)

    # -- information ------------------------------------------------------------------------
    def unknown_cards(self, state: LifeState, seat: int) -> int:
        return state.hands[seat][UNKNOWN]

    def with_mover(self, state: LifeState, seat: int) -> LifeState | None:
        if state.phase == PLAY and 0 <= seat < len(state.lives) and state.lives[seat] > 0:
            return state._replace(turn=seat)
        return super().with_mover(state, seat)

    def public_view(self, state: LifeState) -> LifeState:
        """What everyone knows (a spectator): every hand reduced to its public part."""
        return info.view(state, TABLE)

    def known_cards(self, state: LifeState, seat: int, other: int) -> list[str]:
        """The cards `seat` knows to be in `other`'s hand (its own: every reported card)."""
        vec = info.known_cards(state, seat, other)
        return [TOKEN[k] for k in KINDS for _ in range(vec[k])]

    # -- progress and end -----------------------------------------------------------------
    def round_result(self, state: LifeState) -> dict[str, Any] | None:
        """How the round would end if it were scored now (every hand of a player still in
        must be known, else None): points, lives lost, and who holds each majority."""
        ins = players_in(state)
        if not state.rows or any(state.hands[s][UNKNOWN] for s in ins):
            return None
        n = state.cfg.players
        points = round_points(state.hands, ins, n)
        return {
            "points": points,
            "lives_lost": lives_lost(points),
            "sudden_death": None,
            "majorities": {TOKEN[k]: (None if who < 0 else who)
                           for k, who in enumerate(majorities(state.hands, ins)) if k},
        }

    def score(self, state: LifeState) -> dict[str, Any]:
        """The end of the round: after a finished round (phase deal or over) its result, as
        the lives already show it; during a round, the result if it were scored now (null
        while a hand is unknown). Plus the live scoreboard."""
        finished = state.phase in (DEAL, OVER) and state.last is not None
        out: dict[str, Any]
        if finished:
            res = notation.result_json(state.last)
            assert res is not None
            out = {"points": res["points"], "lives_lost": res["lives_lost"],
                   "sudden_death": res["sudden_death"], "sudden_animal": res["sudden_animal"],
                   "final": True}
        else:
            now = self.round_result(state)
            out = {"points": None, "lives_lost": None, "sudden_death": None, "final": False}
            if now is not None:
                out.update(now)
        ins = players_in(state)
        out.update({
            "lives": list(state.lives),
            "out": [s for s in range(state.cfg.players) if s not in ins],
            "round": state.round,
            "phase": PHASES[state.phase],
            "starter": state.starter,
            "knocked_by": None if state.knocked_by < 0 else state.knocked_by,
            "winner": None if state.winner < 0 else state.winner,
            "hands_known": [not state.hands[s][UNKNOWN] for s in range(state.cfg.players)],
            "shown": [bool(state.shown >> s & 1) for s in range(state.cfg.players)],
            "aside": aside_count(state),
        })
        return out

    def evaluate(self, state: LifeState) -> tuple[float, ...]:
        """Each player's share of the (squared) lives it can expect to keep: its lives less
        the lives the current hands would cost it (half of them before anyone knocked);
        players out get 0; while the hands are shown at a round's end, what they will cost.
        Terminal: the result."""
        if state.phase == OVER:
            return self.returns(state)
        n = state.cfg.players
        ins = players_in(state)
        eff = [float(lv) for lv in state.lives]
        # the round's end (REVEAL) is scored as its hands will be shown: after the knock, in full
        if state.phase in (PLAY, REVEAL) and state.rows and \
                not any(state.hands[s][UNKNOWN] for s in ins):
            weight = 1.0 if state.knocked_by >= 0 else 0.5
            lost = lives_lost(round_points(state.hands, ins, n))
            for s in ins:
                eff[s] = max(0.0, eff[s] - weight * lost[s])
        sq = [e * e for e in eff]
        total = sum(sq)
        if total <= 0:
            return tuple(1.0 / len(ins) if s in ins else 0.0 for s in range(n))
        return tuple(v / total for v in sq)

    # -- notation -------------------------------------------------------------------------
    def swap(self, row: int, cards: list[str], sudden: str | None = None) -> LifeAction:
        """Build a swap from animal tokens (for code that does not go through the notation)."""
        animals = []
        for tok in cards:
            k = parse_animal(tok)
            if k is None:
                raise InvalidActionError(f"{tok!r} is not an animal")
            animals.append(k)
        animal = 0 if sudden is None else (parse_animal(sudden) or -1)
        if animal < 0:
            raise InvalidActionError(f"{sudden!r} is not an animal")
        return LifeAction(SWAP, row, tuple(sorted(animals)), animal)
