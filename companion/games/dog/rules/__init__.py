"""DOG's rules page: the sections and rules in the rulebook's order, each with the violation
codes of engine/messages.py it explains and the house-rule toggles (HouseRules in
engine/state.py) it describes. Texts: en.py, de.py, fr.py, it.py."""

from companion.rules.content import GameSpec, RuleSpec, SectionSpec

SPEC = GameSpec(
    "dog",
    (
        SectionSpec(
            "s-contents",
            (
                RuleSpec("cards-and-board", ("dog.deck_exceeded",), ("board",)),
                RuleSpec("teams"),
            ),
        ),
        SectionSpec(
            "s-how-to-play",
            (
                RuleSpec(
                    "dealing",
                    ("dog.deal_size", "dog.reshuffle_first", "dog.reshuffle_not_needed"),
                ),
                RuleSpec("exchange", ("dog.wrong_phase", "dog.already_given")),
                RuleSpec("turn", ("dog.card_not_in_hand",)),
                RuleSpec("out-for-the-round", ("dog.discard_in_teams",)),
            ),
        ),
        SectionSpec(
            "s-starting-space",
            (
                RuleSpec(
                    "coming-out", ("dog.not_start_card", "dog.kennel_empty", "dog.out_to_start")
                ),
                RuleSpec("start-protection", ("dog.start_field_blocked",)),
            ),
        ),
        SectionSpec(
            "s-moving",
            (
                RuleSpec("moving", ("dog.no_figure",), ("direction",)),
                RuleSpec("knocking-out"),
            ),
        ),
        SectionSpec("s-compulsion", (RuleSpec("compulsion", ("dog.must_play",)),)),
        SectionSpec(
            "s-arrival",
            (
                RuleSpec("entering-the-goal", ("dog.goal_direct_from_start", "dog.wrong_goal")),
                RuleSpec("in-the-goal", ("dog.goal_backwards", "dog.goal_jump", "dog.goal_knock")),
            ),
        ),
        SectionSpec("s-blue-cards", (RuleSpec("blue-cards", ("dog.wrong_distance",)),)),
        SectionSpec(
            "s-red-cards",
            (
                RuleSpec("start-cards"),
                RuleSpec("four"),
                RuleSpec("seven", ("dog.seven_points",)),
                RuleSpec("seven-partner", ("dog.seven_partner_early",)),
                RuleSpec(
                    "swap",
                    (
                        "dog.swap_own",
                        "dog.swap_protected",
                        "dog.swap_off_track",
                        "dog.swap_possible",
                    ),
                ),
                RuleSpec("joker"),
            ),
        ),
        SectionSpec("s-team", (RuleSpec("partner-play", ("dog.not_your_figure",)),)),
        SectionSpec("s-end", (RuleSpec("end", ("dog.game_over",)),)),
        SectionSpec("s-special", (RuleSpec("two-three-five", ("dog.fold_in_solo",)),)),
        SectionSpec("s-table", (RuleSpec("entering-hands", ("dog.hand_mismatch",
                                                            "dog.hand_lacks_known")),)),
        SectionSpec(
            "s-house",
            (
                RuleSpec("house-start-protection", (), ("start_protection",)),
                RuleSpec("house-start-blocks-own", (), ("start_blocks_own",)),
                RuleSpec(
                    "house-goal-entry-mandatory",
                    ("dog.goal_entry_mandatory",),
                    ("goal_entry_mandatory",),
                ),
                RuleSpec("house-goal-from-start", (), ("goal_from_start",)),
                RuleSpec("house-knock-own", ("dog.knock_own",), ("knock_own",)),
                RuleSpec("house-seven-partner", (), ("seven_partner_exception",)),
                RuleSpec("house-swap-void", ("dog.swap_void_forbidden",), ("swap_void",)),
                RuleSpec("house-fold-face-up", (), ("fold_face_up",)),
                RuleSpec("house-card-exchange", (), ("card_exchange",)),
            ),
        ),
    ),
)
