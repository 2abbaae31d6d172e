"""Every referee message links to the rule it enforces: the API's violations carry rule_url,
the table page's ruling links to the anchor, the lobbies link house rules to their rule.

Over every game of the registry; a game's own cases are in ``tests/games/<game>/`` (DOG's
refusals on the table page and through the API: tests/games/dog/test_rule_links.py), what the
lobby must link in its ``rules_page.py``."""

import re
from importlib import import_module

import pytest
from django.test import Client

from companion import games
from companion.engines import get_game
from companion.rules import catalogue
from companion.tables import presenters
from tests.rules.per_game import expected

pytestmark = pytest.mark.django_db


def resolves(client: Client, url: str, lang: str = "en") -> bool:
    """The link's page answers and holds the anchor the link names."""
    path, _, anchor = url.partition("#")
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=lang)
    return response.status_code == 200 and f'id="{anchor}"' in response.content.decode()


def code_table(game: str):
    """The engine's violation codes (``engine/messages.py``: ``CODES`` and ``violation``)."""
    module = f"{games.__name__}.{game}.engine.messages"
    if not games.module_exists(module):
        pytest.skip(f"{game}'s engine has no code table")
    return import_module(module)


@pytest.mark.parametrize("game", catalogue.games())
def test_every_violation_of_every_engine_links_to_an_existing_anchor(client, game):
    engine, messages = get_game(game), code_table(game)
    for code in messages.CODES:
        shown = presenters.violation_json(engine, messages.violation(code))
        assert shown["rule_url"].startswith(f"/rules/{game}/#"), code
    pages = {
        lang: client.get(f"/rules/{game}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        for lang in catalogue.LANGUAGES
    }
    for code in messages.CODES:
        anchor = catalogue.rule_url(code).partition("#")[2]
        for lang, html in pages.items():
            assert f'id="{anchor}"' in html, (code, lang)


def test_openapi_documents_rule_url(client):
    doc = client.get("/api/openapi.json").json()
    item = doc["paths"]["/api/tables/{table_id}/plays"]["post"]["responses"]["422"]
    schema = item["content"]["application/json"]["schema"]

    def resolve(node: dict) -> dict:  # the generated document names its schemas ($ref)
        while "$ref" in node:
            node = doc["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
        return node

    error = resolve(resolve(schema)["properties"]["error"])
    violations = next(s for s in error["properties"]["violations"]["anyOf"] if "items" in s)
    violation = resolve(violations["items"])
    assert "rule_url" in violation["required"] and "rule_url" in violation["properties"]


@pytest.mark.parametrize("game", catalogue.games())
def test_lobby_links_the_house_rules_to_their_rule(client, game):
    """Every link of a lobby into its rules page finds its anchor; the ones the game's tests
    name (``LOBBY_ANCHORS``) are there."""
    html = client.get(f"/t/new/{game}").content.decode()
    assert f'href="/rules/{game}/"' in html
    linked = re.findall(rf'href="/rules/{game}/#([^"]+)"', html)
    for anchor in expected(game, "LOBBY_ANCHORS", []):
        assert anchor in linked, anchor
    for anchor in set(linked):
        assert resolves(client, f"/rules/{game}/#{anchor}"), anchor
