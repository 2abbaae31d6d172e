"""The rules pages: /rules/ (the games) and /rules/<game>/ in the active language, or the one
asked for with ?lang= (the language links on the page)."""

from __future__ import annotations

import re

from django.conf import settings
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseNotFound,
)
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from . import catalogue

NAMES = dict(settings.LANGUAGES)


class UnknownLanguage(ValueError):
    pass


def _language(request: HttpRequest) -> str:
    """The page language: ?lang= when given (validated), else the request's active language."""
    asked = request.GET.get("lang")
    if asked is None:
        return catalogue.language_of(translation.get_language())
    if asked not in catalogue.LANGUAGES:
        raise UnknownLanguage(asked)
    return asked


def _bad_language(asked: str) -> HttpResponse:
    shown = re.sub(r"[^\w-]", "", asked)[:20]  # never echo markup back
    return HttpResponseBadRequest(
        _("Unknown language “%(lang)s”: the rules pages exist in %(langs)s.")
        % {"lang": shown, "langs": ", ".join(catalogue.LANGUAGES)},
        content_type="text/plain; charset=utf-8",
    )


def _lang_query(request: HttpRequest, lang: str) -> str:
    """Links to the other pages keep a language chosen with ?lang=."""
    return f"?lang={lang}" if "lang" in request.GET else ""


def _languages(lang: str) -> list[dict[str, str | bool]]:
    return [
        {"code": code, "name": NAMES.get(code, code), "current": code == lang}
        for code in catalogue.LANGUAGES
    ]


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    try:
        lang = _language(request)
    except UnknownLanguage as exc:
        return _bad_language(str(exc))
    with translation.override(lang):
        games = [
            {"slug": game, "title": catalogue.page(game, lang).title} for game in catalogue.games()
        ]
        return render(
            request,
            "rules/index.html",
            {
                "games": games,
                "lang": lang,
                "rule_languages": _languages(lang),
                "lang_query": _lang_query(request, lang),
            },
        )


@require_GET
def game_page(request: HttpRequest, game: str) -> HttpResponse:
    try:
        lang = _language(request)
    except UnknownLanguage as exc:
        return _bad_language(str(exc))
    if game not in catalogue.games():
        return HttpResponseNotFound(
            _("There is no rules page for “%(game)s”; the games are %(games)s.")
            % {"game": re.sub(r"[^\w-]", "", game)[:40], "games": ", ".join(catalogue.games())},
            content_type="text/plain; charset=utf-8",
        )
    with translation.override(lang):
        page = catalogue.page(game, lang)
        others = [
            {"slug": other, "title": catalogue.title(other, lang)}
            for other in catalogue.games()
            if other != game
        ]
        return render(
            request,
            "rules/page.html",
            {
                "page": page,
                "others": others,
                "lang": lang,
                "rule_languages": _languages(lang),
                "lang_query": _lang_query(request, lang),
            },
        )
