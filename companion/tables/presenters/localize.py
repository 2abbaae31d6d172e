"""What the engines say, in the reader's language: referee messages, rulebook sections, step
words and the public lines of private events.

The engines keep English templates keyed by stable codes and mark them with ``N_`` (they import
nothing from Django); here, at the moment a message is shown, the template is looked up in the
active language's catalogue (gettext) and only then filled with its parameters, themselves
translated where they are names (cards, animals, phases). The active language is the request's
(LocaleMiddleware) or the websocket connection's (consumers.py).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language, gettext, pgettext_lazy

from companion import games
from companion.advisor.explain import group_cards, join_names
from companion.engines import Game, Violation
from companion.engines.base import render
from companion.tables.presenters.euphony import euphony as euphony  # the site's one place

#: The phase and action-kind words that several engines share (``This is the {expected}
#: phase; a {got} …``); a game's own are in its registry entry (``step_words``).
STEP_WORDS: Mapping[str, Any] = {
    "deal": pgettext_lazy("step", "deal"),
    "play": pgettext_lazy("step", "play"),
    "draw": pgettext_lazy("step", "draw"),
    "discard": pgettext_lazy("step", "discard"),
    "hand": pgettext_lazy("step", "hand"),
    "over": pgettext_lazy("step", "over"),
}


def step_word(word: str) -> str:
    """A phase or action kind of any engine ("play", "exchange", "buy") in the reader's words."""
    said = STEP_WORDS.get(word)
    if said is None:
        said = next((e.step_words[word] for e in games.entries() if word in e.step_words), word)
    return str(said)


#: What the player to move is to do, as the end of the status sentence ("Ben (blue) to play.",
#: « C'est à Ben (bleu) de jouer. », «Tocca a Ben giocare.», „Ben ist an der Reihe zu
#: spielen.“): the English word is the step's, each language gives its infinitive phrase (French
#: with its "de"/"d'", German with its "zu"), so the status line is a sentence in every phase.
TURN_WORDS: Mapping[str, Any] = {
    "deal": pgettext_lazy("whose turn: to …", "deal"),
    "exchange": pgettext_lazy("whose turn: to …", "exchange"),
    "play": pgettext_lazy("whose turn: to …", "play"),
    "draw": pgettext_lazy("whose turn: to …", "draw"),
    "drawn": pgettext_lazy("whose turn: to …", "play the drawn card"),
    "buy": pgettext_lazy("whose turn: to …", "buy"),
    "shuffle": pgettext_lazy("whose turn: to …", "shuffle"),
    "market": pgettext_lazy("whose turn: to …", "refill the market"),
    "reveal": pgettext_lazy("whose turn: to …", "reveal"),
}


def turn_words(phase: str) -> str:
    """The end of the status sentence for the phase ("play": "de jouer", "giocare"); a phase
    without its phrase says its step word."""
    said = TURN_WORDS.get(phase)
    return str(said) if said is not None else step_word(phase)


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


def violation_json(
    game: Game,
    presenter: Any,
    violation: Violation,
    state: Any = None,
    names: list[str] | None = None,
) -> dict[str, Any]:
    """A ruling as the phone shows it: code, rulebook section and message in the reader's
    language, and the raw parameters (language-neutral, for API clients). Given the position
    the play was judged on and the seats' names, fields ("T12") and example plays ("5 T12-T17")
    are said in words ("3 past Ben's start"); the raw parameters keep the notation."""
    template = game.messages.get(violation.code)
    params = _params(presenter, dict(violation.params), violation.code)
    if state is not None and names:
        params = _place_params(game, state, names, params)
        if template and "start field {field}" in template:
            # "The figure on its start field {field}": the field is named by its owner alone,
            # not said twice ("on its start field Cat's start field")
            params = _start_owner(game, state, names, dict(violation.params), params)
    if template is None:
        text = violation.code
    elif names:
        text = render(named_seats(gettext(template)), _seat_names(params, names))
    else:
        text = message(template, params)
    return {
        "code": violation.code,
        "rule": rule_name(violation.rule),
        "message": euphony(text),
        "params": dict(violation.params),
    }


def rule_name(rule: str) -> str:
    """A rulebook section in the reader's language. A game whose rulebook has no English
    edition names its sections "Figuren bewegen / Moving figures" (the rulebook's, then ours):
    an English reader gets the English part alone, the others their catalogue's name."""
    name = gettext(rule)
    if name == rule and " / " in rule and (get_language() or "en").startswith("en"):
        # "Karten mit rotem Hintergrund / Cards with a red background: Tauschen / exchange"
        return ": ".join(part.split(" / ")[-1] for part in rule.split(": "))
    return name


#: "Seat {seat}" in each language's catalogue, as the engines' messages say a seat (and the
#: preposition it merges with): said with the seat's name instead ("Ben holds no 5")
_SEAT_WORDS = (
    (re.compile(r"\b[Ss]eat \{(seat|receiver|mover)\}"), r"{\1}"),
    (re.compile(r"\b[Pp]latz \{(seat|receiver|mover)\}"), r"{\1}"),
    (re.compile(r"\b(de|à) la place \{(seat|receiver|mover)\}"), r"\1 {\2}"),
    (re.compile(r"\b[Ll]a place \{(seat|receiver|mover)\}"), r"{\1}"),
    (re.compile(r"\bdel posto \{(seat|receiver|mover)\}"), r"di {\1}"),
    (re.compile(r"\bal posto \{(seat|receiver|mover)\}"), r"a {\1}"),
    (re.compile(r"\bdal posto \{(seat|receiver|mover)\}"), r"da {\1}"),
    (re.compile(r"\b[Ii]l posto \{(seat|receiver|mover)\}"), r"{\1}"),
)
_SEAT_KEYS = ("seat", "receiver", "mover")


def named_seats(template: str) -> str:
    """A translated engine template that says "Seat {seat}" (Platz, place, posto), made to
    say the seat's name alone: "{seat} holds no {card}." — people are named, not numbered."""
    for pattern, replacement in _SEAT_WORDS:
        template = pattern.sub(replacement, template)
    return template


def _seat_names(params: dict[str, Any], names: list[str]) -> dict[str, Any]:
    shown = dict(params)
    for key in _SEAT_KEYS:
        seat = shown.get(key)
        if isinstance(seat, int) and 0 <= seat < len(names):
            shown[key] = names[seat]
    return shown


_FIELD_TOKEN = re.compile(r"[TG]\d{1,2}(@\d)?|W(\d(@\d)?)?")


def _place_params(
    game: Game, state: Any, names: list[str], params: dict[str, Any]
) -> dict[str, Any]:
    """Fields and example plays of a referee message in words, where the game has words."""
    words = wording(game.name)
    if words is None:
        return params
    shown = dict(params)
    # "field" and "start", and any other parameter that is a field token ("T3", "G2", "W")
    fields = {k for k, v in shown.items() if isinstance(v, str) and _FIELD_TOKEN.fullmatch(v)}
    for key in ("field", "start", *sorted(fields)):
        if isinstance(shown.get(key), str):
            with contextlib.suppress(Exception):  # not a field of this board: as it came
                shown[key] = words.token_field(state, shown[key], names)
    if isinstance(shown.get("example"), str):
        with contextlib.suppress(Exception):
            shown["example"] = words.example_words(game, state, shown["example"], names)
    return shown


def _start_owner(
    game: Game, state: Any, names: list[str], raw: dict[str, Any], params: dict[str, Any]
) -> dict[str, Any]:
    """A start field of a referee message named by the seat it belongs to: "(Cat)"."""
    with contextlib.suppress(Exception):  # not a start field of this board: as it was said
        from companion.games.dog.engine.notation import parse_position

        code, _explicit = parse_position(state.cfg, str(raw["field"]).strip(), state.turn)
        seat = list(state.cfg.geo.start).index(code)
        return {**params, "field": f"({names[seat]})"}
    return params


def public_line(payload: Mapping[str, Any], names: list[str] | None = None) -> str | None:
    """What the others read of a private event ("seat 2 entered their hand"; given the seats'
    names: "Cid entered their hand"), translated when the event stored its template
    (``public_msg``); older events keep their English text."""
    stored = payload.get("public_msg")
    if isinstance(stored, list | tuple) and len(stored) == 2:
        template, params = stored
        params = params if isinstance(params, dict) else {}
        if names:
            return euphony(render(named_seats(gettext(str(template))), _seat_names(params, names)))
        return message(str(template), params)
    return payload.get("public")


def wording(game_name: str) -> Any:
    """The module that says a game's actions in words, or None: ``actor_seat(state, action)``
    (whose action; None: the table's report) and ``action_words(game, state, action, names,
    visible)`` (the predicate; without ``visible`` no private card is named). Which module:
    the game's registry entry (``words``; by convention ``companion/games/<game>/words.py``)."""
    entry = games.find(game_name)
    words = entry.words_module() if entry is not None else None
    return words if hasattr(words, "action_words") else None
