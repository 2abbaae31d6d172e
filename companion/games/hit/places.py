"""Where a HIT figure stands, said by the landmarks the real board prints: the start fields,
the barriers and the corner fields of each colour, the waiting fields and the goal fields.

The real board numbers none of its fields, so nobody at the table says "field 20": a track
field is named from the nearest start field or barrier, "3 fields past blue's start field",
"2 fields before red's barrier", "blue's start field" ("(corner field)" added where the board
draws a corner); a goal field by its order from the barrier ("the second goal field"). The
landmarks are the side's own, with the colours printed on it (also of colours nobody plays).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from companion.games.hit.engine.data import HitData
from companion.games.hit.engine.state import HitState
from companion.tables.presenters.colours import colour_name

#: the colours of the box as the rulebook names a player by colour ("Schranke für Blau",
#: "Barrière pour Bleu", "Barriera per il Blu")
COLOUR_WORDS = {
    "blue": pgettext_lazy("HIT colour", "blue"),
    "red": pgettext_lazy("HIT colour", "red"),
    "green": pgettext_lazy("HIT colour", "green"),
    "yellow": pgettext_lazy("HIT colour", "yellow"),
}

START, BARRIER = "start", "barrier"


def colour_word(colour: str) -> str:
    """A colour as the rulebook names its player ("Blau", "Bleu", "blu")."""
    word = COLOUR_WORDS.get(colour)
    return str(word) if word is not None else colour_name(colour)


@dataclass(frozen=True, slots=True)
class Landmarks:
    """The printed start fields and barriers of one side, with their colours, and its
    corner fields."""

    fields: int
    marks: tuple[tuple[int, str, str], ...]  # (track field, START or BARRIER, colour)
    corners: frozenset[int]


_CACHE: dict[tuple[str, int], Landmarks] = {}


def _landmarks(data: HitData, players: int) -> Landmarks:
    key = (data.key, players)
    if key not in _CACHE:
        if len(_CACHE) > 256:
            _CACHE.clear()
        _CACHE[key] = _build(data, players)
    return _CACHE[key]


def _build(data: HitData, players: int) -> Landmarks:
    side = data.side_for(players)
    colours = data.material.colours
    marks = [(f, START, colours[side.colours[g]]) for g, f in enumerate(side.starts)]
    marks += [(f, BARRIER, colours[side.colours[g]]) for g, f in enumerate(side.barriers)]
    return Landmarks(side.fields, tuple(marks), frozenset(side.corners))


def landmarks(state: HitState) -> Landmarks:
    return _landmarks(state.cfg.data, state.cfg.geo.players)


def _mark(kind: str, colour: str) -> str:
    values = {"colour": colour_word(colour)}
    if kind == START:
        return _("%(colour)s's start field") % values
    return _("%(colour)s's barrier") % values


def _counted(where: str, kind: str, colour: str, count: int) -> str:
    values = {"colour": colour_word(colour), "count": count}
    if where == "past" and kind == START:
        text = ngettext(
            "%(count)s field past %(colour)s's start field",
            "%(count)s fields past %(colour)s's start field",
            count,
        )
    elif where == "past":
        text = ngettext(
            "%(count)s field past %(colour)s's barrier",
            "%(count)s fields past %(colour)s's barrier",
            count,
        )
    elif kind == START:
        text = ngettext(
            "%(count)s field before %(colour)s's start field",
            "%(count)s fields before %(colour)s's start field",
            count,
        )
    else:
        text = ngettext(
            "%(count)s field before %(colour)s's barrier",
            "%(count)s fields before %(colour)s's barrier",
            count,
        )
    return text % values


def track_place(marks: Landmarks, field: int) -> str:
    """A track field by its nearest landmark: "blue's start field", "red's barrier",
    "3 fields past blue's start field", "2 fields before red's barrier"; a corner field that
    is no start field says so ("5 fields past blue's start field (corner field)")."""
    n = marks.fields
    on = [(kind, colour) for f, kind, colour in marks.marks if f == field]
    if on:
        return _mark(*on[0])
    past_f, past_kind, past_colour = min(marks.marks, key=lambda m: ((field - m[0]) % n, m[1]))
    before_f, before_kind, before_colour = min(
        marks.marks, key=lambda m: ((m[0] - field) % n, m[1] != BARRIER)
    )
    past, before = (field - past_f) % n, (before_f - field) % n
    if before < past:
        place = _counted("before", before_kind, before_colour, before)
    else:
        place = _counted("past", past_kind, past_colour, past)
    if field in marks.corners:
        return _("%(place)s (corner field)") % {"place": place}
    return place


#: the goal fields in the order a figure enters them (G1 first, right after the barrier)
GOAL_FIELDS = (
    pgettext_lazy("HIT goal", "the first goal field"),
    pgettext_lazy("HIT goal", "the second goal field"),
    pgettext_lazy("HIT goal", "the third goal field"),
    pgettext_lazy("HIT goal", "the fourth goal field"),
)


def goal_place(index: int) -> str:
    """Goal field ``index`` (0: the first one entered) in words: "the second goal field"."""
    if 0 <= index < len(GOAL_FIELDS):
        return str(GOAL_FIELDS[index])
    return pgettext("HIT goal", "a goal field")


def token_place(state: HitState, token: str) -> str:
    """A field as the notation writes it ("T20", "G2", "W") in words, for the seat whose
    figure it is (goal fields are the mover's own)."""
    if token.startswith("T") and token[1:].isdigit():
        return track_place(landmarks(state), int(token[1:]))
    if token.startswith("G") and token[1:].isdigit():
        return goal_place(int(token[1:]) - 1)
    return _("a waiting field")


__all__ = [
    "COLOUR_WORDS",
    "GOAL_FIELDS",
    "Landmarks",
    "colour_word",
    "goal_place",
    "landmarks",
    "token_place",
    "track_place",
]
