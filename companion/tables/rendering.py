"""Template context of a table page and the live fragments pushed over the websocket."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from companion.engines import TABLE as TABLE_DECISION
from companion.engines import get_game

from . import selectors
from .models import Table
from .presenters import dog as dog_presenter
from .services import Actor

FRAGMENTS = ("status", "board", "score", "entry", "history")


def board_context(
    state: Any, position: dict[str, Any], seats: list[Any], highlight: set[str] | None = None
) -> dict[str, Any]:
    geo = state.cfg.geo
    direction = state.cfg.rules.direction
    spots = dog_presenter.board_spots(geo.length, geo.start, direction)
    colours = [dog_presenter.COLOUR_HEX[s.colour] for s in seats]
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
                    "letter": seats[seat_index].colour[0].upper(),
                    "field": token,
                }
            )
    return {
        "spots": [
            {
                "x": s.x,
                "y": s.y,
                "kind": s.kind,
                "field": s.field,
                "colour": colours[s.seat] if s.seat is not None else None,
                "lit": bool(highlight and s.field in highlight),
            }
            for s in spots
        ],
        "figures": figures,
        "view_size": dog_presenter.VIEW,
    }


def highlighted_fields(game: Any, state: Any, entry: dict[str, Any]) -> frozenset[str]:
    """The fields that the offered moves start from or land on, lit on the board."""
    lit: set[str] = set()
    for move in entry.get("moves", []):
        lit |= dog_presenter.action_fields(game, state, move["action"])
    for step in entry.get("seven", {}).get("steps", []):
        lit |= {w for w in step["label"].split() if w.startswith("T") and w[1:].isdigit()}
    return frozenset(lit)


def table_context(table: Table, actor: Actor | None, **entry_args: Any) -> dict[str, Any]:
    game = get_game(table.game)
    seat = actor.seat if actor else None
    state = selectors.seat_state(table, seat)
    position = game.to_json(state)
    seats = list(table.seats.all())
    mover = game.to_move(state)
    entry = dog_presenter.entry(
        game,
        state,
        seat,
        bool(actor and actor.is_host),
        entry_args.get("card"),
        entry_args.get("joker_as"),
        entry_args.get("seven"),
    )
    score = game.score(state)
    names = [s.name for s in seats]
    history = list(reversed(selectors.history(table, seat, limit=40)))
    for line in history:
        by = line["by_seat"]
        line["who"] = names[by] if by is not None else "Scribe"
    own_hand = position["hands"][seat] if seat is not None else []
    hand_counts = [
        {"token": c, "label": dog_presenter.CARD_LABELS.get(c, c), "count": own_hand.count(c)}
        for c in dog_presenter.ALL_CARDS
    ]
    return {
        "table": table,
        "actor": actor,
        "seat": seats[seat] if seat is not None else None,
        "seats": seats,
        "seat_colours": [dog_presenter.COLOUR_HEX[s.colour] for s in seats],
        "position": position,
        "phase": game.phase(state),
        "mover": None if mover == TABLE_DECISION else mover,
        "mover_name": "the table" if mover == TABLE_DECISION else names[mover],
        "board": board_context(state, position, seats, highlighted_fields(game, state, entry)),
        "score": score_rows(score, seats, fields_to_go(state)),
        "score_raw": score,
        "entry": entry,
        "history": history,
        "hand_counts": hand_counts,
        "mover_colour": "inherit"
        if mover == TABLE_DECISION
        else dog_presenter.COLOUR_HEX[seats[mover].colour],
        "names": names,
    }


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
                "colours": [dog_presenter.COLOUR_HEX[seats[s].colour] for s in team],
                "home": sum(score["home"][s] for s in team),
                "to_go": sum(to_go[s] for s in team),
                "progress": round(100 * sum(score["progress"][s] for s in team) / len(team)),
                "winner": score["winner"] is not None and team[0] in score["winner"],
            }
        )
    return rows


def live_fragments(table: Table, actor: Actor | None) -> str:
    """Every live fragment of the page, each marked for an out-of-band swap."""
    context = table_context(table, actor)
    return "".join(
        render_to_string(f"tables/table.html#{name}", {**context, "oob": True})
        for name in FRAGMENTS
    )


def violations_of(exc: Any) -> list[dict[str, Any]]:
    return exc.extra.get("violations", [])


def hint_context(hint: dict[str, Any]) -> dict[str, Any]:
    choices = [
        {
            **c,
            "label": dog_presenter.move_label(c["action"]),
            "win_pct": round(100 * c["win"]),
            "share_pct": round(100 * c["share"]),
        }
        for c in hint.get("choices", [])
    ]
    progress = min(100, round(100 * hint.get("elapsed_ms", 0) / max(1, hint["budget_ms"])))
    return {**hint, "choices": choices, "progress_pct": progress}


def hint_fragments(table: Table, actor: Actor | None, hint: dict[str, Any]) -> str:
    """The hint box (and, with the answer, the board with the best play lit)."""
    context = {"table": table, "hint": hint_context(hint), "oob": True}
    html = render_to_string("tables/table.html#hint", context)
    if hint.get("status") == "done" and hint.get("choices"):
        full = table_context(table, actor)
        state = selectors.seat_state(table, actor.seat if actor else None)
        best = {"moves": [{"action": hint["choices"][0]["action"]}]}
        lit = highlighted_fields(get_game(table.game), state, best)
        full["board"] = board_context(state, full["position"], full["seats"], lit)
        html += render_to_string("tables/table.html#board", {**full, "oob": True})
    return html
