"""Single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012) over the Game contract.

One tree over the asking seat's information sets: every iteration samples a full state from what
that seat knows (`view` + `determinize`), walks the tree choosing only among the actions that are
available in that sample (availability-aware UCB: a child's exploration term counts the times it
was *available*, not the parent's visits), expands one new action, plays a cheap policy for a few
plies (or to the end of the round: the next table/chance decision) and backs up the per-seat value
of the leaf evaluation (`returns` at the end of the game). Each node keeps the reward of the seat
that made the move into it.

Anytime: `search` stops at a wall-clock budget or an iteration count, and can report progress.
Reproducible: everything random comes from one `random.Random(seed)`; with an iteration count the
answer depends on nothing else — and not on the path either: where the compiled core is built,
`Node` and `_Iteration` run as their compiled twins (`_ismcts.pyx`) and a game may bring its
playout compiled (`Playout`; DOG's: `_playout.pyx`), or its whole iteration on its own
compiled state (`Playout.iteration`; DOG's on `games/dog/engine/_state`'s board, issue #39), the
same search, the same choices.

The parameters left open in `Config` (None) take the values measured for the game (its
entry's `search` in the game registry, companion/games/, read by `bots` through `tune_from`;
exploration constant, playout depth and policy, leaf evaluation, whether a playout stops at the
table's next event; see docs/advisor.md), or generic ones for a game without measurements.
"""

from __future__ import annotations

import gc
import math
import random
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.engines.base import TABLE, Game
from companion.engines.kit import accel

Policy = Callable[[Game, Any, random.Random], Any]
Evaluate = Callable[[Game, Any], tuple[float, ...]]
#: (game, the searching seat's view at the root, the leaf) → per seat, 1/0 (or a chance) of an
#: outcome the hint reports besides the win chance (Life is Life: comes through the round)
Outcome = Callable[[Game, Any, Any], tuple[float, ...]]

__all__ = ["Choice", "Config", "Evaluate", "Node", "Outcome", "Playout", "Policy",
           "SearchResult", "gc_pause", "pause_gc_during_searches", "search"]


@dataclass(frozen=True, slots=True)
class Playout:
    """A compiled playout: `run(state, depth, rng)` returns the values the playout loop would
    (`policy` for up to `depth` plies, stopping at the table's next event, then `evaluate`, or
    the result at the game's end), having drawn the same random numbers from `rng`; or None,
    having drawn nothing, for a state it does not take (the loop runs then). The search uses it
    only with that very `policy` and `evaluate`, `stop_at_table` and no `outcome`."""

    run: Callable[[Any, int, random.Random], tuple[float, ...] | None]
    policy: Policy
    evaluate: Evaluate
    #: `policy`'s action for one decision (the expansion's policy-first), compiled: the same
    #: action, the same random numbers; None, having drawn nothing, where it does not take it
    choose: Callable[[Any, random.Random], Any] | None = None
    #: the whole iteration compiled on the game's own state (DOG's board, issue #39):
    #: `iteration(game, view, seat, root, root_actions, rng, config)` gives the callable that
    #: does what `_Iteration` does — the same tree, the same random numbers — or None where it
    #: does not take the view; used with the compiled tree only (its nodes are `_ismcts.Node`)
    iteration: Callable[..., Callable[[], None] | None] | None = None


class Node:
    __slots__ = ("action", "avail", "children", "outcome", "parent", "player", "reward", "square",
                 "visits")

    def __init__(self, parent: Node | None, action: Hashable | None, player: int) -> None:
        self.parent = parent
        self.action = action
        self.player = player  # the seat that made the move into this node
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.outcome = 0.0  # root children only, with `Config.outcome`
        #: root children only: the sum of the squared rewards (the search's own uncertainty)
        self.square = 0.0

    def ucb(self, c: float) -> float:
        return self.reward / self.visits + c * math.sqrt(math.log(self.avail) / self.visits)


@dataclass(frozen=True, slots=True)
class Choice:
    """One root action with its statistics."""

    action: Any
    visits: int
    value: float  # mean reward of the asking seat (a win probability for win/loss games)
    share: float  # share of the root visits
    outcome: float | None = None  # mean of `Config.outcome` for the asking seat, if configured


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
    """Search parameters; None = the value measured for the game (`bots.search_defaults`)."""

    exploration: float | None = None  # UCB constant, on the scale of the leaf values
    playout_depth: int | None = None  # plies of the playout policy before the leaf evaluation
    #: a deal/draw/reshuffle ends the playout (the end of the round); a game whose every turn
    #: starts with a table event (a die roll) sets it False, or the search never looks past
    #: the seat's own move
    stop_at_table: bool | None = None
    policy: Policy | None = None  # playout policy; default: the game's `random_action`
    evaluate: Evaluate | None = None  # leaf evaluation; default: the game's `evaluate`
    tree_depth: int | None = None  # deepest tree level (1: flat UCB over the root); 0: no limit
    #: below the root, expand first the action the playout policy would play (when untried),
    #: so that the other seats' first replies in the tree are plausible ones, not random ones
    policy_first: bool | None = None
    #: an outcome chance to report per root action (see `Outcome`); None: none
    outcome: Outcome | None = None
    #: the playout of `policy` and `evaluate` compiled (see `Playout`); None: the loop here
    playout: Playout | None = None


#: generic values for a game without measured ones
GENERIC = Config(exploration=0.7, playout_depth=8, tree_depth=0, policy_first=False,
                 stop_at_table=True)


#: game name → search parameters set by hand (an experiment, a test); they come before the
#: measured ones
_TUNED: dict[str, Config] = {}


def _no_tuning(game_name: str) -> Config | None:
    return None


#: game name → the search parameters measured for it: set by the module that reads the game
#: registry (`bots`, loaded with the package: companion/advisor/__init__.py), so that this
#: module imports nothing of the advisor
_measured: Callable[[str], Config | None] = _no_tuning


def tune(game_name: str, config: Config) -> None:
    """Set the search parameters of a game by hand (`resolve` fills open ones from them)."""
    _TUNED[game_name] = config


def tune_from(source: Callable[[str], Config | None]) -> None:
    """Where the measured parameters of each game come from (`bots`: the game registry)."""
    global _measured
    _measured = source


def tuned(game_name: str) -> Config | None:
    """The parameters of a game set by hand, else those measured for it (None: none)."""
    config = _TUNED.get(game_name)
    return config if config is not None else _measured(game_name)


def resolve(game: Game, config: Config | None = None) -> Config:
    """`config` with every open parameter filled: the game's measured values, else generic."""
    cfg = config or Config()
    tuned_ = tuned(game.name)
    out = replace(cfg)
    for name in ("exploration", "playout_depth", "policy", "evaluate", "tree_depth",
                 "policy_first", "outcome", "stop_at_table", "playout"):
        if getattr(out, name) is None:
            value = getattr(tuned_, name) if tuned_ is not None else None
            if value is None:
                value = getattr(GENERIC, name)
            setattr(out, name, value)
    return out


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
    clock: Callable[[], float] = time.perf_counter,
    early_stop: bool = False,
    deadline: float | None = None,
    only: Sequence[Any] | None = None,
) -> SearchResult:
    """Search the decision of `seat` in `state` (the full state or the seat's view: only
    `view(state, seat)` is ever used). Stops at `budget_ms` or after `iterations`, whichever
    comes first (at least one iteration). `progress` is called with the best-so-far result
    every `progress_every` seconds; `stats` accumulates the root's ``[visits, reward sum,
    outcome sum, squared reward sum]`` per action (for merging root-parallel searches, and the
    search's own uncertainty: `advisor.evidence`). `clock` measures the budget: wall time by
    default; `time.thread_time` (CPU time) makes a match's strength independent of the
    machine's load. `early_stop`: with a time budget, stop as soon as the most visited root
    action can no longer be overtaken in the time left (at the current rate): the answer is
    the one the full budget would give, for less time. `deadline`: an absolute time (in
    `clock`'s terms) to stop by, set-up included; it wins over `budget_ms` when sooner (a hint
    counts its budget from the player's request, not from the search's start). `only`: search
    just these root actions (the coach compares a played move with the best one head to head;
    needs the seat's own hand known: the root's actions must not depend on the sample)."""
    if budget_ms is None and iterations is None and deadline is None:
        raise ValueError("give a time budget, a deadline or an iteration count")
    if game.to_move(state) != seat:
        raise ValueError(f"seat {seat} is not to move")
    cfg = resolve(game, config)
    rng = random.Random(seed)
    view = game.view(state, seat)
    root = _tree.Node(None, None, seat)
    with _cyclic_gc_paused:
        try:
            return _run(game, view, seat, root, rng, cfg, budget_ms, iterations, progress,
                        progress_every, stats, clock, early_stop, deadline, only)
        finally:
            _dismantle(root)


def _dismantle(root: Node) -> None:
    """Break the tree's parent links so that reference counting frees it at once: no cyclic
    garbage is left for the collector (see `_CyclicGcPause`)."""
    stack = [root]
    while stack:
        node = stack.pop()
        node.parent = None
        stack.extend(node.children.values())
        node.children = {}


def _run(game: Game, view: Any, seat: int, root: Node, rng: random.Random, cfg: Config,
         budget_ms: float | None, iterations: int | None,
         progress: Callable[[SearchResult], None] | None, progress_every: float,
         stats: dict[Hashable, list[float]] | None, clock: Callable[[], float],
         early_stop: bool, until: float | None = None,
         only: Sequence[Any] | None = None) -> SearchResult:
    started = clock()
    deadline = None if budget_ms is None else started + budget_ms / 1000
    if until is not None:
        deadline = until if deadline is None else min(deadline, until)
    next_report = started + progress_every
    done = 0
    root_actions = _root_actions(game, view, seat, rng)
    if only is not None:
        if root_actions is None:
            raise ValueError("`only` needs the seat's own hand: its actions must be known")
        root_actions = [a for a in root_actions if a in only] or root_actions
    iterate = None
    fast = cfg.playout
    if fast is not None and fast.iteration is not None and _tree.Node is not Node and _usable(
            cfg):
        iterate = fast.iteration(game, view, seat, root, root_actions, rng, cfg)
    if iterate is None:
        iterate = _tree.Iteration(game, view, seat, root, root_actions, rng, cfg)
    while True:
        if iterations is not None and done >= iterations:
            break
        if deadline is not None or progress is not None:
            now = clock()
            if deadline is not None and now >= deadline and done > 0:
                break
            if early_stop and deadline is not None and done and done % 32 == 0:
                left = (deadline - now) * done / max(now - started, 1e-9)
                if _decided(root, left):
                    break
            if progress is not None and now >= next_report:
                progress(_result(root, seat, done, now - started, cfg.outcome is not None))
                next_report = now + progress_every
        iterate()
        done += 1
    result = _result(root, seat, done, clock() - started, cfg.outcome is not None)
    if stats is not None:
        for child in root.children.values():
            entry = stats.setdefault(child.action, [0.0, 0.0, 0.0, 0.0])
            entry[0] += child.visits
            entry[1] += child.reward
            entry[2] += child.outcome
            entry[3] += child.square
    return result


def _usable(cfg: Config) -> bool:
    """May the search use `cfg.playout` (its policy and evaluation are the configured ones,
    the playout stops at the table's events, no outcome is reported)?"""
    fast = cfg.playout
    return (fast is not None and fast.policy is cfg.policy and fast.evaluate is cfg.evaluate
            and bool(cfg.stop_at_table) and cfg.outcome is None)


class _CyclicGcPause:
    """Pauses Python's cyclic garbage collector while searches run (counted: concurrent
    searches in one process share the pause), once enabled for the process (`enable`). A
    search allocates tens of thousands of short-lived states per second; each collection then
    walks the growing tree and the move memos, which cost about 10 % of the iterations
    (docs/advisor.md, "Speed"). The states are freed by reference counting anyway; the
    tree's parent links are the only cycles, broken when the search ends (`_dismantle`), and
    what survives (the memos) is frozen (`gc.freeze`) when the pause ends."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._searches = 0
        self._resume = False
        self.enabled = False  # set while searches run in a process of their own

    def enable(self) -> None:
        """For a process that runs searches only (a Celery pool process, the arena, the
        benchmark). Not in the web process: its event loop would then meet the whole pending
        collection at once after a search (seen as a websocket handshake of over a second in
        the tests, with the embedded worker)."""
        self.enabled = True

    def __enter__(self) -> None:
        if not self.enabled:
            return
        with self._lock:
            if self._searches == 0:
                self._resume = gc.isenabled()
                gc.disable()
            self._searches += 1

    def __exit__(self, *exc: object) -> None:
        if not self.enabled:
            return
        with self._lock:
            self._searches -= 1
            if self._searches == 0 and self._resume:
                # What survived the searches is the engines' memos (over a million objects
                # after a 1.5 s DOG search): frozen, the collector never walks them again. A
                # first collection over them took 0.9-1.5 s on this machine and held the
                # answer back. Their entries are freed by reference counting when evicted;
                # the searches leave no cycles (`_dismantle`).
                gc.freeze()
                gc.enable()


_cyclic_gc_paused = _CyclicGcPause()


def gc_pause() -> _CyclicGcPause:
    """The search's GC pause as a context manager, for a caller that must finish its own work
    (rank, explain, publish) before the collection left pending by the search runs: with the
    pause enabled, that collection walks every object the search left (about a second on a
    slow machine after a 1.5 s DOG search) and must not stand between the search and its
    answer. Nests with the searches it wraps; does nothing where the pause is not enabled."""
    return _cyclic_gc_paused


def pause_gc_during_searches() -> None:
    """In a process that runs searches only: pause the cyclic GC while they run (see
    `_CyclicGcPause`)."""
    _cyclic_gc_paused.enable()


def _root_actions(game: Game, view: Any, seat: int, rng: random.Random) -> list[Any] | None:
    """The root's legal actions when they are the same in every determinization (the seat
    knows its own hand: its legal actions are those of its view), else None (an unreported
    hand: the actions depend on the sampled hand). Checked on a few samples, with a private
    generator so that the search's own random stream does not depend on it."""
    try:
        actions = game.legal_actions(view)
    except Exception:  # an unknown hand may not even allow listing
        return None
    if not actions:
        return None
    wanted = set(actions)
    probe = random.Random(rng.random())
    for _ in range(3):
        if set(game.legal_actions(game.determinize(view, seat, probe))) != wanted:
            return None
    return actions


def run_playout(game: Game, state: Any, rng: random.Random, depth: int,
                policy: Policy | None, evaluate: Evaluate | None,
                stop_at_table: bool | None) -> tuple[tuple[float, ...], Any]:
    """The playout from a leaf: `policy` (else the game's random actions) for up to `depth`
    plies, the table's events sampled on the way (or the playout ends there with
    `stop_at_table`), then the leaf's values — the result at the game's end, else `evaluate`
    (else the game's own). Returns (values, the state it ended in). The Python loop of a
    `Playout` (the search, its compiled tree, the coach's DOG valuation)."""
    apply, is_terminal, to_move = game.apply, game.is_terminal, game.to_move
    while depth > 0 and not is_terminal(state):
        if to_move(state) == TABLE:
            if stop_at_table:
                break
            state = apply(state, game.sample_chance(state, rng))
            continue
        action = policy(game, state, rng) if policy else game.random_action(state, rng)
        state = apply(state, action)
        depth -= 1
    if is_terminal(state):
        return game.returns(state), state
    if evaluate is not None:
        return evaluate(game, state), state
    return game.evaluate(state), state


class _Iteration:
    """One ISMCTS iteration as a callable, with everything it needs bound once."""

    __slots__ = ("apply", "c", "choose", "depth", "determinize", "evaluate", "game",
                 "is_terminal", "legal", "max_level", "outcome", "playout", "policy",
                 "policy_first", "rng", "root", "root_actions", "sample_chance",
                 "seat", "stop_at_table", "to_move", "view")

    def __init__(self, game: Game, view: Any, seat: int, root: Node,
                 root_actions: list[Any] | None, rng: random.Random, cfg: Config) -> None:
        self.game = game
        self.view = view
        self.seat = seat
        self.root = root
        self.root_actions = root_actions
        self.rng = rng
        assert cfg.exploration is not None and cfg.playout_depth is not None
        self.c = cfg.exploration
        self.depth = cfg.playout_depth
        self.max_level = cfg.tree_depth or 1 << 30
        self.policy_first = bool(cfg.policy_first)
        self.stop_at_table = cfg.stop_at_table
        self.policy = cfg.policy
        self.evaluate = cfg.evaluate
        self.outcome = cfg.outcome
        fast = cfg.playout
        usable = (fast is not None and fast.policy is cfg.policy
                  and fast.evaluate is cfg.evaluate and cfg.stop_at_table
                  and cfg.outcome is None)
        self.playout = fast.run if usable else None
        self.choose = fast.choose if usable else None
        self.apply = game.apply
        self.determinize = game.determinize
        self.is_terminal = game.is_terminal
        self.legal = game.legal_actions
        self.sample_chance = game.sample_chance
        self.to_move = game.to_move

    def __call__(self) -> None:
        game = self.game
        rng = self.rng
        apply = self.apply
        is_terminal = self.is_terminal
        to_move = self.to_move
        state = self.determinize(self.view, self.seat, rng)
        node = root = self.root
        c = self.c
        log = math.log
        sqrt = math.sqrt
        max_level = self.max_level
        level = 0
        # Selection and expansion.
        while True:
            if level >= max_level or is_terminal(state):
                break
            mover = to_move(state)
            if mover == TABLE:
                if self.stop_at_table:
                    break
                state = apply(state, self.sample_chance(state, rng))
                continue
            if node is root and self.root_actions is not None:
                actions = self.root_actions
            else:
                actions = self.legal(state)
            # one pass: count availability, collect the untried, score the tried (UCB) while there
            # is no untried one
            children = node.children
            untried = []
            best = None
            best_score = -1.0
            for a in actions:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                avail = child.avail = child.avail + 1
                if untried:
                    continue  # an untried action will be expanded: no score needed
                v = child.visits
                score = child.reward / v + c * sqrt(log(avail) / v)
                if score > best_score:
                    best, best_score = child, score
            if untried:
                if len(untried) == 1:
                    action = untried[0]
                elif self.policy_first and node is not root:
                    action = None if self.choose is None else self.choose(state, rng)
                    if action is None:
                        action = self.policy(game, state, rng) if self.policy else None
                    if action is None or action in children:
                        action = untried[rng.randrange(len(untried))]
                else:
                    action = untried[rng.randrange(len(untried))]
                child = Node(node, action, mover)
                child.avail = 1
                children[action] = child
                state = apply(state, action)
                node = child
                break
            assert best is not None
            state = apply(state, best.action)
            node = best
            level += 1
        # Playout (compiled, where the game has it and it takes the state).
        values = None if self.playout is None else self.playout(state, self.depth, rng)
        if values is None:
            values, state = run_playout(game, state, rng, self.depth, self.policy,
                                        self.evaluate, self.stop_at_table)
        if node is not root:
            top = node
            while top.parent is not root:
                top = top.parent  # type: ignore[assignment]
            top.square += values[top.player] ** 2
            if self.outcome is not None:
                top.outcome += self.outcome(game, self.view, state)[self.seat]
        # Backpropagation: each node scores the move of the seat that made it.
        while node is not None:
            node.visits += 1
            if node.parent is not None:
                node.reward += values[node.player]
            node = node.parent


class _Tree:
    """The tree's implementation: `Node` and `_Iteration` here, or their compiled twins
    (`_ismcts.pyx`: the same search, the statistics in C fields) where the compiled core is
    built. `use_python()` / `use_compiled()` switch (the tests compare the two)."""

    __slots__ = ("Iteration", "Node")

    def __init__(self) -> None:
        self.use_compiled()

    def use_python(self) -> None:
        self.Node: Any = Node
        self.Iteration: Any = _Iteration

    def use_compiled(self) -> None:
        """The compiled twins where they are built (else this module's own)."""
        fast = accel.accelerator("companion.advisor._ismcts")
        self.Node = fast.Node if fast is not None else Node
        self.Iteration = fast.Iteration if fast is not None else _Iteration


_tree = _Tree()


def _decided(root: Node, left: float) -> bool:
    """Whether the most visited root action leads the second by more than `left` visits."""
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left


def _result(root: Node, seat: int, iterations: int, elapsed: float,
            outcome: bool = False) -> SearchResult:
    total = sum(c.visits for c in root.children.values()) or 1
    choices = sorted(
        (
            Choice(c.action, c.visits, c.reward / c.visits if c.visits else 0.0, c.visits / total,
                   (c.outcome / c.visits if c.visits else 0.0) if outcome else None)
            for c in root.children.values()
        ),
        key=lambda ch: (ch.visits, ch.value),
        reverse=True,
    )
    return SearchResult(seat, iterations, elapsed, choices)
