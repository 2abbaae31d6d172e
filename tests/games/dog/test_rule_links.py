"""DOG's refusals link to the rule they enforce: through the API (violations carry rule_url)
and on the table page (the ruling links to the anchor, in German too)."""

import re

import pytest
from django.test import Client

from companion.tables.models import Table
from tests.rules.test_referee_links import resolves

pytestmark = pytest.mark.django_db


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
