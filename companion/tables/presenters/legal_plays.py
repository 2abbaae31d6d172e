"""The "All legal plays" list: every legal action of the seat to move as a button named in
words, for screen readers and keyboards (the card → move → confirm steps stay the quick way).

Game-neutral: the engine lists the plays (``legal_actions``), the game's presenter says each
one in words and names the group (usually the card) it is listed under. Groups with many plays
(a Life is Life row with an unknown hand has hundreds) are loaded when opened, so a page pushed
on every change stays small.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from django.utils.translation import gettext as _

from companion.engines import TABLE
from companion.engines.base import Game
from companion.tables.errors import BadInput, Forbidden, NotFound

#: Groups up to this size are in the page; larger ones are loaded when opened.
INLINE_GROUP = 40


class PlayWords(NamedTuple):
    group: str  # a stable key of the group (the card token, "joker=4", "row 3", "buy"…)
    title: str  # the group's heading in words
    label: str  # the whole play in words, the button's accessible name


def may_act(game: Game, state: Any, seat: int | None, is_host: bool) -> bool:
    """Whether this phone enters the pending decision: its own seat's, or any seat's for the
    host (the scribe). Table reports (deal, draw) are not plays of a seat."""
    mover = game.to_move(state)
    if mover == TABLE or game.phase(state) == "over":
        return False
    return is_host or seat == mover


def described(game: Game, state: Any, describe: Any, names: list[str]) -> list[dict[str, str]]:
    """Every legal action of the decision: notation, group key and title, label in words."""
    plays = []
    for action in game.legal_actions(state):
        words = describe(game, state, action, names)
        plays.append(
            {
                "action": game.format_action(state, action),
                "group": words.group,
                "title": words.title,
                "label": words.label,
            }
        )
    return plays


def listing(
    game: Game, state: Any, seat: int | None, is_host: bool, describe: Any, names: list[str]
) -> dict[str, Any] | None:
    """The list for the page: groups in the engine's order, small ones with their plays."""
    if not may_act(game, state, seat, is_host):
        return None
    groups: dict[str, dict[str, Any]] = {}
    plays = described(game, state, describe, names)
    for play in plays:
        group = groups.setdefault(
            play["group"], {"key": play["group"], "title": play["title"], "plays": []}
        )
        group["plays"].append(play)
    for group in groups.values():
        group["count"] = len(group["plays"])
        group["inline"] = group["count"] <= INLINE_GROUP
        if not group["inline"]:
            group["plays"] = []
    return {"count": len(plays), "groups": list(groups.values())}


def group(
    game: Game,
    state: Any,
    seat: int | None,
    is_host: bool,
    describe: Any,
    names: list[str],
    key: str | None,
) -> dict[str, Any]:
    """One group with all its plays (a group loaded when opened). Refused when the key is
    missing (BadInput), this phone does not enter the decision (Forbidden) or the group has no
    legal play (any more: NotFound)."""
    if not key:
        raise BadInput(_("say which group of plays to show (group=…)"))
    if not may_act(game, state, seat, is_host):
        raise Forbidden(_("this phone has no play to enter now"), code="not_your_turn")
    plays = [p for p in described(game, state, describe, names) if p["group"] == key]
    if not plays:
        raise NotFound(
            _("no legal play in the group %(group)s now") % {"group": key}, code="no_such_group"
        )
    return {"key": key, "title": plays[0]["title"], "plays": plays, "count": len(plays)}
