"""The load benchmark at a small N, as a smoke test: two Daphne processes on one Redis channel
layer, real websocket phones, nothing lost or duplicated (bench/ws_load.py has the figures).
It runs as its own process, exactly as documented."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.services import REDIS_URL, require

pytestmark = pytest.mark.production
ROOT = Path(__file__).resolve().parents[2]


#: a Redis database of its own: every topology empties its database when it starts (an empty
#: channel layer forgets the phones' groups), and on a machine that runs other suites at the
#: same time that cost this test the pushes after it (one per table: the round then stalls)
OWN_DB = 14


def test_small_load_loses_and_duplicates_nothing():
    require("postgres")
    require("redis")
    redis_url = urlparse(REDIS_URL)._replace(path=f"/{OWN_DB}").geturl()
    run = subprocess.run(
        [sys.executable, "bench/ws_load.py", "--tables", "2", "--seconds", "10", "--pace", "0.1",
         "--redis-url", redis_url],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    out = run.stdout + run.stderr
    assert run.returncode == 0, out
    lines = run.stdout.strip().splitlines()
    summary = re.match(
        r"2 tables .*: (\d+) plays .* (\d+) refused, \d+ websocket handshakes tried again$",
        lines[0],
    )
    assert summary, out
    plays, refused = map(int, summary.groups())
    assert plays > 20 and refused == 0, out
    last = re.fullmatch(
        r"tables=2 submit_p95_ms=[\d.]+ fanout_p95_ms=[\d.]+ lost=(\d+) duplicated=(\d+)"
        r" gaps=(\d+)",
        lines[-1],
    )
    assert last and last.groups() == ("0", "0", "0"), out
