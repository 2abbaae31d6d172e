"""The rules pages through Django's test client: every language, every anchor, bad input."""

import re

import pytest

from companion.rules import catalogue

TERMS = {  # one term per page as that language's rulebook names it
    ("dog", "en"): "Starting space",
    ("dog", "de"): "Startfeld",
    ("dog", "fr"): "Case départ",
    ("dog", "it"): "Casella di partenza",
    ("hit", "en"): "Figuren schlagen — Hitting figures",
    ("hit", "de"): "Schildbrecher",
    ("hit", "fr"): "Briseur de bouclier",
    ("hit", "it"): "Antidifesa",
    ("lifeislife", "en"): "Fine immediata della tornata — Sudden death",
    ("lifeislife", "de"): "Klopfen",
    ("lifeislife", "fr"): "Frapper",
    ("lifeislife", "it"): "Picchiettare",
}


def ids(html: str) -> list[str]:
    return re.findall(r'\bid="([^"]+)"', html)


@pytest.mark.parametrize("lang", catalogue.LANGUAGES)
@pytest.mark.parametrize("game", catalogue.games())
def test_page_renders_in_the_browser_language_with_every_anchor(client, game, lang):
    response = client.get(f"/rules/{game}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<article class="rules-page" lang="{lang}"' in html
    assert TERMS[game, lang] in html
    found = ids(html)
    assert len(found) == len(set(found)), "duplicate ids"
    for rule in catalogue.spec(game).rules():
        assert f'id="{rule.anchor}"' in html
        assert f'href="#{rule.anchor}"' in html  # each rule links to itself
    # the referee's codes are the page's data (each rule card's data-codes), never its text
    listed = {c for attr in re.findall(r'data-codes="([^"]*)"', html) for c in attr.split()}
    assert listed == {c for r in catalogue.spec(game).rules() for c in r.codes}
    assert "Referee codes" not in html and "dog.start_field_blocked<" not in html


def test_lang_parameter_overrides_the_browser_and_links_keep_it(client):
    html = client.get("/rules/dog/?lang=fr", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'lang="fr"' in html and "Case départ" in html and "Startfeld" not in html
    assert 'href="/rules/hit/?lang=fr"' in html
    assert 'href="?lang=de"' in html and 'href="?lang=it"' in html  # the other languages
    html = client.get("/rules/dog/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'href="/rules/hit/"' in html  # no ?lang= unless it was chosen


def test_another_language_falls_back_to_english(client):
    html = client.get("/rules/lifeislife/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'lang="en"' in html and "Majorities" in html


def test_bad_language_and_unknown_game_are_clear_4xx(client):
    response = client.get("/rules/dog/?lang=xx")
    assert response.status_code == 400
    assert "xx" in response.content.decode() and "en, de, fr, it" in response.content.decode()
    response = client.get("/rules/?lang=<script>")
    assert response.status_code == 400 and b"<script>" not in response.content
    assert response["Content-Type"].startswith("text/plain")
    response = client.get("/rules/chess/")
    assert response.status_code == 404
    assert "chess" in response.content.decode() and "dog, hit, lifeislife" in (
        response.content.decode()
    )
    assert client.post("/rules/dog/").status_code == 405


def test_index_lists_every_game_in_the_language(client):
    html = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    for game in catalogue.games():
        assert f'href="/rules/{game}/"' in html
    assert "DOG — le regole in breve" in html
    assert 'href="/rules/hit/?lang=de"' in client.get("/rules/?lang=de").content.decode()


@pytest.mark.django_db
def test_home_page_links_to_the_rules(client):
    html = client.get("/").content.decode()
    assert 'href="/rules/"' in html
    for game in catalogue.games():
        assert f'href="/rules/{game}/"' in html
