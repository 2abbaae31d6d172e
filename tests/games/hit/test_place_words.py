"""HIT says places as the real board shows them: no field carries a number there, so no
sentence of the table (plays, history lines, entry buttons, the board's titles and text, the
referee's rulings) names one. Seeded random games through the engine, said in EN/DE/FR/IT."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from django.utils import translation

from companion.engines import TABLE, get_game
from companion.games.hit import board as hit_board
from companion.games.hit import entry as hit_entry
from companion.games.hit import words as hit_words
from companion.games.hit.engine.state import HitState
from companion.games.hit.names import TOKENS
from companion.games.hit.places import token_place
from companion.games.hit.presenter import PRESENTER
from companion.tables.presenters.localize import violation_json

HIT = get_game("hit")
LANGUAGES = ("en", "de", "fr", "it")
NAMES = ["Ann", "Ben", "Cid", "Dan"]
#: a place word followed by a number ("field 20", "Feld 24", "case 9", "casella 30"), or a
#: number glued to a field token
NUMBERED = re.compile(
    r"\b(fields?|Feld(?:er)?|cases?|casell[ae]|campo|goal field|Zielfeld|case d'arrivée"
    r"|casella di arrivo|Ziel|arrivée|arrivo)\s*(n°|nr\.?|#)?\s*\d"
    r"|\b[TG]\d{1,2}\b",
    re.I,
)
#: what the landmark phrases say in each language
LANDMARKS = {
    "en": ("start field", "barrier", "goal field"),
    "de": ("Startfeld", "Schranke", "Zielfeld"),
    "fr": ("case Départ", "barrière", "case d'arrivée"),
    "it": ("casella di partenza", "barriera", "casella di arrivo"),
}
CONFIGS = ((2, {}), (3, {}), (4, {"four_figures": True}))


def _positions(players: int, rules: dict[str, bool], seed: int) -> Iterator[HitState]:
    """Every decision of a seeded random game (the table's reports sampled)."""
    rng = random.Random(seed)
    state = HIT.new_game({"players": players, "rules": rules})
    for _ in range(400):
        if HIT.is_terminal(state):
            return
        if HIT.to_move(state) == TABLE:
            state = HIT.apply(state, HIT.sample_chance(state, rng))
            continue
        yield state
        state = HIT.apply(state, HIT.random_action(state, rng))


def _seats(state: HitState) -> list[SimpleNamespace]:
    return [
        SimpleNamespace(name=NAMES[i], colour=c) for i, c in enumerate(state.cfg.geo.colour)
    ]


def _sentences(state: HitState, rng: random.Random) -> Iterator[str]:
    names = NAMES[: state.cfg.geo.players]
    actions = HIT.legal_actions(state)
    for action in rng.sample(actions, min(6, len(actions))):
        yield str(hit_words.describe(HIT, state, action, names).label)
        yield hit_words.action_words(HIT, state, action, names, visible=True)
    position = HIT.to_json(state)
    seats = _seats(state)
    protected = HIT.score(state)["protected"]
    board = hit_board.board_context(state, position, seats, protected, set())
    yield board["description"]
    yield from (f["title"] for f in board["figures"])
    if HIT.phase(state) == "play":
        turn = position["turn"]
        for card in sorted({t for t in position["hands"][turn] if t != "?"}):
            args = {"card": card}
            try:
                entry = hit_entry.entry(HIT, state, position, names, turn, True, args)
            except Exception:  # a card the hand cannot hold now: refused, nothing to say
                continue
            yield from (m["label"] for m in entry.get("moves", []))
            for part in entry.get("split", {}).get("next", []):
                yield part["label"]


def _rulings(state: HitState) -> Iterator[str]:
    """The referee's words on plays the rules refuse: each card to each field of the board."""
    names = NAMES[: state.cfg.geo.players]
    figures = [t for t in HIT.to_json(state)["figures"][state.turn] if t != "W"]
    for card in TOKENS[:8]:
        for frm in figures[:2]:
            for to in ("T5", "T11", "G1"):
                try:
                    action = HIT.parse_action(state, f"{card} {frm}-{to}")
                except Exception:
                    continue
                for violation in HIT.check(state, action):
                    said = violation_json(HIT, PRESENTER, violation, state, names)
                    yield said["message"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("players", "rules"), CONFIGS)
def test_no_sentence_numbers_a_field(lang, players, rules):
    rng = random.Random(players)
    said: list[str] = []
    with translation.override(lang):
        for i, state in enumerate(_positions(players, rules, seed=players * 7)):
            if i % 3:
                continue
            said.extend(_sentences(state, rng))
            if HIT.phase(state) == "play" and i % 9 == 0:
                said.extend(_rulings(state))
    assert len(said) > 200
    numbered = [s for s in said if NUMBERED.search(s)]
    assert not numbered, numbered[:10]
    text = "\n".join(said)
    for landmark in LANDMARKS[lang]:
        assert landmark in text, (lang, landmark)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_field_of_every_side_has_a_name_of_its_own(lang):
    """Two fields never share a name: a person finds each from its words alone."""
    with translation.override(lang):
        for players in (2, 3, 4):
            state = HIT.new_game({"players": players})
            geo = state.cfg.geo
            track = [token_place(state, f"T{t}") for t in range(geo.fields)]
            goal = [token_place(state, f"G{g + 1}") for g in range(geo.figures)]
            assert len(set(track)) == len(track), track
            assert len(set(goal)) == len(goal), goal
            assert not [p for p in track + goal if NUMBERED.search(p)]


def test_the_landmarks_read_as_the_board_shows_them():
    state = HIT.new_game({"players": 4})
    with translation.override("en"):
        assert token_place(state, "T0") == "blue's start field"
        assert token_place(state, "T47") == "blue's barrier"
        assert token_place(state, "T3") == "3 fields past blue's start field"
        assert token_place(state, "T5") == "5 fields past blue's start field (corner field)"
        assert token_place(state, "T9") == "2 fields before red's barrier"
        assert token_place(state, "T13") == "1 field past red's start field"
        assert token_place(state, "G2") == "the second goal field"
        assert token_place(state, "W") == "a waiting field"
    with translation.override("de"):
        assert token_place(state, "T3") == "3 Felder nach dem Startfeld von Blau"
        assert token_place(state, "T9") == "2 Felder vor der Schranke von Rot"
    with translation.override("fr"):
        assert token_place(state, "T0") == "case Départ de Bleu"
        assert token_place(state, "T9") == "2 cases avant la barrière de Rouge"
    with translation.override("it"):
        assert token_place(state, "T3") == "3 caselle dopo la casella di partenza del blu"
        assert token_place(state, "T13") == "1 casella dopo la casella di partenza del rosso"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the figure from blue's start field to 3 fields past blue's start field"),
        ("de", "die Figur von „Startfeld von Blau“ nach „3 Felder nach dem Startfeld von Blau“"),
        ("fr", "le pion de « case Départ de Bleu » à « 3 cases après la case Départ de Bleu »"),
        (
            "it",
            "la pedina da «casella di partenza del blu» a «3 caselle dopo la casella di "
            "partenza del blu»",
        ),
    ],
)
def test_a_move_quotes_its_two_places(lang, said):
    """German, French and Italian quote the two places of a move, as DOG's words do."""
    state = HIT.new_game({"players": 4})
    with translation.override(lang):
        assert hit_words._moves(state, "s3 T0-T3") == [said]
