"""The optional compiled engine core (issue #31): which engine modules run compiled.

`pip install -e .` (what `make install` and CI run) compiles `COMPILED_MODULES` with Cython
where a C compiler exists (setup.py); without one it skips them and nothing changes. The same
.py files are the pure-Python engine: the reference and the fallback. The compiled binaries
sit beside the sources (`moves.cpython-313-x86_64-linux-gnu.so` next to `moves.py`), each with
a stamp (`moves.sources.json`: the sha256 of the .py, and of its .pxd of C types, it was built
from, and of the binary).

When one of these modules is first imported, `install`'s finder chooses the binary or the
source:

- ``COMPANION_PURE=1``: always the source;
- ``COMPANION_REQUIRE_COMPILED=1``: the binary, or ImportError when there is none or it was
  built from another version of the source (a test or a deployment that must not silently
  run the slow path);
- otherwise the binary when it was built from the source as it is now, else the source (an
  edited .py is never shadowed by a stale binary; `make install` rebuilds it).

`ACCELERATORS` exist compiled only (a `.pyx`, no pure-Python twin): a compiled engine module
uses one through `accelerator()` for a hot path it also has in Python (`_fast`: the 7's fast
path on C arrays, for `moves`). The same rules choose it: never with ``COMPANION_PURE=1``,
never a binary of another source; ``COMPANION_REQUIRE_COMPILED=1`` fails without it.

`status()` says what runs and why (the start-up line, /healthz, the benches). Nothing here
imports Django.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Final

#: The modules compiled when a compiler exists (setup.py reads this literal).
COMPILED_MODULES = (
    "companion.games.dog.engine.moves",
    "companion.games.dog.engine.rules",
    "companion.games.dog.engine.info",
)
#: Modules that exist compiled only (`.pyx`), used through `accelerator` by a module that runs
#: its own Python code without them: `_fast` by the compiled `moves`, `_playout` (the
#: search's DOG playout on C arrays) by the advisor's `bots`, `_ismcts` (the search's tree) by
#: `ismcts`, `_state` (the DOG state in C arrays: plays and the state after each, issue #39).
ACCELERATORS = ("companion.games.dog.engine._fast", "companion.games.dog.engine._state",
                "companion.games.dog._playout", "companion.advisor._ismcts")

PURE_ENV: Final = "COMPANION_PURE"
REQUIRE_ENV: Final = "COMPANION_REQUIRE_COMPILED"

#: module → ("compiled" | "pure", why), filled as the modules are imported
CHOICES: dict[str, tuple[str, str]] = {}


def child_environment(path: str | None = None) -> dict[str, str]:
    """This process's environment for a child process: without the path switches, and with the
    one that requires `path` ("pure" or "compiled") when given (the benches' and tests' runs of
    each path)."""
    env = {k: v for k, v in os.environ.items() if k not in (PURE_ENV, REQUIRE_ENV)}
    if path is not None:
        env[{"pure": PURE_ENV, "compiled": REQUIRE_ENV}[path]] = "1"
    return env


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def _included(source: Path) -> list[Path]:
    """The files a .pyx includes (`include "_seven.pxi"`), beside it, and the .pxd files of
    the package's other modules that it or they cimport (`from companion.games.dog.engine._state
    cimport ...`: a binary built against another layout of their C structs must not run)."""
    if source.suffix != ".pyx":
        return []
    text = source.read_text(encoding="utf-8")
    files = [source.with_name(name)
             for name in re.findall(r'^include\s+"([^"]+)"', text, re.M)]
    root = next((p.parent for p in source.parents if p.name == "companion"), None)
    if root is None:
        return files
    texts = [text, *(f.read_text(encoding="utf-8") for f in files if f.exists())]
    for module in sorted({m for t in texts
                          for m in re.findall(r"^from\s+(companion(?:\.\w+)+)\s+cimport",
                                              t, re.M)}):
        pxd = root.joinpath(*module.split(".")).with_suffix(".pxd")
        if pxd.exists() and pxd != source.with_suffix(".pxd"):
            files.append(pxd)
    return files


def source_digest(source: Path) -> dict[str, str]:
    """What a binary's stamp records of its sources: the sha256 of the .py (or .pyx), of the
    .pxd beside it (when there is one) and of the .pxi files a .pyx includes (together)."""
    out = {"py": hashlib.sha256(source.read_bytes()).hexdigest()}
    pxd = source.with_suffix(".pxd")
    if pxd.exists():
        out["pxd"] = hashlib.sha256(pxd.read_bytes()).hexdigest()
    included = _included(source)
    if included:
        out["pxi"] = hashlib.sha256(b"".join(p.read_bytes() for p in included)).hexdigest()
    return out


def stamp_of(source: Path, binary: Path) -> dict[str, str]:
    """A binary's stamp: `source_digest` and the sha256 of the binary itself (a stamp never
    vouches for another build's binary)."""
    return {**source_digest(source), "binary": hashlib.sha256(binary.read_bytes()).hexdigest()}


def stamp_matches(stamp: Any, source: Path, binary: Path) -> bool:
    """Does `stamp` vouch for `binary` built from `source` as it is now? (Its other entries,
    the build settings, are setup.py's business.)"""
    if not isinstance(stamp, dict):
        return False
    expected = stamp_of(source, binary)
    return {k: stamp.get(k) for k in ("py", "pxd", "pxi", "binary")} == {
        k: expected.get(k) for k in ("py", "pxd", "pxi", "binary")}


def stamp_path(source: Path) -> Path:
    return source.with_name(source.stem + ".sources.json")


def binary_path(source: Path) -> Path | None:
    """The compiled module beside `source` for this interpreter, if there is one."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_name(source.stem + suffix)
        if candidate.exists():
            return candidate
    return None


def source_of(fullname: str) -> Path:
    """The .py of one of `COMPILED_MODULES`, the .pyx of one of `ACCELERATORS` (found without
    importing it)."""
    spec = importlib.util.find_spec(fullname.rpartition(".")[0])
    assert spec is not None and spec.submodule_search_locations is not None
    folder = Path(next(iter(spec.submodule_search_locations)))
    suffix = ".pyx" if fullname in ACCELERATORS else ".py"
    return folder / (fullname.rpartition(".")[2] + suffix)


def built(fullname: str) -> bool:
    """Is module `fullname` compiled, from its current source (its stamp)? Whatever this
    process runs (a child started without COMPANION_PURE would run it compiled)."""
    source = source_of(fullname)
    binary = binary_path(source)
    if binary is None:
        return False
    try:
        stamp = json.loads(stamp_path(source).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return stamp_matches(stamp, source, binary)


def _choose(fullname: str, source: Path) -> tuple[str, str, Path | None]:
    """("compiled" | "pure", why, the binary)."""
    if _flag(PURE_ENV):
        return "pure", f"{PURE_ENV}=1", None
    binary = binary_path(source)
    if binary is None:
        why = "not compiled (no C compiler or Cython at install time)"
    else:
        try:
            stamp = json.loads(stamp_path(source).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            stamp = None
        if stamp_matches(stamp, source, binary):
            return "compiled", "built from this source", binary
        if stamp is None:
            why = "its last build did not compile (make compile tries again)"
        else:
            why = ("its binary was built from another version of the source (make install "
                   "rebuilds)")
    if _flag(REQUIRE_ENV):
        raise ImportError(f"{REQUIRE_ENV}=1 but {fullname} is {why}")
    return "pure", why, None


class _Chooser(importlib.abc.MetaPathFinder):
    """Finds `COMPILED_MODULES`, as the binary or as the source (`_choose`)."""

    def find_spec(self, fullname: str, path: Any = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        accelerator = fullname in ACCELERATORS
        if not (accelerator or fullname in COMPILED_MODULES) or not path:
            return None
        short = fullname.rpartition(".")[2]
        for folder in path:
            source = Path(folder) / (f"{short}.pyx" if accelerator else f"{short}.py")
            if source.exists():
                break
        else:
            return None
        choice, why, binary = _choose(fullname, source)
        CHOICES[fullname] = (choice, why)
        if accelerator and binary is None:  # no pure-Python twin
            raise ImportError(f"{fullname} is {why}", name=fullname)
        loader: importlib.abc.Loader
        if binary is not None:
            loader = importlib.machinery.ExtensionFileLoader(fullname, str(binary))
            location = binary
        else:
            loader = importlib.machinery.SourceFileLoader(fullname, str(source))
            location = source
        return importlib.util.spec_from_file_location(fullname, location, loader=loader)


_FINDER: Final = _Chooser()


def install() -> None:
    """Put the chooser in front of the import system (idempotent; the engine packages call it
    before importing their compiled modules)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def is_compiled(module: ModuleType) -> bool:
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def accelerator(fullname: str) -> ModuleType | None:
    """One of `ACCELERATORS` for a compiled module, or None when it is not there (then the
    caller runs its own Python code). ImportError with ``COMPANION_REQUIRE_COMPILED=1``."""
    install()
    try:
        return importlib.import_module(fullname)
    except ImportError:
        if _flag(REQUIRE_ENV) and not _flag(PURE_ENV):
            raise
        return None


def status() -> dict[str, Any]:
    """What runs: {"path": "compiled" | "pure" | "mixed", "modules": {name: path},
    "reasons": {name: why}} (imports the modules to know; `ACCELERATORS` count as modules
    too: "pure" when absent, the compiled module's Python code running instead)."""
    install()
    modules: dict[str, str] = {}
    reasons: dict[str, str] = {}
    for name in COMPILED_MODULES + ACCELERATORS:
        try:
            module = importlib.import_module(name)
        except ImportError:
            if name not in ACCELERATORS or (_flag(REQUIRE_ENV) and not _flag(PURE_ENV)):
                raise
            modules[name] = "pure"
        else:
            modules[name] = "compiled" if is_compiled(module) else "pure"
        reasons[name] = CHOICES.get(name, ("", "imported before the chooser was installed"))[1]
    kinds = set(modules.values())
    path = kinds.pop() if len(kinds) == 1 else "mixed"
    return {"path": path, "modules": modules, "reasons": reasons}


def describe() -> str:
    """One line for the start-up log: which engine path runs."""
    info = status()
    if info["path"] == "compiled":
        return "engine core: compiled (Cython) - " + ", ".join(
            n.rsplit(".", 1)[1] for n in info["modules"])
    if info["path"] == "pure":
        why = sorted(set(info["reasons"].values()))
        return "engine core: pure Python (" + "; ".join(why) + ")"
    parts = [f"{n.rsplit('.', 1)[1]} {p}" for n, p in info["modules"].items()]
    return "engine core: mixed - " + ", ".join(parts)
