"""Life is Life's rules page: the sections and rules in the (Italian) rulebook's order, each with
the violation codes of companion/games/lifeislife/engine/messages.py it explains and the toggles
(HouseRules in companion/games/lifeislife/engine/state.py) it describes. Texts: en.py, de.py, fr.py,
it.py."""

from companion.rules.content import GameSpec, RuleSpec, SectionSpec

SPEC = GameSpec(
    "lifeislife",
    (
        SectionSpec("s-contents", (RuleSpec("cards", ("lifeislife.deck_exceeded",)),)),
        SectionSpec(
            "s-setup",
            (
                RuleSpec("lives", (), ("start_lives",)),
                RuleSpec("deal", ("lifeislife.row_size", "lifeislife.deal_size")),
            ),
        ),
        SectionSpec(
            "s-play",
            (
                RuleSpec("turn", ("lifeislife.wrong_phase",)),
                RuleSpec("swap", ("lifeislife.wrong_count", "lifeislife.card_not_in_hand")),
                RuleSpec("swap-different", ("lifeislife.swap_same_cards",)),
                RuleSpec("knock", ("lifeislife.knock_before_swap",)),
            ),
        ),
        SectionSpec(
            "s-sudden",
            (
                RuleSpec(
                    "sudden-death",
                    ("lifeislife.no_sudden_death", "lifeislife.undeclared_sudden_death"),
                ),
            ),
        ),
        SectionSpec("s-normal", (RuleSpec("majorities"), RuleSpec("lives-lost"))),
        SectionSpec(
            "s-further", (RuleSpec("next-round"), RuleSpec("end", ("lifeislife.game_over",)))
        ),
        SectionSpec("s-expert", (RuleSpec("expert", ("lifeislife.expert_cats",), ("expert",)),)),
        SectionSpec("s-table", (RuleSpec(
            "entering-hands", ("lifeislife.hand_mismatch", "lifeislife.hand_lacks_known",
                "lifeislife.already_shown")),)),
    ),
)
