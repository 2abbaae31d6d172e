"""The game registry (companion/games/) is read by every layer, the advisor's search
included, so it sits below them all: it imports nothing of the site and no Django (its texts
are translated when shown), and names code by "module:attribute"."""

import subprocess
import sys
from pathlib import Path

from companion import engines, games
from companion.engines.kit import accel

ROOT = Path(__file__).resolve().parents[2]


def test_the_registry_loads_alone():
    code = (
        "import sys, companion.games; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'celery', "
        "'channels') or (m.startswith('companion.') and m != 'companion.games')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "[]"


def test_every_entry_names_an_engine_and_code_that_loads():
    for entry in games.entries():
        assert entry.name in engines.GAMES, entry.name
        for reference in (entry.presenter, entry.heuristic, entry.explain, entry.review,
                          *(v for v in entry.search.values() if isinstance(v, str))):
            if reference:
                loaded = games.load(reference)
                # a compiled playout is None where the compiled core is not built
                assert loaded is not None or (reference == entry.search.get("playout")
                                              and accel.status()["path"] != "compiled"), \
                    (entry.name, reference)
        if entry.counter:
            assert entry.counter_module().public_count, entry.name
