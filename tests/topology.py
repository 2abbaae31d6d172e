"""The production topology as subprocesses: the web, worker and migrate commands of
docker-compose.yml against the local PostgreSQL and Redis (used by tests and benchmarks)."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tests.services import free_port

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


@dataclass
class Topology:
    """The running services. `base_url`/`ws_url` are the first web process; `base_urls` and
    `ws_urls` all of them (several Daphne processes sharing the channel layer, as behind a
    load balancer). `procs` maps "worker", "web", "web2"… to their processes; `stop`,
    `start` and `kill` act on one of them (fault tests)."""

    base_url: str
    ws_url: str
    redis_url: str
    env: dict[str, str]
    base_urls: list[str] = field(default_factory=list)
    ws_urls: list[str] = field(default_factory=list)
    procs: dict[str, subprocess.Popen] = field(default_factory=dict)
    commands: dict[str, list[str]] = field(default_factory=dict)
    logs: Path | None = None

    def start(self, name: str, wait: bool = True) -> subprocess.Popen:
        """(Re)start service `name` with its command; for a web process, wait for /healthz."""
        assert self.logs is not None
        log = open(self.logs / f"{name}.log", "ab")  # noqa: SIM115 - closed with the process
        proc = subprocess.Popen(
            self.commands[name], cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
        self.procs[name] = proc
        if wait and name.startswith("web"):
            index = 0 if name == "web" else int(name[3:]) - 1
            _wait_healthy(self.base_urls[index], [proc])
        return proc

    def stop(self, name: str, timeout: float = 15) -> None:
        proc = self.procs[name]
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def kill(self, name: str) -> None:
        """SIGKILL: no clean shutdown (a crash)."""
        self.procs[name].kill()
        self.procs[name].wait()


def compose_command(service: str, port: int | None = None) -> list[str]:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    command = list(compose["services"][service]["command"])
    # The image has these on PATH; here they live in the virtualenv running the tests.
    command[0] = sys.executable if command[0] == "python" else str(BIN / command[0])
    if port is not None:
        command = [str(port) if part == "8000" else part for part in command]
        command = ["127.0.0.1" if part == "0.0.0.0" else part for part in command]
    return command


def _scratch_database(postgres_url: str) -> tuple[str, str]:
    import psycopg

    name = f"companion_e2e_{secrets.token_hex(4)}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return name, postgres_url.rsplit("/", 1)[0] + "/" + name


def _drop_database(postgres_url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _wait_healthy(url: str, procs: list[subprocess.Popen], timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    last: object = None
    while time.monotonic() < deadline:
        for proc in procs:
            if proc.poll() is not None:
                raise RuntimeError(f"{proc.args[0]} exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=10) as response:
                return json.load(response)
        except urllib.error.HTTPError as exc:
            last = exc.read().decode()
        except OSError as exc:
            last = exc
        time.sleep(0.5)
    raise RuntimeError(f"/healthz not green after {timeout} s: {last}")


@contextmanager
def running_topology(
    postgres_url: str,
    redis_url: str,
    workdir: Path,
    worker_concurrency: int | None = None,
    extra_env: dict[str, str] | None = None,
    webs: int = 1,
) -> Iterator[Topology]:
    """Start migrate, one worker and `webs` Daphne processes as docker-compose.yml says; stop
    them after."""
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    db_name, database_url = _scratch_database(postgres_url)
    ports = [free_port() for _ in range(webs)]
    logs = workdir
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        # Behind a load balancer the Daphne processes share one public origin; here each has
        # its own port, and a phone's page may come from any of them (its websocket's Origin
        # must be the socket's own or a configured one: companion/core/ws_origin.py)
        "DJANGO_CSRF_TRUSTED_ORIGINS": ",".join(f"http://127.0.0.1:{p}" for p in ports),
        "DJANGO_SECURE_COOKIES": "0",
        "STATIC_ROOT": str(logs / "static"),
        "PYTHONUNBUFFERED": "1",
        **(extra_env or {}),
    }
    env.pop("DJANGO_DEBUG", None)
    top: Topology | None = None
    try:
        # What the image build and the migrate service do, then the two long-running services.
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            env=env,
            check=True,
            timeout=120,
        )
        subprocess.run(
            compose_command("migrate"),
            cwd=ROOT,
            env=env,
            check=True,
            timeout=120,
            stdout=subprocess.DEVNULL,
        )
        worker = compose_command("worker")
        if worker_concurrency is not None:
            worker[worker.index("--concurrency") + 1] = str(worker_concurrency)
        commands = {"worker": worker}
        for i, port in enumerate(ports):
            commands["web" if i == 0 else f"web{i + 1}"] = compose_command("web", port)
        base_urls = [f"http://127.0.0.1:{port}" for port in ports]
        top = Topology(
            base_urls[0],
            f"ws://127.0.0.1:{ports[0]}",
            redis_url,
            env,
            base_urls,
            [f"ws://127.0.0.1:{port}" for port in ports],
            {},
            commands,
            logs,
        )
        for name in commands:
            top.start(name, wait=False)
        for url in base_urls:
            _wait_healthy(url, list(top.procs.values()))
        yield top
    except Exception:
        for log_file in sorted(logs.glob("*.log")):
            sys.stderr.write(f"--- {log_file.name}\n{log_file.read_text()[-4000:]}\n")
        raise
    finally:
        procs = list(top.procs.values()) if top is not None else []
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        _drop_database(postgres_url, db_name)
