"""What the last plays did to a seat, said on that seat's phone only: its figure knocked out
(DOG, HIT: back on the field the game sends figures to, the registry's ``results.home_field``),
a life lost (Life is Life: ``results.lives``), and whether it is out of the game.

Derived from the log, never a one-shot message: a page loaded afresh says the same as a phone
that watched the play happen (``tests/e2e/test_live_vs_fresh.py``). A notice lasts from the play
that did it until the seat's own next decision (what happened while it was not looking), within
the last ``WINDOW`` steps of the log.

Only public facts are read (the public reading of the log: where figures stand and how many
lives a seat has are on the real table for everyone to see), so a notice never depends on a
hand some seat entered.
"""

from __future__ import annotations

import importlib
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion import games
from companion.engines import TABLE as TABLE_DECISION
from companion.engines import Game
from companion.tables.play.event_log import PUBLIC, prepare, replay_log, replay_log_steps

#: how many steps back a notice can come from (a round of a full table and its reports)
WINDOW = 16


@dataclass(frozen=True, slots=True)
class Mark:
    """One thing a step did to one seat: ``kind`` "knocked_out" (``count`` figures from the
    ``tokens`` fields, ``by`` the seat whose play it was, None: the table's) or "life_lost"
    (``count`` lives, ``left`` remaining)."""

    seq: int
    seat: int
    kind: str
    count: int
    by: int | None = None
    tokens: tuple[str, ...] = ()
    left: int = 0
    before: Any = None  # the position before the step (the figures' places are said in it)


@dataclass(frozen=True, slots=True)
class Recent:
    """The window of steps: the marks, and per seat the seq of its last own decision."""

    marks: tuple[Mark, ...]
    last_decision: dict[int, int]


_cache: OrderedDict[tuple[str, int], Recent] = OrderedDict()
_cache_lock = threading.Lock()
_CACHE_MAX = 512


def _figures(position: dict[str, Any]) -> list[list[str]]:
    return [list(f) for f in position.get("figures") or []]


def _lives(position: dict[str, Any]) -> list[int]:
    return list(position.get("lives") or [])


def recent(table: Any, game: Game) -> Recent:
    """The marks of the last ``WINDOW`` steps of the table's public reading, kept per seq."""
    key = (table.id, table.seq)
    with _cache_lock:
        hit = _cache.get(key)
    if hit is not None:
        return hit
    answer = _recent(table, game)
    with _cache_lock:
        _cache[key] = answer
        while len(_cache) > _CACHE_MAX:
            _cache.popitem(last=False)
    return answer


def _recent(table: Any, game: Game) -> Recent:
    results = games.get(table.game).results
    home, lives = results.home_field, results.lives
    if home is None and not lives:
        return Recent((), {})
    steps = replay_log_steps(table, game, PUBLIC)
    window = steps[-WINDOW:]
    if not window:
        return Recent((), {})
    excluded = {seq for seq, _text, _seats in window}
    if len({seq for seq, _t, _s in steps}) != len(steps):  # a step that only forgets
        excluded = set()
        window = steps
    state = replay_log(table, game, exclude=excluded, reader=PUBLIC) if excluded else (
        game.new_game(table.config))
    marks: list[Mark] = []
    last_decision: dict[int, int] = {}
    for seq, text, seats in window:
        state, action, _ = prepare(game, state, text, seats, PUBLIC)
        if action is None:
            continue
        mover = game.to_move(state)
        by = None if mover == TABLE_DECISION else mover
        after = game.apply(state, action)
        if by is not None:
            last_decision[by] = seq
        before_json, after_json = game.to_json(state), game.to_json(after)
        if home is not None:
            for seat, (was, now) in enumerate(
                zip(_figures(before_json), _figures(after_json), strict=False)
            ):
                count = now.count(home) - was.count(home)
                if count > 0 and seat != by:
                    gone = Counter(t for t in was if t != home) - Counter(now)
                    marks.append(Mark(seq, seat, "knocked_out", count, by,
                                      tuple(sorted(gone.elements())), before=state))
        if lives:
            for seat, (was, now) in enumerate(
                zip(_lives(before_json), _lives(after_json), strict=False)
            ):
                if now < was:
                    marks.append(Mark(seq, seat, "life_lost", was - now, left=now))
        state = after
    return Recent(tuple(marks), last_decision)


def _place_words(table: Any, mark: Mark, names: list[str]) -> str:
    """Where the knocked-out figure stood, in the game's words ("3 past Ben's start"), or ""
    where the game has none (its words module's ``token_place``)."""
    from companion.tables.presenters import localize

    words = localize.wording(table.game)
    place = getattr(words, "token_place", None)
    if place is None or len(mark.tokens) != 1 or mark.before is None:
        return ""
    try:
        return str(place(mark.before, mark.seat, mark.tokens[0], names))
    except Exception:  # a place the words cannot say: the sentence goes without it
        return ""


def _game_notices(game_name: str) -> Any:
    """The game's own notice sentences (``companion/games/<game>/notices.py``), if any."""
    try:
        return importlib.import_module(f"companion.games.{game_name}.notices")
    except ModuleNotFoundError:
        return None


def _knocked_out(table: Any, mark: Mark, names: list[str]) -> str:
    by = names[mark.by] if mark.by is not None and 0 <= mark.by < len(names) else None
    place = _place_words(table, mark, names)
    own = _game_notices(table.game)
    if own is not None and hasattr(own, "knocked_out"):
        return str(own.knocked_out(by, place, mark.count))
    values = {"name": by, "count": mark.count}
    if by is None:
        return ngettext(
            "Your figure was knocked out: it goes back to the start.",
            "%(count)s of your figures were knocked out: they go back to the start.",
            mark.count,
        ) % values
    return ngettext(
        "%(name)s knocked out your figure: it goes back to the start.",
        "%(name)s knocked out %(count)s of your figures: they go back to the start.",
        mark.count,
    ) % values


def _life_lost(mark: Mark) -> str:
    if mark.left <= 0:
        return _("You lost your last life.")
    return ngettext(
        "You lost a life: %(left)s left.",
        "You lost %(count)s lives: %(left)s left.",
        mark.count,
    ) % {"count": mark.count, "left": mark.left}


def notices(table: Any, game: Game, seat: int | None, names: list[str]) -> list[dict[str, Any]]:
    """For ``seat``'s own phone: what the plays since its own last decision did to it, oldest
    first (``{"seq", "kind", "text"}``); nothing for a phone without a seat."""
    if seat is None:
        return []
    window = recent(table, game)
    since = window.last_decision.get(seat, 0)
    out = []
    for mark in window.marks:
        if mark.seat != seat or mark.seq <= since:
            continue
        text = _knocked_out(table, mark, names) if mark.kind == "knocked_out" else _life_lost(mark)
        out.append({"seq": mark.seq, "kind": mark.kind, "text": text})
    return out


def is_out(game: Game, state: Any, seat: int | None) -> bool:
    """Whether ``seat`` is out of the game (the score's ``out``: Life is Life's players
    without lives; a game without elimination has none)."""
    if seat is None:
        return False
    try:
        out = game.score(state).get("out") or ()
    except Exception:  # a position the score cannot read yet
        return False
    return seat in out
