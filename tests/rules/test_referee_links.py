"""Every referee message links to the rule it enforces: the API's violations carry rule_url,
the table page's ruling links to the anchor, the lobbies link house rules to their rule."""

import re

import pytest
from django.test import Client

from companion.engines import get_game
from companion.games.dog.engine import messages as dog_messages
from companion.games.hit.engine import messages as hit_messages
from companion.games.lifeislife.engine import messages as life_messages
from companion.rules import catalogue
from companion.tables import presenters
from companion.tables.models import Table

pytestmark = pytest.mark.django_db

MESSAGES = {"dog": dog_messages, "hit": hit_messages, "lifeislife": life_messages}


def resolves(client: Client, url: str, lang: str = "en") -> bool:
    """The link's page answers and holds the anchor the link names."""
    path, _, anchor = url.partition("#")
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=lang)
    return response.status_code == 200 and f'id="{anchor}"' in response.content.decode()


@pytest.mark.parametrize("game", catalogue.games())
def test_every_violation_of_every_engine_links_to_an_existing_anchor(client, game):
    engine = get_game(game)
    for code in MESSAGES[game].CODES:
        shown = presenters.violation_json(engine, MESSAGES[game].violation(code))
        assert shown["rule_url"].startswith(f"/rules/{game}/#"), code
    pages = {
        lang: client.get(f"/rules/{game}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        for lang in catalogue.LANGUAGES
    }
    for code in MESSAGES[game].CODES:
        anchor = catalogue.rule_url(code).partition("#")[2]
        for lang, html in pages.items():
            assert f'id="{anchor}"' in html, (code, lang)


def test_api_refusal_and_check_carry_rule_url(client, dealt_table):
    t = dealt_table
    refused = t.play("2 K", t.tokens[0])  # a 2 does not bring a figure out
    assert refused.status_code == 422
    violations = refused.json()["error"]["violations"]
    codes = {v["code"]: v["rule_url"] for v in violations}
    assert codes["dog.not_start_card"] == "/rules/dog/#coming-out"
    assert all(resolves(client, url) for url in codes.values())
    checked = t.call("post", "/check", {"action": "5 T0-T5"}, t.tokens[0]).json()
    assert not checked["legal"]  # seat 0 gave its 5 away in the exchange
    assert [v["rule_url"] for v in checked["violations"]] == ["/rules/dog/#turn"]
    assert resolves(client, "/rules/dog/#turn")


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


def new_dog_table(client: Client) -> Table:
    colours = {f"colour{i}": c for i, c in enumerate(("red", "blue", "green", "yellow"))}
    response = client.post("/t/new", {"seats": "4", "name0": "Ann", "name1": "Ben", **colours})
    assert response.status_code == 302, response.content
    return Table.objects.get(id=response["Location"].strip("/").split("/")[-1])


def test_a_refused_play_on_the_table_page_links_to_its_rule(client):
    table = new_dog_table(client)
    page = client.get(f"/t/{table.id}/").content.decode()
    assert 'href="/rules/dog/"' in page  # the table page links to its game's rules
    # Before the deal nothing can be played: the exchange/phase rule, in German.
    response = client.post(
        f"/t/{table.id}/play",
        {"action": "1 K", "expected_seq": "0"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    html = response.content.decode()
    links = re.findall(r'<a class="rule-ref" href="([^"]+)"', html)
    assert links == ["/rules/dog/#exchange"]
    assert resolves(client, links[0], "de")
    german = client.get("/rules/dog/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Kartentausch mit dem Partner" in german
    # The referee's "what if?" lists its violations with links too.
    client.post(f"/t/{table.id}/play", {"action": "deal", "expected_seq": "0"})
    whatif = client.post(f"/t/{table.id}/check", {"action": "5 T0-T5"}).content.decode()
    links = re.findall(r'<a class="rule-ref" href="([^"]+)"', whatif)
    assert links and all(resolves(client, link) for link in links)


@pytest.mark.parametrize(
    ("game", "anchors"),
    [
        ("dog", ["house-knock-own", "house-swap-void", "moving", "two-three-five"]),
        ("hit", ["variant-no-shields", "variant-four-figures"]),
        ("lifeislife", ["lives", "expert"]),
    ],
)
def test_lobby_links_the_house_rules_to_their_rule(client, game, anchors):
    html = client.get(f"/t/new/{game}").content.decode()
    assert f'href="/rules/{game}/"' in html
    for anchor in anchors:
        assert f'href="/rules/{game}/#{anchor}"' in html, anchor
        assert resolves(client, f"/rules/{game}/#{anchor}")
