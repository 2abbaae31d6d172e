"""Scaffold's rules page: the sections and rules in the rulebook's order, each with the
violation codes of engine/messages.py it explains (a referee's message links to its rule) and
the house rules it describes (none yet). Texts: en.py, de.py, fr.py, it.py."""

from companion.rules.content import GameSpec, RuleSpec, SectionSpec

SPEC = GameSpec(
    "scaffold",
    (
        SectionSpec("s-course", (RuleSpec("turn", ("scaffold.too_many",)),)),
        SectionSpec("s-end", (RuleSpec("end", ("scaffold.game_over",)),)),
    ),
)
