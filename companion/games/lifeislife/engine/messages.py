"""Life is Life violation codes: the rulebook section each rests on and its English message.

Codes are stable; translations key on them (the web app renders DE/FR/IT from the same codes
and named parameters). docs/rules-lifeislife.md quotes the rulebook sentence behind each code.
The rulebook is the Italian one ("Nuota per la tua vita"); sections are named as it names them.
"""

from __future__ import annotations

from typing import Final

from companion.engines.i18n import N_
from companion.engines.kit.messages import message_table

R_MATERIAL: Final = N_("Materiale / Contents")
R_PREP: Final = N_("Preparativi di gioco / Setting up")
R_PLAY: Final = N_("Svolgimento del gioco / How to play")
R_SWAP: Final = N_("Svolgimento del gioco / How to play: A) Cambiare carte / swapping cards")
R_KNOCK: Final = N_("Svolgimento del gioco / How to play: B) Picchiettare / knocking")
R_SUDDEN: Final = N_("Fine immediata della tornata / Sudden death")
R_NORMAL: Final = N_("Fine normale della tornata / Normal end of a round")
R_END: Final = N_(
    "Altre tornate e fine del gioco / Further rounds and the end of the game"
)
R_EXPERT: Final = N_("Variante per esperti / Expert variant")

#: code → (rule, English template)
CODES: Final[dict[str, tuple[str, str]]] = {
    "lifeislife.game_over": (R_END, N_("The game is over: seat {winner} is the last one left.")),
    "lifeislife.wrong_phase": (R_PLAY, N_("This is the {expected} phase; a {got} does not fit "
                                          "now.")),
    "lifeislife.wrong_count": (R_SWAP, N_("Row {row} holds {expected} cards: lay down {expected} "
                                          "cards, not {count}.")),
    "lifeislife.card_not_in_hand": (R_SWAP, N_("Seat {seat} does not hold {count} × {card}.")),
    "lifeislife.swap_same_cards": (R_SWAP, N_("The cards laid down must differ from those of row "
                                              "{row} ({cards}) by at least one card.")),
    "lifeislife.knock_before_swap": (R_KNOCK, N_("Seat {seat} may knock only after having swapped "
                                                 "at least once this round.")),
    "lifeislife.no_sudden_death": (R_SUDDEN, N_("After this swap seat {seat} does not hold all "
                                                "{count} {card} cards.")),
    "lifeislife.expert_cats": (R_EXPERT, N_("In the expert variant only all 5 hares or all 5 pigs "
                                            "end the round at once, not the cats.")),
    "lifeislife.undeclared_sudden_death": (R_SUDDEN, N_("Seat {seat} has swapped this round and "
                                                        "would hold all {count} {card} cards: that "
                                                        "would have ended the round at once.")),
    "lifeislife.row_size": (R_PREP, N_("Row {row} holds exactly {expected} cards, not {count}.")),
    "lifeislife.deal_size": (R_PREP, N_("Seat {seat} gets {expected} cards, not {count}.")),
    "lifeislife.deck_exceeded": (R_MATERIAL, N_("The deck holds only {copies} {card} cards.")),
    "lifeislife.hand_mismatch": (R_PLAY, N_("Seat {seat} holds {count} cards, and these must "
                                            "include every card already known to be there.")),
    "lifeislife.hand_lacks_known": (R_PLAY, N_("Seat {seat} holds {count} cards, and these "
                                               "must include the {card}, already known to be "
                                               "there.")),
    "lifeislife.already_shown": (R_NORMAL, N_("Seat {seat} has already shown their hand at the "
                                              "end of this round.")),
}

MESSAGES, violation = message_table(CODES)
