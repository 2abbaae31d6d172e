"""Every game's presenter has the same shape (issue #32): in the game's folder
(``companion/games/<game>/``, issue #40) the presenter class in ``presenter.py``, its board in
``board.py``, its entry in ``entry.py`` and the words of its plays in ``words.py``; none of these
parts imports the presenter (they sit below it), and the presenter module holds the class, not
the board or the entry."""

from __future__ import annotations

from companion import games

from .test_import_cycles import import_graph, module_files

PARTS = ("board", "entry", "words")
#: the most lines a presenter module holds once its board and entry are parts of their own
#: (DOG 260, HIT 284, Life is Life 241 when this was written; HIT's was 918 before)
PRESENTER_LINES = 400


def _own_presenters() -> list[str]:
    return [e.name for e in games.entries()
            if games.module_exists(f"{games.__name__}.{e.name}.presenter")]


def test_every_own_presenter_has_its_board_entry_and_words():
    own = _own_presenters()
    assert {"dog", "hit", "lifeislife"} <= set(own)
    files = module_files()
    for game in own:
        for part in PARTS:
            assert f"{games.__name__}.{game}.{part}" in files, (game, part)
        lines = files[f"{games.__name__}.{game}.presenter"].read_text(encoding="utf-8").count("\n")
        assert lines <= PRESENTER_LINES, (game, lines)


def test_no_part_imports_its_presenter():
    graph = import_graph()
    for game in _own_presenters():
        presenter = f"{games.__name__}.{game}.presenter"
        parts = [f"{games.__name__}.{game}.{part}" for part in PARTS]
        assert parts, game
        for part in parts:
            assert presenter not in graph[part], f"{part} imports {presenter}"
