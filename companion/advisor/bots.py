"""Bots on the Game contract: random, greedy one-ply with per-game priorities, and ISMCTS.

A bot answers one question: which action does `seat` take in `state`? It looks only at
`game.view(state, seat)` — what that seat knows — so a bot can sit at a simulated table that
holds every card without cheating.

- `RandomBot`: uniform among the legal actions.
- `GreedyBot`: one ply. Each legal action is applied to the seat's view and the resulting
  position scored from the seat's side; the best (ties broken at random) is played. The
  position score and an action cost are per game (`heuristic`: the game registry's); a game
  without them is scored by its own `evaluate`. For DOG: progress of the figures, home and
  out of the kennel, figures within reach of an opponent, the own start field kept free, and
  the card spent (a joker or a 7 is worth keeping).
- `IsmctsBot`: `ismcts.search` at a wall-clock or iteration budget; no search when only one
  action is legal.

The search's per-game functions live here too: for DOG the leaf
evaluation `dog_evaluate` (the greedy bot's position worth turned into a calibrated chance to
win) and the playout policy `dog_playout_policy` (greedy on `dog_play_gains`, a cheap estimate
of each play's effect). Which game uses which, and its measured parameters, is its entry's
`search` in the game registry (companion/games/; `search_defaults`). How each was measured:
docs/advisor.md.

`make_bot("ismcts:ms=500")` builds a bot from the spec strings of the arena.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from companion import games
from companion.engines.base import Game
from companion.games.dog.engine import moves as dog_moves
from companion.games.dog.engine.actions import PLAY as PLAY_KIND
from companion.games.dog.engine.board import GOAL_FIELDS, kennel
from companion.games.dog.engine.cards import FOUR, JOKER, ONE, SEVEN, SWAP, THIRTEEN
from companion.games.dog.engine.cards import UNKNOWN as DOG_UNKNOWN
from companion.games.dog.engine.state import DRAWN as DRAWN_PHASE
from companion.games.dog.engine.state import EXCHANGE, OVER, DogState
from companion.games.dog.engine.state import PLAY as PLAY_PHASE
from companion.games.lifeislife.engine.cards import UNKNOWN as LIL_UNKNOWN
from companion.games.lifeislife.engine.scoring import lives_lost, round_points
from companion.games.lifeislife.engine.state import PLAY as LIL_PLAY
from companion.games.lifeislife.engine.state import LifeState
from companion.games.lifeislife.engine.state import players_in as lil_players_in

from . import ismcts

__all__ = [
    "DOG_HEURISTIC",
    "Bot",
    "GreedyBot",
    "IsmctsBot",
    "RandomBot",
    "dog_action_cost",
    "dog_evaluate",
    "dog_play_gains",
    "dog_playout_policy",
    "dog_position_score",
    "make_bot",
    "search_defaults",
]


class Bot(Protocol):
    name: str

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Any:
        """The action of `seat` (to move in `state`), from what the seat knows."""
        ...


# ---------------------------------------------------------------------------------------------
# Random
# ---------------------------------------------------------------------------------------------
@dataclass
class RandomBot:
    """Uniform among the legal actions of the seat's view."""

    name: str = "random"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Any:
        actions = game.legal_actions(game.view(state, seat))
        return actions[0] if len(actions) == 1 else rng.choice(actions)


# ---------------------------------------------------------------------------------------------
# Greedy one ply
# ---------------------------------------------------------------------------------------------
#: score(game, position after the action, seat) -> higher is better for seat
Score = Callable[[Game, Any, int], float]
#: cost(game, position before, action, seat) -> what the action spends (subtracted)
Cost = Callable[[Game, Any, Any, int], float]


def evaluate_score(game: Game, state: Any, seat: int) -> float:
    """The game's own `evaluate` (terminal: `returns`) for `seat`."""
    values = game.returns(state) if game.is_terminal(state) else game.evaluate(state)
    return values[seat]


def no_cost(game: Game, state: Any, action: Any, seat: int) -> float:
    return 0.0


def one_ply(game: Game, view: Any, seat: int, rng: random.Random,
            score: Score = evaluate_score, cost: Cost = no_cost) -> Any:
    """The legal action whose resulting position scores best for `seat` (generic: any game).
    Ties (within 1e-9) are broken uniformly at random."""
    actions = game.legal_actions(view)
    if len(actions) == 1:
        return actions[0]
    best: list[Any] = []
    best_value = float("-inf")
    for action in actions:
        value = score(game, game.apply(view, action), seat) - cost(game, view, action, seat)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value >= best_value - 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


@dataclass
class GreedyBot:
    """One-ply lookahead with a per-game position score and action cost."""

    score: Score = evaluate_score
    cost: Cost = no_cost
    name: str = "greedy"

    @classmethod
    def for_game(cls, game: Game) -> GreedyBot:
        score, cost = heuristic(game)
        return cls(score, cost, "heuristic")

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Any:
        return one_ply(game, game.view(state, seat), seat, rng, self.score, self.cost)


# -- DOG priorities ----------------------------------------------------------------------------
#: a figure out of the kennel is worth this many steps on top of its progress
DOG_OUT = 30.0
#: a figure in the goal is safe: worth this many steps on top of its progress
DOG_HOME = 12.0
#: chance that an opponent behind a figure (1..13 fields, or 4 ahead) knocks it out
DOG_THREAT = 0.25
#: how much the seat's own team's risk counts (opponents' risk counts half as a chance)
DOG_OWN_RISK = 1.0
DOG_THEIR_RISK = 0.5
#: own figure on the own start field while others wait in the kennel (it blocks them)
DOG_BLOCK = 3.0
#: steps per point of card value spent
DOG_CARD = 3.0
#: the end of the game
DOG_WIN = 1e6


def _dog_figure(geo: Any, s: int, p: int) -> float:
    if p < 0:
        return 0.0
    if p >= geo.length:
        return DOG_OUT + DOG_HOME + geo.progress(s, p)
    return DOG_OUT + geo.progress(s, p)


def dog_seat_values(state: DogState) -> list[tuple[float, float]]:
    """Per seat, in steps: (what its figures are worth, what it risks). Worth: the progress of
    every figure plus the out-of-the-kennel and home bonuses, less `DOG_BLOCK` for a figure
    blocking its own start field while others wait in the kennel. Risk: each figure on the
    track within reach of an opponent (1..13 fields behind it, 4 ahead of it, or the kennel
    of an opponent whose start field it stands on) times `DOG_THREAT` times its worth."""
    geo = state.cfg.geo
    L = geo.length
    start = geo.start
    danger = _dog_danger(state)  # per seat: the fields an opponent's next move may reach
    out: list[tuple[float, float]] = []
    for s, fs in enumerate(state.figures):
        value = 0.0
        risk = 0.0
        for p in fs:
            if p < 0:
                continue
            if p >= L:
                value += DOG_OUT + DOG_HOME + geo.progress(s, p)
                continue
            worth = DOG_OUT + geo.progress(s, p)
            value += worth
            if p != start[s] and danger[s] >> p & 1:  # not protected on its own start field
                risk += DOG_THREAT * worth
        if kennel(s) in fs and start[s] in fs:
            value -= DOG_BLOCK
        out.append((value, risk))
    return out


def dog_position_score(game: Game, state: DogState, seat: int) -> float:
    """DOG position from `seat`'s side, in steps: its team's worth less risk, minus the
    opponents' (averaged over the opponent teams; their risk counts `DOG_THEIR_RISK`, as
    the seat's own team moves after them only)."""
    cfg = state.cfg
    if state.phase == OVER:
        return DOG_WIN if cfg.team_of[seat] == state.winner else -DOG_WIN
    team_of = cfg.team_of
    mine = team_of[seat]
    other_teams = max(1, len(cfg.teams) - 1)
    total = 0.0
    for s, (value, risk) in enumerate(dog_seat_values(state)):
        if team_of[s] == mine:
            total += value - DOG_OWN_RISK * risk
        else:
            total -= (value - DOG_THEIR_RISK * risk) / other_teams
    return total


#: steps of lead that make a team e times likelier to win (logistic scale, measured:
#: docs/advisor.md)
DOG_EVAL_SCALE = 160.0
#: risk weight of the leaf evaluation (both sides: nobody knows who moves next)
DOG_EVAL_RISK = 0.75


def dog_evaluate(game: Game, state: DogState) -> tuple[float, ...]:
    """Leaf evaluation for the search: each team's chance to win, a softmax (two teams: a
    logistic) of its worth less risk over `DOG_EVAL_SCALE`; team members share. Terminal:
    the result."""
    cfg = state.cfg
    if state.phase == OVER:
        return tuple(1.0 if cfg.team_of[s] == state.winner else 0.0 for s in range(cfg.seats))
    team_of = cfg.team_of
    worth = [0.0] * len(cfg.teams)
    for s, (value, risk) in enumerate(dog_seat_values(state)):
        worth[team_of[s]] += value - DOG_EVAL_RISK * risk
    top = max(worth)
    weights = [math.exp((w - top) / DOG_EVAL_SCALE) for w in worth]
    total = sum(weights)
    return tuple(weights[team_of[s]] / total for s in range(cfg.seats))


#: what keeping a card is worth (`dog_card_value`), in steps per `DOG_CARD`
DOG_VALUE_JOKER = 10.0
DOG_VALUE_SEVEN = 5.0
DOG_VALUE_START_WAITING = 4.0  # a 1 or 13 while a figure of the colour waits in the kennel
DOG_VALUE_START = 1.5  # a 1 or 13 otherwise
DOG_VALUE_FOUR = 2.0
DOG_VALUE_SWAP = 1.5
DOG_VALUE_OTHER = 1.0


def dog_card_value(state: DogState, seat: int, card: int) -> float:
    """What keeping `card` is worth to `seat` (in steps): the joker most, then the 7, the
    start cards while figures wait in the kennel, the 4 (backwards), the swap."""
    if card == JOKER:
        return DOG_VALUE_JOKER
    if card == SEVEN:
        return DOG_VALUE_SEVEN
    if card in (ONE, THIRTEEN):
        cfg = state.cfg
        colour = seat
        if cfg.teams_mode and all(p >= cfg.geo.length for p in state.figures[seat]):
            colour = cfg.partner[seat]
        if kennel(colour) in state.figures[colour]:
            return DOG_VALUE_START_WAITING
        return DOG_VALUE_START
    if card == FOUR:
        return DOG_VALUE_FOUR
    if card == SWAP:
        return DOG_VALUE_SWAP
    return DOG_VALUE_OTHER


def dog_action_cost(game: Game, state: DogState, action: Any, seat: int) -> float:
    """The value of the card an action spends; in the exchange, the card's value to the
    seat minus its value to the receiver (give what helps the partner and costs little)."""
    card = action.card
    if card <= 0:
        return 0.0
    if state.phase == EXCHANGE:
        receiver = state.cfg.receiver[seat]
        gain = dog_card_value(state, receiver, card)
        if not state.cfg.teams_mode:
            gain = -gain  # solo: the left neighbour is an opponent
        return DOG_CARD * (dog_card_value(state, seat, card) - 0.5 * gain)
    return DOG_CARD * dog_card_value(state, seat, card)


#: DOG's position score and action cost for the greedy bot (its registry entry's `heuristic`)
DOG_HEURISTIC: tuple[Score, Cost] = (dog_position_score, dog_action_cost)  # type: ignore[assignment]


def heuristic(game: Game) -> tuple[Score, Cost]:
    """The greedy bot's position score and action cost for `game`: its registry entry's
    `heuristic` (companion/games/__init__.py), else the engine's `evaluate` and no cost."""
    entry = games.find(game.name)
    if entry is None or entry.heuristic is None:
        return evaluate_score, no_cost
    return games.load(entry.heuristic)  # type: ignore[no-any-return]


#: share of playout moves chosen uniformly at random instead of greedily
DOG_PLAYOUT_RANDOM = 0.0


#: The playout policy's best plays of each card on recent boards: (figures, lapped, seat) →
#: (config, card → (gain, plays of that gain)). Like the engine's memo of the plays, a search
#: meets the same boards again with other hands; read-only values, cleared when full.
_BEST_MEMO: dict[tuple[Any, ...], tuple[Any, dict[int, tuple[float, list[Any]]]]] = {}
BEST_MEMO_SIZE = 20_000


def dog_playout_policy(game: Game, state: DogState, rng: random.Random) -> Any:
    """The search's playout policy for DOG: greedy on a cheap estimate of each play's effect
    (`dog_play_gains`: the moved figure's worth and risk before and after, the figure it
    knocks out, the card spent), uniformly random with probability `DOG_PLAYOUT_RANDOM`;
    ties broken at random. The exchange and the table's events are random.

    The best plays of each card are remembered per board (`_BEST_MEMO`), so a board met
    again costs a lookup per card of the hand, not a scoring of every legal play."""
    if state.phase not in (PLAY_PHASE, DRAWN_PHASE):
        return game.random_action(state, rng)
    hand = state.hands[state.turn]
    if DOG_PLAYOUT_RANDOM and rng.random() < DOG_PLAYOUT_RANDOM:
        actions = game.legal_actions(state)
        return actions[rng.randrange(len(actions))]
    if not hand or hand[0] == DOG_UNKNOWN:  # a hand not known: score every legal play
        actions = game.legal_actions(state)
        return _pick(_best_plays(actions, dog_play_gains(state, actions))[1], rng)
    key = (state.figures, state.lapped, state.turn)
    entry = _BEST_MEMO.get(key)
    if entry is None or entry[0] is not state.cfg:
        if len(_BEST_MEMO) >= BEST_MEMO_SIZE:
            _BEST_MEMO.clear()
        entry = _BEST_MEMO[key] = (state.cfg, {})
    by_card = entry[1]
    cards = list(dict.fromkeys(hand))  # in the order of `legal_actions`
    missing = [card for card in cards if card not in by_card]
    if missing:
        # Most playout boards are new: one analysis of the board serves the generators and
        # the gains (its field → seat map is the same), and the plays skip the engine's memo
        # of the plays (`rules.plays_of`), which serves the tree's `legal_actions`.
        ctx = dog_moves.Ctx(state, state.turn)
        masks = _dog_masks(state, ctx.occ)
        for card in missing:
            plays = dog_moves.plays_for(ctx, card)
            by_card[card] = _best_plays(plays, dog_play_gains(state, plays, masks))
    best: list[Any] = []
    best_value = float("-inf")
    for card in cards:
        value, plays = by_card[card]
        if not plays:
            continue
        if value > best_value + 1e-9:
            best, best_value = plays, value
        elif value >= best_value - 1e-9:
            best = best + plays
    if not best:  # nothing playable: fold, or discard any card (solo), all gaining nothing
        best = game.legal_actions(state)
    return _pick(best, rng)


def _best_plays(actions: list[Any], gains: list[float]) -> tuple[float, list[Any]]:
    """The highest gain and the actions within 1e-9 of it, in their order."""
    best: list[Any] = []
    best_value = float("-inf")
    for action, value in zip(actions, gains, strict=True):
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value >= best_value - 1e-9:
            best.append(action)
    return best_value, best


def _pick(actions: list[Any], rng: random.Random) -> Any:
    return actions[0] if len(actions) == 1 else actions[rng.randrange(len(actions))]


class _Masks(NamedTuple):
    """One DOG board analysed for `dog_play_gains`."""

    occ: dict[int, int]  # field → seat of the figure on it
    danger: list[int]  # per seat: bitmask of the fields an opponent's next move may reach


#: per track length: for each field, the bitmask of the fields a figure there may reach with
#: its next move (1..13 ahead, 4 behind)
_REACH: dict[int, list[int]] = {}


def _reach_table(L: int) -> list[int]:
    table = _REACH.get(L)
    if table is None:
        full = (1 << L) - 1
        ahead = 0x3FFE | 1 << (L - 4)  # fields 1..13 ahead and 4 behind, relative to field 0
        table = _REACH[L] = [((ahead << p) | (ahead << p) >> L) & full for p in range(L)]
    return table


def _dog_masks(state: DogState, occ: dict[int, int] | None = None) -> _Masks:
    """The board analysed for `dog_play_gains`; `occ`: its field → seat map when known
    (`moves.Ctx.occ`)."""
    if occ is None:
        occ = {p: s for s, fs in enumerate(state.figures) for p in fs if p >= 0}
    return _Masks(occ, _dog_danger(state))


def _dog_danger(state: DogState) -> list[int]:
    """Per seat, the bitmask of the track fields an opponent's next move may reach: 1..13
    fields ahead of one of its figures or 4 behind, its start field while it waits in the
    kennel."""
    cfg = state.cfg
    L = cfg.geo.length
    start = cfg.geo.start
    team_of = cfg.team_of
    table = _reach_table(L)
    reach = [0] * len(cfg.teams)  # bitmask of the fields each team's next move may reach
    for s, fs in enumerate(state.figures):
        r = 0
        for p in fs:
            if p < 0:
                r |= 1 << start[s]  # it can come out onto its start field
            elif p < L:
                r |= table[p]
        reach[team_of[s]] |= r
    if len(reach) == 2:
        by_team = [reach[1], reach[0]]
    else:
        by_team = []
        for t in range(len(reach)):
            mask = 0
            for o, r in enumerate(reach):
                if o != t:
                    mask |= r
            by_team.append(mask)
    return [by_team[t] for t in team_of]


def _worth(s: int, p: int, L: int, start: tuple[int, ...], danger: list[int]) -> float:
    """The worth of seat s's figure on p in `dog_play_gains` (a module function, not a
    closure there: a closure would turn that loop's locals into slower cell variables)."""
    if p < 0:
        return 0.0
    if p >= L:
        return DOG_OUT + DOG_HOME + L + 1 + (p - L) % GOAL_FIELDS
    value = DOG_OUT + 1 + (p - start[s]) % L
    if p != start[s] and danger[s] >> p & 1:
        return value * (1 - DOG_THREAT)
    return value


def dog_play_gains(state: DogState, actions: Sequence[Any],
                   masks: _Masks | None = None) -> list[float]:
    """What each of `actions` (plays of the seat to move) gains for the mover's team, in the
    steps of `dog_position_score` (an estimate): for each move the figure's worth after minus
    before, plus the worth of a figure it lands on (gained if an opponent's, lost if the own
    team's), less the value of the card spent; 0 for an action that is no play. Figures a 7
    burns in passing are not counted.

    A figure's worth here: out of the kennel and its progress (`_dog_figure`), times
    1 - `DOG_THREAT` where an opponent's next move may reach it (1..13 fields ahead of an
    opponent's figure or 4 behind one, or an opponent's start field while that opponent
    waits in its kennel), except on its own start field.

    This is the inner loop of the playouts: the board is analysed once (`masks`, with
    bitmasks), and a figure's worth is computed inline."""
    cfg = state.cfg
    L = cfg.geo.length
    start = cfg.geo.start
    team_of = cfg.team_of
    turn = state.turn
    mine = team_of[turn]
    occ, danger = masks or _dog_masks(state)
    keep = 1 - DOG_THREAT
    out_base = DOG_OUT + 1
    home_base = DOG_OUT + DOG_HOME + L + 1

    costs: dict[int, float] = {}
    gains: list[float] = []
    for kind, card, as_card, segs, _, _ in actions:
        if kind != PLAY_KIND:
            gains.append(0.0)
            continue
        cost = costs.get(card)
        if cost is None:
            cost = costs[card] = DOG_CARD * dog_card_value(state, turn, card)
        gain = 0.0
        if as_card == SWAP:
            for a, b in segs:
                sa, sb = occ[a], occ[b]
                da = _worth(sa, b, L, start, danger) - _worth(sa, a, L, start, danger)
                db = _worth(sb, a, L, start, danger) - _worth(sb, b, L, start, danger)
                gain += da if team_of[sa] == mine else -da
                gain += db if team_of[sb] == mine else -db
            gains.append(gain - cost)
            continue
        for frm, to in segs:
            # the moving figure's seat and its worth before (inline: the hot path)
            if frm < 0:
                s = -1 - frm
                before = 0.0
            elif frm >= L:
                s = (frm - L) // GOAL_FIELDS
                before = home_base + (frm - L) % GOAL_FIELDS
            else:
                s = occ.get(frm, turn)
                st = start[s]
                before = out_base + (frm - st) % L
                if frm != st and danger[s] >> frm & 1:
                    before *= keep
            if to >= L:
                delta = home_base + (to - L) % GOAL_FIELDS - before
            elif to < 0:
                delta = 0.0 - before
            else:
                st = start[s]
                after = out_base + (to - st) % L
                if to != st and danger[s] >> to & 1:
                    after *= keep
                delta = after - before
            gain += delta if team_of[s] == mine else -delta
            if to < L:
                victim = occ.get(to)
                if victim is not None and to != frm:
                    lost = _worth(victim, to, L, start, danger)
                    gain += lost if team_of[victim] != mine else -lost
        gains.append(gain - cost)
    return gains


# -- Life is Life -------------------------------------------------------------------------------
def lifeislife_round_survival(game: Game, root: LifeState, leaf: LifeState) -> tuple[float, ...]:
    """Per seat, 1 if it comes through the round of `root` without losing a life, else 0: the
    finished round's result when the playout got there, else what the hands at the leaf would
    cost if the round ended now. The hint reports its mean as the chance to survive the round."""
    n = leaf.cfg.players
    if leaf.last is not None and leaf.last.round == root.round:
        return tuple(1.0 if d <= 0 else 0.0 for d in leaf.last.lost)
    ins = lil_players_in(leaf)
    if leaf.phase != LIL_PLAY or any(leaf.hands[s][LIL_UNKNOWN] for s in ins):
        return (1.0,) * n  # nothing to judge (cannot happen in a determinized round)
    lost = lives_lost(round_points(leaf.hands, ins, n))
    return tuple(1.0 if d <= 0 else 0.0 for d in lost)


#: the search parameters that name a function ("module:attribute" in the registry)
_SEARCH_FUNCTIONS = frozenset({"policy", "evaluate", "outcome", "playout"})
#: game name → (its registry entry, the search parameters read from it)
_SEARCH_CONFIGS: dict[str, tuple[Any, ismcts.Config]] = {}


def _measured(game_name: str) -> ismcts.Config | None:
    """The search parameters measured for a game: its entry's `search` in the game registry
    (companion/games/; docs/advisor.md says how each was measured). None: none measured."""
    entry = games.find(game_name)
    if entry is None or not entry.search:
        return None
    known = _SEARCH_CONFIGS.get(game_name)
    if known is None or known[0] is not entry:
        values = {key: games.load(value) if key in _SEARCH_FUNCTIONS and isinstance(value, str)
                  else value for key, value in entry.search.items()}
        known = _SEARCH_CONFIGS[game_name] = (entry, ismcts.Config(**values))
    return known[1]


ismcts.tune_from(_measured)  # the search fills its open parameters from these


def search_defaults(game: Game) -> ismcts.Config | None:
    """The measured search parameters of `game` (None: none measured)."""
    return _measured(game.name)


# ---------------------------------------------------------------------------------------------
# ISMCTS
# ---------------------------------------------------------------------------------------------
#: share of the turn's remaining budget that one decision of a multi-decision turn may use
TURN_SHARE = 0.4


def turn_of(game: Game, state: Any) -> Any:
    """What identifies the current turn: the game's turn counter (`score()["turns"]`, HIT: a
    turn is three plays and the buys) or None (every decision is a turn of its own)."""
    try:
        return game.score(state).get("turns")
    except Exception:  # a state the score cannot describe: treat the decision as a turn
        return None


@dataclass
class IsmctsBot:
    """`ismcts.search` at `budget_ms` or `iterations`; the most visited action. Only one legal
    action: no search. Each decision's search seed comes from `rng`.

    `cpu`: the budget is CPU time of the searching thread, not wall time, so that a match's
    strength does not depend on what else the machine is doing. `per_turn`: the budget is for
    a whole turn of several decisions (HIT); each decision takes `TURN_SHARE` of what is left
    of it, so the early ones (which card first) think longest and the turn never overruns.
    `early_stop`: a search ends once its most visited action cannot be overtaken in the time
    left (same choice, less time)."""

    budget_ms: float | None = 500.0
    iterations: int | None = None
    config: ismcts.Config = field(default_factory=ismcts.Config)
    name: str = "ismcts"
    cpu: bool = False
    per_turn: bool = False
    early_stop: bool = False
    #: the budget's clock when neither wall nor CPU time will do (tests: a clock that steps)
    clock: Callable[[], float] | None = None
    #: totals over all searches: iterations, seconds, searches (for the arena's report)
    totals: dict[str, float] = field(default_factory=lambda: {"iterations": 0, "seconds": 0.0,
                                                              "searches": 0})
    _turn: tuple[int, Any] | None = field(default=None, repr=False)
    _turn_left_ms: float = field(default=0.0, repr=False)

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Any:
        view = game.view(state, seat)
        actions = game.legal_actions(view)
        if len(actions) == 1:
            return actions[0]
        budget = self.budget_ms
        if budget is not None and self.per_turn:
            turn = (seat, turn_of(game, state))
            if turn[1] is None or turn != self._turn:
                self._turn, self._turn_left_ms = turn, budget
            budget = max(1.0, self._turn_left_ms * TURN_SHARE)
        result = ismcts.search(game, view, seat, budget_ms=budget,
                               iterations=self.iterations, seed=rng.getrandbits(32),
                               config=self.config,
                               clock=self.clock or (time.thread_time if self.cpu
                                                    else time.perf_counter),
                               early_stop=self.early_stop)
        if budget is not None and self.per_turn:
            self._turn_left_ms -= result.elapsed * 1000
        self.totals["iterations"] += result.iterations
        self.totals["seconds"] += result.elapsed
        self.totals["searches"] += 1
        best = result.best
        return actions[0] if best is None else best.action


# ---------------------------------------------------------------------------------------------
# Specs
# ---------------------------------------------------------------------------------------------
_EVALUATIONS: dict[str, ismcts.Evaluate] = {
    "engine": lambda game, state: game.evaluate(state),
}
_POLICIES: dict[str, ismcts.Policy] = {
    "random": lambda game, state, rng: game.random_action(state, rng),
}


def _named(generic: dict[str, Any], parameter: str) -> Callable[[str], Any]:
    """A spec's ``eval=`` or ``policy=`` value → the function: a generic one by its name, else
    the one a game's registry entry measured (``eval=dog``: DOG's `search` evaluation)."""

    def lookup(name: str) -> Any:
        if name in generic:
            return generic[name]
        entry = games.find(name)
        reference = entry.search.get(parameter) if entry is not None else None
        if not isinstance(reference, str):
            raise KeyError(name)
        return games.load(reference)

    return lookup
_CONFIG_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "c": ("exploration", float),
    "depth": ("playout_depth", int),
    "tree": ("tree_depth", int),
    "pf": ("policy_first", lambda v: v.lower() in ("1", "true", "yes")),
    "table": ("stop_at_table", lambda v: v.lower() in ("1", "true", "yes")),
    "eval": ("evaluate", _named(_EVALUATIONS, "evaluate")),
    "policy": ("policy", _named(_POLICIES, "policy")),
}


def make_bot(spec: str, game: Game | None = None) -> Bot:
    """A bot from its spec: ``random``, ``heuristic`` (the game's greedy bot; needs `game`),
    ``greedy`` (one ply on `evaluate`), ``ismcts:ms=500`` or ``ismcts:iters=2000`` with
    optional ``c=<exploration>``, ``depth=<playout plies>``, ``tree=<deepest tree level, 0:
    no limit>``, ``pf=0|1`` (policy-first expansion), ``table=0|1`` (stop playouts at the
    end of the round), ``eval=dog|engine``, ``policy=dog|random``, ``cpu=1`` (the budget is
    CPU time), ``turn=1`` (the budget is per turn, not per decision), ``stop=1`` (stop early
    once the choice can no longer change), comma-separated; what is
    not given takes the game's measured defaults (`search_defaults`)."""
    name, _, args = spec.partition(":")
    params: dict[str, str] = {}
    for part in filter(None, args.split(",")):
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"bot parameter {part!r} is not key=value")
        params[key.strip()] = value.strip()
    if name == "random" and not params:
        return RandomBot()
    if name == "greedy" and not params:
        return GreedyBot()
    if name == "heuristic" and not params:
        if game is None:
            raise ValueError("the heuristic bot needs the game")
        return GreedyBot.for_game(game)
    if name == "ismcts":
        flags = {k: params.pop(k).lower() in ("1", "true", "yes")
                 for k in ("cpu", "turn", "stop") if k in params}
        ms = float(params.pop("ms")) if "ms" in params else None
        iters = int(params.pop("iters")) if "iters" in params else None
        if ms is None and iters is None:
            ms = 500.0
        config = ismcts.Config()
        for key, value in params.items():
            if key not in _CONFIG_KEYS:
                raise ValueError(f"unknown ismcts parameter {key!r}")
            attr, conv = _CONFIG_KEYS[key]
            setattr(config, attr, conv(value))
        return IsmctsBot(ms, iters, config, name=spec, cpu=flags.get("cpu", False),
                         per_turn=flags.get("turn", False), early_stop=flags.get("stop", False))
    raise ValueError(f"unknown bot {spec!r}: random, heuristic, greedy, ismcts:ms=…")

