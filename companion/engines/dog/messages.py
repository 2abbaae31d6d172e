"""DOG violation codes: the rulebook section each rests on and its English message template.

Codes are stable; translations key on them (the web app renders DE/FR/IT from the same codes
and named parameters). docs/rules-dog.md quotes the rulebook sentence behind each code.
"""

from __future__ import annotations

from typing import Final

from ..base import Param, Violation

R_PREP: Final = "Spielvorbereitung / Preparation"
R_PLAY: Final = "Spielablauf / How to play"
R_START: Final = "Startfeld / Starting space"
R_MOVE: Final = "Bewegen und Schlagen / Moving and throwing out"
R_ZUG: Final = "Zugzwang / Compulsion to move"
R_GOAL: Final = "Ziel / Arrival area"
R_BLUE: Final = "Karten mit blauem Hintergrund / Cards with a blue background"
R_RED: Final = "Karten mit rotem Hintergrund / Cards with a red background"
R_JOKER: Final = R_RED + ": Joker"
R_SWAP: Final = R_RED + ": Tauschen / exchange"
R_START_CARD: Final = R_RED + ": Startkarte 1/11, 13 / starting card 1/11, 13"
R_SEVEN: Final = R_RED + ": 7"
R_FOUR: Final = R_RED + ": 4"
R_TEAM: Final = "Partnerspiel / Team game"
R_END: Final = "Spielende / End of the game"
R_SOLO: Final = "Sonderregel für 2, 3 und 5 Spieler / Special rules for 2, 3 and 5 players"


def house(name: str) -> str:
    return f"Hausregel / house rule: {name}"


#: code → (rule, English template)
CODES: Final[dict[str, tuple[str, str]]] = {
    "dog.game_over": (R_END, "The game is over."),
    "dog.wrong_phase": (R_PLAY, "This is the {expected} phase; a {got} does not fit now."),
    "dog.card_not_in_hand": (R_PLAY, "Seat {seat} holds no {card}."),
    "dog.no_figure": (R_MOVE, "There is no figure on {field}."),
    "dog.not_your_figure": (R_TEAM, "The figure on {field} is not yours to move."),
    "dog.not_start_card": (R_START, "Only a 1/11, a 13 or a joker brings a figure out; "
                                    "not a {card}."),
    "dog.kennel_empty": (R_START, "There is no figure left in the kennel."),
    "dog.out_to_start": (R_START, "A figure comes out onto its own start field {start}."),
    "dog.wrong_distance": (R_BLUE, "A {card} moves {expected} fields; this move is {steps}."),
    "dog.start_field_blocked": (R_START, "The figure on its start field {field} is protected: "
                                         "it cannot be passed, knocked out or swapped."),
    "dog.knock_own": (house("knock_own"), "At this table you may not knock out your own or "
                                          "your partner's figure on {field}."),
    "dog.goal_direct_from_start": (R_GOAL, "The goal is not entered directly from the start "
                                           "field; the figure must move over it."),
    "dog.goal_backwards": (R_GOAL, "Nothing moves backwards into, inside or out of the goal."),
    "dog.goal_jump": (R_GOAL, "In the goal no figure may be jumped over ({field})."),
    "dog.goal_knock": (R_GOAL, "In the goal no figure may be knocked out ({field})."),
    "dog.wrong_goal": (R_GOAL, "A figure can only enter the goal of its own colour."),
    "dog.goal_entry_mandatory": (house("goal_entry_mandatory"),
                                 "At this table a figure that can enter its goal must do so."),
    "dog.seven_points": (R_SEVEN, "All 7 points must be used; this uses {steps}."),
    "dog.seven_partner_early": (R_SEVEN, "Your partner's figures may take the rest of a 7 only "
                                         "once all your own figures are home."),
    "dog.swap_own": (R_SWAP, "Swap one of your figures with an opponent's or your "
                             "partner's, not two of your own."),
    "dog.swap_protected": (R_SWAP, "The figure on its start field {field} is protected and "
                                   "cannot be swapped."),
    "dog.swap_off_track": (R_SWAP, "Only figures on the track can be swapped, not {field}."),
    "dog.swap_possible": (R_SWAP, "The swap card must swap when it can, e.g. {example}."),
    "dog.swap_void_forbidden": (house("swap_void"), "At this table a swap card that cannot "
                                                     "swap cannot be played."),
    "dog.must_play": (R_ZUG, "You must play while you can: you could play {example}."),
    "dog.fold_in_solo": (R_SOLO, "With 2, 3 or 5 players a stuck player discards one card "
                                 "and draws one."),
    "dog.discard_in_teams": (R_PLAY, "A stuck player folds: the whole hand is discarded."),
    "dog.deal_size": (R_PLAY, "This round every seat gets {expected} cards; seat {seat} "
                              "got {count}."),
    "dog.deck_exceeded": (R_PREP, "The deck holds only {copies} × {card}."),
    "dog.reshuffle_first": (R_PLAY, "The stock is too small: first shuffle the discard pile "
                                    "into it."),
    "dog.reshuffle_not_needed": (R_PLAY, "The stock still has {stock} cards; no reshuffle."),
    "dog.hand_mismatch": (R_PLAY, "Seat {seat} holds {count} cards, and these must include "
                                  "every card already known to be there."),
}

MESSAGES: Final[dict[str, str]] = {code: text for code, (_, text) in CODES.items()}


def violation(code: str, **params: Param) -> Violation:
    return Violation(code, CODES[code][0], tuple(params.items()))
