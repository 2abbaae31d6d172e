"""lifeislife: the site's registry entry of the game (its manifest, issue #40)."""

from __future__ import annotations

from companion.games import GameEntry, Results, _, pgettext_lazy

#: the game as the site knows it; discovered by ``companion.games`` (no list to edit)
ENTRY = GameEntry(
    name="lifeislife",
    title="Life is Life",
    home_title="Life is Life – Schwimm um dein Leben",
    publisher="NSV",
    players=_("3–5 players"),
    about=_(
        "Swap cards with the rows in the middle to hold the majorities of animals; "
        "knock when you are ahead, and watch out for the sudden death."
    ),
    counter="companion.games.lifeislife.engine.counter",
    step_words={
        "swap": pgettext_lazy("step", "swap"),
        "knock": pgettext_lazy("step", "knock"),
        "reveal": pgettext_lazy("step", "reveal"),
    },
    results=Results(measure="lives", measure_label=_("lives left"), lives=True),
    hint_outcome=_("survives the round"),
    search={"outcome": "companion.advisor.bots:lifeislife_round_survival"},
    explain="companion.games.lifeislife.explain:explain",
    review="companion.games.lifeislife.review:REVIEW",
)
