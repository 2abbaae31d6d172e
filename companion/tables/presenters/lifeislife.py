"""Life is Life at the table: the rows, lives and majorities, and animal pickers with counts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.engines import TABLE
from companion.engines.base import Game
from companion.engines.i18n import N_
from companion.engines.lifeislife.actions import DEAL, HAND
from companion.engines.lifeislife.cards import HAND_SIZE, KINDS, TOKEN
from companion.engines.lifeislife.scoring import majorities
from companion.engines.lifeislife.state import LifeState
from companion.tables.errors import BadInput, Forbidden

from . import Privacy, lifeislife_words
from .base import BasePresenter
from .colours import COLOUR_HEX, COLOURS, chip
from .lifeislife_names import ANIMAL_NAMES, ANIMALS, animal_name

ROW_SIZES = (1, 2, 3, 4)
UNDO_BARRIERS = {DEAL, HAND}  # the deal and hands reveal cards: no undo hides them again


def _int(value: Any, what: str, low: int, high: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError) as exc:
        raise BadInput(_("%(what)s must be a whole number") % {"what": what}) from exc
    if not low <= number <= high:
        raise BadInput(
            _("%(what)s must be from %(low)s to %(high)s")
            % {"what": what, "low": low, "high": high}
        )
    return number


def counted(cards: list[str]) -> list[dict[str, Any]]:
    """Cards as chips in scoring order: [{"animal": "pig", "count": 2}, ...]."""
    return [
        {"animal": a, "name": animal_name(a), "count": cards.count(a)}
        for a in ANIMAL_NAMES
        if a in cards
    ]


def cards_from_counts(form: Any, prefix: str, total: int | None = None) -> list[str]:
    """Animal counts of a picker (``<prefix>-<animal>`` fields) → a card list."""
    cards: list[str] = []
    for animal, copies in ANIMALS:
        what = _("the count of %(animal)s") % {"animal": animal_name(animal)}
        cards += [animal] * _int(form.get(f"{prefix}-{animal}") or 0, what, 0, copies)
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


@dataclass(frozen=True, slots=True)
class LifePresenter(BasePresenter):
    game = "lifeislife"
    template = "tables/lifeislife.html"
    notation_examples = ("swap 3: mole,bear,pig", "swap 1: giraffe", "knock")
    lobby_template = "tables/new_lifeislife.html"

    # -- lobby ---------------------------------------------------------------------------------
    def lobby_context(self) -> dict[str, Any]:
        return {"colours": COLOURS[:5]}

    def lobby_options(self, form: Any) -> tuple[dict[str, Any], list[str], list[str] | None]:
        players = _int(form.get("players", "4"), _("the number of players"), 3, 5)
        rules = {
            "expert": form.get("expert") == "on",
            "start_lives": _int(form.get("start_lives", "5"), _("the lives"), 1, 9),
        }
        names = [form.get(f"name{i}", "") for i in range(players)]
        colours = [form.get(f"colour{i}", "") or COLOURS[i] for i in range(players)]
        return {"players": players, "rules": rules}, names, colours

    def engine_config(self, options: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(options, dict):
            raise BadInput(_("options must be an object"), code="bad_config")
        unknown = set(options) - {"players", "seats", "rules", "first_player"}
        if unknown:
            raise BadInput(
                _("unknown option(s) for Life is Life: %(unknown)s")
                % {"unknown": ", ".join(sorted(unknown))},
                code="bad_config",
            )
        return {k: v for k, v in options.items() if v is not None}

    def seat_colours(self, seats: int, requested: list[str] | None) -> list[str]:
        colours = list(requested or COLOURS[:seats])
        if (
            len(colours) != seats
            or len(set(colours)) != seats
            or any(c not in COLOUR_HEX for c in colours)
        ):
            raise BadInput(
                _("%(seats)s different colours are needed (from %(known)s)")
                % {"seats": seats, "known": ", ".join(COLOUR_HEX)},
                code="bad_colours",
            )
        return colours

    def colour_hex(self, colour: str) -> str:
        return COLOUR_HEX[colour]

    def card_name(self, token: str) -> str:
        return animal_name(token)

    # -- the rules' bookkeeping at the table ----------------------------------------------------
    def hand_tokens(self) -> tuple[str, ...]:
        return ANIMAL_NAMES

    def hand_action(self, seat: int, cards: list[str]) -> str:
        return f"hand {seat} " + ",".join(c.strip() for c in cards)

    def is_undo_barrier(self, game: Game, action: Any) -> bool:
        return action.kind in UNDO_BARRIERS

    def reveals(self, game: Game, before: LifeState, after: LifeState) -> bool:
        """Whether a play showed hidden cards: it ended the round (the hands are shown) or a
        sudden-death set was shown (its holder's cards); an undo never crosses it."""
        return game.phase(after) != game.phase(before) or game.score(after).get(
            "lives"
        ) != game.score(before).get("lives")

    def is_seat_report(self, game: Game, state: LifeState, action: Any, seat: int | None) -> bool:
        """A seat may enter its own hand at any time; at the round's end (the table shows the
        hands) anyone at the table may enter any hand."""
        if action.kind != HAND:
            return False
        if action.seat == seat:
            return True
        if game.phase(state) == "reveal":
            return False  # a table report: allowed to every seat by the table rule
        raise Forbidden(
            _("during a round a seat can only enter its own hand"), code="not_your_hand"
        )

    def spectator_view(self, game: Game, state: LifeState) -> LifeState:
        return game.public_view(state)

    def privacy(self, game: Game, state: LifeState, action: Any) -> Privacy:
        if action.kind == HAND and game.phase(state) != "reveal":
            return Privacy(action.seat, N_("seat {seat} entered their hand"), {"seat": action.seat})
        if action.kind == DEAL and action.hands:
            raise BadInput(
                _(
                    "at a real table the deal is reported with the rows only; each seat "
                    "enters its own hand"
                ),
                code="private_deal",
            )
        return Privacy(None)

    def compose(self, kind: str, form: Any) -> str:
        """Forms → notation: the rows of a deal, or a swap from animal counts."""
        if kind == "deal":  # one picker per card: row r has r of them
            rows = []
            for r in ROW_SIZES:
                row = [form.get(f"row{r}-{i}") or "" for i in range(r)]
                if any(card not in ANIMAL_NAMES for card in row):
                    raise BadInput(
                        ngettext(
                            "choose the %(count)s animal of row %(row)s",
                            "choose the %(count)s animals of row %(row)s",
                            r,
                        )
                        % {"count": r, "row": r}
                    )
                rows.append(row)
            return "deal rows " + "/".join(",".join(row) for row in rows)
        if kind == "swap":
            row = _int(form.get("row"), _("the row"), 1, 4)
            return f"swap {row}: " + ",".join(cards_from_counts(form, "lay", row))
        raise BadInput(_("nothing to compose as %(kind)r") % {"kind": kind})

    # -- the page ------------------------------------------------------------------------------
    def label(self, action_text: str) -> str:
        """ "swap 3: bear,mole,pig" → "take row 3 for bear, mole, pig"."""
        words = action_text.replace(",", ", ")
        if action_text.startswith("swap "):
            row, _sep, cards = action_text[5:].partition(":")
            named = ", ".join(animal_name(c.strip()) for c in cards.split(",") if c.strip())
            return _("take row %(row)s for %(cards)s") % {"row": row.strip(), "cards": named}
        if action_text == "knock":
            return _("knock")
        return words

    def describe_play(self, game: Game, state: LifeState, action: Any, names: list[str]) -> Any:
        return lifeislife_words.describe(game, state, action, names)

    def page_context(
        self,
        game: Game,
        state: LifeState,
        position: dict[str, Any],
        seats: list[Any],
        seat: int | None,
        is_host: bool,
        entry_args: dict[str, Any],
        highlight: str | None = None,
    ) -> dict[str, Any]:
        score = game.score(state)
        phase = game.phase(state)
        mover = game.to_move(state)
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
        rows = [
            {"index": r, "cards": counted(cards), "size": r, "lit": False}
            for r, cards in zip(ROW_SIZES, position.get("rows") or [[]] * 4, strict=False)
        ]
        own = [c for c in hands[seat] if c != "?"] if seat is not None and seat < len(hands) else []
        entry = self._entry(game, state, seat, is_host, entry_args, own)
        names = [s.name for s in seats]
        pick = entry_args.get("pick")
        if pick and entry.get("mode") == "play":
            entry["pick_said"] = _pick_said(game, state, pick, names)
        if entry.get("mode") == "reveal":
            entry["shows"] = [
                _show_form(i, names[i], hands[i] if i < len(hands) else [], i == seat)
                for i in entry["missing"]
            ]
        if phase in ("deal", "over") and state.last is not None:
            entry["result"] = round_result(state, score, names)
        if highlight and highlight.startswith("swap "):
            for row in rows:
                row["lit"] = highlight.startswith(f"swap {row['index']}")
        return {
            "rows": rows,
            "players": players,
            "score_raw": score,
            "majorities": [
                {"animal": animal, "animal_name": animal_name(animal), "name": seats[who].name}
                for animal, who in (score.get("majorities") or {}).items()
                if who is not None
            ],
            "entry": entry,
            # the last round scored, shown large on the presenter until the next is scored
            "round_result": round_result(state, score, names) if state.last is not None else None,
            # a new round's hand form starts empty (the last round's cards stay until the deal)
            "hand_counts": [
                {
                    "token": a,
                    "label": animal_name(a),
                    "count": own.count(a) if phase in ("play", "reveal") else 0,
                    "max": dict(ANIMALS)[a],
                }
                for a in ANIMAL_NAMES
            ],
            # the hand is 10 cards, tapped as faces; offered only to a player still in the
            # round's play (not one who is out, nor anyone once the game is over)
            "hand_size": HAND_SIZE,
            "seat_out": seat is not None and seat in score["out"],
            # the status line while the hands are shown (not "the table reports a card")
            "table_says": _("The round is over: everyone shows their hand.")
            if phase == "reveal"
            else None,
            "hand_offer": seat is not None and phase == "play" and seat not in score["out"],
            "hand_open": bool(
                seat is not None
                and phase == "play"
                and seat not in score["out"]
                and len(own) < HAND_SIZE
            ),
            "status_note": _last_round_note(score, names, phase),
            "animals": [(a, copies, animal_name(a)) for a, copies in ANIMALS],
            "phase_name": phase,
        }

    def _entry(
        self,
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
                i
                for i, shown in enumerate(score["shown"])
                if not shown and i not in score["out"]
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
            size = _int(row, _("the row"), 1, 4)
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
    selected = _int(row, _("the row"), 1, 4) - 1 if row else first_open
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


# --- the round's result, the last round -----------------------------------------------------


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


def _show_form(seat: int, name: str, hand: list[str], own: bool) -> dict[str, Any]:
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


def _last_round_note(score: dict[str, Any], names: list[str], phase: str) -> str:
    """ "Last round: Ann knocked" for the sticky status, from the knock until the scoring."""
    who = score.get("knocked_by")
    if who is None or phase not in ("play", "reveal"):
        return ""
    return _("Last round: %(name)s knocked") % {"name": names[who]}


def _pick_said(game: Game, state: LifeState, pick: str, names: list[str]) -> str:
    try:
        action = game.parse_action(state, pick)
    except Exception:  # checked when recorded; the question falls back to the notation
        return ""
    return lifeislife_words.describe(game, state, action, names).label


PRESENTER = LifePresenter()
