"""Every game's rules page, assembled in the language asked for, and the way from a violation
code or a house-rule toggle to the anchor of the rule behind it."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Final

from django.urls import reverse

from companion import games as registry

from .content import GameSpec, Language, Page, Rule, Section

#: The rulebooks' languages; English is the fallback for anything else.
LANGUAGES: Final = ("en", "de", "fr", "it")
FALLBACK: Final = "en"


def games() -> tuple[str, ...]:
    """The games with a rules page (``companion/games/<game>/rules/``), in the registry's
    order."""
    return tuple(e.name for e in registry.entries() if e.has_rules_page())


@cache
def _game(game: str) -> tuple[GameSpec, dict[str, Language]]:
    """The skeleton and the texts of a game (KeyError for a game without a rules page)."""
    if game not in games():
        raise KeyError(game)
    package = import_module(f"{registry.__name__}.{game}.rules")
    texts = {lang: import_module(f"{package.__name__}.{lang}").TEXT for lang in LANGUAGES}
    return package.SPEC, texts


def spec(game: str) -> GameSpec:
    return _game(game)[0]


def language_of(code: str | None) -> str:
    """The page language for a Django language code ("de-ch" → "de"); English otherwise."""
    base = (code or "").lower().split("-")[0]
    return base if base in LANGUAGES else FALLBACK


def page(game: str, lang: str) -> Page:
    """The page of `game` in `lang`; a rule or heading missing there is taken from English."""
    skeleton, texts = _game(game)
    lang = language_of(lang)
    own, fallback = texts[lang], texts[FALLBACK]
    sections = []
    for section in skeleton.sections:
        rules = []
        for spec_ in section.rules:
            text_lang = lang if spec_.anchor in own.rules else FALLBACK
            text = (own if text_lang == lang else fallback).rules[spec_.anchor]
            rules.append(
                Rule(
                    spec_.anchor,
                    text.title,
                    text.source,
                    text.body,
                    spec_.codes,
                    spec_.toggles,
                    text_lang,
                )
            )
        title = own.sections.get(section.anchor) or fallback.sections[section.anchor]
        sections.append(Section(section.anchor, title, tuple(rules)))
    return Page(game, lang, own.title, own.intro, own.rulebook, tuple(sections))


def title(game: str, lang: str) -> str:
    return _game(game)[1][language_of(lang)].title


@cache
def _code_anchors() -> dict[str, tuple[str, str]]:
    """violation code → (game, anchor of the rule that explains it)."""
    anchors: dict[str, tuple[str, str]] = {}
    for game in games():
        for rule in spec(game).rules():
            for code in rule.codes:
                anchors.setdefault(code, (game, rule.anchor))
    return anchors


def anchor_for_code(code: str) -> str | None:
    found = _code_anchors().get(code)
    return found[1] if found else None


def anchor_for_toggle(game: str, key: str) -> str | None:
    if game not in games():
        return None
    for rule in spec(game).rules():
        if key in rule.toggles:
            return rule.anchor
    return None


def page_url(game: str) -> str:
    return reverse("rules:game", args=[game])


def rule_url(code: str) -> str:
    """The link of a referee message: the rule behind `code` on its game's page. A code no
    rule names yet (tests forbid that) still leads to its game's page."""
    found = _code_anchors().get(code)
    if found:
        return f"{page_url(found[0])}#{found[1]}"
    game = code.partition(".")[0]
    return page_url(game) if game in games() else reverse("rules:index")


def toggle_url(game: str, key: str) -> str | None:
    anchor = anchor_for_toggle(game, key)
    return f"{page_url(game)}#{anchor}" if anchor else None
