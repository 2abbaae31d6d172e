"""A game's violation codes: per code the rulebook section it rests on and the English message
template (named ``{params}``), marked for translation with ``N_``.

    CODES = {"dog.game_over": (R_END, N_("The game is over.")), ...}
    MESSAGES, violation = message_table(CODES)
    violation("dog.no_figure", field="T12")   # Violation("dog.no_figure", R_MOVE, ...)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..base import Param, Violation


def message_table(
    codes: Mapping[str, tuple[str, str]],
) -> tuple[dict[str, str], Callable[..., Violation]]:
    """(code → English template, a `violation(code, **params)` maker) of a code table."""
    messages = {code: text for code, (_, text) in codes.items()}

    def violation(code: str, **params: Param) -> Violation:
        return Violation(code, codes[code][0], tuple(params.items()))

    return messages, violation
