"""What the engines say, in the reader's language: referee messages, rulebook sections, step
words and the public lines of private events.

The engines keep English templates keyed by stable codes and mark them with ``N_`` (they import
nothing from Django); here, at the moment a message is shown, the template is looked up in the
active language's catalogue (gettext) and only then filled with its parameters, themselves
translated where they are names (cards, animals, phases). The active language is the request's
(LocaleMiddleware) or the websocket connection's (consumers.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext_lazy

from companion.advisor.explain import group_cards, join_names
from companion.engines import Game, Violation
from companion.engines.base import render

#: The engines' phase and action-kind words (``This is the {expected} phase; a {got} …``).
STEP_WORDS: Mapping[str, Any] = {
    "deal": pgettext_lazy("step", "deal"),
    "exchange": pgettext_lazy("step", "exchange"),
    "play": pgettext_lazy("step", "play"),
    "draw": pgettext_lazy("step", "draw"),
    "drawn": pgettext_lazy("step", "drawn"),
    "over": pgettext_lazy("step", "over"),
    "fold": pgettext_lazy("step", "fold"),
    "discard": pgettext_lazy("step", "discard"),
    "give": pgettext_lazy("step", "give"),
    "reshuffle": pgettext_lazy("step", "reshuffle"),
    "hand": pgettext_lazy("step", "hand"),
    "buy": pgettext_lazy("step", "buy"),
    "end": pgettext_lazy("step", "end"),
    "shuffle": pgettext_lazy("step", "shuffle"),
    "market": pgettext_lazy("step", "market"),
    "swap": pgettext_lazy("step", "swap"),
    "knock": pgettext_lazy("step", "knock"),
    "reveal": pgettext_lazy("step", "reveal"),
}


def step_word(word: str) -> str:
    """A phase or action kind of any engine ("play", "exchange", "buy") in the reader's words."""
    return str(STEP_WORDS.get(word, word))


def message(template: str, params: Mapping[str, Any]) -> str:
    """An English template (marked with ``N_`` or ``gettext_noop``) translated, then filled."""
    return render(gettext(template), params)


def _params(presenter: Any, params: Mapping[str, Any], code: str = "") -> dict[str, Any]:
    """Parameters as the reader reads them: card, animal and phase names translated, lists of
    names joined in the reader's language; fields (T12), seats and numbers as they are.
    The conventions are those of the engines' messages and of advisor/explain.py."""
    shown: dict[str, Any] = {}
    for key, value in params.items():
        if key in ("card", "first", "second") and isinstance(value, str):
            value = presenter.card_name(value)
        elif key in ("cards", "given") and isinstance(value, str):
            value = group_cards(value, presenter.card_name)
        elif key == "names" and isinstance(value, list):
            value = join_names([str(v) for v in value], gettext(" and "))
        elif key in ("expected", "got") and code.endswith(".wrong_phase"):
            value = step_word(str(value))
        shown[key] = value
    return shown


def reasons_text(presenter: Any, parts: list[Any]) -> str:
    """A hint's reasons (advisor/explain.py: [template, params] pairs) in the reader's
    language, joined by "; "."""
    return "; ".join(
        message(str(template), _params(presenter, params if isinstance(params, dict) else {}))
        for template, params in parts
    )


def violation_json(game: Game, presenter: Any, violation: Violation) -> dict[str, Any]:
    """A ruling as the phone shows it: code, rulebook section and message in the reader's
    language, and the raw parameters (language-neutral, for API clients)."""
    template = game.messages.get(violation.code)
    params = _params(presenter, dict(violation.params), violation.code)
    text = violation.code if template is None else message(template, params)
    return {
        "code": violation.code,
        "rule": gettext(violation.rule),
        "message": text,
        "params": dict(violation.params),
    }


def public_line(payload: Mapping[str, Any]) -> str | None:
    """What the others read of a private event ("seat 2 entered their hand"), translated when
    the event stored its template (``public_msg``); older events keep their English text."""
    stored = payload.get("public_msg")
    if isinstance(stored, list | tuple) and len(stored) == 2:
        template, params = stored
        return message(str(template), params if isinstance(params, dict) else {})
    return payload.get("public")
