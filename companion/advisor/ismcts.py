"""Single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012) over the Game contract.

One tree over the asking seat's information sets: every iteration samples a full state from what
that seat knows (`view` + `determinize`), walks the tree choosing only among the actions that are
available in that sample (availability-aware UCB: a child's exploration term counts the times it
was *available*, not the parent's visits), expands one new action, plays a cheap policy for a few
plies (or to the end of the round: the next table/chance decision) and backs up the per-seat value
of `evaluate`/`returns`. Each node keeps the reward of the seat that made the move into it.

Anytime: `search` stops at a wall-clock budget or an iteration count, and can report progress.
Reproducible: everything random comes from one `random.Random(seed)`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from companion.engines.base import TABLE, Game

Policy = Callable[[Game, Any, random.Random], Any]


class Node:
    __slots__ = ("action", "avail", "children", "parent", "player", "reward", "visits")

    def __init__(self, parent: Node | None, action: Hashable | None, player: int) -> None:
        self.parent = parent
        self.action = action
        self.player = player  # the seat that made the move into this node
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0

    def ucb(self, c: float) -> float:
        return self.reward / self.visits + c * math.sqrt(math.log(self.avail) / self.visits)


@dataclass(frozen=True, slots=True)
class Choice:
    """One root action with its statistics."""

    action: Any
    visits: int
    value: float  # mean reward of the asking seat (a win probability for win/loss games)
    share: float  # share of the root visits


@dataclass(slots=True)
class SearchResult:
    seat: int
    iterations: int
    elapsed: float
    choices: list[Choice] = field(default_factory=list)

    @property
    def best(self) -> Choice | None:
        return self.choices[0] if self.choices else None


@dataclass(slots=True)
class Config:
    exploration: float = 0.7
    playout_depth: int = 8  # plies of the playout policy before `evaluate` cuts it short
    stop_at_table: bool = True  # a deal/draw/reshuffle ends the playout (end of the round)
    policy: Policy | None = None  # default: the game's `random_action`


def search(
    game: Game,
    state: Any,
    seat: int,
    *,
    budget_ms: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
    config: Config | None = None,
    progress: Callable[[SearchResult], None] | None = None,
    progress_every: float = 0.25,
    stats: dict[Hashable, list[float]] | None = None,
) -> SearchResult:
    """Search the decision of `seat` in `state` (the full state or the seat's view: only
    `view(state, seat)` is ever used). Stops at `budget_ms` or after `iterations`."""
    if budget_ms is None and iterations is None:
        raise ValueError("give a time budget or an iteration count")
    if game.to_move(state) != seat:
        raise ValueError(f"seat {seat} is not to move")
    cfg = config or Config()
    rng = random.Random(seed)
    view = game.view(state, seat)
    root = Node(None, None, seat)
    started = time.perf_counter()
    deadline = None if budget_ms is None else started + budget_ms / 1000
    next_report = started + progress_every
    done = 0
    root_actions = game.legal_actions(view) if _own_actions_known(game, view) else None
    while True:
        if iterations is not None and done >= iterations:
            break
        now = time.perf_counter() if deadline is not None or progress else 0.0
        if deadline is not None and now >= deadline and done > 0:
            break
        _iterate(game, view, seat, root, root_actions, rng, cfg)
        done += 1
        if progress is not None and now >= next_report:
            progress(_result(game, root, seat, done, now - started))
            next_report = now + progress_every
    result = _result(game, root, seat, done, time.perf_counter() - started)
    if stats is not None:
        for child in root.children.values():
            entry = stats.setdefault(child.action, [0.0, 0.0])
            entry[0] += child.visits
            entry[1] += child.reward
    return result


def _own_actions_known(game: Game, view: Any) -> bool:
    """Whether the root's legal actions are the same in every determinization (the own hand
    is fully known). Then they are computed once instead of every iteration."""
    try:
        return bool(game.legal_actions(view)) and "?" not in (game.to_json(view).get("hand") or [])
    except Exception:  # an unknown hand may not even allow listing
        return False


def _iterate(
    game: Game,
    view: Any,
    seat: int,
    root: Node,
    root_actions: list | None,
    rng: random.Random,
    cfg: Config,
) -> None:
    state = game.determinize(view, seat, rng)
    node = root
    # Selection and expansion.
    while True:
        if game.is_terminal(state):
            break
        mover = game.to_move(state)
        if mover == TABLE:
            if cfg.stop_at_table:
                break
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        actions = (
            root_actions if node is root and root_actions is not None else game.legal_actions(state)
        )
        children = node.children
        untried = [a for a in actions if a not in children]
        for a in actions:
            child = children.get(a)
            if child is not None:
                child.avail += 1
        if untried:
            action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            child = Node(node, action, mover)
            child.avail = 1
            children[action] = child
            state = game.apply(state, action)
            node = child
            break
        best = None
        best_score = -1.0
        c = cfg.exploration
        for a in actions:
            child = children[a]
            score = child.reward / child.visits + c * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        state = game.apply(state, best.action)
        node = best
    # Playout.
    policy = cfg.policy
    depth = cfg.playout_depth
    while depth > 0 and not game.is_terminal(state):
        if game.to_move(state) == TABLE:
            if cfg.stop_at_table:
                break
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        action = policy(game, state, rng) if policy else game.random_action(state, rng)
        state = game.apply(state, action)
        depth -= 1
    values = game.returns(state) if game.is_terminal(state) else game.evaluate(state)
    # Backpropagation: each node scores the move of the seat that made it.
    while node is not None:
        node.visits += 1
        if node.parent is not None:
            node.reward += values[node.player]
        node = node.parent


def _result(game: Game, root: Node, seat: int, iterations: int, elapsed: float) -> SearchResult:
    total = sum(c.visits for c in root.children.values()) or 1
    choices = sorted(
        (
            Choice(c.action, c.visits, c.reward / c.visits if c.visits else 0.0, c.visits / total)
            for c in root.children.values()
        ),
        key=lambda ch: (ch.visits, ch.value),
        reverse=True,
    )
    return SearchResult(seat, iterations, elapsed, choices)
