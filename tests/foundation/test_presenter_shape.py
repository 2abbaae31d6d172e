"""Every game's presenter has the same shape (issue #32): the presenter class in
``presenters/<game>.py``, its board in ``<game>_board.py``, its entry in ``<game>_entry.py`` and
the words of its plays in ``<game>_words.py``; none of these parts imports the presenter (they
sit below it), and the presenter module holds the class, not the board or the entry."""

from __future__ import annotations

from importlib.util import find_spec

from companion import games

from .test_import_cycles import import_graph, module_files

PRESENTERS = "companion.tables.presenters"
PARTS = ("board", "entry", "words")
#: the most lines a presenter module holds once its board and entry are parts of their own
#: (DOG 260, HIT 284, Life is Life 241 when this was written; HIT's was 918 before)
PRESENTER_LINES = 400


def _own_presenters() -> list[str]:
    return [e.name for e in games.entries() if find_spec(f"{PRESENTERS}.{e.name}") is not None]


def test_every_own_presenter_has_its_board_entry_and_words():
    own = _own_presenters()
    assert {"dog", "hit", "lifeislife"} <= set(own)
    files = module_files()
    for game in own:
        for part in PARTS:
            assert f"{PRESENTERS}.{game}_{part}" in files, (game, part)
        lines = files[f"{PRESENTERS}.{game}"].read_text(encoding="utf-8").count("\n")
        assert lines <= PRESENTER_LINES, (game, lines)


def test_no_part_imports_its_presenter():
    graph = import_graph()
    for game in _own_presenters():
        presenter = f"{PRESENTERS}.{game}"
        parts = [m for m in graph if m.startswith(f"{presenter}_")]
        assert parts, game
        for part in parts:
            assert presenter not in graph[part], f"{part} imports {presenter}"
