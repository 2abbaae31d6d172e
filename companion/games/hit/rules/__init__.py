"""HIT's rules page: the sections and rules in the rulebook's order, each with the violation
codes of companion/games/hit/engine/messages.py it explains and the variant toggles (HouseRules in
companion/games/hit/engine/state.py) it describes. Texts: en.py, de.py, fr.py, it.py."""

from companion.rules.content import GameSpec, RuleSpec, SectionSpec

SPEC = GameSpec(
    "hit",
    (
        SectionSpec("s-contents", (RuleSpec("material"),)),
        SectionSpec("s-setup", (RuleSpec("setup"),)),
        SectionSpec("s-course", (RuleSpec("turn", ("hit.wrong_phase",)),)),
        SectionSpec("s-play", (RuleSpec("play-hand", ("hit.not_in_hand", "hit.cards_left")),)),
        SectionSpec(
            "s-moving",
            (
                RuleSpec("moving", ("hit.no_figure", "hit.not_out", "hit.one_figure")),
                RuleSpec("unused", ("hit.card_usable",)),
            ),
        ),
        SectionSpec(
            "s-goal",
            (
                RuleSpec("barrier", ("hit.barrier",)),
                RuleSpec("goal-exact", ("hit.goal_overshoot",)),
            ),
        ),
        SectionSpec(
            "s-hitting",
            (
                RuleSpec("hitting", ("hit.own_figure",)),
                RuleSpec("no-hitting", ("hit.no_hit", "hit.no_free_field")),
                RuleSpec("shield", ("hit.shielded",)),
                RuleSpec("shield-breaker"),
            ),
        ),
        SectionSpec(
            "s-coming-out",
            (
                RuleSpec(
                    "coming-out",
                    ("hit.no_waiting_figure", "hit.start_occupied", "hit.discard_count"),
                ),
            ),
        ),
        SectionSpec("s-buy", (RuleSpec("buying", ("hit.not_in_market", "hit.not_enough_coins")),)),
        SectionSpec(
            "s-draw",
            (
                RuleSpec("drawing", ("hit.draw_count", "hit.not_in_pile")),
                RuleSpec("keep-shield", ("hit.keep_no_shield",)),
            ),
        ),
        SectionSpec("s-market", (RuleSpec("market", ("hit.market_count", "hit.not_in_stack")),)),
        SectionSpec("s-end", (RuleSpec("end", ("hit.game_over",)),)),
        SectionSpec(
            "s-variants",
            (
                RuleSpec("variant-no-shields", (), ("no_shields",)),
                RuleSpec("variant-four-figures", (), ("four_figures",)),
            ),
        ),
        SectionSpec("s-symbols", (RuleSpec("no-goal-entry", ("hit.no_goal_entry",)),)),
        SectionSpec(
            "s-cards",
            (
                RuleSpec("card-moves", ("hit.wrong_destination", "hit.unreachable")),
                RuleSpec("start-deck", ("hit.no_free_corner",)),
                RuleSpec("number-cards"),
                RuleSpec("split10", ("hit.split_total", "hit.split_twice")),
                RuleSpec("jumps-and-coins"),
                RuleSpec("hunt", ("hit.no_opponent_ahead",)),
                RuleSpec("behind", ("hit.no_figure_ahead", "hit.already_behind")),
                RuleSpec("jump-groups", ("hit.not_enough_groups",)),
            ),
        ),
        SectionSpec("s-table", (RuleSpec("entering-hands", ("hit.hand_mismatch",
                                                            "hit.hand_lacks_known")),)),
    ),
)
