"""The data files: loaded and validated against the rulebook's counts; the values the text
does not give are marked unverified and reported; a broken file is refused with its key."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from companion.games.hit.engine import DATA, DataError, load
from companion.games.hit.engine.data import BOARD_FILE, CARDS_FILE

from .helpers import hit


def test_the_material_list() -> None:
    m = DATA.material
    assert len(m.colours) * m.figures_per_colour == 16
    assert (m.coins_1, m.coins_5, m.coins_1 + 5 * m.coins_5) == (26, 14, 96)
    assert m.start_coins == 6 and m.market == 5 and m.hand == 3
    start = [c for c in DATA.cards if c.deck == "start"]
    neutral = [c for c in DATA.cards if c.deck == "neutral"]
    assert len(start) == 6 and sum(c.copies for c in neutral) == 31
    assert 4 * len(start) + sum(c.copies for c in neutral) == 55
    assert all(c.cost is None for c in start) and all(c.cost for c in neutral)


def test_the_effects_the_text_gives() -> None:
    by = {c.token: c for c in DATA.cards}
    assert (by["s3"].steps, by["s3"].coins, by["s3"].symbols) == (3, 2, {"shield"})
    assert (by["scorner"].effect, by["scorner"].coins) == ("free_corner", 1)
    assert by["s1-5"].symbols == {"no_hit"} and by["11"].symbols == {"no_hit"}
    assert by["4"].symbols == {"shield"} and by["coins3"].symbols == {"shield"}
    assert by["6"].symbols == {"shield_breaker"} and by["3back"].symbols == {"shield_breaker"}
    assert by["behind"].symbols == by["jump"].symbols == {"no_goal_entry"}
    assert by["split10"].symbols == {"no_hit"} and by["split10"].steps == 10
    assert [by[t].coins for t in ("5", "6", "7", "8")] == [2, 1, 2, 2]
    assert (by["coins3"].coins, by["coins5"].coins, by["scoins"].coins) == (3, 5, 3)


def test_every_unverified_value_is_reported() -> None:
    items = hit.data_unverified()
    files = {i["file"] for i in items}
    assert files == {"companion/games/hit/engine/data/board.toml",
                     "companion/games/hit/engine/data/cards.toml"}
    marked = sum(line.count("verified = false") for p in (BOARD_FILE, CARDS_FILE)
                 for line in p.read_text(encoding="utf-8").splitlines()
                 if not line.lstrip().startswith("#"))
    assert len(items) == marked
    names = {i["item"] for i in items}
    assert {"side 2-4.fields", "side 2-4.corners", "side 3.starts", "card hunt.cost",
            "card jump.copies"} <= names
    start = {f"card {c.token}" for c in DATA.cards if c.deck == "start"}
    assert not any(i.split(".")[0] in start for i in names)  # the text gives the start deck


def copy_files(tmp_path: Path) -> tuple[Path, Path]:
    board, cards = tmp_path / "board.toml", tmp_path / "cards.toml"
    shutil.copy(BOARD_FILE, board)
    shutil.copy(CARDS_FILE, cards)
    return board, cards


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def test_a_corrected_value_is_verified(tmp_path: Path) -> None:
    board, cards = copy_files(tmp_path)
    edit(cards, 'cost = { value = 6, verified = false }', "cost = 7")
    data = load(board, cards)
    assert len(data.unverified) == len(DATA.unverified) - 1
    assert [c.cost for c in data.cards if c.token == "split10"] == [7]


@pytest.mark.parametrize("which, old, new, message", [
    ("cards", "copies = { value = 1, verified = false }", "copies = 2", "add up to 32"),
    ("cards", 'token = "hunt"', 'token = "jump"', "unique"),
    ("cards", 'effect = "hunt"', 'effect = "fly"', "effect"),
    ("cards", 'symbols = ["no_hit"]', 'symbols = ["glitter"]', "symbols"),
    ("cards", 'name = "3 coins"\neffect = "coins"\ncoins = 3',
     'name = "3 coins"\neffect = "coins"\ncoins = 3\ncost = 2', "never bought"),
    ("cards", 'steps = 5\nsymbols = ["no_hit"]', 'steps = 0\nsymbols = ["no_hit"]', "steps"),
    ("board", "coins_1 = 26", "coins_1 = 25", "coins"),
    ("board", "figures_per_colour = 4", "figures_per_colour = 5", "16 figures"),
    ("board", "neutral_cards = 31", "neutral_cards = 30", "cards"),
    ("board", "starts = { value = [0, 12, 24, 36], verified = false }",
     "starts = { value = [0, 12, 24, 24], verified = false }", "distinct"),
    ("board", "barriers = { value = [47, 11, 23, 35], verified = false }",
     "barriers = { value = [5, 11, 23, 35], verified = false }", "shorter than half"),
    ("board", '"2" = { value = [0, 2], verified = false }', '"2" = [0]', "distinct segments"),
    ("board", 'players = [3]', 'players = [3, 4]', "the seats for 4 players are missing"),
    ("board", "fields = { value = 48", "fields = { value = 48, verified = 1", "verified"),
    ("board", "[material]", "[materials]", "material"),
])
def test_broken_files_are_refused(tmp_path: Path, which: str, old: str, new: str,
                                  message: str) -> None:
    board, cards = copy_files(tmp_path)
    edit(board if which == "board" else cards, old, new)
    with pytest.raises(DataError, match=re.escape(message)):
        load(board, cards)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        load(tmp_path / "nope.toml", CARDS_FILE)
    bad = tmp_path / "bad.toml"
    bad.write_text("[material\n", encoding="utf-8")
    with pytest.raises(DataError, match="TOML"):
        load(bad, CARDS_FILE)
