"""Life is Life's board as drawn on the phone: the four rows, the players with their lives,
cards and majorities, the round's result (who lost lives, and why) and the last round's note."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from companion.games.lifeislife.engine.cards import KINDS, TOKEN
from companion.games.lifeislife.engine.scoring import majorities
from companion.games.lifeislife.engine.state import LifeState
from companion.tables.presenters.colours import COLOUR_HEX, chip

from .names import ANIMAL_NAMES, ANIMALS, animal_name

ROW_SIZES = (1, 2, 3, 4)


def counted(cards: list[str]) -> list[dict[str, Any]]:
    """Cards as chips in scoring order: [{"animal": "pig", "count": 2}, ...]."""
    return [
        {"animal": a, "name": animal_name(a), "count": cards.count(a)}
        for a in ANIMAL_NAMES
        if a in cards
    ]


def player_rows(
    position: dict[str, Any], score: dict[str, Any], seats: list[Any], mover: int
) -> list[dict[str, Any]]:
    """Each player: colour, lives, whether out, swapped or knocked, the cards held (and those
    this phone knows), the round's points and lives lost."""
    hands = position.get("hands") or [[] for _ in seats]
    players = []
    for i, s in enumerate(seats):
        hand = hands[i] if i < len(hands) else []
        known = [c for c in hand if c != "?"]
        players.append(
            {
                "index": i,
                "name": s.name,
                "colour": COLOUR_HEX[s.colour],
                "letter": chip(s.colour)["letter"],
                "ink": chip(s.colour)["ink"],
                "colour_name": chip(s.colour)["name"],
                "lives": score["lives"][i],
                "out": i in score["out"],
                "swapped": position["swapped"][i],
                "knocked": score["knocked_by"] == i,
                "to_move": mover == i,
                "cards": len(hand),
                "known": counted(known),
                "points": (score.get("points") or [None] * len(seats))[i],
                "lost": (score.get("lives_lost") or [None] * len(seats))[i],
                "winner": score["winner"] == i,
            }
        )
    return players


def row_cards(position: dict[str, Any], highlight: str | None) -> list[dict[str, Any]]:
    """The four rows as chips; the row a swap took lit (``highlight``: the play shown)."""
    rows = [
        {"index": r, "cards": counted(cards), "size": r, "lit": False}
        for r, cards in zip(ROW_SIZES, position.get("rows") or [[]] * 4, strict=False)
    ]
    if highlight and highlight.startswith("swap "):
        for row in rows:
            row["lit"] = highlight.startswith(f"swap {row['index']}")
    return rows


def majority_holders(score: dict[str, Any], seats: list[Any]) -> list[dict[str, Any]]:
    """Who holds the majority of each animal (the score's), by name."""
    return [
        {"animal": animal, "animal_name": animal_name(animal), "name": seats[who].name}
        for animal, who in (score.get("majorities") or {}).items()
        if who is not None
    ]


def round_result(state: LifeState, score: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """Who lost lives in the round just scored, and why: each player's points and the
    majorities by name (from the hands shown), or the sudden death that ended it."""
    last = state.last
    lost = list(last.lost)
    if last.sudden >= 0:
        return {
            "round": last.round + 1,
            "sudden": _("%(name)s laid down all the %(animal)s: sudden death")
            % {"name": names[last.sudden], "animal": animal_name(TOKEN[last.animal])},
            "players": [
                {"name": names[s], "lost": lost[s], "points": None, "why": ""}
                for s in range(len(names))
                if lost[s] or s == last.sudden
            ],
            "majorities": [],
        }
    points = list(last.points)
    ins = [s for s, p in enumerate(points) if p is not None]
    held = majorities(state.public, ins)
    by_seat: dict[int, list[str]] = {s: [] for s in ins}
    rows = []
    for k in KINDS:
        who = held[k]
        if who >= 0:
            by_seat[who].append(animal_name(TOKEN[k]))
            rows.append(
                {
                    "animal": animal_name(TOKEN[k]),
                    "name": names[who],
                    "count": state.public[who][k],
                    "points": dict(ANIMALS)[TOKEN[k]],
                }
            )
    vals = [points[s] for s in ins]
    hi, lo = max(vals), min(vals)
    players = []
    for s in ins:
        if hi == lo:
            why = _("everyone has the same points: nobody loses a life")
        elif points[s] == hi:
            why = _("the most points: keeps all lives")
        elif points[s] == lo:
            why = _("the fewest points: loses 2 lives")
        else:
            why = _("neither the most nor the fewest points: loses 1 life")
        players.append(
            {
                "name": names[s],
                "points": points[s],
                "lost": lost[s],
                "why": why,
                "animals": ", ".join(by_seat[s]),
            }
        )
    return {"round": last.round + 1, "sudden": "", "players": players, "majorities": rows}


def last_round_note(score: dict[str, Any], names: list[str], phase: str) -> str:
    """ "Last turn: Ann knocked" for the sticky status, from the knock until the scoring."""
    who = score.get("knocked_by")
    if who is None or phase not in ("play", "reveal"):
        return ""
    return _("Last turn: %(name)s knocked") % {"name": names[who]}
