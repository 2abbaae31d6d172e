"""The coach on a gift in DOG's exchange: the reasons say what the gift does for the partner
and what the hand keeps, and the review's words say what a gift is judged by and what its
percentage counts (not a bare "gives your partner a 2" beside a surprising figure)."""

from __future__ import annotations

import pytest

from companion.advisor.explain import explain_parts, review_note
from companion.engines import get_game
from companion.games.dog.explain import GIFT_NOTE
from companion.tables.coach.reviews import review_words
from companion.tables.models import CoachReview, Table
from companion.tables.play import selectors

pytestmark = pytest.mark.django_db


def _exchange(api_table):
    """Dealt, every hand entered: the exchange, seat 0 to give."""
    from tests.conftest import HANDS

    t = api_table
    assert t.play("deal", t.host).status_code == 201
    for seat, cards in HANDS.items():
        r = t.call("put", "/hand", {"cards": cards, "expected_seq": t.seq()}, t.tokens[seat])
        assert r.status_code == 201, r.content
    return Table.objects.get(id=t.id)


def test_a_gift_is_explained_by_what_it_gives_and_keeps(api_table):
    table = _exchange(api_table)
    game = get_game("dog")
    view = selectors.seat_state(table, 0)
    gives = [a for a in game.legal_actions(view) if game.format_action(view, a) == "give 5"]
    assert gives, [game.format_action(view, a) for a in game.legal_actions(view)]
    parts = explain_parts(game, view, gives[0], 0, ["Ann", "Ben", "Cid", "Dan"])
    templates = [t for t, _p in parts]
    assert "gives your partner the {card}" in templates
    # Ann's figures all wait in the kennel: giving the 5 keeps her 1 and 13 to come out
    kept = dict(parts)["keeps your {cards} to bring your own figure out"]
    assert kept["cards"] == "1,13"
    assert review_note(game, view, gives[0]) == GIFT_NOTE


def test_the_review_of_a_gift_says_what_it_is_judged_by(api_table):
    table = _exchange(api_table)
    stored = CoachReview.objects.create(
        table=table, seat=0, seq=table.seq + 1, played="give 5", label="mistake",
        best="give 4", loss=0.19, played_value=0.3, best_value=0.49, iterations=1200,
        reasons={"why": [["gives your partner the {card}", {"card": "4"}]],
                 "words": {"en": {"played": "Give the 5", "best": "Give the 4"}},
                 "alternatives": 0, "note": GIFT_NOTE},
    )
    text = review_words(table, stored)["text"]
    assert text.startswith("Better was “Give the 4” (gives your partner the 4)")
    assert "A gift is judged by what your partner can do with it and by what your hand keeps"\
        in text
    assert "over 1200 games the coach played on from here" in text
    assert "about 19\u00a0% more often with the better gift" in text
