"""The test suite's outside checkers (``make install-test`` installs them with npm into
``tests/tools/node_modules``): the W3C Nu HTML checker (``vnu-jar``, run on Java) and axe-core
(injected into the browser's pages).

Locally a missing tool skips its tests; in CI (``CI`` set) it fails them: .ci/run installs
Java and npm and ``make install-test`` the tools, so a skip there would hide a broken page.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent
VNU_JAR = TOOLS / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
AXE_JS = TOOLS / "node_modules" / "axe-core" / "axe.min.js"
#: htmx's own attributes (hx-get, hx-on:click, ws-send, sse-swap…) are not HTML's: the only
#: errors the checks let through
HTMX_ATTRIBUTE = re.compile(r"[Aa]ttribute “(hx|ws|sse)-[^”]*”")


def _missing(what: str) -> None:
    message = f"{what} is not installed (make install-test installs it with npm)"
    if os.environ.get("CI"):
        pytest.fail(f"{message}; CI must run the checkers (.ci/run)")
    pytest.skip(message)


def require_vnu() -> list[str]:
    """The command that runs the Nu checker, or skip/fail when Java or the jar is missing."""
    java = shutil.which("java")
    if java is None:
        _missing("Java (for the Nu HTML checker)")
    if not VNU_JAR.exists():
        _missing("The Nu HTML checker (vnu-jar)")
    return [str(java), "-jar", str(VNU_JAR)]


def require_axe() -> Path:
    """axe-core's script, or skip/fail when it is missing."""
    if not AXE_JS.exists():
        _missing("axe-core")
    return AXE_JS


@dataclass(frozen=True)
class Problem:
    document: str
    line: int
    message: str
    extract: str

    def __str__(self) -> str:
        extract = " ".join(self.extract.split())
        return f"{self.document}:{self.line}: {self.message}\n    … {extract} …"


def wrapped(fragment: str, title: str, lang: str = "en") -> str:
    """An htmx fragment inside the smallest valid document, to check it on its own."""
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{title}</title></head><body>\n{fragment}\n</body></html>"
    )


def nu_errors(documents: dict[str, str]) -> list[Problem]:
    """The Nu checker's errors in ``documents`` (name → HTML), all checked by one Java process
    (it takes seconds to start), leaving out only those about htmx's attributes."""
    command = require_vnu()
    with tempfile.TemporaryDirectory(prefix="vnu-") as folder:
        names: dict[str, str] = {}
        for i, (name, html) in enumerate(documents.items()):
            path = Path(folder) / f"{i:04d}.html"
            path.write_text(html, encoding="utf-8")
            names[path.name] = name
        done = subprocess.run(
            [*command, "--format", "json", "--stdout", "--errors-only", "--exit-zero-always",
             *sorted(str(Path(folder) / p) for p in os.listdir(folder))],
            capture_output=True, text=True, timeout=600, check=False,
        )
    if done.returncode:
        raise AssertionError(f"the Nu checker did not run: {done.stderr[-2000:]}")
    problems = []
    for message in json.loads(done.stdout)["messages"]:
        if message["type"] == "info" or HTMX_ATTRIBUTE.search(message.get("message", "")):
            continue
        url = message.get("url", "")
        document = names.get(url.rsplit("/", 1)[-1], url)
        problems.append(Problem(document, message.get("lastLine", 0),
                                message.get("message", ""), message.get("extract", "")))
    return problems
