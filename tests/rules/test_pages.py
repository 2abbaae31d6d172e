"""The rules pages through Django's test client: every language, every anchor, bad input.

Every game of the registry with a rules page is checked the same way; what is a game's own (a
few terms as its rulebook names them) is in ``tests/games/<game>/rules_page.py``."""

import html
import re

import pytest

from companion import games as registry
from companion.rules import catalogue
from tests.rules.per_game import expected


def ids(page: str) -> list[str]:
    return re.findall(r'\bid="([^"]+)"', page)


def terms(game: str) -> dict[str, str]:
    """The game's rulebook terms by language, if its tests name some."""
    return expected(game, "TERMS", {})


def shown(client, url: str, **headers) -> str:
    return html.unescape(client.get(url, **headers).content.decode())


@pytest.mark.parametrize("lang", catalogue.LANGUAGES)
@pytest.mark.parametrize("game", catalogue.games())
def test_page_renders_in_the_browser_language_with_every_anchor(client, game, lang):
    response = client.get(f"/rules/{game}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    page = response.content.decode()
    assert f'<article class="rules-page" lang="{lang}"' in page
    text = html.unescape(page)
    if lang in terms(game):
        assert terms(game)[lang] in text
    shown_page = catalogue.page(game, lang)
    assert shown_page.title in text
    for section in shown_page.sections:
        assert section.title in text, section.anchor
        for rule in section.rules:
            assert rule.title in text, rule.anchor
    found = ids(page)
    assert len(found) == len(set(found)), "duplicate ids"
    for rule in catalogue.spec(game).rules():
        assert f'id="{rule.anchor}"' in page
        assert f'href="#{rule.anchor}"' in page  # each rule links to itself
    # the referee's codes are the page's data (each rule card's data-codes), never its text
    listed = {c for attr in re.findall(r'data-codes="([^"]*)"', page) for c in attr.split()}
    codes = {c for r in catalogue.spec(game).rules() for c in r.codes}
    assert listed == codes
    assert "Referee codes" not in page
    assert not [c for c in codes if f"{c}<" in page]


def test_lang_parameter_overrides_the_browser_and_links_keep_it(client):
    game, *others = catalogue.games()
    french, german = catalogue.page(game, "fr"), catalogue.page(game, "de")
    text = shown(client, f"/rules/{game}/?lang=fr", HTTP_ACCEPT_LANGUAGE="de")
    assert 'lang="fr"' in text and french.title in text
    if german.title != french.title:
        assert german.title not in text
    for other in others:
        assert f'href="/rules/{other}/?lang=fr"' in text
    assert 'href="?lang=de"' in text and 'href="?lang=it"' in text  # the other languages
    text = shown(client, f"/rules/{game}/", HTTP_ACCEPT_LANGUAGE="de")
    for other in others:
        assert f'href="/rules/{other}/"' in text  # no ?lang= unless it was chosen


@pytest.mark.parametrize("game", catalogue.games())
def test_another_language_falls_back_to_english(client, game):
    text = shown(client, f"/rules/{game}/", HTTP_ACCEPT_LANGUAGE="es")
    assert 'lang="en"' in text and catalogue.page(game, "en").title in text


def test_bad_language_and_unknown_game_are_clear_4xx(client):
    game = catalogue.games()[0]
    response = client.get(f"/rules/{game}/?lang=xx")
    assert response.status_code == 400
    assert "xx" in response.content.decode() and "en, de, fr, it" in response.content.decode()
    response = client.get("/rules/?lang=<script>")
    assert response.status_code == 400 and b"<script>" not in response.content
    assert response["Content-Type"].startswith("text/plain")
    assert "chess" not in catalogue.games()
    response = client.get("/rules/chess/")
    assert response.status_code == 404
    assert "chess" in response.content.decode()
    assert ", ".join(catalogue.games()) in response.content.decode()
    assert client.post(f"/rules/{game}/").status_code == 405


@pytest.mark.parametrize("lang", catalogue.LANGUAGES)
def test_index_lists_every_game_in_the_language(client, lang):
    text = shown(client, f"/rules/?lang={lang}")
    for game in catalogue.games():
        assert f'href="/rules/{game}/?lang={lang}"' in text
        assert catalogue.title(game, lang) in text
    text = shown(client, "/rules/", HTTP_ACCEPT_LANGUAGE=lang)
    for game in catalogue.games():
        assert f'href="/rules/{game}/"' in text
        assert catalogue.title(game, lang) in text


@pytest.mark.django_db
def test_home_page_links_to_the_rules(client):
    page = client.get("/").content.decode()
    assert 'href="/rules/"' in page
    for game in catalogue.games():
        if registry.get(game).on_home_page:
            assert f'href="/rules/{game}/"' in page
