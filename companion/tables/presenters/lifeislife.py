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
from companion.engines.lifeislife.state import LifeState

from ..errors import BadInput, Forbidden
from . import Privacy, lifeislife_words
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
class LifePresenter:
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
            "hand_counts": [
                {"token": a, "label": animal_name(a), "count": own.count(a)} for a in ANIMAL_NAMES
            ],
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
            return {
                **out,
                "mode": "deal",
                "deal_rows": [{"size": r, "slots": range(r)} for r in ROW_SIZES],
            }
        if phase == "reveal":
            missing = [
                i
                for i, known in enumerate(game.score(state)["hands_known"])
                if not known and i not in game.score(state)["out"]
            ]
            return {**out, "mode": "reveal", "missing": missing}
        if mover == TABLE or not (is_host or seat == mover):
            return {**out, "mode": "wait"}
        row = args.get("row")
        entry = {**out, "mode": "play", "can_knock": game.can_knock(state), "row": None}
        if row:
            size = _int(row, _("the row"), 1, 4)
            entry["row"] = size
            hand_known = len(own) == 10
            choices = game.laydowns(state, size) if hand_known else []
            entry["laydowns"] = [
                {
                    "cards": ", ".join(animal_name(a) for a in c),
                    "action": f"swap {size}: {','.join(c)}",
                }
                for c in choices
            ][:40]
            entry["many"] = len(choices) > 40
            entry["picker"] = [
                {
                    "animal": a,
                    "name": animal_name(a),
                    "max": min(size, own.count(a)) if hand_known else min(size, copies),
                }
                for a, copies in ANIMALS
                if not hand_known or a in own
            ]
        return entry


PRESENTER = LifePresenter()
