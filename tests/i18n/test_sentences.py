"""Sentences a native speaker would write (issue #28): the shapes the evenings at the table found
wrong are held here, in the catalogues and in pages as rendered: no space before a colon in
German and Italian, French elision and Italian "ad" before a name, German cases after "mit" and
"spielt", one rulebook term per concept, and a referee's rule link wholly in the reader's
language."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from companion.tables.presenters.localize import euphony, rule_name
from tests.i18n.catalogues import ROOT, catalogues
from tests.i18n.pofile import read


def catalogue(lang: str) -> dict[tuple[str | None, str], list[str]]:
    """Every msgid of the language, the shared catalogue's and every game's."""
    entries = [e for path in catalogues(lang).values() for e in read(path)]
    return {(e.msgctxt, e.msgid): e.msgstr for e in entries if e.msgid and not e.obsolete}


@pytest.mark.parametrize("lang", ["de", "it"])
def test_no_space_before_a_colon_in_german_and_italian(lang):
    spaced = [
        (mid, s)
        for (_ctx, mid), strs in catalogue(lang).items()
        for s in strs
        if re.search(r"\S :(\s|$)", s) and not re.search(r"\S :(\s|$)", mid)
    ]
    assert not spaced, spaced


def test_the_status_line_has_no_gap_before_its_colon():
    """The turn line was a flex row: "Du bist dran : Ausspielen" (the gap between its parts)."""
    html = (ROOT / "templates" / "tables" / "table.html").read_text()
    status = html[
        html.index("partialdef status") : html.index(
            "endpartialdef", html.index("partialdef status")
        )
    ]
    assert status.count('<span class="turn-said">') == 3  # the sentence is one flex item


@pytest.mark.parametrize(
    ("lang", "text", "said"),
    [
        ("fr", "Pioche de Ann", "Pioche d'Ann"),
        ("fr", "En attente de <b>Ann</b>.", "En attente d'<b>Ann</b>."),
        ("fr", "le pion de Ben", "le pion de Ben"),
        ("fr", "de la case 3", "de la case 3"),
        ("it", "Tocca a <strong>Ann</strong>", "Tocca ad <strong>Ann</strong>"),
        ("it", "Tocca a Ben", "Tocca a Ben"),
        ("de", "Warten auf Ann", "Warten auf Ann"),
    ],
)
def test_elision_and_euphony_before_a_name(lang, text, said):
    assert euphony(text, lang) == said


def test_known_sentences_of_the_table():
    de, fr, it = catalogue("de"), catalogue("fr"), catalogue("it")
    swap = de[(None, "%(own)s at %(own_place)s swaps with %(other)s at %(other_place)s")][0]
    assert "mit %(other)s" not in swap  # "tauscht mit die Figur von Ann"
    assert de[(None, "the joker as %(card)s")] == ["den Joker als %(card)s"]  # "spielt den Joker"
    assert de[("DOG card button", "Swap")] == ["Tauschkarte"]  # the referee's term too
    assert fr[("DOG card button", "Swap")] != fr[("step", "exchange")]  # not "Échange" for both
    assert fr[(None, "the figure on %(from)s to %(to)s")][0].startswith("le pion de la ")
    assert it[(None, "the figure on %(from)s to %(to)s")][0].startswith("la pedina dalla ")
    assert it[(None, "Round %(round)s: the result")][0].startswith("Tornata ")  # not "Round"
    for lang, words in (("de", de), ("fr", fr), ("it", it)):
        hit = words[(None, "from %(from)s to %(to)s")][0]
        assert "%(from)s" in hit and "%(to)s" in hit, lang


def test_a_rule_link_is_wholly_in_the_readers_language():
    bilingual = "Karten mit rotem Hintergrund / Cards with a red background: Tauschen / exchange"
    with translation.override("en"):
        assert rule_name(bilingual) == "Cards with a red background: exchange"
        assert rule_name("Figuren bewegen / Moving figures") == "Moving figures"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "The figure on its start field (Cat) is protected"),
        ("de", "Die Figur auf ihrem Startfeld (Cat) ist geschützt"),
    ],
)
def test_a_start_field_is_not_said_twice(lang, said):
    """ "The figure on its start field Cat's start field is protected" (issue #28)."""
    from companion.engines import get_game
    from companion.engines.base import Violation
    from companion.tables import presenters
    from companion.tables.presenters.localize import violation_json

    dog = get_game("dog")
    state = dog.new_game({"seats": 4})
    code = "dog.start_field_blocked"
    violation = Violation(code, dog.messages[code][0], (("field", "T32"),))
    with translation.override(lang):
        shown = violation_json(
            dog, presenters.get("dog"), violation, state, ["Ann", "Ben", "Cat", "Dan"]
        )
    assert shown["message"].startswith(said), shown["message"]
    assert shown["params"] == {"field": "T32"}  # the API keeps the notation
