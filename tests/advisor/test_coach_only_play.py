"""The coach's word for a forced play (issue #36): the only legal play is "the only play",
in every language, never praised as a good one, in the review, the coach box and the
seat's own history."""

from __future__ import annotations

import time
from html import escape

import pytest
from django.test import Client
from django.utils import translation

from companion.advisor.review import GOOD, review
from companion.advisor.shared import evidence
from companion.engines import get_game
from companion.tables.coach import reviews as coach
from companion.tables.models import CoachReview, Table
from companion.tables.tokens import cookie_name, cookie_value
from tests.games.dog.positions import dog, pos

#: no start card in Ann's hand and none from her partner: with every figure in the kennel,
#: folding is all she can do
STUCK = ["2", "3", "4", "5", "6", "8"]
HANDS = {0: STUCK, 1: ["1", "2", "3", "8", "9", "10"], 2: ["2", "3", "4", "6", "7", "8"],
         3: ["1", "5", "5", "8", "9", "3"]}
GIVES = ["8", "3", "2", "9"]

SAID = {
    "en": ("The only play:", "the only play"),
    "de": ("Der einzige mögliche Zug:", "der einzige mögliche Zug"),
    "fr": ("Le seul coup possible :", "le seul coup possible"),
    "it": ("L'unica mossa possibile:", "l'unica mossa possibile"),
}


def test_a_forced_play_is_marked_as_the_only_one():
    state = pos(figures=[["T10", "K", "K", "K"], ["K"] * 4, ["K"] * 4, ["K"] * 4], hand=["5"])
    (only,) = dog.legal_actions(state)
    result = review(dog, state, 0, only, iterations=100)
    assert result.label == GOOD and result.only and result.iterations == 0
    assert evidence(result) == {"only": True}
    other = review(dog, state, 0, only, iterations=100)
    assert other.only  # the same, whatever the budget


@pytest.fixture
def stuck_table(api_table):
    t = api_table
    assert t.play("deal", t.host).status_code == 201
    for seat, cards in HANDS.items():
        r = t.call("put", "/hand", {"cards": cards, "expected_seq": t.seq()}, t.tokens[seat])
        assert r.status_code == 201, r.content
    for seat, card in enumerate(GIVES):
        assert t.play(f"give {card}", t.tokens[seat]).status_code == 201
    return t


@pytest.mark.django_db
@pytest.mark.usefixtures("clear_cache")
def test_the_coach_calls_a_forced_fold_the_only_play(stuck_table, settings):
    settings.COACH_MAX_WAIT_S = 60
    t = stuck_table
    table = Table.objects.get(id=t.id)
    game = get_game("dog")
    state = game.from_json(table.snapshot)
    (only,) = game.legal_actions(game.view(state, 0))
    coach.switch(table, 0, True)
    r = t.play(game.format_action(state, only), t.tokens[0])
    assert r.status_code == 201, r.content
    seq = Table.objects.get(id=t.id).seq
    job = {"table_id": t.id, "seq": seq, "seats": [0], "queued_at": time.time()}
    assert coach.review_play.run(**job) == GOOD
    stored = CoachReview.objects.get(table_id=t.id, seq=seq)
    assert stored.label == GOOD and stored.reasons.get("only") is True

    ann = Client()
    ann.cookies[cookie_name(t.id, "seat")] = cookie_value(t.id, t.tokens[0])
    for language, (sentence, label) in SAID.items():
        with translation.override(language):
            words = coach.review_words(table, stored)
        assert words["label"] == "only" and words["symbol"] == "□", words
        assert words["text"].startswith(sentence), words["text"]
        assert "good" not in words["text"].lower() and "gut" not in words["text"].lower()
        page = ann.get(f"/t/{t.id}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert (f'<span id="review-{seq}" class="review-label" data-label="only">'
                f'<span aria-hidden="true">□</span> {escape(label)}</span>') in page, language
        assert escape(sentence) in page, language
        reviews = ann.get(f"/t/{t.id}/coach/reviews", HTTP_ACCEPT_LANGUAGE=language)
        assert escape(sentence) in reviews.content.decode(), language
        step = ann.get(f"/t/{t.id}/replay?step={seq}", HTTP_ACCEPT_LANGUAGE=language)
        assert 'data-label="only"' in step.content.decode(), language
