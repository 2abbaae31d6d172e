"""The load benchmark at a small N, as a smoke test: two Daphne processes on one Redis channel
layer, real websocket phones, nothing lost or duplicated (bench/ws_load.py has the figures)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.services import REDIS_URL, require

pytestmark = pytest.mark.production


def load_bench():
    path = Path(__file__).resolve().parents[2] / "bench" / "ws_load.py"
    spec = importlib.util.spec_from_file_location("ws_load", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ws_load"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_small_load_loses_and_duplicates_nothing(capsys):
    require("postgres")
    require("redis")
    stats = load_bench().main(
        ["--tables", "2", "--seconds", "10", "--pace", "0.1", "--redis-url", REDIS_URL]
    )
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1].startswith("tables=2 submit_p95_ms="), out
    assert stats.plays > 20 and stats.refused == 0, out
    assert stats.lost == 0 and stats.duplicated == 0, out
    assert len(stats.fanout) == stats.plays, out  # every accepted play reached all 4 phones
