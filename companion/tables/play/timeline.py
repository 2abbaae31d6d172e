"""The log as steps: every event that counts, with the positions before and after it.

The replay, the game record and the summary all walk a table's log this way. The engine replays
the effective events (undos removed, corrections applied, as ``services.effective_events`` says);
nothing is read from the snapshot. Privacy is judged again on each step with the presenter's
rule, so a corrected entry is as private as what it now says.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.engines import TABLE as TABLE_DECISION
from companion.engines import get_game
from companion.tables import presenters
from companion.tables.models import Event, Table
from companion.tables.play.event_log import (
    TRUTH,
    Reader,
    effective_events,
    prepare,
    reader_steps,
)
from companion.tables.presenters import localize


@dataclass(frozen=True, slots=True)
class Step:
    """One effective event: ``number`` counts the steps from 1; ``seq`` is the event's number in
    the table's log (gaps where plays were undone)."""

    number: int
    seq: int
    text: str
    action: Any
    before: Any
    after: Any
    mover: int | None  # the seat whose decision it was; None: the table's report (deal, draw…)
    by_seat: int | None  # who entered it; None: the host (the scribe)
    at: datetime
    private_to: int | None
    public_text: str | None  # what everyone else reads when the step is private (English)
    public_msg: list[Any] | None = None  # its template and parameters, for other languages
    forget: tuple[int, ...] = ()  # seats whose private entries it contradicted (rulings.py)

    @property
    def is_hand_entry(self) -> bool:
        """A seat's hand entered (``hand 2 …``, the same word in every game's notation): it
        tells the server cards, it is not a play."""
        return self.text.startswith("hand ")

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or self.private_to == seat

    @property
    def public_line(self) -> str:
        """The public text in the reader's language ("seat 0 entered their hand")."""
        payload = {"public": self.public_text, "public_msg": self.public_msg}
        return localize.public_line(payload) or ""

    def text_for(self, seat: int | None) -> str:
        """The line as ``seat`` (None: everyone) may read it."""
        return self.text if self.visible_to(seat) else self.public_line


def event_time(event: Event) -> datetime:
    """When it happened at the table: a loaded record keeps the original time in the payload."""
    at = event.payload.get("at")
    if isinstance(at, str):
        try:
            return datetime.fromisoformat(at)
        except ValueError:
            pass
    return event.created_at


def public_msg(privacy: presenters.Privacy) -> list[Any] | None:
    """The translatable public line of a private entry, where the presenter gives one."""
    return getattr(privacy, "public_msg", None)


def walk(table: Table, reader: Reader = TRUTH) -> tuple[Any, list[Step]]:
    """The state before the first event and every step of the log as ``reader`` reads it
    (``event_log.reader_steps``: the one reading of the log; the truth by default). A step's
    privacy is judged on the truth, so a reader's step says whose entry it was."""
    game = get_game(table.game)
    presenter = presenters.get(table.game)
    items = effective_events(list(table.events.all()))
    by_seq = {item.event.seq: item for item in items}
    initial = state = game.new_game(table.config)
    steps: list[Step] = []
    for number, (seq, text, forget) in enumerate(
        reader_steps(game, table.config, items, reader), start=1
    ):
        item = by_seq[seq]
        # what a private entry this one contradicted made the reader forget (rulings.py)
        state, action, forgotten = prepare(game, state, text, forget, reader)
        if action is None:  # a step that only forgets, at the end of the log
            continue
        privacy = presenter.privacy(game, state, action)
        mover = game.to_move(state)
        after = game.apply(state, action)
        steps.append(
            Step(
                number=number,
                seq=seq,
                text=text,
                action=action,
                before=state,
                after=after,
                mover=None if mover == TABLE_DECISION else mover,
                by_seat=item.event.seat,
                at=event_time(item.event),
                private_to=privacy.private_to,
                public_text=privacy.public_text,
                public_msg=public_msg(privacy),
                forget=tuple(forgotten),
            )
        )
        state = after
    return initial, steps
