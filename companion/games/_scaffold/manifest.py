"""scaffold: the site's registry entry of the game (its manifest, docs/adding-a-game.md)."""

from __future__ import annotations

from companion.games import GameEntry, Results, _, pgettext_lazy

#: the game as the site knows it; discovered by ``companion.games`` (no list to edit)
ENTRY = GameEntry(
    name="scaffold",
    title="Scaffold",
    players=_("2–4 players"),
    about=_("A counting race: add 1 or 2 in turn; whoever reaches 10 wins."),
    #: the table page's line for a table event (a game without cards reports none)
    #: the engine's phase words that the site does not know ("play" and "over" it knows)
    step_words={"add": pgettext_lazy("step", "add")},
    results=Results(measure="", measure_label=""),
)
