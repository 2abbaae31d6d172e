"""The optional compiled engine core (issue #31); everything else is in pyproject.toml.

`pip install -e .` (what `make install`, `make run` and CI run) compiles the modules listed in
`companion/engines/kit/accel.py` (and its compiled-only `.pyx` accelerators) with Cython where
a C compiler and Python's headers exist. Without them, or when a module does not compile, the
build says so and goes on: the pure-Python engine runs, as SQLAlchemy, msgpack and PyYAML do
with their optional C extensions. ``COMPANION_NO_COMPILE=1`` skips the build. A module whose
binary was built from its current source (its stamp) is not compiled again.

gcc's warnings of an uninitialized variable are errors here: the C that Cython writes reads
one only when a C type was declared where Python's scoping does not expect it (a typed local
read by a nested function: the compiled 7 of a clean build read garbage that way, issue #31).
Such a module is not compiled, and stays pure Python, rather than computing something else.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
#: -O1 and no debug info: -O2 saved 1.3 % of the instructions of DOG's move generation and took
#: 1.6 times as long to compile (43 s of CPU against 27 s), docs/advisor.md. A read of an
#: uninitialized variable fails the module's build (see above; clang ignores gcc's name).
CFLAGS = ["-O1", "-g0", "-Werror=uninitialized", "-Werror=maybe-uninitialized"]
#: Cython's directives: Python's semantics, the C types declared in the .pxd files and by
#: `@cython.locals` (the annotations are documentation only)
DIRECTIVES = {"language_level": 3, "annotation_typing": False}


def _accel() -> Any:
    """kit/accel.py, loaded by its path (importing the package is not needed to build)."""
    spec = importlib.util.spec_from_file_location(
        "_companion_accel", ROOT / "companion" / "engines" / "kit" / "accel.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


accel = _accel()


def _say(message: str) -> None:
    print(f"[companion] {message}", file=sys.stderr, flush=True)


def _source(name: str) -> Path:
    """The .py of a module of `accel.COMPILED_MODULES`, the .pyx of one of `accel.ACCELERATORS`
    (compiled only)."""
    suffix = ".pyx" if name in accel.ACCELERATORS else ".py"
    return ROOT.joinpath(*name.split(".")).with_suffix(suffix)


def _build_settings() -> str:
    """What else a binary depends on: Cython's version, the directives, the C flags (a change
    rebuilds it)."""
    try:
        from Cython import __version__ as cython_version
    except ImportError:
        cython_version = "none"
    return json.dumps([cython_version, DIRECTIVES, CFLAGS], sort_keys=True)


def _compiler_found() -> bool:
    """Is there a C compiler for extension modules, and Python's headers?"""
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler, get_python_inc
    except ImportError:  # a setuptools without its distutils: let the build try
        return True
    compiler: Any = new_compiler()
    customize_compiler(compiler)
    exe = getattr(compiler, "compiler_so", None) or getattr(compiler, "compiler", None)
    if not exe or shutil.which(exe[0]) is None:
        return False
    return (Path(get_python_inc()) / "Python.h").exists()


def _extensions() -> list[Extension]:
    if os.environ.get("COMPANION_NO_COMPILE") == "1":
        _say("COMPANION_NO_COMPILE=1: the pure-Python engine only")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _say("Cython is not installed: the pure-Python engine only")
        return []
    if not _compiler_found():
        _say("no C compiler or no Python headers: the pure-Python engine only")
        return []
    exts = [Extension(name, [str(_source(name).relative_to(ROOT))], extra_compile_args=CFLAGS)
            for name in (*accel.COMPILED_MODULES, *accel.ACCELERATORS)]
    try:
        return cythonize(exts, quiet=True, compiler_directives=DIRECTIVES)
    except Exception as exc:  # the compiled core is optional
        _say(f"Cython could not translate the engine ({exc}): the pure-Python engine only")
        return []


class OptionalBuildExt(build_ext):
    """`build_ext` that never fails the install: a module that does not compile stays pure
    Python. Each binary built gets its stamp beside its source (`accel.stamp_path`), so that
    an edited .py is never shadowed by a stale binary; a module whose binary already matches
    its source is not compiled again."""

    def run(self) -> None:
        started = time.perf_counter()
        self.parallel = self.parallel or os.cpu_count() or 1
        try:
            super().run()
        except Exception as exc:
            _say(f"compiled core not built ({type(exc).__name__}: {exc}): pure Python runs")
            return
        if self.extensions:
            _say(f"compiled core ready in {time.perf_counter() - started:.0f} s")

    def build_extension(self, ext: Extension) -> None:
        source = _source(ext.name)
        stamp = accel.stamp_path(source)
        target = Path(self.get_ext_fullpath(ext.name))
        built = accel.binary_path(source)
        if built is not None and stamp.exists() and built.name == target.name:
            try:
                recorded = json.loads(stamp.read_text(encoding="utf-8"))
            except ValueError:
                recorded = None
            fresh = accel.stamp_matches(recorded, source, built) and recorded.get(
                "build") == _build_settings()
            if fresh:  # built from this very source: reuse it
                if built.resolve() != target.resolve():
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(built, target)
                return
        stamp.unlink(missing_ok=True)
        try:
            super().build_extension(ext)
        except Exception as exc:
            _say(f"{ext.name} not compiled ({type(exc).__name__}: {exc}): pure Python runs")
            return
        stamp.write_text(json.dumps({**accel.stamp_of(source, target),
                                     "build": _build_settings()}) + "\n", encoding="utf-8")


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
