"""What a phone does with the live messages (docs/tables.md, "Live updates"), in Python: the
JSON client's state and the page's fragments, kept from a full view and the deltas after it.
Each raises `Gap` where the phone would ask for a full resync."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from companion.tables.live import pushes as live

MARK = re.compile(r"<!--live:(\w+)-->")
SEQ_MARK = re.compile(r"<!--live-seq:(\d+)-->")


class Gap(Exception):
    """The delta does not start at the seq the phone has: it asks for a full resync."""


def apply_json(state: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """The JSON client's state after ``message`` (a ``state`` or a ``delta``)."""
    if message["type"] == "state":
        return {k: v for k, v in message.items() if k != "type"}
    assert message["type"] == "delta", message
    if state is None or state["seq"] != message["base"]:
        raise Gap(f"have #{state and state['seq']}, the delta starts at #{message['base']}")
    new = copy.deepcopy(state)
    for key, value in message.items():
        if key not in ("type", "base", "history", "history_flags"):
            new[key] = value
    where = {line["seq"]: i for i, line in enumerate(new["history"])}
    for flags in message["history_flags"]:
        new["history"][where[flags["seq"]]].update(
            {k: v for k, v in flags.items() if k != "seq"}
        )
    new["history"].extend(message["history"])
    return new


def split_full(html: str) -> tuple[int, dict[str, str]]:
    """(seq, {fragment name: its text}) of a full push to the page."""
    seq_mark = SEQ_MARK.match(html)
    assert seq_mark, html[:200]
    pieces = MARK.split(html[seq_mark.end():])
    assert pieces[0] == "", pieces[0][:200]
    return int(seq_mark.group(1)), dict(zip(pieces[1::2], pieces[2::2], strict=True))


class Page:
    """The page's live fragments as table.js keeps them."""

    def __init__(self) -> None:
        self.seq: int | None = None
        self.parts: dict[str, str] = {}

    def receive(self, text: str) -> None:
        if text.startswith("<!--live-seq:"):
            self.seq, self.parts = split_full(text)
            return
        if not text.startswith("{"):
            return  # a hint: swapped by htmx, not a state
        message = json.loads(text)
        assert message["type"] == "delta", message
        if self.seq != message["base"]:
            raise Gap(f"have #{self.seq}, the delta starts at #{message['base']}")
        parts = dict(self.parts)
        for name, part in message["parts"].items():
            if isinstance(part, str):
                parts[name] = part
                continue
            if name not in parts:
                raise Gap(f"no text of {name} to edit")
            parts[name] = live.apply(parts[name], part["ops"])
            if live.utf16_length(parts[name]) != part["n"]:
                raise Gap(f"{name} came out with the wrong length")
        self.seq, self.parts = message["seq"], parts
