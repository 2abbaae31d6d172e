"""HIT's board as drawn on the phone: the ring of track fields with corners and barriers, the
waiting and goal fields of each seat, the figures (lit where a play starts or lands), the
players' coins, discard tops and decks, and the table's status lines (draws, market refills,
reshuffles, the checked set-up)."""

from __future__ import annotations

import math
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from companion.games.hit.engine.rules import draw_count
from companion.games.hit.engine.state import HitState, refill_count
from companion.tables.presenters.colours import COLOUR_HEX, chip

from .names import CARDS, card_label
from .places import colour_word, goal_place, landmarks, token_place, track_place

SYMBOL_TAGS = {
    "shield": pgettext_lazy("HIT symbol", "shield"),
    "shield_breaker": pgettext_lazy("HIT symbol", "breaker"),
    "no_hit": pgettext_lazy("HIT symbol", "no hit"),
    "no_goal_entry": pgettext_lazy("HIT symbol", "no goal"),
}


VIEW = 400
CENTRE = VIEW / 2
RADIUS = 140.0


def card_chip(token: str, cards: dict[str, dict[str, Any]] = CARDS) -> dict[str, Any]:
    """A card as the page shows it: token, short label, what it does, cost and symbols (of
    the game's set-up: `cards`, see `table_cards`)."""
    card = cards.get(token)
    if card is None:
        return {"token": token, "label": card_label(token), "name": "", "cost": None, "tags": []}
    return {
        "token": token,
        "label": card_label(token),
        "name": _(card["name"]),  # the data file's name, marked in hit_names.py
        "cost": card["cost"],
        "coins": card["coins"],
        "shield": "shield" in card["symbols"],
        "tags": [str(SYMBOL_TAGS[s]) for s in card["symbols"] if s in SYMBOL_TAGS],
    }


def _at(pos: float, radius: float, fields: int) -> tuple[float, float]:
    angle = -math.pi / 2 + 2 * math.pi * pos / fields
    return round(CENTRE + radius * math.cos(angle), 1), round(CENTRE + radius * math.sin(angle), 1)


def board_context(
    state: HitState,
    position: dict[str, Any],
    seats: list[Any],
    protected: list[bool],
    lit: set[str],
) -> dict[str, Any]:
    """The side in play as a ring of track fields (clockwise, T0 at the top), corner fields
    square, start fields ringed and barriers drawn in their colour; per seat its waiting
    fields outside and its goal inside, at the turn between its barrier and start field.
    No field carries a number, as on the real board: each is titled by its landmarks
    ("3 fields past blue's start field")."""
    geo = state.cfg.geo
    side = state.cfg.data.side_for(geo.players)
    colours = state.cfg.data.material.colours
    n = geo.fields
    step = 2 * math.pi * RADIUS / n
    segment_colour: dict[int, str] = {}
    for g, start in enumerate(side.starts):
        segment_colour[start] = COLOUR_HEX.get(colours[side.colours[g]], "#777")
    barrier_colour = {
        b: COLOUR_HEX.get(colours[side.colours[g]], "#777") for g, b in enumerate(side.barriers)
    }
    marks = landmarks(state)
    spots: list[dict[str, Any]] = []
    where: dict[str, tuple[float, float]] = {}
    for t in range(n):
        x, y = _at(t, RADIUS, n)
        field = f"T{t}"
        where[field] = (x, y)
        kinds = ["track"]
        if t in geo.corners:
            kinds.append("corner")
        if t in segment_colour:
            kinds.append("start")
        if t in barrier_colour:
            kinds.append("barrier")
        spots.append(
            {
                "field": field,
                "x": x,
                "y": y,
                "x0": round(x - 6, 1),
                "y0": round(y - 6, 1),
                "kind": " ".join(kinds),
                "corner": t in geo.corners,
                "colour": segment_colour.get(t) or barrier_colour.get(t),
                "lit": field in lit,
                "title": track_place(marks, t),
                "label": None,
            }
        )
    bars = []
    for b, colour in barrier_colour.items():
        x1, y1 = _at(b + 0.5, RADIUS - 11, n)
        x2, y2 = _at(b + 0.5, RADIUS + 11, n)
        bars.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2, "colour": colour})
    seat_colours = [COLOUR_HEX.get(s.colour, "#777") for s in seats]
    homes = []
    for seat in range(geo.players):
        start = geo.start[seat]
        colour = seat_colours[seat]
        word = colour_word(geo.colour[seat])
        for g in range(geo.figures):
            x, y = _at(start - 0.5, RADIUS - step * (g + 1.3), n)
            where[f"G{g + 1}@{seat}"] = (x, y)
            homes.append(
                {
                    "field": f"G{g + 1}@{seat}",
                    "x": x,
                    "y": y,
                    "kind": "goal",
                    "colour": colour,
                    "lit": f"G{g + 1}@{seat}" in lit,
                    "title": _("%(field)s of %(colour)s")
                    % {"field": goal_place(g), "colour": word},
                }
            )
        for k in range(geo.figures):
            x, y = _at(start - 1.7 - (k % 2) * 1.15, RADIUS + step * (1.25 + (k // 2) * 1.15), n)
            where[f"W{k}@{seat}"] = (x, y)
            homes.append(
                {
                    "field": f"W{k}@{seat}",
                    "x": x,
                    "y": y,
                    "kind": "waiting",
                    "colour": colour,
                    "lit": False,
                    "title": _("%(colour)s's waiting field") % {"colour": word},
                }
            )
    chips = [chip(s.colour) for s in seats]
    figures = []
    for seat, tokens in enumerate(position["figures"]):
        waiting = 0
        for token in tokens:
            if token == "W":
                key = f"W{waiting}@{seat}"
                waiting += 1
            elif token.startswith("G"):
                key = f"{token}@{seat}"
            else:
                key = token
            x, y = where[key]
            figures.append(
                {
                    "x": x,
                    "y": y,
                    "seat": seat,
                    "field": token,
                    "colour": seat_colours[seat],
                    "letter": chips[seat]["letter"],
                    "ink": chips[seat]["ink"],
                    "shielded": protected[seat],
                    "title": _("%(name)s (%(letter)s): %(where)s")
                    % {
                        "name": seats[seat].name,
                        "letter": chips[seat]["letter"],
                        "where": token_place(state, token),
                    },
                }
            )
    return {
        "view_size": VIEW,
        "spots": spots,
        "homes": homes,
        "bars": bars,
        "figures": figures,
        "side": geo.side,
        "description": board_description(state, position, seats, protected),
    }


def board_description(
    state: HitState, position: dict[str, Any], seats: list[Any], protected: list[bool]
) -> str:
    """The board in words for screen readers: per seat, where its figures stand, by the
    board's landmarks."""
    lines = []
    for seat, (player, tokens) in enumerate(zip(seats, position["figures"], strict=False)):
        waiting = tokens.count("W")
        places = [token_place(state, t) for t in tokens if t != "W"]
        if waiting:
            places.append(
                ngettext(
                    "%(count)s on a waiting field", "%(count)s on waiting fields", waiting
                )
                % {"count": waiting}
            )
        c = chip(player.colour)
        line = _("%(name)s (%(colour)s, letter %(letter)s): %(places)s") % {
            "name": player.name,
            "colour": c["name"],
            "letter": c["letter"],
            "places": _(", ").join(places),
        }
        if protected[seat]:
            line += " " + _("(protected by a shield)")
        lines.append(line)
    return ". ".join(lines) + "."


def action_fields(text: str, mover: int | None) -> set[str]:
    """The board fields a play starts from or lands on (the mover's W and G fields as drawn)."""
    fields: set[str] = set()
    for word in text.split()[1:]:
        for part in word.split("-"):
            if part.startswith("T") and part[1:].isdigit():
                fields.add(part)
            elif part.startswith("G") and part[1:].isdigit() and mover is not None:
                fields.add(f"{part}@{mover}")
    return fields


def player_rows(
    position: dict[str, Any],
    score: dict[str, Any],
    seats: list[Any],
    seat: int | None,
    cards: dict[str, dict[str, Any]],
) -> list[dict[str, Any]]:
    """Each seat beside the board: coins, figures home and to go, its discard top, deck and
    draw pile, its hand (the cards themselves on its own phone, their number elsewhere)."""
    turn = position["turn"]
    protected = score["protected"]
    hands = position["hands"]
    players = []
    for i, s in enumerate(seats):
        discards = position["discards"][i]
        hand = hands[i] or []
        players.append(
            {
                "index": i,
                "name": s.name,
                "colour": COLOUR_HEX.get(s.colour, "#777"),
                "colour_name": s.colour,
                "letter": chip(s.colour)["letter"],
                "ink": chip(s.colour)["ink"],
                "coins": score["coins"][i],
                "home": score["home"][i],
                "to_go": score["steps_to_go"][i],
                "progress": round(100 * score["progress"][i]),
                "top": card_chip(discards[-1], cards) if discards else None,
                "discards": len(discards),
                "protected": protected[i],
                "deck": score["deck"][i],
                "draw_pile": score["draw_pile"][i],
                "hand": len(hand),
                "own_hand": [
                    card_chip(c, cards) if c != "?" else {"label": "?", "token": "?"} for c in hand
                ]
                if i == seat
                else None,
                "shown": [card_label(c) for c in position["shown"][i]] if i != seat else [],
                "bought": [card_label(c) for c in position["bought"][i]],
                "to_move": i == turn and position["phase"] != "over",
                "winner": score["winner"] == i,
            }
        )
    return players


def table_says(state: HitState, position: dict[str, Any], names: list[str]) -> str:
    """What the table does now, for the status line: who draws how many cards, how many
    market places are refilled, whose discard pile is shuffled."""
    phase, turn = position["phase"], position["turn"]
    name = names[turn]
    if phase == "draw":
        count = draw_count(state) + min(
            len(position["draw_top"][turn]), 3 - len(position["hands"][turn])
        )
        if position["turns"] == 0:
            return _("%(name)s draws the first hand: %(count)s cards") % {
                "name": name,
                "count": count,
            }
        return ngettext(
            "%(name)s draws %(count)s card", "%(name)s draws %(count)s cards", count
        ) % {"name": name, "count": count}
    if phase == "market":
        count = refill_count(state)
        if position["turns"] == 0:
            return ngettext(
                "The table lays out the market: %(count)s card",
                "The table lays out the market: %(count)s cards",
                count,
            ) % {"count": count}
        return ngettext(
            "The table refills the market after %(name)s's turn: %(count)s card",
            "The table refills the market after %(name)s's turn: %(count)s cards",
            count,
        ) % {"name": name, "count": count}
    if phase == "shuffle":
        return _("%(name)s's draw pile is empty: the discard pile is shuffled") % {"name": name}
    return ""


def setup_note(state: HitState) -> str:
    """ "Board as checked by Ann" for a table on a set-up a host checked; nothing otherwise."""
    data = state.cfg.data
    if not state.cfg.setup:
        return ""
    if data.checked_by:
        return _("Board as checked by %(name)s") % {"name": data.checked_by}
    return _("Board as checked: %(setup)s") % {"setup": data.name} if data.name else ""
