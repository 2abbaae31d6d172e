"""The small words before a name that begins with a vowel, mended in a rendered text.

French elides "de"/"que" before a vowel ("la pioche d'Ann", not "de Ann") and Italian says "ad"
before one ("Tocca ad Ann"). The catalogues cannot know the name, so the text is mended where a
name (a capitalised word) follows, also across the tags around it ("de <b>Ann</b>" →
"d'<b>Ann</b>"). The live parts of the table page are mended as rendered (``{% euphony %}``),
and the games' words mend each sentence they make (``dog/words.py``), so a sentence reads the
same in the history, the replay, the summary and the API.
"""

from __future__ import annotations

import re

from django.utils.translation import get_language

_VOWEL_NAME = r"((?:<[^>]+>)*)(?=[AEIOUYÀÂÉÈÊÎÔÛ][^\W\d_])"
_EUPHONY = {
    "fr": (
        (
            re.compile(r"\b([Dd]e|[Qq]ue) " + _VOWEL_NAME),
            lambda m: m.group(1)[:-1] + "'" + m.group(2),
        ),
    ),
    "it": (
        (re.compile(r"(?<![\w'’])([Aa]) " + _VOWEL_NAME), lambda m: m.group(1) + "d " + m.group(2)),
    ),
}


#: each language's quotes (open, close) and the ones inside them: a quoted play inside a
#: quoted sentence reads „Guter Zug: von ‚A‘ nach ‚B‘“, « … de ‹ A › à ‹ B › », «… da “A” a “B”»
_QUOTES = {
    "de": (("„", "“"), ("‚", "‘")),
    "fr": (("«", "»"), ("‹", "›")),
    "it": (("«", "»"), ("“", "”")),
}


def nested_quotes(text: str, language: str | None = None) -> str:
    """`text` with a quotation inside a quotation in the language's inner quotes (German ‚…‘,
    French ‹ … ›, Italian “…”): a quoted place inside a quoted play is never „…„…“…“."""
    quotes = _QUOTES.get((language or get_language() or "en")[:2])
    if quotes is None:
        return text
    (outer_open, outer_close), (inner_open, inner_close) = quotes
    if text.count(outer_open) < 2:
        return text
    out: list[str] = []
    depth = 0
    for char in text:
        if char == outer_open:
            out.append(inner_open if depth % 2 else outer_open)
            depth += 1
        elif char == outer_close and depth:
            depth -= 1
            out.append(inner_close if depth % 2 else outer_close)
        else:
            out.append(char)
    return "".join(out)


def euphony(text: str, language: str | None = None) -> str:
    """`text` (HTML or plain) with the elisions of the active language before names, and its
    quotations inside quotations in the inner quotes."""
    language = language or get_language() or "en"
    text = nested_quotes(text, language)
    rules = _EUPHONY.get(language[:2])
    if not rules:
        return text
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text
