"""The rooms of companion/tables/ and the one direction between them (docs/adding-a-game.md,
ARCHITECTURE.md): a room may import the rooms below it and the app's foundation (models,
errors, tokens), never a room above it or beside it. Function-level imports count too."""

import ast
from pathlib import Path

TABLES = Path(__file__).resolve().parents[2] / "companion" / "tables"

#: each room and the rooms it may use (the foundation modules are open to every room)
ALLOWED = {
    "presenters": set(),
    "play": {"presenters"},
    "records": {"play", "presenters"},
    "coach": {"play", "presenters"},
    "pages": {"records", "coach", "play", "presenters"},
    "live": {"pages", "coach", "play", "presenters"},
    "api": {"records", "play", "presenters"},
}
FOUNDATION = {"models", "errors", "tokens"}


def _imported_rooms(path: Path) -> set[str]:
    rooms: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            parts = node.module.split(".")
            if parts[:2] == ["companion", "tables"]:
                if len(parts) > 2:
                    rooms.add(parts[2])
                else:
                    rooms.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level:
            assert node.level == 1, f"{path}: a relative import leaves its room"
    return rooms


def test_every_module_of_tables_lives_in_a_room():
    loose = {p.stem for p in TABLES.glob("*.py")} - FOUNDATION
    loose -= {"__init__", "apps", "admin", "urls"}
    assert not loose, f"modules outside the rooms: {sorted(loose)}"
    assert set(ALLOWED) <= {p.name for p in TABLES.iterdir() if p.is_dir()}


def test_rooms_depend_one_way():
    wrong = []
    for room, allowed in ALLOWED.items():
        for path in (TABLES / room).rglob("*.py"):
            for used in _imported_rooms(path) - FOUNDATION - {room} - allowed:
                wrong.append(f"{path.relative_to(TABLES)} imports {used}")
    assert not wrong, wrong
