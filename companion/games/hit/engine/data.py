"""HIT's data files: the material, the two board sides and the card list, loaded and validated.

The rulebook's text gives the material list, the turn, the symbols and every card's effect,
but not what only the pictures show: the board's fields, start, barrier and corner fields, and
each neutral card's cost and number of copies. Those values live in `data/board.toml` and
`data/cards.toml`, written ``{ value = ..., verified = false }``; the engine uses them and lists
them in `HitData.unverified` (the web app shows "board/card data unverified — edit <file>").
docs/hit-data.md tells an owner of the game how to correct them.

`load()` checks every count against the rulebook's totals (16 figures, 40 coins = 26 × 1 +
14 × 5, 55 cards = 4 × 6 start cards + 31 neutral cards) and the board's geometry; a file that
breaks a check raises `DataError` naming the file and the key.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

DATA_DIR: Final = Path(__file__).resolve().parent / "data"
BOARD_FILE: Final = DATA_DIR / "board.toml"
CARDS_FILE: Final = DATA_DIR / "cards.toml"

#: card effects the engine knows (cards.toml `effect`)
EFFECTS: Final = ("coins", "out_or_move", "upto", "move", "forward_or_back", "split",
                  "free_corner", "corners", "next_barrier", "next_start", "hunt", "behind",
                  "jump_groups")
#: effects that need a number of steps (fields, corners or groups) > 0
EFFECTS_WITH_STEPS: Final = frozenset({"out_or_move", "upto", "move", "forward_or_back",
                                       "split", "corners", "jump_groups"})
#: the card symbols ("Übersicht aller Symbole")
SYMBOLS: Final = ("no_hit", "shield", "shield_breaker", "no_goal_entry")


class DataError(ValueError):
    """A data file is missing, malformed, or breaks one of the rulebook's counts."""


@dataclass(frozen=True, slots=True)
class Material:
    colours: tuple[str, ...]
    figures_per_colour: int
    coins_1: int
    coins_5: int
    cards: int
    start_cards_per_colour: int
    neutral_cards: int
    start_coins: int
    market: int
    hand: int
    discard_to_come_out: int
    goal_fields: int
    goal_fields_four_players: int
    figures_four_players: int


@dataclass(frozen=True, slots=True)
class Side:
    """One side of the board: fields 0..fields-1 in the direction of play."""

    id: str
    players: tuple[int, ...]
    fields: int
    #: per segment (in order around the board): its colour (index into Material.colours),
    #: start field and barrier field
    colours: tuple[int, ...]
    starts: tuple[int, ...]
    barriers: tuple[int, ...]
    corners: tuple[int, ...]
    #: number of players → the segment of each seat, seat 0 first
    seats: dict[int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class CardData:
    token: str
    deck: str  # "start" | "neutral"
    name: str
    effect: str
    steps: int
    back: int
    coins: int
    symbols: frozenset[str]
    copies: int  # neutral: copies in the stack; start: 1 per colour
    cost: int | None  # neutral only


@dataclass(frozen=True, slots=True)
class HitData:
    material: Material
    sides: tuple[Side, ...]
    cards: tuple[CardData, ...]
    #: (file name, item) of every value the rulebook's text does not give
    unverified: tuple[tuple[str, str], ...]
    board_file: Path
    cards_file: Path
    #: "" for the shipped files; else a digest of the set-up (`from_setup`) that made it
    key: str = ""
    #: a set-up's name and who checked it against the box (for people; not in `key`)
    name: str = ""
    checked_by: str = ""

    def side_for(self, players: int) -> Side:
        for side in self.sides:
            if players in side.players:
                return side
        raise DataError(f"no board side serves {players} players")


class _Reader:
    """Reads values of one file, remembering which are marked unverified."""

    def tables(self, name: str, key: str) -> Iterator[tuple[dict[str, Any], str, str]]:
        """The file's [[name]] tables (at least one): each with the name the messages give it
        ("side 2-4") and its `key` (a string)."""
        raw = self.doc.get(name)
        if not isinstance(raw, list) or not raw:
            raise self.fail(name, f"no [[{name}]] tables")
        for i, t in enumerate(raw):
            value = self.str(t, key, f"{name}[{i}]")
            yield t, f"{name} {value}", value

    def __init__(self, doc: dict[str, Any], name: str) -> None:
        self.name = name
        self.doc = doc
        self.unverified: list[tuple[str, str]] = []

    @classmethod
    def read(cls, path: Path) -> _Reader:
        try:
            with path.open("rb") as fh:
                doc = tomllib.load(fh)
        except OSError as exc:
            raise DataError(f"{path}: cannot read ({exc.strerror})") from exc
        except tomllib.TOMLDecodeError as exc:
            raise DataError(f"{path}: not valid TOML: {exc}") from exc
        return cls(doc, path.name)

    def fail(self, where: str, msg: str) -> DataError:
        return DataError(f"{self.name}: {where}: {msg}")

    def value(self, table: dict[str, Any], key: str, where: str, default: Any = ...) -> Any:
        if key not in table:
            if default is ...:
                raise self.fail(where, f"'{key}' is missing")
            return default
        raw = table[key]
        if isinstance(raw, dict) and "value" in raw:
            extra = set(raw) - {"value", "verified"}
            if extra:
                raise self.fail(f"{where}.{key}", f"unknown keys {sorted(extra)}")
            verified = raw.get("verified", True)
            if not isinstance(verified, bool):
                raise self.fail(f"{where}.{key}", "'verified' must be true or false")
            if not verified:
                self.unverified.append((self.name, f"{where}.{key}"))
            return raw["value"]
        return raw

    def int(self, table: dict[str, Any], key: str, where: str, lo: int = 0,
            hi: int = 10**6, default: Any = ...) -> int:
        v = self.value(table, key, where, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.fail(f"{where}.{key}", f"must be an integer from {lo} to {hi}, not {v!r}")
        return v

    def ints(self, table: dict[str, Any], key: str, where: str) -> tuple[int, ...]:
        v = self.value(table, key, where)
        if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool)
                                              for x in v):
            raise self.fail(f"{where}.{key}", f"must be a list of integers, not {v!r}")
        return tuple(v)

    def str(self, table: dict[str, Any], key: str, where: str, default: Any = ...) -> str:
        v = self.value(table, key, where, default)
        if not isinstance(v, str) or not v:
            raise self.fail(f"{where}.{key}", f"must be a text, not {v!r}")
        return v


def _material(r: _Reader) -> Material:
    t = r.doc.get("material")
    if not isinstance(t, dict):
        raise r.fail("material", "the [material] table is missing")
    w = "material"
    colours = r.value(t, "colours", w)
    if not isinstance(colours, list) or not all(isinstance(c, str) and c for c in colours):
        raise r.fail("material.colours", "must be a list of colour names")
    m = Material(
        colours=tuple(colours),
        figures_per_colour=r.int(t, "figures_per_colour", w, 1, 8),
        coins_1=r.int(t, "coins_1", w),
        coins_5=r.int(t, "coins_5", w),
        cards=r.int(t, "cards", w),
        start_cards_per_colour=r.int(t, "start_cards_per_colour", w, 1, 20),
        neutral_cards=r.int(t, "neutral_cards", w, 1, 500),
        start_coins=sum(r.ints(t, "start_coins", w)),
        market=r.int(t, "market", w, 1, 20),
        hand=r.int(t, "hand", w, 1, 10),
        discard_to_come_out=r.int(t, "discard_to_come_out", w, 1, 10),
        goal_fields=r.int(t, "goal_fields", w, 1, 8),
        goal_fields_four_players=r.int(t, "goal_fields_four_players", w, 1, 8),
        figures_four_players=r.int(t, "figures_four_players", w, 1, 8),
    )
    # the rulebook's material list ("Spielmaterial")
    coins = r.int(t, "coins", w)
    if m.coins_1 + m.coins_5 != coins:
        raise r.fail(w, f"coins_1 + coins_5 = {m.coins_1 + m.coins_5}, but coins = {coins}")
    if len(m.colours) * m.figures_per_colour != 16:
        raise r.fail(w, f"{len(m.colours)} colours × {m.figures_per_colour} figures is not the "
                        "rulebook's 16 figures")
    if (coins, m.coins_1, m.coins_5) != (40, 26, 14):
        raise r.fail(w, "the rulebook's coins are 40 = 26 × 1 + 14 × 5")
    if len(m.colours) * m.start_cards_per_colour + m.neutral_cards != m.cards:
        raise r.fail(w, "colours × start_cards_per_colour + neutral_cards must be cards")
    if (m.cards, m.start_cards_per_colour, m.neutral_cards) != (55, 6, 31):
        raise r.fail(w, "the rulebook's cards are 55 = 4 × 6 start cards + 31 neutral cards")
    if m.goal_fields != m.figures_per_colour or \
            m.goal_fields_four_players != m.figures_four_players:
        raise r.fail(w, "there is a goal field for each figure in play")
    return m


def _sides(r: _Reader, material: Material) -> tuple[Side, ...]:
    sides = []
    served: set[int] = set()
    for t, w, sid in r.tables("side", "id"):
        players = r.ints(t, "players", w)
        n = r.int(t, "fields", w, 8, 400)
        colours = r.ints(t, "colours", w)
        starts = r.ints(t, "starts", w)
        barriers = r.ints(t, "barriers", w)
        corners = r.ints(t, "corners", w)
        segs = len(colours)
        if not 2 <= segs <= len(material.colours) or len(set(colours)) != segs or \
                not all(0 <= c < len(material.colours) for c in colours):
            raise r.fail(f"{w}.colours", "distinct colour indices into material.colours")
        for key, fields in (("starts", starts), ("barriers", barriers), ("corners", corners)):
            if not all(0 <= f < n for f in fields) or len(set(fields)) != len(fields):
                raise r.fail(f"{w}.{key}", f"distinct fields from 0 to {n - 1}")
        if len(starts) != segs or len(barriers) != segs:
            raise r.fail(w, "one start field and one barrier field per colour")
        if set(starts) & set(barriers):
            raise r.fail(w, "a field cannot be a start field and a barrier field")
        for c in range(segs):
            # each lap runs from the start field to the barrier: no other colour's start field
            # may lie inside it twice, and the laps must all have room for the figures
            lap = (barriers[c] - starts[c]) % n + 1
            if lap < n // 2:
                raise r.fail(w, f"colour {c}: the lap from start {starts[c]} to barrier "
                                f"{barriers[c]} is shorter than half the board")
        raw_seats = t.get("seats")
        if not isinstance(raw_seats, dict):
            raise r.fail(f"{w}.seats", "a table: number of players → segment per seat")
        seats: dict[int, tuple[int, ...]] = {}
        for key in raw_seats:
            if not key.isdigit() or int(key) not in players:
                raise r.fail(f"{w}.seats", f"{key!r} is not one of the side's players {players}")
            seg = r.ints(raw_seats, key, f"{w}.seats")
            if len(seg) != int(key) or len(set(seg)) != len(seg) or \
                    not all(0 <= x < segs for x in seg):
                raise r.fail(f"{w}.seats.{key}", f"{key} distinct segments from 0 to {segs - 1}")
            seats[int(key)] = seg
        for p in players:
            if p not in seats:
                raise r.fail(f"{w}.seats", f"the seats for {p} players are missing")
            if p in served:
                raise r.fail(w, f"two sides serve {p} players")
            served.add(p)
        sides.append(Side(sid, players, n, colours, starts, barriers, tuple(sorted(corners)),
                          seats))
    if served != {2, 3, 4}:
        raise r.fail("side", f"the sides must serve 2, 3 and 4 players, not {sorted(served)}")
    return tuple(sides)


def _cards(r: _Reader, material: Material) -> tuple[CardData, ...]:
    cards = []
    tokens: set[str] = set()
    for t, w, token in r.tables("card", "token"):
        if token != token.lower() or any(ch in token for ch in " ,;:/*?=") or \
                token in tokens or (token[0] in "twgTWG" and token[1:].isdigit()):
            raise r.fail(w, "a token is unique, lowercase, without spaces or , ; : / * ? = "
                            "and not a field name")
        tokens.add(token)
        deck = r.str(t, "deck", w)
        if deck not in ("start", "neutral"):
            raise r.fail(f"{w}.deck", "'start' or 'neutral'")
        effect = r.str(t, "effect", w)
        if effect not in EFFECTS:
            raise r.fail(f"{w}.effect", f"one of {', '.join(EFFECTS)}")
        steps = r.int(t, "steps", w, 0, 50, default=0)
        if (steps > 0) != (effect in EFFECTS_WITH_STEPS):
            raise r.fail(f"{w}.steps", f"effect {effect} "
                         + ("needs steps > 0" if effect in EFFECTS_WITH_STEPS else "takes none"))
        back = r.int(t, "back", w, 0, 50, default=0)
        if (back > 0) != (effect == "forward_or_back"):
            raise r.fail(f"{w}.back", "only forward_or_back moves back, by at least 1")
        symbols = r.value(t, "symbols", w, default=[])
        if not isinstance(symbols, list) or not all(s in SYMBOLS for s in symbols):
            raise r.fail(f"{w}.symbols", f"a list of {', '.join(SYMBOLS)}")
        coins = r.int(t, "coins", w, 0, 50, default=0)
        if effect == "coins" and (coins == 0 or set(symbols) - {"shield"}):
            raise r.fail(w, "a coin card gives coins and has at most a shield")
        if deck == "neutral":
            copies = r.int(t, "copies", w, 1, 50)
            cost = r.int(t, "cost", w, 1, 50)
        else:
            if "copies" in t or "cost" in t:
                raise r.fail(w, "a start card is one per colour and is never bought")
            copies, cost = 1, None
        cards.append(CardData(token, deck, r.str(t, "name", w), effect, steps, back, coins,
                              frozenset(symbols), copies, cost))
    start = [c for c in cards if c.deck == "start"]
    neutral = sum(c.copies for c in cards if c.deck == "neutral")
    if len(start) != material.start_cards_per_colour:
        raise r.fail("card", f"{len(start)} start cards; the rulebook gives "
                             f"{material.start_cards_per_colour} per colour")
    if not any(c.effect == "out_or_move" for c in start):
        raise r.fail("card", "the start deck brings figures out (the 1 and the 6)")
    if neutral != material.neutral_cards:
        raise r.fail("card", f"the neutral cards' copies add up to {neutral}; the rulebook "
                             f"gives {material.neutral_cards}")
    return tuple(cards)


def load(board_file: Path = BOARD_FILE, cards_file: Path = CARDS_FILE) -> HitData:
    """Read and validate both files; raises `DataError`."""
    br = _Reader.read(Path(board_file))
    material = _material(br)
    sides = _sides(br, material)
    cr = _Reader.read(Path(cards_file))
    cards = _cards(cr, material)
    return HitData(material, sides, cards, tuple(br.unverified + cr.unverified),
                   Path(board_file), Path(cards_file))


#: the data the engine runs on when a game names no set-up (the shipped files), loaded once
DATA: Final = load()

# -- set-ups: the values a host checked against the box ------------------------------------------

#: what a set-up may give per side and per card (the rest is the rulebook's, fixed)
SIDE_KEYS: Final = ("id", "players", "fields", "colours", "starts", "barriers", "corners", "seats")
CARD_KEYS: Final = ("token", "deck", "name", "effect", "steps", "back", "coins", "symbols",
                    "copies", "cost")
SETUP_KEYS: Final = frozenset({"sides", "cards", "name", "checked_by"})


def setup_of(data: HitData) -> dict[str, Any]:
    """The board sides and the card list of `data` as a set-up (JSON-ready, plain values);
    `from_setup` reads it back."""
    sides = [{"id": s.id, "players": list(s.players), "fields": s.fields,
              "colours": list(s.colours), "starts": list(s.starts),
              "barriers": list(s.barriers), "corners": list(s.corners),
              "seats": {str(k): list(v) for k, v in sorted(s.seats.items())}}
             for s in data.sides]
    cards = []
    for c in data.cards:
        card: dict[str, Any] = {"token": c.token, "deck": c.deck, "name": c.name,
                                "effect": c.effect, "steps": c.steps, "back": c.back,
                                "coins": c.coins, "symbols": sorted(c.symbols)}
        if c.deck == "neutral":
            card["copies"], card["cost"] = c.copies, c.cost
        cards.append(card)
    out: dict[str, Any] = {"sides": sides, "cards": cards}
    if data.name:
        out["name"] = data.name
    if data.checked_by:
        out["checked_by"] = data.checked_by
    return out


_SETUPS: dict[tuple[str, str, str], HitData] = {}


def setup_key(setup: Mapping[str, Any]) -> str:
    """A digest of a set-up's sides and cards (the same values give the same key)."""
    body = {"sides": setup.get("sides"), "cards": setup.get("cards")}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def from_setup(setup: Mapping[str, Any]) -> HitData:
    """The data of a set-up (`setup_of`'s form: "sides" and "cards", optionally its "name" and
    who checked it): the material stays the rulebook's; the sides and the cards are checked as
    the files are, and the cards must be the box's kinds (the same tokens, decks and effects in
    the same order: only their values are corrected). Raises `DataError`; read once per key."""
    if not isinstance(setup, Mapping):
        raise DataError("set-up: a set-up is an object with \"sides\" and \"cards\"")
    extra = set(setup) - SETUP_KEYS
    if extra:
        raise DataError(f"set-up: unknown keys {sorted(extra)}")
    key = setup_key(setup)
    name, checked_by = setup.get("name") or "", setup.get("checked_by") or ""
    if not isinstance(name, str) or not isinstance(checked_by, str):
        raise DataError("set-up: \"name\" and \"checked_by\" are texts")
    label = (key, name, checked_by)
    if label in _SETUPS:
        return _SETUPS[label]
    sides, cards = setup.get("sides"), setup.get("cards")
    if not isinstance(sides, list) or not isinstance(cards, list):
        raise DataError("set-up: \"sides\" and \"cards\" are lists")
    for what, items, keys in (("side", sides, SIDE_KEYS), ("card", cards, CARD_KEYS)):
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise DataError(f"set-up: {what} {i + 1} is not an object")
            unknown = set(item) - set(keys)
            if unknown:
                raise DataError(f"set-up: {what} {i + 1}: unknown keys {sorted(unknown)}")
    br = _Reader({"material": _MATERIAL_DOC, "side": sides}, "board")
    material = _material(br)
    read_sides = _sides(br, material)
    cr = _Reader({"card": [_card_doc(c) for c in cards]}, "cards")
    read_cards = _cards(cr, material)
    shape = [(c.token, c.deck, c.effect) for c in DATA.cards]
    if [(c.token, c.deck, c.effect) for c in read_cards] != shape:
        raise DataError("cards: the set-up lists the box's cards: "
                        + ", ".join(t for t, _d, _e in shape) + " (in this order)")
    if [s.id for s in read_sides] != [s.id for s in DATA.sides] or \
            [s.seats for s in read_sides] != [s.seats for s in DATA.sides] or \
            [s.colours for s in read_sides] != [s.colours for s in DATA.sides]:
        raise DataError("board: the sides, their colours and seats are the box's")
    data = HitData(material, read_sides, read_cards, (), DATA.board_file, DATA.cards_file,
                   key, name, checked_by)
    if len(_SETUPS) > 256:
        _SETUPS.clear()
    _SETUPS[label] = data
    return data


#: the rulebook's material list as board.toml writes it (a set-up does not change it)
_MATERIAL_DOC: Final = tomllib.loads(BOARD_FILE.read_text(encoding="utf-8"))["material"]


def _card_doc(card: dict[str, Any]) -> dict[str, Any]:
    """A set-up's card as the reader takes it: a start card has neither copies nor cost."""
    doc = {k: v for k, v in card.items() if v is not None}
    if doc.get("deck") == "start":
        doc.pop("copies", None)
        doc.pop("cost", None)
    return doc


__all__ = ["BOARD_FILE", "CARDS_FILE", "DATA", "DATA_DIR", "EFFECTS", "SYMBOLS", "CardData",
           "DataError", "HitData", "Material", "Side", "from_setup", "load", "setup_key",
           "setup_of"]
