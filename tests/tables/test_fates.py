"""What a play did to a seat, said on that seat's phone only (tables/pages/fates.py): a figure
knocked out (DOG: back in the kennel; HIT: hit, back on a waiting field), a life lost and a
player out of the game (Life is Life: no Hint, and the hint API refuses). Through the real
path: a table loaded from a game record, phones seated by the host's invitation, pages
fetched as a fresh load and as the live parts the websocket pushes."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion.engines import get_game
from companion.tables.models import Table
from companion.tables.pages.rendering import live_parts
from companion.tables.play import services

from .seat_helpers import claim, sit
from .simulated import CONFIGS, first_knockout, table_log
from .test_summary import NAMES
from .test_summary import _table as table_of

pytestmark = pytest.mark.django_db

KNOCKED = re.compile(r"knocked out (your|\d+ of your)|hit (your|\d+ of your)")


def _page(table: Table, seat: int | None) -> str:
    phone = Client()
    if seat is not None:
        assert sit(phone, table.id, seat).status_code == 302
    return phone.get(f"/t/{table.id}/").content.decode()


def _notices(html: str) -> str:
    found = re.search(r'<div id="notices".*?</div>', html, re.S)
    assert found is not None
    return found.group(0)


@pytest.mark.parametrize(("game_name", "home", "words"), [
    ("dog", "K", "it is back in your kennel"),
    ("hit", "W", "it is back on a waiting field"),
])
def test_the_seat_whose_figure_was_knocked_out_is_told_and_no_one_else(game_name, home, words):
    log, mover, victim = first_knockout(game_name, seed=11, home=home)
    table = table_of(game_name, log)
    names = NAMES[game_name]
    mine = _notices(_page(table, victim))
    assert KNOCKED.search(mine) and words in mine
    assert mine.count('class="notice fate"') == 1
    assert names[mover] in mine  # who did it, by name
    assert not re.search(r"\b[TGKW]\d+\b|seat \d", mine)  # no notation, no seat numbers
    for seat in range(len(names)):
        if seat != victim:
            assert 'class="notice fate"' not in _notices(_page(table, seat))
    assert 'class="notice fate"' not in _notices(_page(table, None))  # a spectator


def test_a_dog_notice_says_where_the_figure_stood_and_a_live_part_says_the_same():
    log, _mover, victim = first_knockout("dog", seed=11, home="K")
    table = table_of("dog", log)
    html = _notices(_page(table, victim))
    said = re.search(r'class="notice fate"[^>]*><p>(.*?)</p>', html).group(1)
    # "Cid knocked out your figure 3 past Ben's start — it is back in your kennel."
    assert re.search(r"knocked out your figure (on |\d+ (past|before) ).+ — it is back", said), said
    token = claim(table.id, victim)
    actor = services.actor_for(Table.objects.get(id=table.id), token, None)
    live = live_parts(Table.objects.get(id=table.id), actor)["notices"]
    assert said in live.replace("&#x27;", "'").replace("&#39;", "'") or said in live


def test_the_notice_goes_once_the_seat_has_played_again():
    game = get_game("dog")
    log, _mover, victim = first_knockout("dog", seed=11, home="K")
    full = table_log("dog", CONFIGS["dog"], seed=11)
    state = game.new_game(CONFIGS["dog"])
    for text in log:
        state = game.apply(state, game.parse_action(state, text))
    more = list(log)
    for text in full[len(log):]:  # up to and with the victim's own next decision
        mover = game.to_move(state)
        more.append(text)
        state = game.apply(state, game.parse_action(state, text))
        if mover == victim and not text.startswith("hand "):
            break
    table = table_of("dog", more)
    assert 'class="notice fate"' not in _notices(_page(table, victim))


def _life_with_someone_out() -> tuple[Table, int, list[int]]:
    """A Life is Life table up to the step where the first player loses their last life."""
    game = get_game("lifeislife")
    for seed in range(1, 40):
        log = table_log("lifeislife", CONFIGS["lifeislife"], seed=seed)
        state = game.new_game(CONFIGS["lifeislife"])
        for i, text in enumerate(log):
            state = game.apply(state, game.parse_action(state, text))
            out = game.score(state)["out"]
            if out and not game.is_terminal(state):
                return table_of("lifeislife", log[: i + 1]), out[0], out
    raise AssertionError("nobody went out before the end")


def test_a_player_out_of_the_game_is_told_has_no_hint_and_the_api_refuses():
    table, out, all_out = _life_with_someone_out()
    page = _page(table, out)
    assert "You are out of the game — you can still follow it here." in page
    assert "hint-button" not in page
    assert "You lost your last life." in _notices(page)
    others = [s for s in range(4) if s not in all_out]
    assert others
    for seat in others:
        theirs = _page(table, seat)
        assert "You are out of the game" not in theirs
        assert "You lost your last life." not in theirs
    token = claim(table.id, out)
    answer = Client().post(
        f"/api/tables/{table.id}/hints", "{}", content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert answer.status_code == 409
    error = answer.json()["error"]
    assert error["code"] == "out_of_game" and "out of the game" in error["message"]


def test_a_life_lost_is_told_to_its_player_with_the_lives_left():
    game = get_game("lifeislife")
    log = table_log("lifeislife", CONFIGS["lifeislife"], seed=7)
    state = game.new_game(CONFIGS["lifeislife"])
    for i, text in enumerate(log):
        before = list(state.lives)
        state = game.apply(state, game.parse_action(state, text))
        losers = [s for s, (a, b) in enumerate(zip(before, state.lives, strict=True)) if b < a]
        if losers:
            table = table_of("lifeislife", log[: i + 1])
            seat = losers[0]
            left = state.lives[seat]
            said = _notices(_page(table, seat))
            expected = "You lost your last life." if left == 0 else "You lost a life: "
            assert expected in said
            keep = [s for s in range(4) if s not in losers]
            if keep:
                assert "You lost" not in _notices(_page(table, keep[0]))
            return
    raise AssertionError("no life lost")
