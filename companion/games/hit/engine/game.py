"""`HitGame`: HIT (Ravensburger 2024) behind the engine contract of `companion.engines.base`."""

from __future__ import annotations

from collections.abc import Mapping
from operator import mul
from typing import Any

from companion.engines.base import TABLE, InvalidActionError, InvalidPositionError
from companion.engines.kit.games import ModuleGame, read_config

from . import info, notation, rules
from .actions import PLAY, HitAction
from .board import WAIT
from .cards import NAMES, TOKEN, UNKNOWN, card_list, parse_card
from .data import DATA
from .messages import MESSAGES
from .moves import Ctx, plays_of
from .state import (
    OVER,
    PHASES,
    HitConfig,
    HitState,
    deck_of,
    home,
    initial_state,
    is_over,
    pile_size,
    protected,
    stack_size,
    to_move,
)
from .state import PLAY as PH_PLAY


class HitGame(ModuleGame[HitState, HitAction]):
    """HIT for 2–4 players. Stateless: one shared instance serves every table.

    Config (new_game): {"players": 2..4 (also "seats"; default 4), "rules": {variants, see
    HouseRules}, "first_player": the seat that begins (default 0)}.
    """

    name, messages = "hit", MESSAGES
    RULES, INFO, NOTATION, PHASES, OVER, CARDS = rules, info, notation, PHASES, OVER, NAMES

    # -- set-up -----------------------------------------------------------------------------
    def config(self, config: Mapping[str, Any] | None = None) -> HitConfig:
        config, players = read_config(
            config, {"players", "seats", "rules", "first_player", "mode", "setup"}, lo=2, hi=4)
        if config.get("mode") is not None:
            raise InvalidPositionError("HIT has no teams: --mode does not apply")
        return HitConfig.make(players, config.get("rules"), config.get("first_player", 0),
                              notation.setup_data(config.get("setup")))

    def new_game(self, config: Mapping[str, Any] | None = None) -> HitState:
        return initial_state(self.config(config))

    # -- the data files ---------------------------------------------------------------------
    def data_unverified(self) -> list[dict[str, str]]:
        """Every board or card value the rulebook's text does not give (it is only in the
        pictures): {"file": path relative to the repository, "item": key}. The web app shows
        "board/card data unverified — edit <file>" while this is not empty."""
        paths = {DATA.board_file.name: DATA.board_file, DATA.cards_file.name: DATA.cards_file}
        return [{"file": _repo_path(paths[f]), "item": item} for f, item in DATA.unverified]

    def cards(self, state: HitState | None = None) -> list[dict[str, object]]:
        """The card list (token, name, deck, effect, steps, back, coins, symbols, copies,
        cost) of `state`'s set-up (none: the shipped files)."""
        return card_list(DATA if state is None else state.cfg.data)

    # -- whose decision -----------------------------------------------------------------
    # the calls of a search's inner loop go straight to the rules (no wrapper frame)
    to_move = staticmethod(to_move)
    is_terminal = staticmethod(is_over)

    # -- rules ----------------------------------------------------------------------------
    def plays_of(self, state: HitState, card: str) -> list[HitAction]:
        """Every play of `card` (a token) by the seat to move, its hand not consulted (one
        without moves when the card cannot be used). Empty outside the play step."""
        k = parse_card(card)
        if k is None:
            raise InvalidActionError(f"{card!r} is not a HIT card")
        if state.phase != PH_PLAY:
            return []
        return plays_of(Ctx(state, state.turn), k)

    def buyable(self, state: HitState) -> list[str]:
        """The market cards the seat to move can afford now (during its buying step)."""
        if state.phase != rules.PH_BUY:
            return []
        coins = state.coins[state.turn]
        cost = state.cfg.cards.cost
        return [TOKEN[k] for k in sorted(set(state.market)) if cost[k] <= coins]

    def protected(self, state: HitState) -> list[bool]:
        """Per seat: is a shield on top of its discard pile (and shields count)?"""
        return [protected(state, s) for s in range(state.cfg.players)]

    def card_of(self, state: HitState, action: HitAction) -> str | None:
        return TOKEN[action.card] if action.kind == PLAY else None

    # -- information ------------------------------------------------------------------------
    def unknown_cards(self, state: HitState, seat: int) -> int:
        return state.hands[seat].count(UNKNOWN)

    def with_mover(self, state: HitState, seat: int) -> HitState | None:
        """A seat's play judged where it could be played: on this position as that seat's own
        play step (its hand, pile, coins and figures as they are now), whatever step the table
        is at, once the set-up is done and until the game is over."""
        if (state.phase != OVER and state.turns > 0 and state.winner < 0
                and 0 <= seat < state.cfg.players):
            return state._replace(phase=PH_PLAY, turn=seat)
        return super().with_mover(state, seat)

    def public_view(self, state: HitState) -> HitState:
        """What everyone knows (a spectator): every hand reduced to its shown cards."""
        return info.view(state, TABLE)

    # -- progress and end -----------------------------------------------------------------
    def steps_to_go(self, state: HitState) -> list[int]:
        """Per seat: the fields its figures still have to go to reach their goal (a waiting
        figure: the lap plus one for coming out; a figure in the goal: none)."""
        geo = state.cfg.geo
        out = []
        for s, fs in enumerate(state.figures):
            lap = geo.lap[s]
            out.append(sum(lap + 1 if p == WAIT else max(0, lap - p) for p in fs))
        return out

    def progress(self, state: HitState) -> list[float]:
        """Per seat in [0, 1]: 1 − steps to go / steps to go from all figures waiting."""
        geo = state.cfg.geo
        togo = self.steps_to_go(state)
        return [1.0 - t / (geo.figures * (geo.lap[s] + 1)) for s, t in enumerate(togo)]

    def score(self, state: HitState) -> dict[str, Any]:
        n = state.cfg.players
        return {
            "home": [home(state, s) for s in range(n)],
            "figures": state.cfg.figures,
            "steps_to_go": self.steps_to_go(state),
            "progress": [round(p, 4) for p in self.progress(state)],
            "coins": list(state.coins),
            "deck": [sum(deck_of(state, s)) for s in range(n)],
            "hand": [len(h) for h in state.hands],
            "draw_pile": [pile_size(state, s) for s in range(n)],
            "protected": self.protected(state),
            "winner": None if state.winner < 0 else state.winner,
            "phase": PHASES[state.phase],
            "turn": state.turn,
            "turns": state.turns,
            "stack": stack_size(state),
        }

    def evaluate(self, state: HitState) -> tuple[float, ...]:
        """Each seat's share of (0.05 + strength)^4, where strength is its progress plus a
        little for its economy (coins and the price of the cards it bought, up to 0.05);
        terminal: the result. The values sum to 1."""
        if state.phase == OVER:
            return self.returns(state)
        # `progress` and `deck_of`'s prices summed inline (a search's every leaf): the same
        # integers, the same float operations in the same order
        geo = state.cfg.geo
        per_figure = geo.figures
        cost = state.cfg.cards.cost
        w = []
        for s, fs in enumerate(state.figures):
            lap = geo.lap[s]
            togo = 0
            for p in fs:
                if p == WAIT:
                    togo += lap + 1
                elif p < lap:
                    togo += lap - p
            eco = (state.coins[s] + sum(map(mul, cost, state.pools[s]))
                   + sum(map(mul, cost, state.discards[s]))
                   + sum([cost[c] for c in state.hands[s] if c])
                   + sum([cost[c] for c in state.tops[s]]))
            strength = (1.0 - togo / (per_figure * (lap + 1))) + 0.05 * min(1.0, eco / 40)
            w.append((0.05 + strength) ** 4)
        total = sum(w)
        return tuple([x / total for x in w])

    # -- notation -------------------------------------------------------------------------
def _repo_path(path: Any) -> str:
    """`path` relative to the repository (four folders above this file)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[4]
    try:
        return str(Path(path).resolve().relative_to(root))
    except ValueError:
        return str(path)
