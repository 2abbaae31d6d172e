"""`make run` serves the static files as production does (issue #28): collected first into
staticfiles/ with STATIC_ROOT set, so that the settings choose the manifest storage (hashed
names, cached for a year), while a bare `manage.py serve` and the tests' servers keep serving
static/ as it is."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.foundation.test_embedded_settings import ROOT, embedded_settings


def test_make_run_collects_then_serves_the_collected_files():
    if not shutil.which("make"):
        pytest.skip("make is not installed")
    dry = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, check=True).stdout.splitlines()
    collect = [i for i, line in enumerate(dry) if "manage.py collectstatic" in line]
    serve = [i for i, line in enumerate(dry) if "manage.py serve" in line]
    assert collect and serve and collect[0] < serve[0], dry
    roots = {re.search(r"STATIC_ROOT=(\S+)", dry[i]).group(1) for i in (collect[0], serve[0])}
    assert roots == {str(ROOT / "staticfiles")}, dry


def test_static_root_set_chooses_hashed_names(tmp_path):
    collected = embedded_settings(tmp_path, STATIC_ROOT=str(tmp_path / "static"))
    assert collected["static"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    assert embedded_settings(tmp_path)["static"] != collected["static"]  # a bare serve
