"""One analysis per position: the coach's review continues the hint's search, never labels the
hint's first suggestion worse unless the deeper look shows it (and then says so), and ranks
two plays only beyond the search's own uncertainty."""

from __future__ import annotations

import random

import pytest

from companion.advisor import evidence
from companion.advisor.analysis import Analysis, fingerprint, first_of
from companion.advisor.ismcts import search
from companion.advisor.review import GOOD, judged, review
from companion.engines import TABLE, get_game
from tests.games.dog.positions import dog, pos
from tests.games.dog.test_coach import BLUNDER


def _positions(name: str, config: dict, count: int, seed: int = 1):
    """(view, seat) at decisions of random games."""
    game = get_game(name)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.start(config, rng)
        for _ in range(300):
            if game.is_terminal(state) or len(out) >= count:
                break
            mover = game.to_move(state)
            if mover == TABLE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            if rng.random() < 0.2:
                out.append((game.view(state, mover), mover))
            state = game.apply(state, game.random_action(state, rng))
    return game, out


@pytest.mark.parametrize(("name", "config"), [("dog", {"seats": 4}),
                                              ("lifeislife", {"players": 3}),
                                              ("hit", {"players": 2})])
def test_the_view_is_recognised_through_its_json(name, config):
    """The hint's task gets the view as JSON, the coach builds it from the log: the same
    position has the same fingerprint either way, another seat's view another one."""
    game, positions = _positions(name, config, 12)
    for view, _seat in positions:
        again = game.from_json(game.to_json(view))
        assert fingerprint(game, again) == fingerprint(game, view)
    prints = {fingerprint(game, v) for v, _ in positions}
    assert len(prints) == len({repr(game.to_json(v)) for v, _ in positions})


def test_the_hints_first_suggestion_reviews_as_good_when_the_deeper_look_agrees():
    state = pos(**BLUNDER)
    stats: dict = {}
    found = search(dog, state, 0, iterations=800, seed=2, stats=stats)
    prior = Analysis(stats, first_of(stats), found.iterations)
    assert prior.first == found.best.action
    verdict = review(dog, state, 0, prior.first, iterations=200, seed=9, prior=prior)
    assert verdict.label == GOOD and not verdict.deeper
    assert verdict.hint_iterations == 800 and verdict.iterations == 1000
    # the statistics were continued, not replaced: every play has at least the hint's visits
    assert all(verdict.values[a][0] >= stats[a][0] for a in stats)


def test_a_deeper_look_overrules_the_hint_only_with_evidence_and_says_so():
    """A hint that had (by a short, unlucky search) put the blunder first: the review
    continues that search, the deeper statistics prefer another play beyond their
    uncertainty, and the review marks it as the deeper look's finding."""
    state = pos(**BLUNDER)
    blunder = dog.parse_action(state, "2 T56-T58")
    other = next(a for a in dog.legal_actions(state) if a != blunder)
    # what a few unlucky iterations might have left: the blunder most visited
    stats = {blunder: [6.0, 3.0, 0.0, 1.6], other: [5.0, 2.4, 0.0, 1.2]}
    prior = Analysis(stats, blunder, 11)
    verdict = review(dog, state, 0, blunder, iterations=800, seed=3, prior=prior)
    assert verdict.better and verdict.deeper and verdict.best != blunder
    assert verdict.hint_first == blunder and verdict.hint_iterations == 11
    assert verdict.loss > evidence.Z * verdict.se


def test_two_plays_the_search_cannot_tell_apart_are_never_ranked():
    """The uncertainty rule: a difference within Z standard errors is "about equal", however
    large the threshold-crossing loss; the same difference on many samples is ranked."""
    noisy = evidence.estimate(8, 8 * 0.60, 8 * (0.60**2 + 0.04))
    other = evidence.estimate(8, 8 * 0.55, 8 * (0.55**2 + 0.04))
    few = evidence.independent(noisy, other)
    assert few.diff == pytest.approx(0.05) and few.sign == 0
    assert judged(few) == GOOD  # a 5-point loss the search cannot back is no inaccuracy
    many = evidence.independent(
        evidence.estimate(4000, 4000 * 0.60, 4000 * (0.60**2 + 0.04)),
        evidence.estimate(4000, 4000 * 0.55, 4000 * (0.55**2 + 0.04)),
    )
    assert many.sign == 1 and judged(many) == "inaccuracy"
    # one sample each, agreeing by chance, is not certainty (the prior variance)
    assert evidence.estimate(1, 0.7, 0.49).se > 0
    # paired: a constant difference on shared samples is backed at once
    assert evidence.paired([0.5, 0.6, 0.7, 0.4] * 5, [0.4, 0.5, 0.6, 0.3] * 5).sign == 1



@pytest.mark.django_db
@pytest.mark.usefixtures("clear_cache")
def test_at_a_table_the_coach_continues_the_hint_asked_at_that_position(
        dealt_table, settings, monkeypatch):
    """The real path: Ann asks for a hint (services.request_hint → the suggest task, run here
    in the test's thread), plays its first suggestion, and the coach's review of that play
    finds the hint's analysis by her view and continues it: the stored review names the
    hint's depth, and labels the play good unless the deeper look says otherwise."""
    import time

    from companion.advisor import hints, tasks
    from companion.tables.coach import reviews as coach
    from companion.tables.models import CoachReview, Table
    from companion.tables.play import services

    settings.HINT_BUDGET_MS = 400
    settings.COACH_MAX_WAIT_S = 600
    answers: list[dict] = []

    def run_now(name: str, kwargs: dict, **_options) -> None:
        if name == hints.SUGGEST_TASK:
            answers.append(tasks.suggest.run(**kwargs))

    monkeypatch.setattr(hints, "send_task", run_now)
    monkeypatch.setattr(coach, "_publish", lambda *args: None)
    t = dealt_table
    table = Table.objects.get(id=t.id)
    coach.switch(table, 0, True)
    services.request_hint(t.id, services.Actor(0, False))
    (answer,) = answers
    assert answer["status"] == "done", answer
    first = answer["choices"][0]
    assert {"se", "visits"} <= set(first) and first["se"] > 0
    seq = services.record_action(t.id, services.Actor(0, False), first["action"],
                                 table.seq).event.seq
    job = {"table_id": t.id, "seq": seq, "seats": [0], "queued_at": time.time()}
    label = coach.review_play.run(**job)
    stored = CoachReview.objects.get(table_id=t.id, seq=seq)
    assert stored.label == label
    assert stored.reasons["hint_iterations"] == answer["iterations"]
    assert stored.iterations > answer["iterations"]  # the hint's search, continued
    assert label == "good" or stored.reasons["deeper"]
    words = coach.review_words(table, stored)["text"]
    assert words.startswith("Good play") or words.startswith("A deeper look prefers")


@pytest.mark.django_db
def test_the_coach_says_when_a_deeper_look_overrules_the_hint(dealt_table):
    """An exception to the consistency rule names its evidence, in the phone's language."""
    from django.utils import translation

    from companion.tables.coach import reviews as coach
    from companion.tables.models import CoachReview, Table

    table = Table.objects.get(id=dealt_table.id)
    stored = CoachReview.objects.create(
        table=table, seat=0, seq=table.seq + 1, played="1 K", label="inaccuracy", best="13 K",
        loss=0.05, played_value=0.5, best_value=0.55, iterations=2300, elapsed_ms=300,
        reasons={"why": [["keeps your {cards} for later", {"cards": "7,joker"}]],
                 "words": {}, "hint_iterations": 2000, "deeper_iterations": 2300,
                 "deeper": True})
    said = coach.review_words(table, stored)["text"]
    assert said.startswith("A deeper look prefers “13 K” (keeps your 7, joker for later)")
    assert said.endswith("than “1 K”, the hint's first suggestion.")
    with translation.override("de"):
        said = coach.review_words(table, stored)["text"]
    assert said.startswith("Ein genauerer Blick bevorzugt") and "Joker" in said


@pytest.mark.django_db
def test_the_coach_names_the_plays_about_as_good_as_its_better_one(dealt_table):
    """Where the review cannot tell other plays from its better one, the sentence names them
    too, in the phone's language (the review says one play only where its evidence does)."""
    from django.utils import translation

    from companion.tables.coach import reviews as coach
    from companion.tables.models import CoachReview, Table

    table = Table.objects.get(id=dealt_table.id)
    words = {"en": {"played": "Play 1", "best": "Play 13", "alt0": "Play 8"},
             "de": {"played": "Spiele 1", "best": "Spiele 13", "alt0": "Spiele 8"}}
    stored = CoachReview.objects.create(
        table=table, seat=0, seq=table.seq + 1, played="1 K", label="mistake", best="13 K",
        loss=0.12, played_value=0.4, best_value=0.52, iterations=2300, elapsed_ms=300,
        reasons={"why": [], "words": words, "alternatives": 1})
    said = coach.review_words(table, stored)["text"]
    assert said.startswith("Better was “Play 13”") and said.endswith("About as good: “Play 8”.")
    with translation.override("de"):
        said = coach.review_words(table, stored)["text"]
    assert said.endswith("Etwa genauso gut: „Spiele 8“."), said
