"""The replay: the table at any step of its log, as the presenter shows it (public only).

Step 0 is the position before the first event, step n the position after the n-th event that
counts. Each step is drawn by the game's presenter from the spectator's view of the replayed
state, so no hand is ever shown; the move that led to it is the line everyone could read (a
private entry shows its public text: "seat 0 entered their hand").
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from companion.engines import TABLE as TABLE_DECISION
from companion.engines import get_game
from companion.tables import presenters
from companion.tables.errors import BadInput
from companion.tables.models import Table
from companion.tables.play import timeline


def step_number(value: Any, total: int) -> int:
    """The step asked for (None or "" → the last), kept within 0..total."""
    if value in (None, ""):
        return total
    try:
        number = int(value)
    except (TypeError, ValueError) as exc:
        raise BadInput(_("the step must be a whole number")) from exc
    return max(0, min(total, number))


def replay_context(table: Table, step: Any = None) -> dict[str, Any]:
    """The template context of one step: what the board and score partials need, and
    ``replay`` (the step, the total, the move that led to it)."""
    game = get_game(table.game)
    presenter = presenters.get(table.game)
    initial, steps = timeline.walk(table)
    total = len(steps)
    number = step_number(step, total)
    current = steps[number - 1] if number else None
    state = presenter.spectator_view(game, current.after if current else initial)
    position = game.to_json(state)
    seats = list(table.seats.all())
    names = [s.name for s in seats]
    mover = game.to_move(state)
    move = None
    if current is not None:
        public = current.visible_to(None)
        move = {
            "seq": current.seq,
            "who": _("the table") if current.mover is None else names[current.mover],
            "text": current.text_for(None),
            "label": presenter.label(current.text) if public else current.public_line,
            "at": current.at,
        }
    context: dict[str, Any] = {
        "table": table,
        "actor": None,
        "seat": None,
        "seats": seats,
        "names": names,
        "position": position,
        "phase": game.phase(state),
        "mover": None if mover == TABLE_DECISION else mover,
        "mover_name": _("the table") if mover == TABLE_DECISION else names[mover],
        "game_template": presenter.template,
        "replay": {
            "step": number,
            "total": total,
            "previous": max(0, number - 1),
            "next": min(total, number + 1),
            "move": move,
        },
    }
    context.update(presenter.page_context(game, state, position, seats, None, False, {}, None))
    return context
