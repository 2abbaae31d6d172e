"""The coach's valuation of DOG plays: sequential halving on shared samples (best-arm
identification), instead of a tree search over every play.

Why (docs/hints.md, "Measured (coach)"): a DOG turn has a handful to fifty legal plays, many of
them nearly equal, and the review's two ISMCTS searches named the play a review with four times
the budget preferred in under half the cases. Here:

- **candidates**: every legal play, except a joker played as a card the hand also holds, with
  the same moves (the board after it is the same, and the hand keeps the joker instead of that
  card: a joker can be played as any card, so it is never worth less). The engine itself
  already offers one action per resulting position (a card is its kind; a 7's splits are
  deduplicated by the position they reach: games/dog/engine/moves.py), so no two candidates have
  the same effect (tests/games/dog/test_coach.py).
- **shared samples** (common random numbers): each sample is one determinization of the seat's
  view (the others' hands, the stock) and one seed for the playout; every candidate still in
  the race is played on it and followed by the search's own playout (the playout policy for
  `playout_depth` plies, up to the table's next event, then the leaf evaluation: the same
  numbers an ISMCTS leaf gets). Two plays are thus compared on equal terms, and the
  difference of their values has far less noise than either value.
- **sequential halving**: ceil(log2 n) rounds, each an equal share of the budget; after each
  round the better half (by the mean over every sample so far: the same samples for all
  survivors) goes on, so the last plays standing get most of the samples. The played play is
  valued on every sample whatever happens, so its loss against the best rests on the same
  samples.

The best is the last survivor (the played one when its mean is not lower; between exactly
equal means, the legal order). Pure Python, no Django.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.advisor.ismcts import Config, resolve, run_playout
from companion.engines.base import Game
from companion.games.dog.engine.actions import PLAY, DogAction
from companion.games.dog.engine.cards import JOKER

__all__ = ["Valued", "candidates", "playout_value", "valued_plays"]


def candidates(legal: Sequence[DogAction]) -> list[DogAction]:
    """`legal` less the jokers played as a card the hand also holds, with the same moves
    (another game's plays are all kept)."""
    plays = [a for a in legal if isinstance(a, DogAction) and a.kind == PLAY]
    plain = {(a.as_card, a.segs) for a in plays if a.card != JOKER}
    return [a for a in legal
            if not (isinstance(a, DogAction) and a.kind == PLAY and a.card == JOKER
                    and (a.as_card, a.segs) in plain)]


def playout_value(game: Game, state: Any, seat: int, cfg: Config, rng: random.Random) -> float:
    """`seat`'s value of `state` as an ISMCTS leaf sees it: the playout policy for
    `playout_depth` plies (up to the table's next event), then the leaf evaluation — compiled
    where the search has its playout compiled (`Config.playout`: the same value, the same
    random numbers drawn)."""
    policy = cfg.policy
    depth = cfg.playout_depth or 0
    fast = cfg.playout
    if fast is not None and fast.policy is policy and fast.evaluate is cfg.evaluate:
        values = fast.run(state, depth, rng)
        if values is not None:
            return values[seat]
    values, _ = run_playout(game, state, rng, depth, policy, cfg.evaluate, True)
    return values[seat]


@dataclass(slots=True)
class Valued:
    best: Any
    #: every valued play: action → (samples, mean value)
    values: dict[Any, tuple[int, float]]
    samples: int  # determinizations drawn
    playouts: int  # plays valued (the work done)
    #: every valued play's value on each sample it met, in the order drawn (every play met the
    #: first samples: its list pairs with the start of any longer one)
    per_sample: dict[Any, list[float]] = field(default_factory=dict)


def valued_plays(
    game: Game,
    view: Any,
    seat: int,
    played: Any,
    legal: Sequence[Any],
    *,
    budget_ms: float | None = None,
    playouts: int | None = None,
    seed: int = 0,
    clock: Callable[[], float] = time.perf_counter,
    config: Config | None = None,
) -> Valued:
    """Sequential halving among the candidates of `legal` on shared samples, within
    `budget_ms` (of `clock`) or `playouts` plays valued (then the result depends on the seed
    alone); `played` is valued on every sample."""
    if budget_ms is None and playouts is None:
        raise ValueError("give a time budget or a playout count")
    cfg = resolve(game, config)
    rng = random.Random(seed)
    order = {a: i for i, a in enumerate(legal)}
    survivors = candidates(legal)
    rows: dict[Any, list[float]] = {a: [0, 0.0] for a in survivors}  # samples, sum
    rows.setdefault(played, [0, 0.0])
    seen: dict[Any, list[float]] = {a: [] for a in rows}
    rounds = max(1, math.ceil(math.log2(len(survivors)))) if len(survivors) > 1 else 1
    started = clock()
    deadline = None if budget_ms is None else started + budget_ms / 1000
    done = drawn = 0
    for r in range(rounds):
        valued = survivors if played in survivors else [*survivors, played]
        share = 1 / (rounds - r)
        if playouts is not None:
            end_count = done + max(len(valued), int((playouts - done) * share))
        else:
            now = clock()
            end_time = now + max(0.0, deadline - now) * share  # type: ignore[operator]
        in_round = 0
        if playouts is None and r and drawn:
            # past the whole budget already: this round only halves on the samples so far
            now = clock()
            if now + (now - started) / done * len(valued) > deadline:  # type: ignore[operator]
                in_round = -1
        while in_round >= 0:
            if in_round:  # at least one sample per round (while the budget lasts)
                if playouts is not None:
                    if done + len(valued) > end_count:
                        break
                else:
                    # stop when the next sample would end past the round's time
                    now = clock()
                    if now + (now - started) / done * len(valued) > end_time:
                        break
            s = rng.getrandbits(64)
            sample = game.determinize(view, seat, random.Random(s))
            for a in valued:
                row = rows[a]
                value = playout_value(game, game.apply(sample, a), seat, cfg,
                                      random.Random(s + 1))
                row[0] += 1
                row[1] += value
                seen[a].append(value)
            done += len(valued)
            drawn += 1
            in_round += 1
        if len(survivors) > 1:  # the better half goes on (exact ties: the legal order)
            survivors.sort(key=lambda a: (-rows[a][1], order[a]))
            survivors = survivors[:math.ceil(len(survivors) / 2)]
    values = {a: (int(n), t / n if n else 0.0) for a, (n, t) in rows.items()}
    best = survivors[0]
    if values[played][1] >= values[best][1]:
        best = played
    return Valued(best, values, drawn, done, seen)
