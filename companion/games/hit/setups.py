"""HIT's "Check your box": the board and card values no public source confirms, as a host
checks them against the physical box (docs/hit-data.md).

A set-up is the engine's form (`companion.games.hit.engine.data.setup_of`: "sides" and "cards"),
saved as a `HitSetup`; the shipped data files are the default one. The form below shows every
value the app assumes and reads the host's corrections back; a board that cannot be played or
a card list that does not add up to the box's 55 cards is refused with the reason. A table
copies the chosen set-up into its config, so it keeps it after later edits.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from companion.games.hit.engine.data import DATA, SYMBOLS, DataError, from_setup, setup_of
from companion.games.hit.models import HitSetup
from companion.tables.errors import BadInput

#: the export file's "format"
FORMAT = "hit-setup"
VERSION = 1
#: the box's material ("Spielmaterial"): the set-up corrects values, never these totals
BOX_CARDS = DATA.material.cards
START_CARDS = DATA.material.start_cards_per_colour * len(DATA.material.colours)
NEUTRAL_CARDS = DATA.material.neutral_cards
BOX_COINS = DATA.material.coins_1 + DATA.material.coins_5
SIDE_NAMES = {
    "2-4": pgettext_lazy("HIT board side", "front (2 and 4 players)"),
    "3": pgettext_lazy("HIT board side", "back (3 players)"),
}
SYMBOL_NAMES = {
    "no_hit": pgettext_lazy("HIT symbol", "no hitting"),
    "shield": pgettext_lazy("HIT symbol", "shield"),
    "shield_breaker": pgettext_lazy("HIT symbol", "shield breaker"),
    "no_goal_entry": pgettext_lazy("HIT symbol", "no goal entry"),
}
#: card values the form edits (per card): movement, coins and, for neutral cards, price and
#: copies; the symbols are check boxes
CARD_NUMBERS = {
    "steps": gettext_lazy("fields"),
    "back": gettext_lazy("fields back"),
    "coins": gettext_lazy("coins"),
    "copies": gettext_lazy("copies"),
    "cost": gettext_lazy("price"),
}


def default_setup() -> dict[str, Any]:
    """The shipped data files as a set-up."""
    return setup_of(DATA)


def setup_for(choice: str | None) -> dict[str, Any] | None:
    """The set-up chosen in the lobby by its id ("" or "default": none, the shipped files),
    with its name and who checked it; BadInput when there is no such set-up."""
    if not choice or choice == "default":
        return None
    try:
        row = HitSetup.objects.get(pk=int(choice))
    except (ValueError, HitSetup.DoesNotExist) as exc:
        raise BadInput(_("there is no such board set-up"), code="bad_setup") from exc
    return {**_body(row.data), "name": row.name, "checked_by": row.created_by}


def _body(data: Mapping[str, Any]) -> dict[str, Any]:
    return {"sides": data["sides"], "cards": data["cards"]}


# --- the form ------------------------------------------------------------------------------


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.replace(",", " ").split()]


def form_rows(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The values of `setup` as the form shows them: per side its fields, start, barrier and
    corner fields; per card its movement, coins, symbols, price and copies."""
    from companion.games.hit.names import card_label

    sides = [
        {
            "id": s["id"],
            "title": SIDE_NAMES.get(s["id"], s["id"]),
            "fields": s["fields"],
            "starts": ", ".join(str(x) for x in s["starts"]),
            "barriers": ", ".join(str(x) for x in s["barriers"]),
            "corners": ", ".join(str(x) for x in s["corners"]),
            "colours": [DATA.material.colours[c] for c in s["colours"]],
        }
        for s in setup["sides"]
    ]
    cards = [
        {
            **c,
            "label": card_label(c["token"]),
            "name": _(c["name"]),
            "symbols": [{"key": k, "name": SYMBOL_NAMES[k], "on": k in c["symbols"]}
                        for k in SYMBOLS],
            "moves": c["effect"] in {"out_or_move", "upto", "move", "forward_or_back", "split",
                                     "corners", "jump_groups"},
            "backwards": c["effect"] == "forward_or_back",
        }
        for c in setup["cards"]
    ]
    return {
        "sides": sides,
        "start_cards": [c for c in cards if c["deck"] == "start"],
        "neutral_cards": [c for c in cards if c["deck"] == "neutral"],
        "box": {"cards": BOX_CARDS, "start": START_CARDS, "neutral": NEUTRAL_CARDS,
                "coins": BOX_COINS, "coins_1": DATA.material.coins_1,
                "coins_5": DATA.material.coins_5},
    }


def _number(form: Mapping[str, Any], key: str, what: str, low: int, high: int) -> int:
    raw = (form.get(key) or "").strip()
    try:
        value = int(raw)
    except ValueError as exc:
        raise BadInput(_("%(what)s must be a whole number") % {"what": what},
                       code="bad_setup") from exc
    if not low <= value <= high:
        raise BadInput(_("%(what)s must be from %(low)s to %(high)s")
                       % {"what": what, "low": low, "high": high}, code="bad_setup")
    return value


def _fields(form: Mapping[str, Any], key: str, what: str) -> list[int]:
    try:
        return _ints(form.get(key) or "")
    except ValueError as exc:
        raise BadInput(_("%(what)s: write field numbers separated by commas")
                       % {"what": what}, code="bad_setup") from exc


def read_form(form: Mapping[str, Any], base: Mapping[str, Any]) -> dict[str, Any]:
    """The host's corrections of `base` (a set-up) → a set-up the engine can play; BadInput
    with the reason otherwise (the first problem found)."""
    from companion.games.hit.names import card_label

    sides = []
    for side in base["sides"]:
        sid = side["id"]
        title = SIDE_NAMES.get(sid, sid)
        fields = _number(form, f"side-{sid}-fields",
                         _("the number of fields of the %(side)s side") % {"side": title}, 8, 200)
        values = {}
        for key, what in (("starts", _("start fields")), ("barriers", _("barrier fields")),
                          ("corners", _("corner fields"))):
            what = _("%(what)s of the %(side)s side") % {"what": what, "side": title}
            values[key] = _fields(form, f"side-{sid}-{key}", what)
            if any(not 0 <= f < fields for f in values[key]) or \
                    len(set(values[key])) != len(values[key]):
                raise BadInput(_("%(what)s: each field once, numbered from 0 to %(last)s")
                               % {"what": what, "last": fields - 1}, code="bad_setup")
        colours = len(side["colours"])
        for key in ("starts", "barriers"):
            if len(values[key]) != colours:
                raise BadInput(
                    _("the %(side)s side has %(count)s colours: one start field and one barrier "
                      "field for each") % {"side": title, "count": colours}, code="bad_setup")
        both = set(values["starts"]) & set(values["barriers"])
        if both:
            raise BadInput(_("on the %(side)s side field %(field)s cannot be a start field and "
                             "a barrier field") % {"side": title, "field": min(both)},
                           code="bad_setup")
        for start, barrier in zip(values["starts"], values["barriers"], strict=True):
            lap = (barrier - start) % fields + 1
            if lap < fields // 2:
                raise BadInput(
                    _("the board cannot be played: on the %(side)s side the way from start "
                      "field %(start)s to barrier %(barrier)s is %(lap)s fields, less than half "
                      "the board") % {"side": title, "start": start, "barrier": barrier,
                                      "lap": lap}, code="bad_setup")
        sides.append({**side, "fields": fields, **values})
    cards = []
    for card in base["cards"]:
        token = card["token"]
        label = card_label(token)
        new = dict(card)
        for key, key_name in CARD_NUMBERS.items():
            if key not in card or (key == "back" and card["effect"] != "forward_or_back"):
                continue
            if key == "steps" and not card["steps"]:
                continue
            low = 1 if key in ("steps", "back", "copies", "cost") else 0
            new[key] = _number(form, f"card-{token}-{key}",
                               f"{label}: {key_name}", low, 50)
        new["symbols"] = [s for s in SYMBOLS if form.get(f"card-{token}-{s}") == "on"]
        cards.append(new)
    neutral = sum(c["copies"] for c in cards if c["deck"] == "neutral")
    if neutral != NEUTRAL_CARDS:
        raise BadInput(
            _("the neutral cards add up to %(count)s: with the %(start)s start cards the box "
              "holds %(box)s cards, so there are %(neutral)s neutral cards")
            % {"count": neutral, "start": START_CARDS, "box": BOX_CARDS,
               "neutral": NEUTRAL_CARDS}, code="bad_setup")
    setup = {"sides": sides, "cards": cards}
    check(setup)
    return setup


def check(setup: Mapping[str, Any]) -> None:
    """The engine's own checks of a set-up (the rulebook's totals, the board's geometry):
    BadInput with its reason."""
    try:
        from_setup(setup)
    except DataError as exc:
        raise BadInput(_("this set-up cannot be played: %(reason)s") % {"reason": exc},
                       code="bad_setup") from exc


# --- export and import ---------------------------------------------------------------------


def export(row: HitSetup) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "name": row.name,
            "checked_by": row.created_by, "setup": _body(row.data)}


def read_export(raw: bytes) -> tuple[str, str, dict[str, Any]]:
    """An exported set-up file → (name, checked by, set-up); BadInput naming what is wrong."""
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadInput(_("the file is not a set-up exported by this app (not JSON)"),
                       code="bad_setup") from exc
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or \
            not isinstance(doc.get("setup"), dict):
        raise BadInput(_("the file is not a set-up exported by this app"), code="bad_setup")
    name = str(doc.get("name") or "").strip()[:60] or _("Imported set-up")
    checked_by = str(doc.get("checked_by") or "").strip()[:40]
    setup = doc["setup"]
    if set(setup) != {"sides", "cards"}:
        raise BadInput(_("the file is not a set-up exported by this app"), code="bad_setup")
    check(setup)
    return name, checked_by, _body(setup)
