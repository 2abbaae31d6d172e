"""A phone that stays open all evening shows what a fresh load shows (issue #36), CI size.

Seeded evenings of DOG, HIT and Life is Life entered through the API of a real server (Daphne),
each watched by one Chromium page per seat at 390×844 with touch, opened once and never
reloaded. After every event (the deal, own hands, plays by their seats and by the scribe, a
seat claimed late through the host, a wrong play taken back or corrected, a referee question,
the coach switched on, one phone offline and back, the host's phone switched to scribe, a
language switch) each live page is compared region by region with a fresh page of the same
reader (tests/e2e/live_pages.py): 0 differences. The bench size:
``bench/live_vs_fresh.py --evenings 3``.

    .venv/bin/pytest tests/e2e/test_live_vs_fresh.py -p no:cacheprovider -s
"""

from __future__ import annotations

import pytest

from tests.e2e.live_pages import Evening, Figures

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

#: (game, seed, entries, the first phone's language): the CI size
EVENINGS = [("dog", 1, 8, "en"), ("hit", 2, 8, "fr"), ("lifeislife", 3, 10, "de")]


@pytest.mark.parametrize(("game", "seed", "steps", "lang"), EVENINGS,
                         ids=[e[0] for e in EVENINGS])
def test_live_pages_equal_fresh_ones(server, browser, game, seed, steps, lang):
    figures = Figures()
    Evening(server, browser, game, seed, steps, figures, lang=lang).run()
    print(f"\n{game}: {figures.events} events, {figures.comparisons} comparisons "
          f"({figures.regions} regions), {len(figures.differences)} differences, "
          f"{figures.settled_late} settled after a later message, {figures.seconds:.1f} s")
    assert figures.comparisons >= figures.events
    folds = sum(1 for d in figures.differences if d.folds_only())
    assert not figures.differences, (
        f"{len(figures.differences)} differences ({folds} only a fold open or closed):\n\n"
        + "\n\n".join(d.said() for d in figures.differences[:6]))
