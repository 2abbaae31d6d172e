"""The two engine paths (issue #31): the pure-Python engine and the same modules compiled by
Cython (kit/accel.py, setup.py) run the asked-for path and give the same answers.

The suite itself runs on the path installed (compiled in CI, where the build finds gcc). One
subprocess runs DOG's fingerprint, contract and rules tests on the other path, with that path
required (`COMPANION_PURE=1`, or `COMPANION_REQUIRE_COMPILED=1`): a path silently not the one
asked for fails there, and so does any difference in behaviour.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engines.kit import accel

ROOT = Path(__file__).resolve().parents[2]
#: DOG's part of the fingerprint and contract tests, and its rules tests
OTHER_PATH_TESTS = ["tests/engines/test_fingerprint.py", "tests/engines/test_contract.py",
                    "tests/engines/test_dog_rules.py"]


def _env(**flags: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in (accel.PURE_ENV, accel.REQUIRE_ENV)}
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
    fresh = all(accel.built(name) for name in accel.COMPILED_MODULES)
    return fresh or (
        bool(os.environ.get("CI"))
        and os.environ.get("COMPANION_COMPILE") == "1"
        and shutil.which("cc") is not None
    )


def test_pure_python_when_asked() -> None:
    done = _status(**{accel.PURE_ENV: "1"})
    assert done.returncode == 0, done.stderr
    info = json.loads(done.stdout)
    assert info["path"] == "pure"
    assert set(info["modules"]) == set(accel.COMPILED_MODULES)
    assert set(info["reasons"].values()) == {f"{accel.PURE_ENV}=1"}


def test_compiled_when_required() -> None:
    if not _compiled_expected():
        pytest.skip("no compiled engine core here (no C compiler at install time, or a source "
                    "edited since: `make install` rebuilds)")
    done = _status(**{accel.REQUIRE_ENV: "1"})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["path"] == "compiled"


def test_the_running_path_is_reported() -> None:
    info = accel.status()
    from companion.engines.dog import info as dog_info
    from companion.engines.dog import moves, rules

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
