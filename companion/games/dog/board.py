"""DOG's board as drawn on the phone: field positions, figures, lit fields, the live score."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.engines.base import Game
from companion.games.dog.engine.state import DogState
from companion.tables.presenters.colours import COLOUR_HEX, chip

from .words import token_place

VIEW = 400
CENTRE = VIEW / 2


@dataclass(frozen=True, slots=True)
class Spot:
    field: str  # the engine's field name as the player to move writes it: T12, G1@2, K@0
    x: float
    y: float
    seat: int | None  # the colour of a kennel/goal/start field
    kind: str  # track, start, goal, kennel


def board_spots(length: int, starts: tuple[int, ...], direction: str) -> list[Spot]:
    """Where each field is drawn on a 400×400 board: the track as a ring, each seat's kennel
    outside and its goal inside next to its start field."""
    radius = 150.0
    sign = 1 if direction == "cw" else -1
    spots: list[Spot] = []
    owner = {t: s for s, t in enumerate(starts)}

    def at(pos: float, r: float) -> tuple[float, float]:
        angle = -math.pi / 2 + sign * 2 * math.pi * pos / length
        return round(CENTRE + r * math.cos(angle), 1), round(CENTRE + r * math.sin(angle), 1)

    for t in range(length):
        x, y = at(t, radius)
        spots.append(Spot(f"T{t}", x, y, owner.get(t), "start" if t in owner else "track"))
    step = 2 * math.pi * radius / length
    for seat, start in enumerate(starts):
        for g in range(4):
            x, y = at(start, radius - step * (g + 1.2))
            spots.append(Spot(f"G{g + 1}@{seat}", x, y, seat, "goal"))
        for k in range(4):
            x, y = at(start - 1.6 - (k % 2) * 1.1, radius + step * (1.3 + (k // 2) * 1.1))
            spots.append(Spot(f"K@{seat}#{k}", x, y, seat, "kennel"))
    return spots


def action_fields(game: Game, state: DogState, text: str) -> frozenset[str]:
    """The board fields (as drawn: T12, G2@1) that a play starts from or lands on."""
    from companion.games.dog.engine.board import kennel_seat

    try:
        action = game.parse_action(state, text)
    except Exception:
        return frozenset()
    geo = state.cfg.geo
    fields: set[str] = set()
    for code in (c for seg in action.segs for c in seg):
        if code < 0:
            fields.add(f"T{geo.start[kennel_seat(code)]}")  # coming out: the start field
        elif code < geo.length:
            fields.add(f"T{code}")
        else:
            fields.add(f"G{geo.goal_index(code) + 1}@{geo.goal_owner(code)}")
    return frozenset(fields)


def board_context(
    state: Any, position: dict[str, Any], seats: list[Any], highlight: set[str] | None = None
) -> dict[str, Any]:
    geo = state.cfg.geo
    direction = state.cfg.rules.direction
    spots = board_spots(geo.length, geo.start, direction)
    colours = [COLOUR_HEX[s.colour] for s in seats]
    chips = [chip(s.colour) for s in seats]
    names = [s.name for s in seats]
    by_field = {s.field: s for s in spots}
    figures = []
    for seat_index, tokens in enumerate(position["figures"]):
        kennel_slot = 0
        for token in tokens:
            if token == "K":
                spot = by_field[f"K@{seat_index}#{kennel_slot}"]
                kennel_slot += 1
            elif token.startswith("G"):
                spot = by_field[f"{token}@{seat_index}"]
            else:
                spot = by_field[token]
            figures.append(
                {
                    "x": spot.x,
                    "y": spot.y,
                    "seat": seat_index,
                    "colour": colours[seat_index],
                    "letter": chips[seat_index]["letter"],
                    "ink": chips[seat_index]["ink"],
                    "field": token,
                    "title": _("%(name)s (%(letter)s): %(where)s")
                    % {
                        "name": seats[seat_index].name,
                        "letter": chips[seat_index]["letter"],
                        "where": token_place(state, seat_index, token, names),
                    },
                }
            )
    return {
        "spots": [
            {
                "x": s.x,
                "y": s.y,
                "kind": s.kind,
                "field": s.field,
                "words": spot_words(state, s.field, names),
                "colour": colours[s.seat] if s.seat is not None else None,
                "lit": bool(highlight and s.field in highlight),
            }
            for s in spots
        ],
        "figures": figures,
        "view_size": VIEW,
        "description": board_description(position, seats, state),
    }


def spot_words(state: Any, field: str, names: list[str]) -> str:
    """A drawn field ("T12", "G1@2", "K@0#1") in words: "3 past Ben's start"."""
    from .words import field_name

    geo = state.cfg.geo
    if field.startswith("T"):
        return field_name(state, int(field[1:]), names)
    seat = int(field.split("@")[1].split("#")[0])
    if field.startswith("G"):
        return field_name(state, geo.goal(seat, int(field[1 : field.index("@")]) - 1), names)
    return field_name(state, -1 - seat, names)


def field_words(token: str) -> str:
    """A figure's field as the position writes it ("T12", "G2", "K") in words."""
    if token == "K":
        return _("in the kennel")
    if token.startswith("G"):
        return _("goal field %(number)s") % {"number": token[1:]}
    return _("field %(number)s") % {"number": token[1:]}


def board_description(position: dict[str, Any], seats: list[Any], state: Any = None) -> str:
    """The board in words for screen readers: per seat, where its figures stand ("on Ann's
    start field", "3 past Ben's start", "in Ann's goal, field 2"; by field numbers only
    without the state)."""
    names = [s.name for s in seats]
    lines = []
    for index, (seat, tokens) in enumerate(zip(seats, position["figures"], strict=False)):
        in_kennel = tokens.count("K")
        places = [
            token_place(state, index, t, names) if state is not None else field_words(t)
            for t in tokens
            if t != "K"
        ]
        if in_kennel:
            places.append(
                ngettext("%(count)s in the kennel", "%(count)s in the kennel", in_kennel)
                % {"count": in_kennel}
            )
        c = chip(seat.colour)
        lines.append(
            _("%(name)s (%(colour)s, letter %(letter)s): %(places)s")
            % {
                "name": seat.name,
                "colour": c["name"],
                "letter": c["letter"],
                "places": ", ".join(places),
            }
        )
    return ". ".join(lines) + "."


def highlighted_fields(game: Any, state: Any, entry: dict[str, Any]) -> frozenset[str]:
    """The fields lit on the board: the entry's current choices (``lit``: position codes; a
    kennel lights its places), or the fields a given play (a hint) starts from or lands on."""
    lit: set[str] = set()
    for move in entry.get("moves", []) if "lit" not in entry else []:
        lit |= action_fields(game, state, move["action"])
    for code in entry.get("lit", []):
        key = position_key(state, code)
        lit |= {f"{key}#{k}" for k in range(4)} if code < 0 else {key}
    return frozenset(lit)


def fields_to_go(state: Any) -> list[int]:
    """Per seat: the steps its figures still need to fill the goal (coming out counts one)."""
    geo = state.cfg.geo
    full = geo.length + 4
    return [
        sum(max(0, full - geo.progress(seat, code)) for code in figures)
        for seat, figures in enumerate(state.figures)
    ]


def score_rows(score: dict[str, Any], seats: list[Any], to_go: list[int]) -> list[dict[str, Any]]:
    """Live score per team (or per player in solo): figures home, fields to go, progress."""
    rows = []
    for team in score["teams"]:
        rows.append(
            {
                "names": " & ".join(seats[s].name for s in team),
                "colours": [COLOUR_HEX[seats[s].colour] for s in team],
                "chips": [chip(seats[s].colour) for s in team],
                "home": sum(score["home"][s] for s in team),
                "to_go": sum(to_go[s] for s in team),
                "progress": round(100 * sum(score["progress"][s] for s in team) / len(team)),
                "winner": score["winner"] is not None and team[0] in score["winner"],
            }
        )
    return rows


#: A tap target's hit area on the 400-unit board: radius 26 (a 52-unit disk is ≥ 44 CSS px
#: wherever the board is drawn 340 px wide or more), shared fairly between close targets.
HIT_RADIUS = 26.0
HIT_CORNERS = 20


def figure_xy(state: Any, code: int) -> tuple[float, float]:
    """Where a position code is drawn: its field, or the middle of a kennel's figures."""
    geo = state.cfg.geo
    spots = {s.field: s for s in board_spots(geo.length, geo.start, state.cfg.rules.direction)}
    if code < 0:
        from companion.games.dog.engine.board import kennel_seat

        seat = kennel_seat(code)
        count = max(1, sum(1 for c in state.figures[seat] if c < 0))
        places = [spots[f"K@{seat}#{k}"] for k in range(count)]
        return (
            round(sum(p.x for p in places) / count, 1),
            round(sum(p.y for p in places) / count, 1),
        )
    if code < geo.length:
        spot = spots[f"T{code}"]
    else:
        spot = spots[f"G{geo.goal_index(code) + 1}@{geo.goal_owner(code)}"]
    return spot.x, spot.y


def _clip(poly: list[tuple[float, float]], a: tuple[float, float], b: tuple[float, float]):
    """The part of a convex polygon nearer to point ``a`` than to point ``b``."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]

    def side(p: tuple[float, float]) -> float:
        return (p[0] - mx) * dx + (p[1] - my) * dy  # > 0: nearer to b

    out: list[tuple[float, float]] = []
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append(p)
        if (sp <= 0) != (sq <= 0):
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def hit_area(centre: tuple[float, float], others: list[tuple[float, float]]) -> str:
    """A target's hit polygon: a disk of HIT_RADIUS, cut where another target is nearer (each
    point of the board belongs to the nearest target), as SVG ``points``."""
    x, y = centre
    poly = [
        (
            x + HIT_RADIUS * math.cos(2 * math.pi * k / HIT_CORNERS),
            y + HIT_RADIUS * math.sin(2 * math.pi * k / HIT_CORNERS),
        )
        for k in range(HIT_CORNERS)
    ]
    for other in others:
        if other != centre and math.dist(centre, other) < 2 * HIT_RADIUS:
            poly = _clip(poly, centre, other)
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in poly)


def tap_layer(state: Any, taps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entry's tap targets as drawn over the board: centre, ring, hit polygon, the next
    step's query string and the label in words."""
    from urllib.parse import urlencode

    centres = [figure_xy(state, t["code"]) for t in taps]
    occupied = {c for figures in state.figures for c in figures}
    return [
        {
            "x": x,
            "y": y,
            # around a figure (or a kennel's), or just over an empty field
            "ring": 12.5 if t["code"] < 0 else 11 if t["code"] in occupied else 7.5,
            "hit": hit_area((x, y), centres),
            "kind": t["kind"],
            "label": t["label"],
            "query": urlencode(t["query"]),
            "field": position_key(state, t["code"]),
        }
        for t, (x, y) in zip(taps, centres, strict=True)
    ]


def position_key(state: Any, code: int) -> str:
    """A position code as the board's data attributes name it: T12, G1@2, K@0."""
    geo = state.cfg.geo
    if code < 0:
        from companion.games.dog.engine.board import kennel_seat

        return f"K@{kennel_seat(code)}"
    if code < geo.length:
        return f"T{code}"
    return f"G{geo.goal_index(code) + 1}@{geo.goal_owner(code)}"
