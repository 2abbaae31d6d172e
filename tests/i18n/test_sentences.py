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
    # HIT's figure moving (its msgid said "on" until HIT's places were said by landmarks)
    for words, start in ((fr, "le pion "), (it, "la pedina ")):
        moved = next(words[(None, f"the figure {on} %(from)s to %(to)s")][0]
                     for on in ("from", "on") if (None, f"the figure {on} %(from)s to %(to)s")
                     in words)
        assert moved.startswith(start), moved
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


# --- issue #41: the sentences read at the table ------------------------------------------------

NAMES = ["Ann", "Ben", "Cid", "Dan"]


def _dog_table(lang: str, plays: list[str]):
    """A DOG table made and played through the API, and its host's phone in ``lang``."""
    from tests.i18n.test_no_codes import new_table

    table, host = new_table("dog", NAMES, None, lang)
    for play in plays:
        _play(host, table, play)
    return table, host


def _play(host, table, play: str) -> None:
    """A play the scribe enters on the table page."""
    from tests.i18n.test_no_codes import page_post

    page_post(host, table, "play", action=play)


def _status(html: str) -> str:
    from tests.i18n.test_no_codes import visible

    start = html.index('<div id="status"')
    text = visible(html[start : html.index("</div>", start)])
    return re.sub(r"\s+([,.])", r"\1", text)  # the parts' text joined, as a reader reads it


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "others", "own_exchange"),
    [
        ("en", "Ann (red) to play.", "Your turn (red) to exchange."),
        ("de", "Ann (rot) ist an der Reihe, zu spielen.",
         "Du bist an der Reihe (rot), eine Karte zu tauschen."),
        ("fr", "C'est à Ann (rouge) de jouer.", "C'est à toi (rouge) d'échanger une carte."),
        ("it", "Tocca ad Ann (rosso) giocare.", "Tocca a te (rosso) scambiare una carta."),
    ],
)
def test_the_status_line_is_a_sentence_in_every_phase(lang, others, own_exchange):
    """ "À Ben (bleu) : jeu." read like a label: the status says who is to do what."""
    from tests.i18n.test_no_codes import sit

    table, host = _dog_table(lang, [])
    ann = sit(table, 0, lang)  # before the game begins: then only the table hands out seats
    _play(host, table, "deal")
    assert own_exchange in _status(ann.get(f"/t/{table.id}/").content.decode())
    for _ in range(4):
        _play(host, table, "give ?")
    assert others in _status(host.get(f"/t/{table.id}/").content.decode())


@pytest.mark.django_db
def test_a_name_after_de_is_elided_in_the_history_and_the_summary():
    """ "le pion de Ann" beside "d'Ann": every sentence of DOG's words is mended as it is made."""
    from tests.i18n.test_no_codes import visible

    table, host = _dog_table("fr", ["deal", "give ?", "give ?", "give ?", "give ?", "1 K"])
    page = visible(host.get(f"/t/{table.id}/").content.decode())
    assert "un pion d'Ann sort" in page and "de Ann" not in page
    summary = visible(host.get(f"/t/{table.id}/summary").content.decode())
    assert "de Ann" not in summary


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "gibt Cid verdeckt eine Karte (5)"),  # not "gibt Cid verdeckt: 5"
        ("fr", "donne 5 face cachée à Cid"),
        ("it", "dà 5 coperta a Cid"),
    ],
)
def test_a_gift_reads_as_a_sentence(lang, said):
    from companion.engines import get_game
    from companion.games.dog import words

    dog = get_game("dog")
    state = dog.new_game({"seats": 4})
    state = dog.apply(state, dog.parse_action(state, "deal"))
    gift = dog.parse_action(state, "give 5")
    with translation.override(lang):
        assert words.action_words(dog, state, gift, NAMES, visible=True) == said


@pytest.mark.parametrize(
    ("lang", "said"),
    [("fr", "garde pour plus tard : 7"), ("it", "tiene per dopo: 7"),
     ("de", "hebt für später auf: 7")],
)
def test_one_card_kept_is_not_said_in_the_plural(lang, said):
    """ "garde tes cartes 7" when one 7 is held."""
    from companion.tables import presenters
    from companion.tables.presenters.localize import reasons_text

    with translation.override(lang):
        text = reasons_text(presenters.get("dog"), [["keeps your {cards} for later",
                                                       {"cards": "7"}]])
    assert text == said


@pytest.mark.parametrize(
    ("lang", "text", "said"),
    [
        ("de", "Guter Zug: „von „A“ nach „B““.", "Guter Zug: „von ‚A‘ nach ‚B‘“."),
        ("fr", "Bon coup : « de « A » à « B » ».", "Bon coup : « de ‹ A › à ‹ B › »."),
        ("it", "Buona mossa: «da «A» a «B»».", "Buona mossa: «da “A” a “B”»."),
        ("de", "von „A“ nach „B“", "von „A“ nach „B“"),
    ],
)
def test_a_quotation_inside_a_quotation_takes_the_inner_quotes(lang, text, said):
    assert euphony(text, lang) == said


def test_the_coachs_review_of_a_dog_play_nests_its_quotes():
    """The coach quotes a play whose places are quoted: „Guter Zug: „…„…“…““ (issue #41)."""
    from companion.engines import get_game
    from companion.games.dog import words
    from companion.tables.presenters.euphony import euphony as mend

    dog = get_game("dog")
    state = dog.new_game({"seats": 4})
    with translation.override("de"):
        action = dog.parse_action(state, "5 T0-T5")
        play = words.describe(dog, state, action, NAMES).label
        said = mend(translation.gettext("Good play: “%(play)s”.") % {"play": play})
    assert "„" in said and "‚" in said and said.count("„") == 1, said


def test_the_coachs_label_is_not_glued_to_the_history_line():
    """ "carta scudo✓ buona mossa": a space before the label."""
    from companion.tables.coach.reviews import label_html

    with translation.override("it"):
        html = str(label_html(7, "good"))
    assert html.startswith(" <span") and "buona mossa" in html
    assert str(label_html(7, "good", oob=True)).startswith("<span")  # the swap: the label only


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_colour_marks_are_the_readers_initials_and_never_shared(lang):
    from companion.tables.presenters.colours import COLOURS, colour_letter, colour_name

    marks = [colour_letter(c, lang) for c in COLOURS]
    assert len(set(marks)) == len(COLOURS), marks
    with translation.override(lang):
        for colour, mark in zip(COLOURS, marks, strict=True):
            assert colour_name(colour).lower().startswith(mark.lower()), (colour, mark)


def test_german_green_and_yellow_differ_and_english_keeps_its_letters():
    from companion.tables.presenters.colours import colour_letter

    assert (colour_letter("green", "de"), colour_letter("yellow", "de")) == ("Gr", "Ge")
    assert [colour_letter(c, "en") for c in ("red", "blue", "green", "yellow")] == list("RBGY")


def test_words_of_the_site_a_native_speaker_writes():
    de, fr, it = catalogue("de"), catalogue("fr"), catalogue("it")
    with translation.override("fr"):
        from companion.tables.presenters.colours import colour_name

        seat = fr[(None, "Sit as %(colour)s")][0] % {"colour": colour_name("green")}
    assert seat == "Prendre la place du joueur vert"  # not "la place vert"
    assert "le mie carte" in it[(None, "Enter my hand (only you see it)")][0]  # not "la mia mano"
    assert it[(None, "Nothing tapped yet.")] == ["Non hai ancora toccato nulla."]
    assert it[(None, "Replay")] != ["Replay"]
    assert it[(None, "The round")] == ["La tornata"]  # Life is Life's rulebook word
    for words in (de, fr, it):  # the summary's two columns read as two things
        assert words[(None, "Sent others home")] != words[(None, "Own figures sent home")]
    assert de[(None, "New %(game)s table")] == ["Neuer Tisch für %(game)s"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "New Life is Life table"), ("de", "Neuer Tisch für Life is Life"),
     ("fr", "Nouvelle table de Life is Life"), ("it", "Nuovo tavolo di Life is Life")],
)
def test_the_home_page_names_each_game_by_its_short_title(client, lang, said):
    """ "New Life is Life … table": the heading was cut to three words."""
    import html as entities

    page = entities.unescape(client.get("/", HTTP_ACCEPT_LANGUAGE=lang).content.decode())
    assert said in page and "Life is Life …" not in page


def test_life_is_lifes_score_says_after_which_round():
    """Mid-game "the last round is scored" read as the game's last round."""
    template = (ROOT / "companion" / "games" / "lifeislife" / "templates" / "tables"
                / "lifeislife.html").read_text()
    assert "the last round is scored" not in template
    assert "the score after round {{ round }}" in template
    assert catalogue("it")[(None, "the score after round %(round)s")] == [
        "il punteggio dopo la tornata %(round)s"]
