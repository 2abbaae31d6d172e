"""scaffold: the site's registry entry of the game (its manifest, docs/adding-a-game.md).

Only ``name`` and ``title`` are needed; every other field of `GameEntry` has a default (no
presenter of its own: the base presenter; no card counter; the search's generic parameters).
The phases "play" and "over" have the site's common step words; a phase of the game's own
("roll") needs its word in ``step_words``."""

from __future__ import annotations

from companion.games import GameEntry, _

#: the game as the site knows it; discovered by ``companion.games`` (no list to edit)
ENTRY = GameEntry(
    name="scaffold",
    title="Scaffold",
    players=_("For 2–4 players"),
    about=_("A counting race: add 1 or 2 in turn; whoever reaches 10 wins."),
)
