"""Which HTTP requests are a table's live moves (companion/core/admission.py serves them first).

Urgent: what a player at a table in play is waiting for — a play, a hand entered, an undo, a
correction, a check, a hint, and the JSON read of one table. Everything else (creating or
joining a table, pages, the rules, static files) waits behind them when the process is busy.
"""

from __future__ import annotations

import re
from typing import Any

_LIVE_WRITE = re.compile(
    r"^/(?:api/tables|t)/[^/]+/(?:plays|play|check|undo|hand|correct|corrections|hints?|compose/[^/]+)$"
)
_LIVE_READ = re.compile(r"^/api/tables/[^/]+$")


def is_urgent(scope: dict[str, Any]) -> bool:
    """True for a request of a table in play (by method and path; the view checks the rest)."""
    method, path = scope.get("method", ""), scope.get("path", "")
    if method in ("POST", "PUT"):
        return bool(_LIVE_WRITE.match(path))
    return method == "GET" and bool(_LIVE_READ.match(path))
