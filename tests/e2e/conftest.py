"""Browser tests: the real embedded server (Daphne subprocess) driven by Debian's Chromium.

Playwright only drives the browser; it never downloads one (``executable_path`` points at
/usr/bin/chromium). Screenshots go to ``test-output/screenshots/``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.services import free_port

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
SCREENSHOTS = ROOT / "test-output" / "screenshots"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class Server:
    """A Daphne process on the embedded default, with its own SQLite file."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "SQLITE_PATH": str(workdir / "db.sqlite3"),
            # As `make run` serves the phones: DEBUG off, its own kept key.
            "DJANGO_SECRET_KEY_FILE": str(workdir / "secret_key"),
            "PYTHONUNBUFFERED": "1",
        }
        for key in ("DATABASE_URL", "REDIS_URL", "DJANGO_SECRET_KEY", "DJANGO_DEBUG"):
            self.env.pop(key, None)
        self.log_path = workdir / "server.log"
        self.proc: subprocess.Popen | None = None
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=self.env,
            check=True,
            timeout=120,
        )

    def start(self) -> None:
        log = open(self.log_path, "ab")  # noqa: SIM115 - lives as long as the process
        self.proc = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "daphne"),
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "companion.asgi:application",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daphne exited: {self.log_path.read_text()[-3000:]}")
            try:
                urllib.request.urlopen(self.url + "/", timeout=2).close()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("daphne did not answer within 30 s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("server"))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def phone(browser):
    """A new phone-sized browser context (its own cookies, like a separate phone)."""
    contexts = []

    def make(**extra):
        context = browser.new_context(**{**PHONE, **extra})
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.bring_to_front()  # the newest phone has the focus (keyboard tests need it)
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def screenshot(request):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> Path:
        path = SCREENSHOTS / f"{request.node.name}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


def pytest_sessionfinish(session, exitstatus):  # keep only this run's screenshots
    if exitstatus not in (0, 1) and SCREENSHOTS.exists():
        shutil.rmtree(SCREENSHOTS, ignore_errors=True)
