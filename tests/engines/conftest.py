"""Engine tests are pure Python (no database). Tests marked `slow` run only when asked for
with `-m slow`; the default run keeps to the CI time budget."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "slow" in item.keywords and "tests/engines" in str(item.path).replace("\\", "/"):
            item.add_marker(skip)
