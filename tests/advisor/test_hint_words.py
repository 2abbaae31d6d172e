"""The hint box in words: each suggestion names the card and the figure by where it stands
(the presenter's words), says what it does and how it compares with the next option; a hint
for an older position goes away."""

import re

import pytest
from django.template.loader import render_to_string

from companion.engines import get_game
from companion.tables.models import Table
from companion.tables.pages.rendering import PAGE, hint_context
from companion.tables.play import selectors

pytestmark = pytest.mark.django_db


def done_hint(table: Table, wins: list[float], se: float = 0.01) -> dict:
    game = get_game("dog")
    state = selectors.seat_state(table, 0)
    actions = [game.format_action(state, a) for a in game.legal_actions(state)[: len(wins)]]
    return {
        "status": "done", "seq": table.seq, "seat": 0, "budget_ms": 1500, "elapsed_ms": 1400,
        "iterations": 2000, "hint_id": "x",
        "choices": [
            {"action": a, "share": 0.3, "win": w, "se": se,
             "reasons": [["moves {count} fields ahead", {"count": i + 1}]]}
            for i, (a, w) in enumerate(zip(actions, wins, strict=True))
        ],
    }


def test_suggestions_in_words_with_their_difference(dealt_table):
    table = Table.objects.get(id=dealt_table.id)
    context = hint_context(done_hint(table, [0.60, 0.52, 0.515]), table)
    first, second, third = context["choices"]
    for choice in (first, second, third):
        assert not re.search(r"\b[TGK]\d*\b", choice["label"])  # no field notation
        assert "Ann" in choice["label"] and choice["label"] != choice["action"]
    assert first["compared"] == f"about 8 % more likely to win than {second['label']}"
    assert second["compared"] == (
        f"about equal to {third['label']}: the search cannot tell them apart")
    assert "compared" not in third
    html = render_to_string(f"{PAGE}#hint", {"table": table, "hint": context})
    assert "about 8 % more likely to win than" in html and 'data-seq="' in html
    assert "win ≈ 60%" in html


def test_a_difference_within_the_searchs_uncertainty_is_not_ranked(dealt_table):
    """8 points apart, but each value has a standard error of 5 points: about equal; and a
    win chance the same for every suggestion is not shown (it tells the player nothing)."""
    table = Table.objects.get(id=dealt_table.id)
    first, _second = hint_context(done_hint(table, [0.60, 0.52], se=0.05), table)["choices"]
    assert first["compared"].startswith("about equal to ")
    same = hint_context(done_hint(table, [0.501, 0.498, 0.503], se=0.001), table)
    assert not same["shown_win"]
    html = render_to_string(f"{PAGE}#hint", {"table": table, "hint": same})
    assert "win ≈" not in html and "30% of the search" in html


def test_the_words_come_in_the_phones_language(dealt_table):
    from django.utils import translation

    table = Table.objects.get(id=dealt_table.id)
    with translation.override("de"):
        context = hint_context(done_hint(table, [0.60, 0.50]), table)
    assert "wahrscheinlicher" in context["choices"][0]["compared"]
    with translation.override("de"):
        context = hint_context(done_hint(table, [0.60, 0.59]), table)
    assert "die Suche kann sie nicht unterscheiden" in context["choices"][0]["compared"]


def test_a_hint_for_an_older_position_goes_away(dealt_table):
    table = Table.objects.get(id=dealt_table.id)
    hint = done_hint(table, [0.6, 0.5])
    table.seq += 1  # the table moved on
    context = hint_context(hint, table)
    assert context["status"] == "" and context["choices"] == []
    html = render_to_string(f"{PAGE}#hint", {"table": table, "hint": context})
    assert "Suggestions" not in html


def _shares(hint: dict, shares: list[float], plays: int | None = None) -> dict:
    for choice, share in zip(hint["choices"], shares, strict=True):
        choice["share"] = share
    if plays is not None:
        hint["plays"] = plays
    return hint


def test_close_values_with_a_lopsided_search_are_a_preference_not_a_tie(dealt_table):
    """68 % / 12 % of the search with values it cannot separate: not "cannot tell them
    apart" (that is said only where the shares are close too)."""
    table = Table.objects.get(id=dealt_table.id)
    lopsided = hint_context(_shares(done_hint(table, [0.60, 0.58], se=0.05), [0.68, 0.12]),
                            table)["choices"][0]["compared"]
    assert "cannot tell them apart" not in lopsided
    assert lopsided.startswith("preferred by the search to ") and "68 % of its time against 12 %" \
        in lopsided and "too close to call" in lopsided
    even = hint_context(_shares(done_hint(table, [0.60, 0.58], se=0.05), [0.40, 0.35]),
                        table)["choices"][0]["compared"]
    assert even.endswith("the search cannot tell them apart")


def test_a_search_spread_evenly_says_so_instead_of_one_percent_each(dealt_table):
    """Life is Life's swaps: 149 plays, each about 0.7 % of the search: the box does not show
    "1 % of the search" beside every suggestion, it says why in words."""
    table = Table.objects.get(id=dealt_table.id)
    spread = hint_context(
        _shares(done_hint(table, [0.60, 0.59, 0.58], se=0.05), [0.009, 0.0087, 0.0086], 149),
        table)
    assert spread["spread"]
    assert "spread its time evenly over the 149 possible plays" in spread["spread_text"]
    html = render_to_string(f"{PAGE}#hint", {"table": table, "hint": spread})
    assert "of the search" not in html and "spread its time evenly" in html
    focused = hint_context(
        _shares(done_hint(table, [0.60, 0.52, 0.51], se=0.01), [0.5, 0.3, 0.1], 149), table)
    assert not focused["spread"] and not focused["spread_text"]
    html = render_to_string(f"{PAGE}#hint", {"table": table, "hint": focused})
    assert "50% of the search" in html


def test_a_play_is_offered_beside_the_best_from_half_an_even_share():
    from companion.advisor.tasks import MIN_SHARE, offer_share

    assert offer_share(20) == MIN_SHARE  # DOG: a 0.04 % third choice stays out
    assert offer_share(149) == pytest.approx(0.5 / 149)  # Life is Life's swaps are offered
