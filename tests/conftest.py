import pytest


@pytest.fixture(scope="session")
def embedded_worker():
    """The in-process Celery worker of the embedded default, as `make run` starts it."""
    from companion.core import embedded_worker

    return embedded_worker.start()


def pytest_configure(config):
    """The PostgreSQL pass needs the server: skip it locally when it is down, fail it in CI."""
    from django.conf import settings

    if "postgres" not in (config.getoption("-m") or "") or "not postgres" in config.getoption("-m"):
        return
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise pytest.UsageError("the postgres pass needs DATABASE_URL=postgres://...")
    from tests.services import reachable

    url = settings.DATABASE_URL
    if not reachable(url, 5432):
        import os

        if os.environ.get("CI"):
            raise pytest.UsageError(f"PostgreSQL is not answering at {url} (CI must run it)")
        pytest.exit(f"PostgreSQL is not answering at {url}: skipped the postgres pass", 0)
