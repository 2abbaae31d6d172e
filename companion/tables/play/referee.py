"""The referee's play as a phone composes it: typed in notation, or built from taps (whose play,
the card, the fields tapped on the board). Only builds the engine's notation, through the game's
presenter (``referee_compose``: DOG's card, joker and taps, games/dog/referee.py;
``compose``: HIT's play and Life is Life's swap); the engine parses and judges it."""

from __future__ import annotations

from typing import Any

from companion.tables import presenters


def compose(game: str, card: str | None, joker_as: str | None, taps: str | None) -> str:
    """The notation of a play built from the referee's picks (BadInput naming what is
    missing or malformed; a game without a card picker: its plays are typed)."""
    return presenters.get(game).referee_compose(card, joker_as, taps)


def composed(game: str, form: Any) -> str:
    """The play a form says, typed or tapped: its notation field as typed, else the play
    composed from its picks (the game presenter's ``compose`` for HIT's play and Life is
    Life's swap, named by the form's ``compose`` field; else the presenter's
    ``referee_compose``: DOG's card, joker and taps).
    The referee's question and the correction of an earlier entry share it."""
    text = (form.get("action") or "").strip()
    if text:
        return text
    if form.get("compose"):
        return presenters.get(game).compose(form["compose"], form)
    return compose(game, form.get("card"), form.get("joker_as"), form.get("taps"))


def card_choices(game: str) -> list[dict[str, str]]:
    """The cards the referee's picker offers (empty: the game's plays are typed)."""
    return presenters.get(game).referee_cards()
