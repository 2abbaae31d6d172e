"""The reveal rule: nothing takes back or changes a decision once hidden cards were shown
(BGA's policy; ARCHITECTURE.md, principle 4). One rule for undo and for corrections.

An entry *shows cards* when someone saw cards they had not seen: the table dealt or drew (the
table is to decide), or the game's presenter says the play showed some (``reveals``: Life is
Life's sudden-death set and the hands at a round's end, DOG's gifts picked up when the
exchange is complete). Besides, undo never takes back a report of hidden cards (a hand, a
gift: the game's ``is_undo_barrier``).

* **Undo** takes back only the last entry, and never one that shows cards or is such a report.
* **A correction** of a seat's decision (a play, a swap, a gift) is refused once that entry or
  any later one showed cards: the player would choose again knowing more. What the table
  reports (a deal, a draw, a hand entered) stays correctable: fixing it changes nobody's
  decision, and the later log is checked again with it (``services.correct``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.engines import TABLE
from companion.tables import presenters


def shows_cards(game: Any, before: Any, action: Any) -> bool:
    """Whether ``action`` on ``before`` showed someone cards they had not seen."""
    if game.to_move(before) == TABLE:
        return True
    presenter = presenters.get(game.name)
    return bool(presenter.reveals(game, before, game.apply(before, action)))


def undo_barrier(game: Any, before: Any, action: Any) -> bool:
    """Whether undo must refuse to take back ``action`` (it shows cards, or reports some)."""
    if presenters.get(game.name).is_undo_barrier(game, action):
        return True
    return shows_cards(game, before, action)


def is_report(game: Any, before: Any, action: Any) -> bool:
    """Whether ``action`` is a report of what the table did (a deal, a draw, a hand
    entered) rather than a seat's decision."""
    return game.to_move(before) == TABLE or presenters.get(game.name).is_hand_entry(game, action)


def correction_barrier(
    game: Any, before: Any, entries: Iterable[tuple[int, str, Iterable[int]]],
    parse: Callable[[Any, Any, str], Any],
) -> int | None:
    """The seq of the first entry that forbids correcting the first of ``entries`` (the
    corrected entry, then every later one as logged: ``(seq, notation, seats forgotten
    before it)``), replayed from ``before``; None when the correction may go ahead."""
    from companion.tables.play import rulings  # rulings reads the log through this package

    state = before
    target_is_report = None
    for seq, text, forget in entries:
        state = rulings.forget_all(game, state, forget)
        try:
            action = parse(game, state, text)
        except Exception:  # a later entry that no longer reads: the recheck names it
            return None
        if target_is_report is None:
            target_is_report = is_report(game, state, action)
            if target_is_report:
                return None
        if shows_cards(game, state, action):
            return seq
        state = game.apply(state, action)
    return None
