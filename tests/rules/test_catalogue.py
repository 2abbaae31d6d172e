"""The rules pages' data: every violation code and house-rule toggle of every engine has its
rule, every rule is written in every language, anchors are unique."""

from dataclasses import fields
from importlib import import_module

import pytest

from companion.rules import catalogue

CODES = {
    game: import_module(f"companion.games.{game}.engine.messages").CODES
    for game in catalogue.games()
}
HOUSE_RULES = {
    game: import_module(f"companion.games.{game}.engine.state").HouseRules
    for game in catalogue.games()
}


def anchors(game: str) -> list[str]:
    spec = catalogue.spec(game)
    return [s.anchor for s in spec.sections] + [r.anchor for r in spec.rules()]


@pytest.mark.parametrize("game", catalogue.games())
def test_every_violation_code_maps_to_a_rule_of_its_game(game):
    listed = {code for rule in catalogue.spec(game).rules() for code in rule.codes}
    assert listed == set(CODES[game]), "codes missing on the page / not codes of the engine"
    for code in CODES[game]:
        anchor = catalogue.anchor_for_code(code)
        assert anchor in anchors(game), code
        assert catalogue.rule_url(code) == f"/rules/{game}/#{anchor}"


@pytest.mark.parametrize("game", catalogue.games())
def test_each_code_is_explained_by_exactly_one_rule(game):
    seen: list[str] = [code for rule in catalogue.spec(game).rules() for code in rule.codes]
    assert len(seen) == len(set(seen))


@pytest.mark.parametrize("game", catalogue.games())
def test_every_house_rule_toggle_has_its_rule(game):
    for field in fields(HOUSE_RULES[game]):
        url = catalogue.toggle_url(game, field.name)
        assert url and url.startswith(f"/rules/{game}/#"), field.name
    assert catalogue.toggle_url(game, "no_such_toggle") is None


@pytest.mark.parametrize("game", catalogue.games())
def test_anchors_are_unique_and_fit_in_an_id(game):
    found = anchors(game)
    assert len(found) == len(set(found))
    assert all(a and a == a.lower() and " " not in a and "#" not in a for a in found)


@pytest.mark.parametrize("lang", catalogue.LANGUAGES)
@pytest.mark.parametrize("game", catalogue.games())
def test_every_rule_and_heading_is_written_in_every_language(game, lang):
    _spec, texts = catalogue._game(game)
    text = texts[lang]
    spec = catalogue.spec(game)
    assert set(text.sections) == {s.anchor for s in spec.sections}
    assert set(text.rules) == {r.anchor for r in spec.rules()}
    for anchor, rule in text.rules.items():
        assert rule.title.strip() and rule.source.strip() and rule.body.strip(), anchor
    page = catalogue.page(game, lang)
    assert page.lang == lang and all(r.lang == lang for s in page.sections for r in s.rules)


def test_the_pages_use_each_rulebook_own_terms():
    """DOG's starting space as each rulebook of the box names it."""
    start = {"en": "starting space", "de": "Startfeld", "fr": "case départ", "it": "casella di"}
    for lang, term in start.items():
        page = catalogue.page("dog", lang)
        text = " ".join(r.body for s in page.sections for r in s.rules)
        assert term in text, lang
    assert "Schranke" in str(catalogue.page("hit", "de")) and "barrière" in str(
        catalogue.page("hit", "fr")
    )
    assert "picchiettare" in str(catalogue.page("lifeislife", "it")).lower()


def test_language_codes_fall_back_to_english():
    assert catalogue.language_of("de-ch") == "de"
    assert catalogue.language_of("FR") == "fr"
    assert catalogue.language_of("es") == "en"
    assert catalogue.language_of(None) == "en"
    assert catalogue.page("hit", "es").lang == "en"


def test_a_rule_missing_in_a_language_is_shown_in_english(monkeypatch):
    _spec, texts = catalogue._game("dog")
    monkeypatch.delitem(texts["it"].rules, "seven")
    page = catalogue.page("dog", "it")
    seven = next(r for s in page.sections for r in s.rules if r.anchor == "seven")
    assert seven.lang == "en" and seven.title == texts["en"].rules["seven"].title
    swap = next(r for s in page.sections for r in s.rules if r.anchor == "swap")
    assert swap.lang == "it"


def test_an_unknown_code_still_leads_to_its_game_page():
    assert catalogue.rule_url("dog.not_a_code") == "/rules/dog/"
    assert catalogue.rule_url("chess.check") == "/rules/"
