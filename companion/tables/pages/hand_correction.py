"""A wrongly entered hand put right by tapping its history line (issue #36).

Tapping the line of one's own hand entry asks for ``correct_hand``: the hand form's card faces,
filled with the hand as that seat entered it then (its own reading of the log: nobody else's
phone ever gets it), inside the correction form. Saved, the correction is the hand in the
engine's notation (``composed_hand``), recorded by ``services.correct`` like any correction:
the hand then counts as entered (known), and the later log is checked again with it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from companion.engines import get_game
from companion.tables import presenters
from companion.tables.errors import BadInput
from companion.tables.models import Table
from companion.tables.play import services
from companion.tables.play.event_log import replay_log_steps
from companion.tables.presenters.base import whole_number

#: how many copies of one card a hand may hold (the hand form's bound)
MOST = 9


def entered_cards(text: str, seat: int) -> list[str] | None:
    """The cards of ``text`` when it is ``seat``'s hand entry in the games' shared notation
    ("hand 2 giraffe*3,bear,…", docs/notation.md), else None. A card not reported ("?") is
    left out: the form shows the cards that were entered."""
    head = f"hand {seat} "
    if not text.startswith(head):
        return None
    cards: list[str] = []
    for part in text[len(head):].replace(" ", ",").split(","):
        token, _star, times = part.strip().partition("*")
        if not token or token == "?":
            continue
        cards += [token] * (int(times) if times.isdigit() else 1)
    return cards


def own_hand_entry(table: Table, seat: int, seq: int) -> list[str] | None:
    """The hand ``seat`` entered at ``seq``, as its own reading of the log says it (None: the
    entry is not that seat's hand)."""
    game = get_game(table.game)
    for number, text, _seats in replay_log_steps(table, game, seat):
        if number == seq:
            return entered_cards(text, seat)
    return None


def hand_cards(presenter: Any, form: Any, prefix: str = "count-") -> list[str]:
    """The hand a form's card faces say (``count-<card>`` fields)."""
    cards: list[str] = []
    for token in presenter.hand_tokens():
        count = whole_number(
            form.get(f"{prefix}{token}") or 0,
            _("the count of %(card)s") % {"card": presenter.card_name(token)},
        )
        if not 0 <= count <= MOST:
            raise BadInput(_("%(count)s × %(card)s is not possible")
                           % {"count": count, "card": presenter.card_name(token)})
        cards += [token] * count
    return cards


def composed_hand(table: Table, actor: services.Actor | None, form: Any) -> str:
    """The correction of a hand entry, tapped as faces: that hand in the engine's notation."""
    if actor is None or actor.seat is None:
        raise BadInput(_("only the player whose hand it is can put it right here"))
    return services.hand_notation(table, actor.seat, hand_cards(presenters.get(table.game), form))
