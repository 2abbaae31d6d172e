"""DOG plays said as people at the table say them (games/dog/words.py): who and colour,
the figure by where it stands on the real board, the card and every consequence, in EN, DE, FR
and IT; and the history said in sentences for every reader (history_words.history_words)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from companion.engines import Violation, get_game
from companion.games.dog import words
from companion.games.dog.engine.board import kennel
from companion.tables import presenters
from companion.tables.models import Table
from companion.tables.play import history_words
from companion.tables.play.selectors import history
from companion.tables.presenters import localize

GAME = get_game("dog")
NAMES = ["Ann", "Ben", "Cid", "Dan"]
COLOURS = ["red", "blue", "green", "yellow"]
K = [kennel(s) for s in range(4)]
NOTATION = re.compile(r"\b[TG]\d+\b|\bK@|\bjoker=|\bswap T")


@pytest.fixture(autouse=True)
def _english():
    """English unless a test says otherwise (an earlier test may leave another language
    active in this process)."""
    with translation.override("en"):
        yield


def position(figures, hand, turn: int = 0, **rules):
    """A play-phase position: ``figures`` per seat (position codes), ``hand`` of the mover."""
    state = GAME.new_game({"seats": 4, "rules": rules} if rules else {"seats": 4})
    return state._replace(
        phase=2,
        turn=turn,
        figures=tuple(tuple(sorted(f)) for f in figures),
        hands=tuple(tuple(sorted(hand)) if s == turn else () for s in range(4)),
    )


def said(state, text: str, language: str = "en") -> str:
    with translation.override(language):
        return words.describe_action(GAME, state, GAME.parse_action(state, text), NAMES, COLOURS)


# Ann (seat 0) starts on T0, Ben on T16, Cid on T32, Dan on T48; play runs T0 → T1 → …
KNOCK = position([(0, K[0], K[0], K[0]), (5, K[1], K[1], K[1]), (K[2],) * 4, (K[3],) * 4], [5, 7])


def test_places_on_the_real_board():
    state = KNOCK
    place = lambda code: words.figure_place(state, code, NAMES)  # noqa: E731
    assert place(0) == "on Ann's start field"
    assert place(3) == "3 past Ann's start"
    assert place(14) == "2 before Ben's start"
    assert place(8) == "8 past Ann's start"  # halfway: counted from the start behind it
    assert place(GAME.new_game({"seats": 4}).cfg.geo.goal(1, 1)) == "in Ben's goal, field 2"
    assert place(K[2]) == "in Cid's kennel"
    assert words.field_name(state, 16, NAMES) == "Ben's start field"


def test_a_knock_out_names_both_players_in_every_language():
    expected = {
        "en": "Ann (red) plays 5: Ann's figure from Ann's start field to 5 past Ann's start; "
        "sends home Ben's figure.",
        "de": "Ann (rot) spielt 5: die Figur von Ann von „Startfeld von Ann“ nach „5 Felder "
        "nach dem Start von Ann“; schlägt die Figur von Ben.",
        # French elides before a vowel (d'Ann) and spaces its semicolon
        "fr": "Ann (rouge) joue 5 : le pion d'Ann de « case départ d'Ann » à « 5 cases après "
        "le départ d'Ann » ; prend le pion de Ben.",
        "it": "Ann (rosso) gioca 5: il segnalino di Ann da «casella di partenza di Ann» a "
        "«5 caselle dopo la partenza di Ann»; batte il segnalino di Ben.",
    }
    for language, sentence in expected.items():
        assert said(KNOCK, "5 T0-T5", language) == sentence
        assert not NOTATION.search(sentence)


def test_a_seven_that_burns_says_so():
    text = said(KNOCK, "7 T0-T7")
    assert text == (
        "Ann (red) plays 7: Ann's figure 7 steps from Ann's start field to 7 past Ann's start; "
        "burns Ben's figure (passed by the 7)."
    )
    with translation.override("de"):
        action = GAME.parse_action(KNOCK, "7 T0-T7")
        assert "mit der 7 überholt" in words.describe_action(GAME, KNOCK, action, NAMES)


def test_a_seven_split_in_two_names_each_part():
    state = position([(0, 20, K[0], K[0]), (K[1],) * 4, (K[2],) * 4, (K[3],) * 4], [7])
    assert said(state, "7 T0-T3 T20-T24") == (
        "Ann (red) plays 7: Ann's figure 3 steps from Ann's start field to 3 past Ann's start, "
        "Ann's figure 4 steps from 4 past Ben's start to 8 past Ben's start."
    )


def test_a_swap_names_both_figures_and_their_owners():
    state = position(
        [(3, K[0], K[0], K[0]), (20, K[1], K[1], K[1]), (K[2],) * 4, (K[3],) * 4], [14]
    )
    assert said(state, "swap T3 T20") == (
        "Ann (red) plays the swap card: Ann's figure at 3 past Ann's start swaps with Ben's "
        "figure at 4 past Ben's start."
    )


def test_a_figure_reaches_the_goal():
    state = position([(62, K[0], K[0], K[0]), (K[1],) * 4, (K[2],) * 4, (K[3],) * 4], [3])
    assert said(state, "3 T62-G1") == (
        "Ann (red) plays 3: Ann's figure from 2 before Ann's start to Ann's goal, field 1; "
        "Ann's figure reaches the goal."
    )
    with translation.override("it"):
        action = GAME.parse_action(state, "3 T62-G1")
        assert "raggiunge l'arrivo" in words.describe_action(GAME, state, action, NAMES)


def test_coming_out_and_the_joker():
    state = position([(K[0],) * 4, (K[1],) * 4, (K[2],) * 4, (K[3],) * 4], [15])
    assert said(state, "joker=13 K") == (
        "Ann (red) plays the joker as 13: a figure of Ann out of the kennel onto Ann's start field."
    )


def test_the_partners_figure_is_named_as_the_partners():
    geo = GAME.new_game({"seats": 4}).cfg.geo
    home = tuple(geo.goal(0, g) for g in range(4))
    state = position([home, (K[1],) * 4, (40, K[2], K[2], K[2]), (K[3],) * 4], [5])
    assert said(state, "5 T40-T45") == (
        "Ann (red) plays 5: partner Cid's figure from 8 past Cid's start to 3 before Dan's start."
    )


def test_the_legal_plays_list_and_the_referee_speak_in_words():
    label = words.describe(GAME, KNOCK, GAME.parse_action(KNOCK, "5 T0-T5"), NAMES).label
    assert label == (
        "Play 5: Ann's figure from Ann's start field to 5 past Ann's start; sends home Ben's figure"
    )
    violation = Violation("dog.no_figure", "", {"field": "T9"})
    shown = presenters.violation_json(GAME, violation, KNOCK, NAMES)
    assert shown["message"] == "There is no figure on 7 before Ben's start."
    assert shown["params"] == {"field": "T9"}  # the API keeps the notation
    example = Violation("dog.must_play", "", {"example": "5 T0-T5"})
    with translation.override("de"):
        shown = presenters.violation_json(GAME, example, KNOCK, NAMES)
    assert "5 (die Figur von Ann von „Startfeld von Ann“" in shown["message"]
    assert not NOTATION.search(shown["message"])


# --- the history ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_history_names_the_player_also_when_the_scribe_entered_it(dealt_table):
    t = dealt_table
    assert t.play("1 K", t.host).status_code == 201  # the scribe enters Ann's play
    assert t.play("1 K", t.tokens[1]).status_code == 201  # Ben enters his own
    table = Table.objects.get(id=t.id)
    for seat in (None, 0, 2):
        lines = {
            line["seq"]: line
            for line in history_words.history_words(table, history(table, seat), seat)
        }
        ann, ben = lines[table.seq - 1], lines[table.seq]
        assert ann["who"] == "Ann (red)" and ann["said"]
        assert ann["text"] == (
            "plays 1 / 11: a figure of Ann out of the kennel onto Ann's start field "
            "(entered by the scribe)"
        )
        assert ben["who"] == "Ben (blue)" and "entered by" not in ben["text"]
        for line in lines.values():
            assert not NOTATION.search(line["text"]), line
    # The gift of a card: its giver reads the card, the others only that a card was given.
    gifts = [
        line
        for line in history_words.history_words(table, history(table, 0), 0)
        if line["text"].startswith("gives")
    ]
    assert "gives 5 face down to Cid" in [g["text"] for g in gifts]
    others = history_words.history_words(table, history(table, 1), 1)
    assert "gives a card face down to Cid" in [line["text"] for line in others]
    assert "gives 5 face down to Cid" not in [line["text"] for line in others]


@pytest.mark.django_db
def test_the_history_in_german_and_an_undo(dealt_table):
    t = dealt_table
    assert t.play("1 K", t.tokens[0]).status_code == 201
    assert t.call("post", "/undo", {"expected_seq": t.seq()}, t.tokens[0]).status_code in (
        200,
        201,
    )
    table = Table.objects.get(id=t.id)
    with translation.override("de"):
        lines = history_words.history_words(table, history(table, 0), 0)
    undo = lines[-1]
    assert undo["who"] == "Ann"
    assert undo["text"].startswith("nimmt #")
    assert "Ann (rot) spielt 1 / 11: eine Figur von Ann aus dem Zwinger" in undo["text"]


@pytest.mark.parametrize("game_name", ["dog", "hit", "lifeislife"])
def test_referee_messages_name_the_seat_in_every_language(game_name):
    """Every engine message that says "Seat {seat}" (Platz, place, posto) names the person
    instead when the names are known: "Ben holds no 5", never "Seat 1 holds no 5"."""
    game = get_game(game_name)
    templates = [text for text in game.messages.values() if "{seat}" in text]
    assert templates
    for language in ("en", "de", "fr", "it"):
        with translation.override(language):
            for template in templates:
                said = localize.named_seats(translation.gettext(template))
                assert "{seat}" in said, (language, said)
                numbered = re.search(r"(?i)\b(seat|platz|place|posto) \{seat\}", said)
                assert not numbered, (language, said)
    shown = presenters.violation_json(
        get_game("dog"),
        Violation("dog.card_not_in_hand", "", {"seat": 1, "card": "5"}),
        None,
        NAMES,
    )
    assert shown["message"] == "Ben holds no 5." and shown["params"]["seat"] == 1
    with translation.override("it"):
        shown = presenters.violation_json(
            get_game("dog"),
            Violation("dog.card_not_in_hand", "", {"seat": 1, "card": "5"}),
            None,
            NAMES,
        )
    assert shown["message"] == "Ben non ha 5."


def test_a_private_lines_public_text_names_the_people_when_names_are_given():
    payload = {
        "public_msg": ["seat {seat} gave a card to seat {receiver}", {"seat": 0, "receiver": 2}]
    }
    said = {}
    for language in ("en", "de", "fr", "it"):
        with translation.override(language):
            said[language] = localize.public_line(payload, NAMES)
            assert not re.search(r"\d", said[language]), said[language]
    assert said["en"] == "Ann gave a card to Cid"
    assert said["it"] == "Ann ha passato una carta a Cid"
    assert localize.public_line(payload) == "seat 0 gave a card to seat 2"  # without names


@pytest.mark.django_db
def test_the_history_stays_right_across_an_undo_with_the_kept_walk(dealt_table):
    """The walk and the log kept between renders are read again after an undo: the play made
    again is said from the position after the undo, not from the one before it."""
    t = dealt_table

    def lines(seat=0):
        table = Table.objects.get(id=t.id)
        return history_words.history_words(table, history(table, seat), seat)

    assert t.play("1 K", t.tokens[0]).status_code == 201
    assert "out of the kennel" in lines()[-1]["text"]
    assert t.call("post", "/undo", {"expected_seq": t.seq()}, t.tokens[0]).status_code in (200, 201)
    assert lines()[-1]["text"].startswith("takes back #")
    assert t.play("13 K", t.tokens[0]).status_code == 201  # the 13 instead of the 1
    assert t.play("1 K", t.tokens[1]).status_code == 201
    said = lines()
    assert said[-2]["text"] == "plays 13: a figure of Ann out of the kennel onto Ann's start field"
    assert said[-1]["who"] == "Ben (blue)"
    assert (
        said[-1]["text"] == "plays 1 / 11: a figure of Ben out of the kennel onto Ben's start field"
    )
