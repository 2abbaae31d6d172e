"""The house rules of the layout: arrows point one way (tables → advisor → engines)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engines_load_without_django_or_celery():
    code = (
        "import sys, companion.engines as e; e.get_game('dog'); "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'django', 'celery', "
        "'channels', 'companion.tables'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "[]"


def test_nothing_below_imports_tables():
    below = [ROOT / "companion" / "engines", ROOT / "companion" / "advisor",
             *(ROOT / "companion" / "games").glob("*/engine")]
    assert len(below) > 2
    for folder in below:
        for path in folder.rglob("*.py"):
            text = path.read_text()
            assert "companion.tables" not in text and "from ..tables" not in text, path
