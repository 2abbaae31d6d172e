"""The two engine paths (issue #31): the pure-Python engine and the same modules compiled by
Cython (kit/accel.py, setup.py) run the asked-for path and give the same answers.

The suite itself runs on the path installed (compiled in CI, where the build finds gcc). One
subprocess runs DOG's fingerprint, contract and rules tests on the other path, with that path
required (`COMPANION_PURE=1`, or `COMPANION_REQUIRE_COMPILED=1`): a path silently not the one
asked for fails there, and so does any difference in behaviour. Besides, the move generators
of both paths are compared in one process, and seeded random games as a table plays them
(`random_action`) in one child process per path (tests/games/dog/engine/paths.py).

A C-typed local must never be read by a nested function or generator expression: Cython
applies a function's `@cython.locals` to the scopes nested in it too, where the name becomes a
new C variable, uninitialized, instead of the outer one (cython/cython#5001). The compiled 7
of a clean build read garbage that way (an IndexError in `seven_plays`' nested search; the
same binary could pass elsewhere: it depends on what the stack held). A static check below
keeps that from coming back; the build turns gcc's uninitialized-variable warnings into errors
as well (setup.py: such a module stays pure Python).
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engines.kit import accel

ROOT = Path(__file__).resolve().parents[2]
#: DOG's part of the fingerprint and contract tests, and its rules and property tests
OTHER_PATH_TESTS = ["tests/engines/test_fingerprint.py", "tests/engines/test_contract.py",
                    *(f"tests/games/dog/engine/test_{name}.py" for name in
                      ("rules", "properties", "flow", "examples", "golden", "info"))]


def _env(**flags: str) -> dict[str, str]:
    env = accel.child_environment()
    env.update(flags)
    return env


def _status(**flags: str) -> subprocess.CompletedProcess[str]:
    code = ("import json; from companion.engines.kit import accel; "
            "from companion.engines import get_game; get_game('dog'); "
            "print(json.dumps(accel.status()))")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(**flags),
                          capture_output=True, text=True, timeout=120)


def _compiled_expected() -> bool:
    """Must the compiled path be there? Where the binaries are fresh, and in CI wherever a C
    compiler is (the install builds them: a missing one is a broken build, not a skip)."""
    fresh = all(accel.built(name) for name in (*accel.COMPILED_MODULES, *accel.ACCELERATORS))
    return fresh or (bool(os.environ.get("CI")) and shutil.which("cc") is not None
                     and os.environ.get("COMPANION_NO_COMPILE") != "1")


def _compiled_or_skip() -> None:
    """Skip where no compiled core can be expected; fail where one is expected but this
    process does not run it."""
    from companion.games.dog.engine import moves

    if accel.is_compiled(moves):
        return
    if _compiled_expected() and not accel.status()["reasons"][moves.__name__].startswith(
            accel.PURE_ENV):
        pytest.fail(f"the compiled core was expected here: {accel.describe()}")
    pytest.skip("only the pure-Python path runs here (no compiled engine core)")


def test_pure_python_when_asked() -> None:
    done = _status(**{accel.PURE_ENV: "1"})
    assert done.returncode == 0, done.stderr
    info = json.loads(done.stdout)
    assert info["path"] == "pure"
    assert set(info["modules"]) == {*accel.COMPILED_MODULES, *accel.ACCELERATORS}
    assert set(info["reasons"].values()) == {f"{accel.PURE_ENV}=1"}


def test_compiled_when_required() -> None:
    if not _compiled_expected():
        pytest.skip("no compiled engine core here (no C compiler at install time, or a source "
                    "edited since: `make install` rebuilds)")
    done = _status(**{accel.REQUIRE_ENV: "1"})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["path"] == "compiled"


def test_the_compiled_moves_use_the_compiled_hot_paths() -> None:
    """Where moves runs compiled, its 7 and its plays come from the compiled-only `_fast`
    (a compiled core silently without them would be the slow compiled path)."""
    _compiled_or_skip()
    from companion.games.dog.engine import (
        _fast,
        moves,  # type: ignore[attr-defined]
    )

    assert accel.is_compiled(_fast)
    assert moves._FAST_SEVEN is _fast.seven_plays
    assert moves._FAST_SEVEN_RESULT is _fast.seven_result
    assert moves.new_plays is _fast.new_plays
    assert accel.status()["modules"][_fast.__name__] == "compiled"
    from companion.games.dog.engine import info

    assert info._FAST_SAMPLE is _fast.sample


def test_the_compiled_sample_draws_as_random_sample() -> None:
    """`_fast.sample` (determinize's draws on the compiled path) gives what `random.Random.
    sample` gives, from the same seed, leaving the generator in the same state: both of
    CPython's branches (a pool copied, a set of chosen indices), every size the deck has."""
    import random

    _compiled_or_skip()
    from companion.games.dog.engine import _fast  # type: ignore[attr-defined]

    for seed in range(40):
        for n in (1, 2, 5, 21, 22, 50, 85, 86, 110, 300):
            for k in {0, 1, n // 3, n // 2, n - 1, n} - {-1}:
                a, b = random.Random(seed), random.Random(seed)
                assert _fast.sample(a, list(range(n)), k) == b.sample(range(n), k)
                assert a.getstate() == b.getstate()


def test_the_running_path_is_reported() -> None:
    info = accel.status()
    from companion.games.dog.engine import info as dog_info
    from companion.games.dog.engine import moves, rules

    for module in (moves, rules, dog_info):
        kind = "compiled" if accel.is_compiled(module) else "pure"
        assert info["modules"][module.__name__] == kind
        assert module.__file__ is not None
        assert module.__file__.endswith(".py") == (kind == "pure")
    assert accel.describe().startswith("engine core: ")


def _module(tmp_path: Path, stamp: dict[str, str] | None) -> tuple[Path, Path]:
    source = tmp_path / "hot.py"
    source.write_text("X = 1\n", encoding="utf-8")
    binary = source.with_name("hot" + accel.importlib.machinery.EXTENSION_SUFFIXES[0])
    binary.write_bytes(b"\x7fELF not really")
    if stamp is not None:
        accel.stamp_path(source).write_text(json.dumps(stamp), encoding="utf-8")
    return source, binary


def test_a_binary_of_another_source_is_never_used(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(accel.PURE_ENV, raising=False)
    monkeypatch.delenv(accel.REQUIRE_ENV, raising=False)
    source, binary = _module(tmp_path, None)
    accel.stamp_path(source).write_text(json.dumps(accel.stamp_of(source, binary)),
                                        encoding="utf-8")
    assert accel._choose("x.hot", source)[0] == "compiled"
    source.write_text("X = 2\n", encoding="utf-8")  # edited after the build
    choice, why, _ = accel._choose("x.hot", source)
    assert (choice, "another version" in why) == ("pure", True)
    monkeypatch.setenv(accel.REQUIRE_ENV, "1")
    with pytest.raises(ImportError, match="another version of the source"):
        accel._choose("x.hot", source)


def test_a_binary_without_stamp_is_never_used(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that failed leaves the old binary but no stamp (setup.py removes it first)."""
    monkeypatch.delenv(accel.PURE_ENV, raising=False)
    monkeypatch.delenv(accel.REQUIRE_ENV, raising=False)
    source, _ = _module(tmp_path, None)
    choice, why, _ = accel._choose("x.hot", source)
    assert (choice, "did not compile" in why) == ("pure", True)


def test_required_but_not_built_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(accel.PURE_ENV, raising=False)
    monkeypatch.setenv(accel.REQUIRE_ENV, "1")
    source, binary = _module(tmp_path, None)
    binary.unlink()
    with pytest.raises(ImportError, match="not compiled"):
        accel._choose("x.hot", source)
    monkeypatch.setenv(accel.PURE_ENV, "1")  # asking for pure Python wins
    assert accel._choose("x.hot", source)[0] == "pure"


@pytest.mark.timeout(900)  # a subprocess running some 70 tests (about 25 s of CPU)
def test_dog_on_the_other_path() -> None:
    """DOG's fingerprint, contract and rules tests on the path this run is not on."""
    running = accel.status()["path"]
    if running == "compiled":
        flags = {accel.PURE_ENV: "1"}
    elif _compiled_expected():
        flags = {accel.REQUIRE_ENV: "1"}
    else:
        pytest.skip("only the pure-Python path exists here (no compiled engine core)")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", "-k", "dog",
         *OTHER_PATH_TESTS], cwd=ROOT, env=_env(**flags), capture_output=True, text=True,
        timeout=900)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout


# -- C types never leak into nested scopes --------------------------------------------------------
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.GeneratorExp)


def _typed_names(call: ast.Call) -> set[str]:
    return {k.arg for k in call.keywords if k.arg}


def _decorator_types(fn: ast.FunctionDef) -> set[str]:
    """The names a `@cython.locals(...)` decorator of `fn` types."""
    out: set[str] = set()
    for dec in fn.decorator_list:
        if (isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute)
                and dec.func.attr == "locals"):
            out |= _typed_names(dec)
    return out


def _pxd_types(pxd: Path) -> dict[str, set[str]]:
    """Function (or method) name → the names its `@cython.locals(...)` in the .pxd types."""
    out: dict[str, set[str]] = {}
    text = pxd.read_text(encoding="utf-8")
    pattern = r"@cython\.locals\(([^)]*)\)\s*\n\s*c?p?def\s+[\w\[\]]+\s+(\w+)\s*\("
    for args, name in re.findall(pattern, text):
        call = ast.parse(f"f({args})", mode="eval").body
        assert isinstance(call, ast.Call)
        out.setdefault(name, set()).update(_typed_names(call))
    return out


def _free_names(scope: ast.AST) -> set[str]:
    """Names a nested scope reads without binding them itself (its arguments, targets)."""
    loaded: set[str] = set()
    bound: set[str] = set()
    for node in ast.walk(scope):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    return loaded - bound


def typed_names_read_by_nested_scopes(source: Path) -> list[str]:
    """'function: nested scope reads name' for every C-typed local of `source`'s functions
    (`@cython.locals` in the .py, or in the .pxd beside it) that a nested function, lambda or
    generator expression reads. (Comprehensions are compiled inline, in the function's own
    C scope: they are not concerned.)"""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    pxd = source.with_suffix(".pxd")
    declared = _pxd_types(pxd) if pxd.exists() else {}
    found: list[str] = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef):
            continue
        typed = _decorator_types(fn) | declared.get(fn.name, set())
        if not typed:
            continue
        for inner in ast.walk(fn):
            if inner is fn or not isinstance(inner, _NESTED):
                continue
            what = getattr(inner, "name", type(inner).__name__.lower())
            found += [f"{fn.name}: {what} reads {name}"
                      for name in sorted(_free_names(inner) & typed)]
    return found


def test_no_typed_local_is_read_by_a_nested_scope() -> None:
    for name in accel.COMPILED_MODULES:
        assert typed_names_read_by_nested_scopes(accel.source_of(name)) == [], name


def test_the_check_finds_the_pitfall(tmp_path: Path) -> None:
    """The shape of the clean build's bug: `m` typed in seven_plays, read by its nested rec."""
    source = tmp_path / "hot.py"
    source.write_text(
        "import cython\n\n"
        "@cython.locals(m=cython.int, i=cython.int)\n"
        "def outer(xs):\n"
        "    m = len(xs)\n"
        "    def rec(i):\n"
        "        return i == m - 1\n"
        "    ys = [m for _ in xs]\n"  # inline: fine
        "    return rec(0), any(x > m for x in xs), ys\n", encoding="utf-8")
    assert typed_names_read_by_nested_scopes(source) == [
        "outer: rec reads m", "outer: generatorexp reads m"]
    source.with_suffix(".pxd").write_text(
        "import cython\n\n@cython.locals(best=cython.int)\ncpdef int other(int p)\n",
        encoding="utf-8")
    assert _pxd_types(source.with_suffix(".pxd")) == {"other": {"best"}}


# -- the same answers, compared directly -----------------------------------------------------------
def test_move_generation_is_the_same_on_both_paths() -> None:
    """Every card's plays, the 7 (first only, exhaustive, step by step) in dense random positions
    under every house rule of the 7: the compiled moves module against moves.py as source."""
    _compiled_or_skip()
    from companion.games.dog.engine import moves
    from tests.games.dog.engine.paths import movegen_digest, pure_moves

    assert movegen_digest(moves) == movegen_digest(pure_moves())


@pytest.mark.timeout(600)
def test_random_games_are_the_same_on_both_paths() -> None:
    """Seeded random games as a table plays them (the scenario of tests/tables' seed 11 that
    raised IndexError in a clean build's compiled 7), one child process per path, each path
    required."""
    _compiled_or_skip()
    seeds = ["11", "12", "13"]
    out = {}
    for flags in ({accel.PURE_ENV: "1"}, {accel.REQUIRE_ENV: "1"}):
        done = subprocess.run([sys.executable, "tests/games/dog/engine/paths.py", *seeds], cwd=ROOT,
                              env=_env(**flags), capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
        result = json.loads(done.stdout.strip().splitlines()[-1])
        out[result["path"]] = result["digest"]
    assert set(out) == {"pure", "compiled"}
    assert out["pure"] == out["compiled"]
