"""Coach review agreement: does a review at the coach's budget say what a review with four
times the budget says? (`--deep-ms`: another budget for the deep review.)

Positions are sampled from games between heuristic bots (each decision with two or more legal
plays is kept with probability ``--keep``); the "learner's" play at a sampled position is the
heuristic's choice or, half of the time, a random legal play (so that the sample holds good
plays, inaccuracies and mistakes). Each position is reviewed from the mover's view at the
coach's budget (``COACH_BUDGET_MS``, CPU time of the searching thread, so that the machine's
load does not change the figures) and again at four times that budget. Printed per game:

- label agreement: the share of positions where both reviews give the same label;
- better-was match: where the review says a better play existed, the share where its play is
  the deeper review's best play (and, besides, the share the deeper review rates within the
  "good" margin of its best: practically as good; how many of the matches had plays of
  exactly the deep best's value beside it, so that the review's documented tie order named
  it — Life is Life, docs/hints.md "Coach mode"; and the match rate where it had none).

- better-was names the deep best: its play is the deep review's best, or one of the plays it
  names beside it as "about as good" (`Review.alternatives`: not told apart from its better
  play by its own uncertainty, backed as better than the played one), and how many plays it
  names.

Last line per game: ``game=<name> positions=<n> label_agreement=<f> best_match=<f>
named_match=<f>``.

    .venv/bin/python bench/review_agreement.py --positions 200 --budget-ms 200 --jobs 2
    .venv/bin/python bench/review_agreement.py --games lifeislife --positions 60 --budget-ms 200
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.advisor.analysis import Analysis, first_of
from companion.advisor.bots import GreedyBot
from companion.advisor.ismcts import pause_gc_during_searches, search
from companion.advisor.review import GOOD, GOOD_BELOW, review
from companion.engines import TABLE, get_game

CONFIGS = {"dog": None, "lifeislife": {"players": 4}, "hit": {"players": 2}}


def sample(name: str, count: int, keep: float, seed: int) -> list[tuple]:
    """(view, seat, played action) at ``count`` decisions of heuristic games."""
    game = get_game(name)
    rng = random.Random(seed)
    bot = GreedyBot.for_game(game)
    out: list[tuple] = []
    while len(out) < count:
        state = game.start(CONFIGS[name], rng)
        moves = 0
        while not game.is_terminal(state) and moves < 5000 and len(out) < count:
            mover = game.to_move(state)
            if mover == TABLE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            choice = bot.choose(game, state, mover, rng)
            view = game.view(state, mover)
            legal = game.legal_actions(view)
            if len(legal) > 1 and rng.random() < keep:
                played = choice if rng.random() < 0.5 else legal[rng.randrange(len(legal))]
                out.append((view, mover, played))
            state = game.apply(state, choice)
            moves += 1
    return out


def judge(args: tuple) -> tuple:
    name, index, view, seat, played, budget_ms, self_check, deep_ms = args
    game = get_game(name)
    pause_gc_during_searches()
    t0 = time.thread_time()
    quick = review(game, view, seat, played, budget_ms=budget_ms, seed=index,
                   clock=time.thread_time)
    spent = time.thread_time() - t0
    deep = review(game, view, seat, played, budget_ms=deep_ms, seed=index + 100_000,
                  clock=time.thread_time)
    # the deep review's best play: the one it values highest, also where it cannot tell that
    # one from the played play (label "good": then `best` is the played play, `close` the top)
    top = deep.close if deep.close is not None else deep.best
    top_value = deep.values.get(top, (0, deep.best_value))[1]
    # practically the deep best: the deep review rates it within the "good" margin of its best
    near = deep.values.get(quick.best, (0, -1.0))[1] >= top_value - GOOD_BELOW
    # the deep best shares its value exactly with another play (Life is Life's valuation:
    # then the review's documented tie order names it, docs/hints.md "Coach mode")
    tied = sum(1 for _n, v in deep.values.values() if v == top_value) > 1
    # the deep review cannot tell the named play from its own best (by its own uncertainty)
    backed_apart = (quick.best != top and quick.best in deep.values
                    and deep.differ is not None and deep.differ(top, quick.best).backed)
    unseen = quick.best not in deep.values
    self_match = None
    if self_check:  # a second deep review, other samples: how often deep agrees with itself
        again = review(game, view, seat, played, budget_ms=deep_ms, seed=index + 200_000,
                       clock=time.thread_time)
        again_top = again.close if again.close is not None else again.best
        self_match = (deep.better, deep.better and again_top == deep.best)
    # the coach names its better play and those it cannot tell from it ("about as good")
    named = (quick.best, *quick.alternatives)
    return (quick.label, deep.label, quick.better, quick.best == top, spent, near, tied,
            not (backed_apart or unseen) if quick.best != top else True, self_match,
            top in named, len(named))


def consistent(args: tuple) -> tuple:
    """The learner plays the hint's first suggestion: a hint's search (``hint_ms`` of CPU,
    the hint's own configuration), then the coach's review continuing it (its budget)."""
    name, index, view, seat, _played, budget_ms, hint_ms = args
    game = get_game(name)
    pause_gc_during_searches()
    stats: dict = {}
    found = search(game, view, seat, budget_ms=hint_ms, seed=index, clock=time.thread_time,
                   stats=stats)
    prior = Analysis(stats, first_of(stats), found.iterations)
    verdict = review(game, view, seat, prior.first, budget_ms=budget_ms, seed=index + 7,
                     clock=time.thread_time, prior=prior)
    evidence = ""
    if verdict.better:
        assert verdict.deeper
        evidence = (f"{game.format_action(view, verdict.played)} -> "
                    f"{game.format_action(view, verdict.best)}: loss {verdict.loss:.3f} "
                    f"(se {verdict.se:.3f}) after {verdict.iterations} iterations "
                    f"(the hint's {verdict.hint_iterations})")
    return verdict.label, evidence


def consistency(name: str, positions: list[tuple], args: argparse.Namespace) -> None:
    work = [(name, i, v, s, p, args.budget_ms, args.hint_ms)
            for i, (v, s, p) in enumerate(positions)]
    t0 = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            results = pool.map(consistent, work, chunksize=4)
    else:
        results = [consistent(w) for w in work]
    good = sum(1 for label, _ in results if label == GOOD)
    print(f"{name}: {len(results)} positions, hint {args.hint_ms:.0f} ms CPU, review "
          f"{args.budget_ms:.0f} ms CPU continuing it, {time.perf_counter() - t0:.0f} s")
    print(f"  the hint's first suggestion reviewed as good: {good}/{len(results)} = "
          f"{good / len(results):.3f}; labels {dict(Counter(label for label, _ in results))}")
    for label, evidence in results:
        if label != GOOD:
            print(f"  {label}: a deeper look prefers {evidence}")
    print(f"game={name} positions={len(results)} consistency={good / len(results):.3f}",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="dog,lifeislife,hit")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--budget-ms", type=float, default=500)
    parser.add_argument("--keep", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--consistency", action="store_true",
                        help="hint-coach consistency: the hint's first suggestion played")
    parser.add_argument("--hint-ms", type=float, default=1500)
    parser.add_argument("--self-check", action="store_true",
                        help="also a second deep review: how often the deep one agrees with "
                        "itself on its better play (the ceiling of the better-was match)")
    parser.add_argument("--deep-ms", type=float, default=None,
                        help="the deep review's budget (default: 4 times --budget-ms); e.g. "
                        "a 0.5 s review against the deep review of a 1.5 s one (issue #39)")
    args = parser.parse_args()
    deep_ms = 4 * args.budget_ms if args.deep_ms is None else args.deep_ms
    for name in args.games.split(","):
        positions = sample(name, args.positions, args.keep, args.seed)
        if args.consistency:
            consistency(name, positions, args)
            continue
        work = [(name, i, v, s, p, args.budget_ms, args.self_check, deep_ms)
                for i, (v, s, p) in enumerate(positions)]
        t0 = time.perf_counter()
        if args.jobs > 1:
            with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
                results = pool.map(judge, work, chunksize=4)
        else:
            results = [judge(w) for w in work]
        agree = sum(1 for q, d, *_ in results if q == d)
        better = [r for r in results if r[2]]
        matched = sum(1 for r in better if r[3])
        labels = Counter(q for q, *_ in results)
        deep_labels = Counter(d for _, d, *_ in results)
        cpu = sorted(r[4] for r in results)
        near = sum(1 for r in better if r[5])
        tied = sum(1 for r in better if r[3] and r[6])
        unique = [r for r in better if not r[6]]
        unique_matched = sum(1 for r in unique if r[3])
        indistinct = sum(1 for r in better if r[7])
        print(f"{name}: {len(results)} positions, review budget {args.budget_ms:.0f} ms CPU "
              f"(deep: {deep_ms:.0f} ms), {time.perf_counter() - t0:.0f} s")
        print(f"  labels (review): {dict(labels)}; (deep): {dict(deep_labels)}")
        print(f"  label agreement {agree}/{len(results)} = {agree / len(results):.3f}; "
              f"better-was matches the deep best {matched}/{len(better)} = "
              f"{matched / max(1, len(better)):.3f}; review CPU p95 "
              f"{cpu[round(0.95 * (len(cpu) - 1))] * 1000:.0f} ms")
        print(f"  better-was within {GOOD_BELOW:.2f} of the deep best's value (practically as "
              f"good): {near}/{len(better)} = {near / max(1, len(better)):.3f}; matches where "
              f"the deep best had exact equals (named by the tie order): {tied}/{matched}; "
              f"better-was match where the deep best had none: {unique_matched}/{len(unique)} = "
              f"{unique_matched / max(1, len(unique)):.3f}")
        if args.self_check:
            deep_better = [r[8] for r in results if r[8][0]]
            same = sum(1 for r in deep_better if r[1])
            print(f"  deep vs deep (other samples), where the first deep review names a better "
                  f"play: the same play {same}/{len(deep_better)} = "
                  f"{same / max(1, len(deep_better)):.3f}")
        print(f"  better-was the deep best or not told apart from it by the deep review's own "
              f"uncertainty: {indistinct}/{len(better)} = {indistinct / max(1, len(better)):.3f}")
        named = sum(1 for r in better if r[9])
        sizes = [r[10] for r in better]
        print(f"  better-was names the deep best (its play, or one it says is about as good): "
              f"{named}/{len(better)} = {named / max(1, len(better)):.3f}; plays named per "
              f"better-was: mean {sum(sizes) / max(1, len(sizes)):.2f}, "
              f"{sum(1 for n in sizes if n == 1)} of {len(sizes)} name one play")
        print(f"game={name} positions={len(results)} label_agreement={agree / len(results):.3f} "
              f"best_match={matched / max(1, len(better)):.3f} "
              f"named_match={named / max(1, len(better)):.3f}", flush=True)


if __name__ == "__main__":
    main()
