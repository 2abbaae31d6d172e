"""What the home page says about each game (presentation only; the rules live in the engines)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True, slots=True)
class GameInfo:
    slug: str
    name: str
    publisher: str
    players: str | Promise
    summary: str | Promise


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        slug="dog",
        name="DOG",
        publisher="Schmidt Spiele",
        players=_("2–6 players, teams of two with 4 or 6"),
        summary=_(
            "Race your four figures round the board and into the goal, with cards "
            "instead of dice: the 4 goes backwards, the 7 splits, the swap card trades places."
        ),
    ),
    GameInfo(
        slug="hit",
        name="HIT",
        publisher="Ravensburger",
        players=_("2–4 players"),
        summary=_(
            "A deck-building race: play your three cards, hit whoever you land on, "
            "buy better cards from the market and bring your figures home first."
        ),
    ),
    GameInfo(
        slug="lifeislife",
        name="Life is Life – Schwimm um dein Leben",
        publisher="NSV",
        players=_("3–5 players"),
        summary=_(
            "Swap cards with the rows in the middle to hold the majorities of animals; "
            "knock when you are ahead, and watch out for the sudden death."
        ),
    ),
)
