"""One-line reasons for suggested plays ("sends Blue home", "enters the goal").

A reason compares the position before and after the play; it states facts of the rules'
outcome, it decides nothing. Pure Python: the web layer passes the seat names to use. Each
game's own reasons are in its folder (``companion/games/<game>/explain.py``, named by its
registry entry's ``explain``); this module holds what they share.

Each reason is an English template (marked ``N_`` for translation) with named parameters, so
that the web layer can show it in each phone's language (companion/tables/presenters/localize.py).
Parameter conventions: ``names`` is a list of seat names ("Ann and Ben"); ``cards`` and
``given`` are comma-separated card tokens ("pig,pig,cat" → "pig ×2, cat"); ``card``,
``first`` and ``second`` are one card token each; anything else is shown as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion import games
from companion.engines.base import Game, render

#: (English template, parameters)
Reason = tuple[str, dict[str, Any]]


def explain(game: Game, state: Any, action: Any, seat: int, names: Sequence[str]) -> str:
    """The reasons in English, joined by "; "."""
    return "; ".join(
        render(template, english_params(params))
        for template, params in explain_parts(game, state, action, seat, names)
    )


def explain_parts(
    game: Game, state: Any, action: Any, seat: int, names: Sequence[str]
) -> list[Reason]:
    entry = games.find(game.name)  # the game's reasons: its registry entry's `explain`
    if entry is None or entry.explain is None:
        return []
    explainer = games.load(entry.explain)
    return explainer(game, state, action, seat, names)


def review_note(game: Game, state: Any, action: Any) -> str | None:
    """The game's note (an English msgid, translated when read) on the coach's review of
    ``action``: the module of its registry entry's ``explain`` may give one (``review_note``;
    DOG: what a gift in the exchange is judged by)."""
    entry = games.find(game.name)
    if entry is None or entry.explain is None:
        return None
    note = getattr(games.load(entry.explain.partition(":")[0]), "review_note", None)
    return note(state, action) if note is not None else None


def distinct(options: Sequence[list[Reason]]) -> list[list[Reason]]:
    """Each option's reasons less those every option shares (they tell the plays apart no
    more: "frees your start field" for a 9 and an 8 that both free it); an option left with
    none keeps its first (what the play does). One option: as it is."""
    if len(options) < 2:
        return [list(o) for o in options]

    def key(reason: Reason) -> tuple[str, str]:
        return reason[0], repr(sorted(reason[1].items()))

    shared = set.intersection(*({key(r) for r in o} for o in options))
    out = []
    for option in options:
        kept = [r for r in option if key(r) not in shared]
        out.append(kept or list(option[:1]))
    return out


def join_names(words: Sequence[str], and_word: str = " and ") -> str:
    words = list(words)
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + and_word + words[-1]


def group_cards(tokens: str, name=lambda token: token) -> str:
    """ "pig,pig,cat" → "pig ×2, cat" (``name`` turns a token into the shown name)."""
    cards = [c.strip() for c in tokens.split(",") if c.strip()]
    return ", ".join(
        f"{name(c)} ×{cards.count(c)}" if cards.count(c) > 1 else name(c)
        for c in dict.fromkeys(cards)
    )


def english_params(params: dict[str, Any]) -> dict[str, Any]:
    shown = dict(params)
    if isinstance(shown.get("names"), list):
        shown["names"] = join_names(shown["names"])
    for key in ("cards", "given"):
        if isinstance(shown.get(key), str):
            shown[key] = group_cards(shown[key])
    return shown


def counted(one: str, many: str, count: int, **params: Any) -> Reason:
    """A reason with a count, in its singular or plural template."""
    return (one if count == 1 else many), {"count": count, **params}


def pct(chance: float) -> int:
    """A chance in whole percent, never 0 % for a chance that is not 0."""
    return max(1, round(100 * chance)) if chance > 0 else 0


def named(seats: list[int], names: Sequence[str]) -> list[str]:
    """The seats' names."""
    return [names[s] for s in seats]
