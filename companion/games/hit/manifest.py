"""hit: the site's registry entry of the game (its manifest, issue #40)."""

from __future__ import annotations

from types import MappingProxyType

from companion.games import GameEntry, Results, _, pgettext_lazy

#: the game as the site knows it; discovered by ``companion.games`` (no list to edit)
ENTRY = GameEntry(
    name="hit",
    title="HIT",
    publisher="Ravensburger",
    players=_("2–4 players"),
    about=_(
        "A deck-building race: play your three cards, hit whoever you land on, "
        "buy better cards from the market and bring your figures home first."
    ),
    counter="companion.games.hit.engine.counter",
    public_forms=MappingProxyType({"hand": None, "draw": "draw"}),
    step_words={
        "buy": pgettext_lazy("step", "buy"),
        "end": pgettext_lazy("step", "end"),
        "shuffle": pgettext_lazy("step", "shuffle"),
        "market": pgettext_lazy("step", "market"),
    },
    results=Results(home_field="W", measure="home", measure_label=_("figures home"),
                    knockouts_label=_("Hits")),
    explain="companion.games.hit.explain:explain",
)
