"""Each game's own tests (issue #40: a game's tests live in its folder): the browser tests'
fixtures are the ones of tests/e2e."""

from tests.e2e.conftest import phone, screenshot, server  # noqa: F401 (fixtures)
