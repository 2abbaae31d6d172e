"""The engines' behaviour fingerprint (bench/fingerprint.py): the first seeded random games of
every game and configuration still play exactly as recorded in data/fingerprint.json — the
same positions, legal-action lists, views, scores and playouts. A refactoring must keep them;
an intended change of the rules regenerates the file (``bench/fingerprint.py --write``, all
120 games per configuration) and says so in its commit."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from companion.engines import available_games

ROOT = Path(__file__).resolve().parents[2]
SEEDS = 1  # per configuration on every run; the script checks all 120


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("fingerprint", ROOT / "bench" / "fingerprint.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("fingerprint", module)
    spec.loader.exec_module(module)
    return module


FP = _script()
STORED = json.loads(FP.DATA.read_text(encoding="utf-8"))
#: a game without configurations here (a new one) is not fingerprinted until it has some
CASES = [(name, config) for name in available_games() for config in FP.CONFIGS.get(name, ())]


def test_every_game_and_seat_count_is_recorded() -> None:
    assert sorted(STORED) == sorted(FP.CONFIGS)  # a new game: not yet (CASES)
    for name, config in CASES:
        assert len(STORED[name][FP.config_key(config)]) == 120


@pytest.mark.parametrize(("name", "config"), CASES, ids=[f"{n}-{FP.config_key(c)}"
                                                         for n, c in CASES])
def test_the_first_games_play_as_recorded(name: str, config: dict[str, object]) -> None:
    stored = STORED[name][FP.config_key(config)]
    for seed in range(SEEDS):
        assert FP.game_hash(name, config, seed) == stored[seed], (name, config, seed)
