"""HIT violation codes: the rulebook section each rests on and its English message.

Codes are stable; translations key on them (the web app renders DE/FR/IT from the same codes
and named parameters). Parameters are language-neutral: seats, card tokens, field names
(``T12``, ``G2``, ``W``), numbers; the web app says a field by the board's landmarks
("3 fields past blue's start field"), never by its number. docs/rules-hit.md quotes the
rulebook sentence behind each code. Sections are named as the German rulebook names them
(the set-up only by the French text, which the German part of the file lacks).
"""

from __future__ import annotations

from typing import Final

from companion.engines.i18n import N_
from companion.engines.kit.messages import message_table

R_MATERIAL: Final = N_("Spielmaterial / Contents")
R_SETUP: Final = N_("Mise en place / Set-up")
R_TURN: Final = N_("Spielablauf / Course of play")
R_PLAY: Final = N_("1. Handkarten spielen und ausführen / Playing the hand")
R_MOVE: Final = N_("Figuren bewegen / Moving figures")
R_GOAL: Final = N_("Zieleinlauf / Entering the goal")
R_HIT: Final = N_("Figuren schlagen / Hitting figures")
R_OUT: Final = N_("Rauskommen / Coming out")
R_BUY: Final = N_("2. Neue Karten aus dem Markt kaufen / Buying")
R_DRAW: Final = N_("3. Karten nachziehen / Drawing")
R_SHUFFLE: Final = N_(
    "3. Karten nachziehen / Drawing: Sonderfall: Karte mit Schild oben auf Ablagestapel"
)
R_MARKET: Final = N_("4. Kartenmarkt auffüllen / Refilling the market")
R_END: Final = N_("Spielende / End of the game")
R_CARDS: Final = N_("Übersicht aller Karten / The cards")
R_SYMBOLS: Final = N_("Übersicht aller Symbole / The symbols")

#: code → (rule, English template)
CODES: Final[dict[str, tuple[str, str]]] = {
    "hit.game_over": (R_END, N_("The game is over: seat {winner} brought all its figures home.")),
    "hit.wrong_phase": (R_TURN, N_("This is the {expected} step; a {got} does not fit now.")),
    "hit.not_in_hand": (R_PLAY, N_("Seat {seat} holds no {card}.")),
    "hit.cards_left": (R_PLAY, N_("Seat {seat} must play all its hand cards first: {count} "
                                  "left.")),
    "hit.card_usable": (R_MOVE, N_("The {card} can be used ({example}): a card is laid down "
                                   "unused only when its move cannot be made.")),
    "hit.no_figure": (R_MOVE, N_("Seat {seat} has no figure on {field}.")),
    "hit.not_out": (R_MOVE, N_("Only figures that have come out move: the {card} does not bring "
                               "a waiting figure out.")),
    "hit.one_figure": (R_MOVE, N_("A move is for one figure and is not split: the {card} moves "
                                  "one figure.")),
    "hit.no_waiting_figure": (R_OUT, N_("Seat {seat} has no figure waiting to come out.")),
    "hit.start_occupied": (R_OUT, N_("An own figure stands on {field}: no other figure can come "
                                     "out.")),
    "hit.discard_count": (R_OUT, N_("To bring a figure out, lay down exactly {expected} hand "
                                    "cards, not {count}.")),
    "hit.own_figure": (R_HIT, N_("The figure would end on {field}, where an own figure stands: "
                                 "own figures are never hit.")),
    "hit.shielded": (R_HIT, N_("The figure on {field} is protected by the shield on top of seat "
                               "{seat}'s discard pile: the {card} moves on to {expected}.")),
    "hit.no_hit": (R_HIT, N_("The {card} shows \"no hitting\": it moves on past the figure on "
                             "{field} to {expected}.")),
    "hit.no_free_field": (R_HIT, N_("After {field} no free field follows on the figure's way to "
                                    "move on to.")),
    "hit.barrier": (R_GOAL, N_("The {card} would take the figure on {at} over its own barrier: "
                               "each figure runs exactly one lap.")),
    "hit.goal_overshoot": (R_GOAL, N_("The {card} would take the figure on {at} past its goal: "
                                      "it must end exactly on a goal field.")),
    "hit.no_goal_entry": (R_SYMBOLS, N_("The {card} shows \"no goal entry\": it neither takes a "
                                        "figure into the goal nor moves one already there.")),
    "hit.wrong_destination": (R_CARDS, N_("The {card} takes the figure on {at} to {expected}, "
                                          "not {to}.")),
    "hit.unreachable": (R_CARDS, N_("The {card} cannot take the figure on {at} to {to}.")),
    "hit.no_opponent_ahead": (R_CARDS, N_("No opponent's figure stands ahead of {at} before "
                                          "the figure's own barrier.")),
    "hit.no_figure_ahead": (R_CARDS, N_("No figure stands ahead of {at} before the figure's "
                                        "own barrier.")),
    "hit.already_behind": (R_CARDS, N_("The figure on {at} already stands right behind the "
                                       "nearest figure.")),
    "hit.no_free_corner": (R_CARDS, N_("No free corner field lies ahead of {at} before the "
                                       "figure's own barrier.")),
    "hit.not_enough_groups": (R_CARDS, N_("Fewer than {groups} groups of figures stand ahead of "
                                          "{at} before the figure's own barrier.")),
    "hit.split_total": (R_CARDS, N_("These moves cannot use exactly {total} steps in all (each "
                                    "figure moved once).")),
    "hit.split_twice": (R_CARDS, N_("Each figure moves at most once with the {card}: the figure "
                                    "on {field} has moved already.")),
    "hit.not_in_market": (R_BUY, N_("There is no {card} in the market.")),
    "hit.not_enough_coins": (R_BUY, N_("The {card} costs {cost} coins; seat {seat} has {coins}.")),
    "hit.keep_no_shield": (R_SHUFFLE, N_("Only a card with a shield on top of the discard pile may "
                                         "stay there at a reshuffle, and only when other cards are "
                                         "shuffled.")),
    "hit.draw_count": (R_DRAW, N_("This draw takes {expected} cards from below the known top of "
                                  "the draw pile, not {count}.")),
    "hit.not_in_pile": (R_DRAW, N_("Seat {seat}'s draw pile holds no {card}.")),
    "hit.market_count": (R_MARKET, N_("The market gets {expected} new cards now, not {count}.")),
    "hit.not_in_stack": (R_MARKET, N_("The neutral stack holds no {card}.")),
    "hit.hand_mismatch": (R_PLAY, N_("Seat {seat} holds {count} cards, and these must include "
                                     "every card already known to be there.")),
    "hit.hand_lacks_known": (R_PLAY, N_("Seat {seat} holds {count} cards, and these must "
                                        "include the {card}, already known to be there.")),
}

MESSAGES, violation = message_table(CODES)


__all__ = ["CODES", "MESSAGES", "violation"]
