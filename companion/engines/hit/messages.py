"""HIT violation codes: the rulebook section each rests on and its English message.

Codes are stable; translations key on them (the web app renders DE/FR/IT from the same codes
and named parameters). Parameters are language-neutral: seats, card tokens, field names
(``T12``, ``G2``, ``W``), numbers. docs/rules-hit.md quotes the rulebook sentence behind each
code. Sections are named as the German rulebook names them (the set-up only by the French
text, which the German part of the file lacks).
"""

from __future__ import annotations

from typing import Final

from ..base import Param, Violation

R_MATERIAL: Final = "Spielmaterial / Contents"
R_SETUP: Final = "Mise en place / Set-up"
R_TURN: Final = "Spielablauf / Course of play"
R_PLAY: Final = "1. Handkarten spielen und ausführen / Playing the hand"
R_MOVE: Final = "Figuren bewegen / Moving figures"
R_GOAL: Final = "Zieleinlauf / Entering the goal"
R_HIT: Final = "Figuren schlagen / Hitting figures"
R_OUT: Final = "Rauskommen / Coming out"
R_BUY: Final = "2. Neue Karten aus dem Markt kaufen / Buying"
R_DRAW: Final = "3. Karten nachziehen / Drawing"
R_SHUFFLE: Final = R_DRAW + ": Sonderfall: Karte mit Schild oben auf Ablagestapel"
R_MARKET: Final = "4. Kartenmarkt auffüllen / Refilling the market"
R_END: Final = "Spielende / End of the game"
R_CARDS: Final = "Übersicht aller Karten / The cards"
R_SYMBOLS: Final = "Übersicht aller Symbole / The symbols"

#: code → (rule, English template)
CODES: Final[dict[str, tuple[str, str]]] = {
    "hit.game_over": (R_END, "The game is over: seat {winner} brought all its figures home."),
    "hit.wrong_phase": (R_TURN, "This is the {expected} step; a {got} does not fit now."),
    "hit.not_in_hand": (R_PLAY, "Seat {seat} holds no {card}."),
    "hit.cards_left": (R_PLAY, "Seat {seat} must play all its hand cards first: {count} "
                               "left."),
    "hit.card_usable": (R_MOVE, "The {card} can be used ({example}): a card is laid down "
                                "unused only when its move cannot be made."),
    "hit.no_figure": (R_MOVE, "Seat {seat} has no figure on {field}."),
    "hit.not_out": (R_MOVE, "Only figures that have come out move: the {card} does not bring "
                            "a waiting figure out."),
    "hit.one_figure": (R_MOVE, "A move is for one figure and is not split: the {card} moves "
                               "one figure."),
    "hit.no_waiting_figure": (R_OUT, "Seat {seat} has no figure waiting to come out."),
    "hit.start_occupied": (R_OUT, "An own figure stands on the start field {field}: no other "
                                  "figure can come out."),
    "hit.discard_count": (R_OUT, "To bring a figure out, lay down exactly {expected} hand "
                                 "cards, not {count}."),
    "hit.own_figure": (R_HIT, "The figure would end on {field}, where an own figure stands: "
                              "own figures are never hit."),
    "hit.shielded": (R_HIT, "The figure on {field} is protected by the shield on top of seat "
                            "{seat}'s discard pile: the {card} moves on to {expected}."),
    "hit.no_hit": (R_HIT, "The {card} shows \"no hitting\": it moves on past the figure on "
                          "{field} to {expected}."),
    "hit.no_free_field": (R_HIT, "After {field} no free field follows on the figure's way to "
                                 "move on to."),
    "hit.barrier": (R_GOAL, "The {card} would take the figure on {at} over its own barrier: "
                            "each figure runs exactly one lap."),
    "hit.goal_overshoot": (R_GOAL, "The {card} would take the figure on {at} past its goal: "
                                   "it must end exactly on a goal field."),
    "hit.no_goal_entry": (R_SYMBOLS, "The {card} shows \"no goal entry\": it neither takes a "
                                     "figure into the goal nor moves one already there."),
    "hit.wrong_destination": (R_CARDS, "The {card} takes the figure on {at} to {expected}, "
                                       "not {to}."),
    "hit.unreachable": (R_CARDS, "The {card} cannot take the figure on {at} to {to}."),
    "hit.no_opponent_ahead": (R_CARDS, "No opponent's figure stands ahead of {at} before "
                                       "the figure's own barrier."),
    "hit.no_figure_ahead": (R_CARDS, "No figure stands ahead of {at} before the figure's "
                                     "own barrier."),
    "hit.already_behind": (R_CARDS, "The figure on {at} already stands right behind the "
                                    "nearest figure."),
    "hit.no_free_corner": (R_CARDS, "No free corner field lies ahead of {at} before the "
                                    "figure's own barrier."),
    "hit.not_enough_groups": (R_CARDS, "Fewer than {groups} groups of figures stand ahead of "
                                       "{at} before the figure's own barrier."),
    "hit.split_total": (R_CARDS, "These moves cannot use exactly {total} steps in all (each "
                                 "figure moved once)."),
    "hit.split_twice": (R_CARDS, "Each figure moves at most once with the {card}: the figure "
                                 "on {field} has moved already."),
    "hit.not_in_market": (R_BUY, "There is no {card} in the market."),
    "hit.not_enough_coins": (R_BUY, "The {card} costs {cost} coins; seat {seat} has {coins}."),
    "hit.keep_no_shield": (R_SHUFFLE, "Only a card with a shield on top of the discard pile may "
                                      "stay there at a reshuffle, and only when other cards are "
                                      "shuffled."),
    "hit.draw_count": (R_DRAW, "This draw takes {expected} cards from below the known top of "
                               "the draw pile, not {count}."),
    "hit.not_in_pile": (R_DRAW, "Seat {seat}'s draw pile holds no {card}."),
    "hit.market_count": (R_MARKET, "The market gets {expected} new cards now, not {count}."),
    "hit.not_in_stack": (R_MARKET, "The neutral stack holds no {card}."),
    "hit.hand_mismatch": (R_PLAY, "Seat {seat} holds {count} cards, and these must include "
                                  "every card already known to be there."),
}

MESSAGES: Final[dict[str, str]] = {code: text for code, (_, text) in CODES.items()}


def violation(code: str, **params: Param) -> Violation:
    return Violation(code, CODES[code][0], tuple(params.items()))


__all__ = ["CODES", "MESSAGES", "violation"]
