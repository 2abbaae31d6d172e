"""Life is Life's play entry: the rows of a deal laid out by tapping an animal palette, a row
taken by tapping the hand's cards (only those that lead to a legal lay-down, the engine's
``laydowns``) or by animal counts while the hand is not entered, the knock, and the hands shown
at the round's end."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.engines import TABLE
from companion.engines.base import Game
from companion.games.lifeislife.engine.cards import HAND_SIZE
from companion.games.lifeislife.engine.state import LifeState
from companion.tables.errors import BadInput
from companion.tables.presenters.base import whole_number

from . import words as lifeislife_words
from .board import ROW_SIZES, counted
from .names import ANIMAL_NAMES, ANIMALS, animal_name


def cards_from_counts(form: Any, prefix: str, total: int | None = None) -> list[str]:
    """Animal counts of a picker (``<prefix>-<animal>`` fields) → a card list."""
    cards: list[str] = []
    for animal, copies in ANIMALS:
        what = _("the count of %(animal)s") % {"animal": animal_name(animal)}
        cards += [animal] * whole_number(form.get(f"{prefix}-{animal}") or 0, what, 0, copies)
    if total is not None and len(cards) != total:
        raise BadInput(
            ngettext(
                "choose exactly %(total)s card (you chose %(count)s)",
                "choose exactly %(total)s cards (you chose %(count)s)",
                total,
            )
            % {"total": total, "count": len(cards)}
        )
    return cards


def entry(
    game: Game,
    state: LifeState,
    seat: int | None,
    is_host: bool,
    args: dict[str, Any],
    own: list[str],
) -> dict[str, Any]:
    phase = game.phase(state)
    mover = game.to_move(state)
    out: dict[str, Any] = {"phase": phase}
    if phase == "over":
        return {**out, "mode": "over"}
    if phase == "deal":
        return {**out, "mode": "deal", "deal": deal_entry(args.get("parts"), args.get("row"))}
    if phase == "reveal":  # every player still in shows, whatever the table knew
        score = game.score(state)
        missing = [
            i for i, shown in enumerate(score["shown"]) if not shown and i not in score["out"]
        ]
        if seat in missing:  # one's own hand first: it is pre-filled, one tap shows it
            missing.remove(seat)
            missing.insert(0, seat)
        return {**out, "mode": "reveal", "missing": missing}
    if mover == TABLE or not (is_host or seat == mover):
        return {**out, "mode": "wait"}
    row = args.get("row")
    entry = {**out, "mode": "play", "can_knock": game.can_knock(state), "row": None}
    if row:
        size = whole_number(row, _("the row"), 1, 4)
        entry["row"] = size
        hand_known = len(own) == HAND_SIZE
        if hand_known:
            entry["take"] = take_entry(size, game.laydowns(state, size), own, args.get("parts"))
            return entry
        entry["picker"] = [
            {
                "animal": a,
                "name": animal_name(a),
                "token": a,  # as faces (tables/card_faces.html)
                "label": animal_name(a),
                "max": min(size, own.count(a)) if hand_known else min(size, copies),
            }
            for a, copies in ANIMALS
            if not hand_known or a in own
        ]
    return entry


# --- laying out the rows: an animal palette, the row filling as you tap -------------------------


def _rows_of(parts: str | None) -> list[list[str]]:
    """ "pig/bear,mole//" → the rows laid out so far (BadInput for a row too long, an unknown
    animal or more copies than the deck holds)."""
    rows: list[list[str]] = [[] for _ in ROW_SIZES]
    if parts:
        raw = parts.split("/")
        if len(raw) > len(ROW_SIZES):
            raise BadInput(_("there are 4 rows"))
        for r, text in enumerate(raw):
            cards = [c for c in text.split(",") if c]
            if any(c not in ANIMAL_NAMES for c in cards) or len(cards) > ROW_SIZES[r]:
                raise BadInput(
                    ngettext(
                        "row %(row)s holds %(count)s animal",
                        "row %(row)s holds %(count)s animals",
                        ROW_SIZES[r],
                    )
                    % {"row": ROW_SIZES[r], "count": ROW_SIZES[r]}
                )
            rows[r] = cards
    used = [c for row in rows for c in row]
    for animal, copies in ANIMALS:
        if used.count(animal) > copies:
            raise BadInput(
                _("the deck holds %(count)s × %(animal)s")
                % {"count": copies, "animal": animal_name(animal)}
            )
    return rows


def _parts(rows: list[list[str]]) -> str:
    return "/".join(",".join(row) for row in rows)


def _next_open(rows: list[list[str]], after: int) -> int:
    """The first row after `after` (wrapping) that is not full; `after` itself when all are."""
    for k in range(1, len(ROW_SIZES) + 1):
        r = (after + k) % len(ROW_SIZES)
        if len(rows[r]) < ROW_SIZES[r]:
            return r
    return after


def deal_entry(parts: str | None, row: str | None) -> dict[str, Any]:
    """The rows as tapped so far: the selected row (tap a row to select it; a full row moves
    the selection to the next open one), the palette (every animal with the copies left), a
    card tapped in a row taken out again, and the deal's notation once all 10 lie."""
    rows = _rows_of(parts)
    first_open = _next_open(rows, len(ROW_SIZES) - 1)
    selected = whole_number(row, _("the row"), 1, 4) - 1 if row else first_open
    used = [c for r in rows for c in r]
    full = len(rows[selected]) >= ROW_SIZES[selected]
    palette = []
    for animal, copies in ANIMALS:
        left = copies - used.count(animal)
        item: dict[str, Any] = {"animal": animal, "name": animal_name(animal), "left": left}
        if left > 0 and not full:
            grown = [list(r) for r in rows]
            grown[selected].append(animal)
            nxt = selected
            if len(grown[selected]) == ROW_SIZES[selected]:
                nxt = _next_open(grown, selected)
            item.update({"parts": _parts(grown), "row": nxt + 1})
        palette.append(item)
    shown = []
    for r, size in enumerate(ROW_SIZES):
        cards = []
        for i, animal in enumerate(rows[r]):
            less = [list(x) for x in rows]
            del less[r][i]
            cards.append(
                {"animal": animal, "name": animal_name(animal), "parts": _parts(less), "row": r + 1}
            )
        shown.append(
            {
                "size": size,
                "cards": cards,
                "open": range(size - len(cards)),
                "selected": r == selected,
                "parts": _parts(rows),
            }
        )
    complete = all(len(rows[r]) == size for r, size in enumerate(ROW_SIZES))
    return {
        "rows": shown,
        "palette": palette,
        "selected": selected + 1,
        "laid": len(used),
        "action": "deal rows " + _parts(rows) if complete else None,
    }


# --- taking a row with a known hand: tap the cards to lay down ---------------------------------


def take_entry(
    size: int, laydowns: list[list[str]], own: list[str], parts: str | None
) -> dict[str, Any]:
    """The hand's cards to tap, one by one, offering only cards that lead to a legal lay-down
    (`laydowns`, the engine's); the last one goes straight to the confirmation."""
    chosen = [c for c in (parts or "").split(",") if c]
    if any(c not in ANIMAL_NAMES for c in chosen) or len(chosen) >= size:
        raise BadInput(_("choose at most %(count)s cards") % {"count": size - 1})

    def fits(cards: list[str]) -> bool:
        return any(all(cards.count(a) <= d.count(a) for a in set(cards)) for d in laydowns)

    if chosen and not fits(chosen):
        raise BadInput(_("these cards cannot take row %(row)s") % {"row": size})
    options = []
    for animal in ANIMAL_NAMES:
        held = own.count(animal) - chosen.count(animal)
        if held <= 0:
            continue
        more = [*chosen, animal]
        item: dict[str, Any] = {
            "animal": animal,
            "name": animal_name(animal),
            "held": held,
            "legal": fits(more),
        }
        if item["legal"]:
            if len(more) == size:
                ordered = next(d for d in laydowns if sorted(d) == sorted(more))
                item["pick"] = f"swap {size}: {','.join(ordered)}"
            else:
                item["parts"] = ",".join(more)
        options.append(item)
    return {
        "chosen": [{"animal": a, "name": animal_name(a)} for a in chosen],
        "count": len(chosen),
        "size": size,
        "options": options,
        "none": not laydowns,
    }


def show_form(seat: int, name: str, hand: list[str], own: bool) -> dict[str, Any]:
    """One hand to show at the round's end, its faces pre-filled with the cards this reader
    knows are in it (its own hand: all of them, so one tap on "Show" is enough)."""
    known = [c for c in hand if c != "?"]
    return {
        "seat": seat,
        "key": f"show-{seat}",
        "name": name,
        "own": own,
        "full": len(known) == HAND_SIZE,
        "said": ", ".join(
            c["name"] + (f" ×{c['count']}" if c["count"] > 1 else "") for c in counted(known)
        ),
        "faces": [
            {"token": a, "label": animal_name(a), "count": known.count(a), "max": copies}
            for a, copies in ANIMALS
        ],
    }


def pick_said(game: Game, state: LifeState, pick: str, names: list[str]) -> str:
    try:
        action = game.parse_action(state, pick)
    except Exception:  # checked when recorded; the question falls back to the notation
        return ""
    return lifeislife_words.describe(game, state, action, names).label
