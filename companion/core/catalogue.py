"""What the home page says about each game (presentation only; the rules live in the engines).
The texts are the games' entries in the game registry (companion/games/)."""

from __future__ import annotations

from dataclasses import dataclass

from companion import games as registry


@dataclass(frozen=True, slots=True)
class GameInfo:
    slug: str
    name: str
    publisher: str
    players: registry.Text
    summary: registry.Text
    #: the game as its box names it, short ("Life is Life"): the button "New … table"
    title: str = ""


def games() -> tuple[GameInfo, ...]:
    """The games of the home page, in the registry's order."""
    return tuple(
        GameInfo(e.name, e.heading, e.publisher, e.players, e.about, e.title)
        for e in registry.entries()
        if e.on_home_page
    )
