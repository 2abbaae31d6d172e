"""What everyone at the table saw of a private entry, in the engine's notation.

A private entry (a hand, a card given face down, a folded or drawn card, HIT's named draw) has a
public counterpart: the same report without the cards (``give ?``, ``draw``) or nothing at all (a
hand entry only tells the server cards). The public game record is made of these, and it replays
to the same public position as the real log: tested for every game.
"""

from __future__ import annotations

from typing import Any

from companion import games


def public_form(game_name: str, text: str) -> str | None:
    """The public form of the private entry ``text`` (the game's registry entry says each kind's:
    ``public_forms``); an entry kind without a known public form is left out (never leaked)."""
    word = text.split(maxsplit=1)[0] if text.strip() else ""
    base, at, who = word.partition("@")  # ``give@3 12``: another seat's entry, by the scribe
    entry = games.find(game_name)
    form = entry.public_forms.get(base) if entry is not None else None
    if form is None or not at:
        return form
    head, _, rest = form.partition(" ")
    return f"{head}@{who} {rest}".rstrip()


def legacy_shows(game: Any, state: Any) -> list[str]:
    """The hands a record made before every round end asked each player to show (Life is
    Life's reveal: the table used to score at once where it knew every hand) leaves unshown
    although its own entries know them: ``hand 2 …`` entries that show them, for loading it.
    Empty outside a reveal, and for a game without one."""
    if game.phase(state) != "reveal":
        return []
    score = game.score(state)
    shown = score.get("shown") or []
    out = set(score.get("out") or [])
    hands = game.to_json(state).get("hands") or []
    return [
        f"hand {seat} " + ",".join(hand)
        for seat, hand in enumerate(hands)
        if seat not in out and seat < len(shown) and not shown[seat] and hand
        and "?" not in hand
    ]
