"""What the engines say, in the reader's language: referee messages, rulebook sections, step
words and the public lines of private events.

The engines keep English templates keyed by stable codes and mark them with ``N_`` (they import
nothing from Django); here, at the moment a message is shown, the template is looked up in the
active language's catalogue (gettext) and only then filled with its parameters, themselves
translated where they are names (cards, animals, phases). The active language is the request's
(LocaleMiddleware) or the websocket connection's (consumers.py).
"""

from __future__ import annotations

import bisect
import contextlib
import re
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext_lazy

from companion.advisor.explain import group_cards, join_names
from companion.engines import Game, Violation
from companion.engines.base import render

#: The engines' phase and action-kind words (``This is the {expected} phase; a {got} …``).
STEP_WORDS: Mapping[str, Any] = {
    "deal": pgettext_lazy("step", "deal"),
    "exchange": pgettext_lazy("step", "exchange"),
    "play": pgettext_lazy("step", "play"),
    "draw": pgettext_lazy("step", "draw"),
    "drawn": pgettext_lazy("step", "drawn"),
    "over": pgettext_lazy("step", "over"),
    "fold": pgettext_lazy("step", "fold"),
    "discard": pgettext_lazy("step", "discard"),
    "give": pgettext_lazy("step", "give"),
    "reshuffle": pgettext_lazy("step", "reshuffle"),
    "hand": pgettext_lazy("step", "hand"),
    "buy": pgettext_lazy("step", "buy"),
    "end": pgettext_lazy("step", "end"),
    "shuffle": pgettext_lazy("step", "shuffle"),
    "market": pgettext_lazy("step", "market"),
    "swap": pgettext_lazy("step", "swap"),
    "knock": pgettext_lazy("step", "knock"),
    "reveal": pgettext_lazy("step", "reveal"),
}


def step_word(word: str) -> str:
    """A phase or action kind of any engine ("play", "exchange", "buy") in the reader's words."""
    return str(STEP_WORDS.get(word, word))


def message(template: str, params: Mapping[str, Any]) -> str:
    """An English template (marked with ``N_`` or ``gettext_noop``) translated, then filled."""
    return render(gettext(template), params)


def _params(presenter: Any, params: Mapping[str, Any], code: str = "") -> dict[str, Any]:
    """Parameters as the reader reads them: card, animal and phase names translated, lists of
    names joined in the reader's language; fields (T12), seats and numbers as they are.
    The conventions are those of the engines' messages and of advisor/explain.py."""
    shown: dict[str, Any] = {}
    for key, value in params.items():
        if key in ("card", "first", "second") and isinstance(value, str):
            value = presenter.card_name(value)
        elif key in ("cards", "given") and isinstance(value, str):
            value = group_cards(value, presenter.card_name)
        elif key == "names" and isinstance(value, list):
            value = join_names([str(v) for v in value], gettext(" and "))
        elif key in ("expected", "got") and code.endswith(".wrong_phase"):
            value = step_word(str(value))
        shown[key] = value
    return shown


def reasons_text(presenter: Any, parts: list[Any]) -> str:
    """A hint's reasons (advisor/explain.py: [template, params] pairs) in the reader's
    language, joined by "; "."""
    return "; ".join(
        message(str(template), _params(presenter, params if isinstance(params, dict) else {}))
        for template, params in parts
    )


def violation_json(
    game: Game,
    presenter: Any,
    violation: Violation,
    state: Any = None,
    names: list[str] | None = None,
) -> dict[str, Any]:
    """A ruling as the phone shows it: code, rulebook section and message in the reader's
    language, and the raw parameters (language-neutral, for API clients). Given the position
    the play was judged on and the seats' names, fields ("T12") and example plays ("5 T12-T17")
    are said in words ("3 past Ben's start"); the raw parameters keep the notation."""
    template = game.messages.get(violation.code)
    params = _params(presenter, dict(violation.params), violation.code)
    if state is not None and names:
        params = _place_params(game, state, names, params)
    if template is None:
        text = violation.code
    elif names:
        text = render(named_seats(gettext(template)), _seat_names(params, names))
    else:
        text = message(template, params)
    return {
        "code": violation.code,
        "rule": gettext(violation.rule),
        "message": text,
        "params": dict(violation.params),
    }


#: "Seat {seat}" in each language's catalogue, as the engines' messages say a seat (and the
#: preposition it merges with): said with the seat's name instead ("Ben holds no 5")
_SEAT_WORDS = (
    (re.compile(r"\b[Ss]eat \{(seat|receiver|mover)\}"), r"{\1}"),
    (re.compile(r"\b[Pp]latz \{(seat|receiver|mover)\}"), r"{\1}"),
    (re.compile(r"\b(de|à) la place \{(seat|receiver|mover)\}"), r"\1 {\2}"),
    (re.compile(r"\b[Ll]a place \{(seat|receiver|mover)\}"), r"{\1}"),
    (re.compile(r"\bdel posto \{(seat|receiver|mover)\}"), r"di {\1}"),
    (re.compile(r"\bal posto \{(seat|receiver|mover)\}"), r"a {\1}"),
    (re.compile(r"\bdal posto \{(seat|receiver|mover)\}"), r"da {\1}"),
    (re.compile(r"\b[Ii]l posto \{(seat|receiver|mover)\}"), r"{\1}"),
)
_SEAT_KEYS = ("seat", "receiver", "mover")


def named_seats(template: str) -> str:
    """A translated engine template that says "Seat {seat}" (Platz, place, posto), made to
    say the seat's name alone: "{seat} holds no {card}." — people are named, not numbered."""
    for pattern, replacement in _SEAT_WORDS:
        template = pattern.sub(replacement, template)
    return template


def _seat_names(params: dict[str, Any], names: list[str]) -> dict[str, Any]:
    shown = dict(params)
    for key in _SEAT_KEYS:
        seat = shown.get(key)
        if isinstance(seat, int) and 0 <= seat < len(names):
            shown[key] = names[seat]
    return shown


def _place_params(
    game: Game, state: Any, names: list[str], params: dict[str, Any]
) -> dict[str, Any]:
    """Fields and example plays of a referee message in words, where the game has words."""
    words = _wording(game.name)
    if words is None:
        return params
    shown = dict(params)
    for key in ("field", "start"):
        if isinstance(shown.get(key), str):
            with contextlib.suppress(Exception):  # not a field of this board: as it came
                shown[key] = words.token_field(state, shown[key], names)
    if isinstance(shown.get("example"), str):
        with contextlib.suppress(Exception):
            shown["example"] = words.example_words(game, state, shown["example"], names)
    return shown


def public_line(payload: Mapping[str, Any], names: list[str] | None = None) -> str | None:
    """What the others read of a private event ("seat 2 entered their hand"; given the seats'
    names: "Cid entered their hand"), translated when the event stored its template
    (``public_msg``); older events keep their English text."""
    stored = payload.get("public_msg")
    if isinstance(stored, list | tuple) and len(stored) == 2:
        template, params = stored
        params = params if isinstance(params, dict) else {}
        if names:
            return render(named_seats(gettext(str(template))), _seat_names(params, names))
        return message(str(template), params)
    return payload.get("public")


# --- the history in sentences ---------------------------------------------------------------
#
# The log stores notation ("5 T48-T53"); people read "Dan (yellow) plays 5: Dan's figure from 4
# before Ann's start to 1 past Ann's start; sends home Ann's figure". A line is said from the
# position before its event, which the log replays (every CHECKPOINT events a state is kept per
# table, so a new play replays only the few events since the last one). Lines never change once
# said: each is kept per (table, seq, visible, language, seat of the phone when it matters).

CHECKPOINT = 32
_MAX_LINES = 50_000
_MAX_TABLES = 512
_said: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
#: table id → (the effective log walked: (seq, action) per event, {index: state after index})
_walks: OrderedDict[str, tuple[list[tuple[int, str]], dict[int, Any]]] = OrderedDict()
_said_lock = threading.Lock()


class _Log:
    """The effective events of a table as the history reads them: their (seq, action) keys
    and their seqs in order (which events came before a given seq)."""

    def __init__(self, effective: list[Any], before: _Log | None = None) -> None:
        """``before``: the log of the events before these (a log only grows by plays)."""
        keys = [(item.event.seq, item.action) for item in effective]
        self.effective = effective if before is None else before.effective + effective
        self.keys = keys if before is None else before.keys + keys
        self.seqs = [seq for seq, _action in self.keys]

    def index_of(self, seq: int) -> int:
        """How many effective events come before ``seq``."""
        return bisect.bisect_left(self.seqs, seq)


#: table id → (how many events the log was read from, the seq of the last, its _Log)
_logs: OrderedDict[str, tuple[int, int, _Log]] = OrderedDict()


def _log_of(table_id: str, events: list[Any], effective_events: Any) -> _Log:
    """The effective log of ``events`` (the table's whole log, in seq order): the one read
    before, extended by the new events when they are all plays (an undo or a correction
    changes earlier events: then it is read again)."""
    from .models import Event

    with _said_lock:
        cached = _logs.get(table_id)
    log = None
    if cached is not None:
        count, last_seq, before = cached
        if 0 < count <= len(events) and events[count - 1].seq == last_seq:
            new = events[count:]
            if all(e.kind == Event.Kind.ACTION for e in new):
                log = _Log(effective_events(new), before) if new else before
    if log is None:
        log = _Log(effective_events(events))
    if events:
        with _said_lock:
            _logs[table_id] = (len(events), events[-1].seq, log)
            _logs.move_to_end(table_id)
            while len(_logs) > _MAX_TABLES:
                _logs.popitem(last=False)
    return log


def _state_before(table: Any, game: Game, log: _Log, index: int) -> Any:
    """The true state after the first ``index`` effective events of ``table``."""
    effective, keys = log.effective, log.keys
    with _said_lock:
        walked, points = _walks.get(table.id, ([], {}))
    same = 0
    for a, b in zip(walked, keys, strict=False):
        if a != b:
            break
        same += 1
    points = {i: s for i, s in points.items() if i <= same}
    start = max((i for i in points if i <= index), default=0)
    state = points[start] if start else game.new_game(table.config)
    for i in range(start, index):
        item = effective[i]
        for seat in getattr(item, "forget", ()):
            state = game.forget(state, seat)
        state = game.apply(state, game.parse_action(state, item.action))
        if (i + 1) % CHECKPOINT == 0 or i + 1 == len(effective):
            points[i + 1] = state
    # the state just said is kept too (the lines are said oldest first: the next one goes on
    # from here), but only the latest such: the others stay every CHECKPOINT events
    end = len(effective)
    points = {i: v for i, v in points.items() if i % CHECKPOINT == 0 or i == end}
    points[index] = state
    with _said_lock:
        _walks[table.id] = (keys, points)
        _walks.move_to_end(table.id)
        while len(_walks) > _MAX_TABLES:
            _walks.popitem(last=False)
    return state


def _wording(game_name: str) -> Any:
    """The module that says a game's actions in words, or None: ``actor_seat(state, action)``
    (whose action; None: the table's report) and ``action_words(game, state, action, names,
    visible)`` (the predicate; without ``visible`` no private card is named)."""
    if game_name == "dog":
        from .presenters import dog_words

        return dog_words
    if game_name == "hit":
        from .presenters import hit_words

        return hit_words if hasattr(hit_words, "action_words") else None
    if game_name == "lifeislife":
        from .presenters import lifeislife_words

        return lifeislife_words if hasattr(lifeislife_words, "action_words") else None
    return None


def history_words(table: Any, lines: list[dict[str, Any]], seat: int | None) -> list[dict]:
    """The history lines (``selectors.history``) said in sentences for the phone of ``seat``
    (None: the host or a spectator): ``who`` names the player and colour (and who entered it,
    when that was someone else: "Ann (red; entered by the scribe)"), ``text`` what happened in
    words, ``said`` marks a line in words. A game without words keeps its lines."""
    from django.utils.translation import get_language

    from .event_log import effective_events
    from .state_cache import load_events

    words = _wording(table.game)
    if words is None or not lines:
        return lines
    language = get_language()
    events = load_events(table)
    by_seq = {e.seq: e for e in events}
    known: dict[int, dict[str, Any]] = {}
    log: _Log | None = None
    seats: list[Any] | None = None
    # oldest first, so that each line's position goes on from the one before it
    for seq in sorted({line["seq"] for line in lines if line["seq"] in by_seq}):
        event = by_seq[seq]
        visible = event.private_to is None or event.private_to == seat
        key = (table.id, seq, visible, language)
        with _said_lock:
            said = _said.get(key)
        if said is None:
            if log is None:
                log = _log_of(table.id, events, effective_events)
                seats = list(table.seats.all())
            said = _say(table, words, event, visible, log, by_seq, seats or [])
            with _said_lock:
                _said[key] = said
                while len(_said) > _MAX_LINES:
                    _said.popitem(last=False)
        known[seq] = said
    return [{**line, **known.get(line["seq"], {})} for line in lines]


def _say(
    table: Any,
    words: Any,
    event: Any,
    visible: bool,
    log: _Log,
    by_seq: dict,
    seats: list[Any],
) -> dict[str, Any]:
    """One event in words: {"who", "text", "said"} (empty when it cannot be said)."""
    from companion.engines import get_game

    from .models import Event
    from .presenters.colours import player

    game = get_game(table.game)
    names = [s.name for s in seats]
    colours = [s.colour for s in seats]
    target = event.seq
    text = event.payload.get("action")
    if event.kind == Event.Kind.UNDO:
        target = event.payload.get("undoes")
        original = by_seq.get(target)
        text = original.payload.get("action") if original is not None else None
    elif event.kind == Event.Kind.CORRECT:
        target = event.payload.get("replaces")
    if not isinstance(text, str) or not isinstance(target, int):
        return {}
    index = log.index_of(target)
    try:
        state = _state_before(table, game, log, index)
        for item in log.effective[index : index + 1]:  # the event's own forgetting, if any
            if item.event.seq == target:
                for seat in getattr(item, "forget", ()):
                    state = game.forget(state, seat)
        action = game.parse_action(state, text)
        mover = words.actor_seat(state, action)
        does = words.action_words(game, state, action, names, visible)
    except Exception:  # an entry the position before it cannot take: left as it was stored
        return {}
    subject = gettext("The table") if mover is None else player(names, colours, mover)
    by = event.seat
    if event.kind == Event.Kind.ACTION:
        if mover is not None and by != mover:
            does = (
                gettext("%(does)s (entered by the scribe)") % {"does": does}
                if by is None
                else gettext("%(does)s (entered by %(name)s)") % {"does": does, "name": names[by]}
            )
        return {"who": subject, "text": does, "said": True}
    editor = names[by] if by is not None else gettext("The scribe")
    sentence = gettext("%(player)s %(does)s") % {"player": subject, "does": does}
    if event.kind == Event.Kind.UNDO:
        text = gettext("takes back #%(seq)s: %(sentence)s") % {"seq": target, "sentence": sentence}
    else:
        text = gettext("corrects #%(seq)s: %(sentence)s") % {"seq": target, "sentence": sentence}
    return {"who": editor, "text": text, "said": True}
