"""DOG violation codes: the rulebook section each rests on and its English message template.

Codes are stable; translations key on them (the web app renders DE/FR/IT from the same codes
and named parameters). docs/rules-dog.md quotes the rulebook sentence behind each code.
"""

from __future__ import annotations

from typing import Final

from companion.engines.i18n import N_
from companion.engines.kit.messages import message_table

# Rulebook sections, German / English as the quadrilingual rulebook names them; the web layer
# shows each reader the section as their language's rulebook names it (N_: translatable).
R_PREP: Final = N_("Spielvorbereitung / Preparation")
R_PLAY: Final = N_("Spielablauf / How to play")
R_START: Final = N_("Startfeld / Starting space")
R_MOVE: Final = N_("Bewegen und Schlagen / Moving and throwing out")
R_ZUG: Final = N_("Zugzwang / Compulsion to move")
R_GOAL: Final = N_("Ziel / Arrival area")
R_BLUE: Final = N_("Karten mit blauem Hintergrund / Cards with a blue background")
R_RED: Final = N_("Karten mit rotem Hintergrund / Cards with a red background")
R_JOKER: Final = N_("Karten mit rotem Hintergrund / Cards with a red background: Joker")
R_SWAP: Final = N_(
    "Karten mit rotem Hintergrund / Cards with a red background: Tauschen / exchange"
)
R_START_CARD: Final = N_(
    "Karten mit rotem Hintergrund / Cards with a red background: "
    "Startkarte 1/11, 13 / starting card 1/11, 13"
)
R_SEVEN: Final = N_("Karten mit rotem Hintergrund / Cards with a red background: 7")
R_FOUR: Final = N_("Karten mit rotem Hintergrund / Cards with a red background: 4")
R_TEAM: Final = N_("Partnerspiel / Team game")
R_END: Final = N_("Spielende / End of the game")
R_SOLO: Final = N_(
    "Sonderregel für 2, 3 und 5 Spieler / Special rules for 2, 3 and 5 players"
)
#: House rules a table may switch on (the lobby's toggles), named by their option key.
R_HOUSE_KNOCK_OWN: Final = N_("Hausregel / house rule: knock_own")
R_HOUSE_GOAL_ENTRY: Final = N_("Hausregel / house rule: goal_entry_mandatory")
R_HOUSE_SWAP_VOID: Final = N_("Hausregel / house rule: swap_void")


#: code → (rule, English template)
CODES: Final[dict[str, tuple[str, str]]] = {
    "dog.game_over": (R_END, N_("The game is over.")),
    "dog.wrong_phase": (R_PLAY, N_("This is the {expected} phase; a {got} does not fit now.")),
    "dog.card_not_in_hand": (R_PLAY, N_("Seat {seat} holds no {card}.")),
    "dog.already_given": (R_PLAY, N_("Seat {seat} has already given its card in this "
                                     "exchange.")),
    "dog.no_figure": (R_MOVE, N_("There is no figure on {field}.")),
    "dog.not_your_figure": (R_TEAM, N_("The figure on {field} is not yours to move.")),
    "dog.not_start_card": (R_START, N_("Only a 1/11, a 13 or a joker brings a figure out; "
                                       "not a {card}.")),
    "dog.kennel_empty": (R_START, N_("There is no figure left in the kennel.")),
    "dog.out_to_start": (R_START, N_("A figure comes out onto its own start field {start}.")),
    "dog.wrong_distance": (R_BLUE, N_("A {card} moves {expected} fields; this move is {steps}.")),
    "dog.start_field_blocked": (R_START, N_("The figure on its start field {field} is protected: "
                                            "it cannot be passed, knocked out or swapped.")),
    "dog.knock_own": (R_HOUSE_KNOCK_OWN, N_("At this table you may not knock out your own or "
                                             "your partner's figure on {field}.")),
    "dog.goal_direct_from_start": (R_GOAL, N_("The goal is not entered directly from the start "
                                              "field; the figure must move over it.")),
    "dog.goal_backwards": (R_GOAL, N_("Nothing moves backwards into, inside or out of the goal.")),
    "dog.goal_jump": (R_GOAL, N_("In the goal no figure may be jumped over ({field}).")),
    "dog.goal_knock": (R_GOAL, N_("In the goal no figure may be knocked out ({field}).")),
    "dog.wrong_goal": (R_GOAL, N_("A figure can only enter the goal of its own colour.")),
    "dog.goal_entry_mandatory": (R_HOUSE_GOAL_ENTRY,
                                 N_("At this table a figure that can enter its goal must do so.")),
    "dog.seven_points": (R_SEVEN, N_("All 7 points must be used; this uses {steps}.")),
    "dog.seven_partner_early": (R_SEVEN, N_("Your partner's figures may take the rest of a 7 only "
                                            "once all your own figures are home.")),
    "dog.swap_own": (R_SWAP, N_("Swap one of your figures with an opponent's or your "
                                "partner's, not two of your own.")),
    "dog.swap_protected": (R_SWAP, N_("The figure on its start field {field} is protected and "
                                      "cannot be swapped.")),
    "dog.swap_off_track": (R_SWAP, N_("Only figures on the track can be swapped, not {field}.")),
    "dog.swap_possible": (R_SWAP, N_("The swap card must swap when it can, e.g. {example}.")),
    "dog.swap_void_forbidden": (R_HOUSE_SWAP_VOID, N_("At this table a swap card that cannot "
                                                        "swap cannot be played.")),
    "dog.must_play": (R_ZUG, N_("You must play while you can: you could play {example}.")),
    "dog.fold_in_solo": (R_SOLO, N_("With 2, 3 or 5 players a stuck player discards one card "
                                    "and draws one.")),
    "dog.discard_in_teams": (R_PLAY, N_("A stuck player folds: the whole hand is discarded.")),
    "dog.deal_size": (R_PLAY, N_("This round every seat gets {expected} cards; seat {seat} "
                                 "got {count}.")),
    "dog.deck_exceeded": (R_PREP, N_("The deck holds only {copies} × {card}.")),
    "dog.reshuffle_first": (R_PLAY, N_("The stock is too small: first shuffle the discard pile "
                                       "into it.")),
    "dog.reshuffle_not_needed": (R_PLAY, N_("The stock still has {stock} cards; no reshuffle.")),
    "dog.hand_mismatch": (R_PLAY, N_("Seat {seat} holds {count} cards, and these must include "
                                     "every card already known to be there.")),
    "dog.hand_lacks_known": (R_PLAY, N_("Seat {seat} holds {count} cards, and these must "
                                        "include the {card}, already known to be there.")),
}

MESSAGES, violation = message_table(CODES)
