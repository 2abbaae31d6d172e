"""Scaffold's violation codes: the rule each rests on and its English message."""

from companion.engines.kit.messages import message_table


def N_(text: str) -> str:
    """Marked for translation; translated where it is shown (the table's pages)."""
    return text


R_TURN = N_("A turn")
R_END = N_("End of the game")

CODES = {
    "scaffold.too_many": (R_TURN, N_("Add 1 or 2, not {count}.")),
    "scaffold.game_over": (R_END, N_("The game is over.")),
}

MESSAGES, violation = message_table(CODES)
