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


def shown_hands(game: Any, truth: Any, public: Any) -> list[str]:
    """The hands the table shows at the end of a round (Life is Life's reveal) that the public
    replay waits for but the full log knows (a seat entered its hand privately, so nobody had to
    enter it again). Once shown they are public: ``hand 2 …`` entries for the record."""
    if game.phase(public) != "reveal":
        return []
    score = game.score(public)
    known = score.get("hands_known") or []
    out = set(score.get("out") or [])
    hands = game.to_json(truth).get("hands") or []
    shown = []
    for seat, hand in enumerate(hands):
        if seat in out or seat >= len(known) or known[seat]:
            continue
        if hand and "?" not in hand:
            shown.append(f"hand {seat} " + ",".join(hand))
    return shown
