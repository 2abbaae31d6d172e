"""dog: the site's registry entry of the game (its manifest, issue #40)."""

from __future__ import annotations

from types import MappingProxyType

from companion.games import GameEntry, Results, _, pgettext_lazy

#: the game as the site knows it; discovered by ``companion.games`` (no list to edit)
ENTRY = GameEntry(
    name="dog",
    title="DOG",
    publisher="Schmidt Spiele",
    players=_("2–6 players, teams of two with 4 or 6"),
    about=_(
        "Race your four figures around the board and into the goal, with cards "
        "instead of dice: the 4 goes backwards, the 7 splits, the swap card trades places."
    ),
    counter="companion.games.dog.engine.counter",
    public_forms=MappingProxyType({
        "hand": None,
        "give": "give ?",
        "fold": "fold",
        "discard": "discard ?",
        "draw": "draw ?",
    }),
    step_words={
        "exchange": pgettext_lazy("step", "exchange"),
        "drawn": pgettext_lazy("step", "drawn"),
        "fold": pgettext_lazy("step", "fold"),
        "give": pgettext_lazy("step", "give"),
        "reshuffle": pgettext_lazy("step", "reshuffle"),
    },
    # DOG's figures have their own word in some languages (Italian: "segnalini")
    results=Results(home_field="K", measure="home",
                    measure_label=pgettext_lazy("DOG", "figures home")),
    search={
        "exploration": 0.1,
        "playout_depth": 12,
        "tree_depth": 0,
        "policy_first": True,
        "policy": "companion.advisor.bots:dog_playout_policy",
        "evaluate": "companion.advisor.bots:dog_evaluate",
        # the two above on C arrays where the compiled core is built (None elsewhere)
        "playout": "companion.games.dog.search:PLAYOUT",
    },
    heuristic="companion.advisor.bots:DOG_HEURISTIC",
    explain="companion.games.dog.explain:explain",
    review_by_halving=True,
)
