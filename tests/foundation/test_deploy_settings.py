"""docker-compose.yml's settings (issue #37, F5): no default secret key (compose refuses to
start without one), secure cookies, HSTS and the https redirect on by default, and
`manage.py check --deploy` without a single warning on the documented production settings
(.env.example, docs/deployment.md), interpolated into the compose file's environment as
`docker compose` does."""

from __future__ import annotations

import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
VARIABLE = re.compile(r"\$\{(?P<name>\w+)(?:(?P<op>:-|:\?)(?P<arg>[^}]*))?\}")


class ComposeRefuses(Exception):
    """A ``${NAME:?message}`` whose variable is unset or empty: compose stops with the message."""


def interpolate(value: str, env: dict[str, str]) -> str:
    """docker compose's interpolation of ``${NAME}``, ``${NAME:-default}``, ``${NAME:?message}``."""

    def one(match: re.Match[str]) -> str:
        name, op, arg = match["name"], match["op"], match["arg"]
        have = env.get(name, "")
        if op == ":-":
            return have or arg
        if op == ":?" and not have:
            raise ComposeRefuses(f"{name}: {arg}")
        return have

    return VARIABLE.sub(one, value)


def compose_environment(env: dict[str, str]) -> dict[str, str]:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    web = compose["services"]["web"]["environment"]
    return {key: interpolate(str(value), env) for key, value in web.items()}


def documented_settings() -> dict[str, str]:
    """.env.example: the production settings docs/deployment.md tells an operator to set."""
    settings = {}
    for line in (ROOT / ".env.example").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, value = line.partition("=")
            settings[name.strip()] = value.strip()
    return settings


def test_compose_refuses_to_start_without_a_secret_key():
    documented = documented_settings()
    assert documented["DJANGO_SECRET_KEY"] == ""  # the operator makes one
    with pytest.raises(ComposeRefuses, match="DJANGO_SECRET_KEY"):
        compose_environment(documented)
    with pytest.raises(ComposeRefuses):
        compose_environment({})


def test_compose_defaults_are_the_secure_ones():
    environment = compose_environment({"DJANGO_SECRET_KEY": "x" * 60})
    assert environment["DJANGO_SECURE_COOKIES"] == "1"
    assert int(environment["DJANGO_HSTS_SECONDS"]) >= 31536000
    assert environment["DJANGO_SSL_REDIRECT"] == "1"
    assert environment["DJANGO_SECRET_KEY"] == "x" * 60


def test_check_deploy_is_clean_on_the_documented_production_settings():
    documented = {**documented_settings(), "DJANGO_SECRET_KEY": secrets.token_urlsafe(50)}
    environment = compose_environment(documented)
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(ROOT),
        **{key: value for key, value in environment.items() if value != ""},
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues" in output, output
    for code in ("W009", "W012", "W016", "W004", "W008"):
        assert code not in output
