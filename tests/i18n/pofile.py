"""A small reader of gettext catalogues (.po): enough for the catalogue tests and the
translation workflow of docs/i18n.md, without a third-party package."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    msgid: str
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)  # one per plural form
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)  # every "#…" line above the entry
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        return (self.msgctxt, self.msgid, self.msgid_plural)

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


def _unquote(text: str) -> str:
    return ast.literal_eval(text) if text.startswith('"') else ""


def read(path: Path) -> list[Entry]:
    """Every entry of a .po file (the header is the entry with msgid "")."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None
    pending_comments: list[str] = []
    pending_flags: set[str] = set()
    values: dict[tuple[str, int], str] = {}

    def finish() -> None:
        nonlocal current, values
        if current is None:
            return
        current.msgctxt = values.get(("msgctxt", 0))
        current.msgid = values.get(("msgid", 0), "")
        current.msgid_plural = values.get(("msgid_plural", 0))
        forms = sorted(i for kind, i in values if kind == "msgstr")
        current.msgstr = [values[("msgstr", i)] for i in forms]
        entries.append(current)
        current, values = None, {}

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            finish()
            continue
        if line.startswith("#"):
            if current is not None and target is not None and not obsolete:
                finish()
            if line.startswith("#,"):
                pending_flags |= {f.strip() for f in line[2:].split(",")}
            pending_comments.append(raw)
            continue
        keyword, _, rest = line.partition(" ")
        starts_entry = keyword == "msgctxt" or ("msgctxt", 0) not in values
        if keyword in ("msgctxt", "msgid") and ("msgid", 0) in values and starts_entry:
            finish()
        if current is None:
            current = Entry("", flags=pending_flags, comments=pending_comments, obsolete=obsolete)
            pending_flags, pending_comments = set(), []
        if keyword.startswith("msgstr["):
            target = ("msgstr", int(keyword[7:-1]))
            values[target] = _unquote(rest)
        elif keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            target = (keyword, 0)
            values[target] = _unquote(rest)
        elif line.startswith('"') and target is not None:
            values[target] = values.get(target, "") + _unquote(line)
    finish()
    return entries


def messages(path: Path) -> list[Entry]:
    """The entries that count: not the header, not obsolete."""
    return [e for e in read(path) if e.msgid and not e.obsolete]
