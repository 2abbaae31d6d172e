import pytest


@pytest.fixture(scope="session")
def embedded_worker():
    """The in-process Celery worker of the embedded default, as `make run` starts it."""
    from companion.core import embedded_worker

    return embedded_worker.start()
