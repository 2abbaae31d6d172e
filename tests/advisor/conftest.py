import pytest
from django.core.cache import cache


@pytest.fixture
def clear_cache():
    """An empty cache (hint locks, results, rate limits) before and after the test; the hint
    tests ask for it with ``pytest.mark.usefixtures("clear_cache")``."""
    cache.clear()
    yield
    cache.clear()
