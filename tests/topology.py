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
from dataclasses import dataclass
from pathlib import Path

import yaml

from tests.services import free_port

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


@dataclass
class Topology:
    base_url: str
    ws_url: str
    redis_url: str
    env: dict[str, str]


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
) -> Iterator[Topology]:
    """Start migrate, one worker and one Daphne as docker-compose.yml says; stop them after."""
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    db_name, database_url = _scratch_database(postgres_url)
    port = free_port()
    logs = workdir
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_COOKIES": "0",
        "STATIC_ROOT": str(logs / "static"),
        "PYTHONUNBUFFERED": "1",
        **(extra_env or {}),
    }
    env.pop("DJANGO_DEBUG", None)
    procs: list[subprocess.Popen] = []
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
        for service, service_port in (("worker", None), ("web", port)):
            command = compose_command(service, service_port)
            if service == "worker" and worker_concurrency is not None:
                command[command.index("--concurrency") + 1] = str(worker_concurrency)
            log = open(logs / f"{service}.log", "wb")  # noqa: SIM115 - closed with the process
            procs.append(
                subprocess.Popen(
                    command,
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
        base_url = f"http://127.0.0.1:{port}"
        _wait_healthy(base_url, procs)
        yield Topology(base_url, f"ws://127.0.0.1:{port}", redis_url, env)
    except Exception:
        for log_file in sorted(logs.glob("*.log")):
            sys.stderr.write(f"--- {log_file.name}\n{log_file.read_text()[-4000:]}\n")
        raise
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        _drop_database(postgres_url, db_name)
