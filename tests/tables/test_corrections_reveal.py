"""Corrections follow undo's reveal rule (issue #37, F3): a seat's decision is no longer
changed once it, or a later entry, showed cards; what the table reported (a deal, a hand)
stays correctable. One rule (companion/tables/play/reveals.py), in every game, on the page and
in the API."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion.engines import get_game
from companion.tables.errors import Conflict
from companion.tables.models import Event
from companion.tables.play import reveals, services
from companion.tables.tokens import cookie_name, cookie_value
from tests.tables.simulated import CONFIGS, table_log

from .seat_helpers import HOST
from .test_undo_reveals import CONFIG as LIFE_CONFIG
from .test_undo_reveals import _first

pytestmark = pytest.mark.django_db


def _decision_before_a_reveal(game_name: str) -> tuple[list[str], int]:
    """A logged game up to (and with) the first entry that shows cards after a seat's
    decision, and the index of that decision."""
    game = get_game(game_name)
    revealed = False
    for seed in range(40):
        log = table_log(game_name, CONFIGS[game_name], seed, 600)
        state = game.new_game(CONFIGS[game_name])
        decision = None
        for index, text in enumerate(log):
            action = game.parse_action(state, text)
            if reveals.shows_cards(game, state, action):
                revealed = True
                if decision is not None:
                    return log[: index + 1], decision
            if not reveals.is_report(game, state, action) and not reveals.shows_cards(
                game, state, action
            ):
                decision = index
            state = game.apply(state, action)
    if not revealed:  # a game of open information (a new one, say): nothing to cross
        pytest.skip(f"{game_name} never shows hidden cards")
    raise AssertionError(f"no decision before a reveal in {game_name}")


@pytest.mark.parametrize("game_name", sorted(CONFIGS))
def test_no_correction_of_a_decision_across_a_reveal_in_any_game(game_name):
    log, decision = _decision_before_a_reveal(game_name)
    table, _host = services.create_table(game_name, CONFIGS[game_name], [])
    for seq, text in enumerate(log):
        services.record_action(table.id, HOST, text, seq)
    with pytest.raises(Conflict) as refused:
        services.correct(table.id, HOST, decision + 1, log[decision], len(log))
    assert refused.value.code == "correction_crosses_reveal"
    assert f"#{decision + 1} can no longer be corrected" in refused.value.message
    assert refused.value.extra["shown"] == len(log)
    assert not Event.objects.filter(table_id=table.id, kind=Event.Kind.CORRECT).exists()


def test_the_sudden_death_swap_is_not_corrected_into_a_plain_swap():
    """The finding: a seat corrected its own sudden-death swap after everyone saw the set."""
    before, showing = _first("sudden")
    table, _host = services.create_table("lifeislife", LIFE_CONFIG, [])
    for seq, text in enumerate(before):
        services.record_action(table.id, HOST, text, seq)
    recorded = services.record_action(table.id, HOST, showing, len(before))
    plain = showing.split(" sudden")[0] if " sudden" in showing else "knock"
    for actor in (HOST, services.Actor(recorded.event.payload.get("by_seat"), False)):
        with pytest.raises(Conflict) as refused:
            services.correct(table.id, actor, recorded.event.seq, plain, recorded.event.seq)
        assert refused.value.code == "correction_crosses_reveal"
        assert "it showed cards to the table" in refused.value.message


def test_a_gift_is_corrected_until_the_receiver_picks_it_up(api_table):
    t = api_table
    assert t.play("deal", t.host).status_code == 201
    from tests.conftest import HANDS

    for seat, cards in HANDS.items():
        r = t.call("put", "/hand", {"cards": cards, "expected_seq": t.seq()}, t.tokens[seat])
        assert r.status_code == 201, r.content
    first = t.play("give 5", t.tokens[0]).json()["seq"]
    for seat, card in ((1, "3"), (2, "2")):
        assert t.play(f"give {card}", t.tokens[seat]).status_code == 201
    # still face down: Ann may change her mind about the card (a mistyped gift)
    fixed = t.call("post", "/corrections",
                   {"seq": first, "action": "give 7", "expected_seq": t.seq()}, t.tokens[0])
    assert fixed.status_code == 201, fixed.content
    assert t.play("give 9", t.tokens[3]).status_code == 201  # the exchange is complete
    late = t.call("post", "/corrections",
                  {"seq": first, "action": "give 4", "expected_seq": t.seq()}, t.tokens[0])
    assert late.status_code == 409
    error = late.json()["error"]
    assert error["code"] == "correction_crosses_reveal"
    assert "cards were shown after it" in error["message"]
    # the host is held to the same rule; a hand entry (a report) stays correctable
    assert t.call("post", "/corrections", {"seq": first, "action": "give 4",
                                           "expected_seq": t.seq()}, t.host).status_code == 409
    hand = t.call("post", "/corrections", {"seq": 2, "action": "hand 0 " + ",".join(HANDS[0]),
                                           "expected_seq": t.seq()}, t.tokens[0])
    assert hand.status_code == 201, hand.content


def test_the_page_refuses_a_correction_across_a_reveal_in_words(client: Client):
    before, showing = _first("sudden")
    table, host_token = services.create_table("lifeislife", LIFE_CONFIG, [])
    client.cookies[cookie_name(table.id, "host")] = cookie_value(table.id, host_token)
    for seq, text in enumerate([*before, showing]):
        services.record_action(table.id, HOST, text, seq)
    seq = len(before) + 1
    answer = client.post(f"/t/{table.id}/correct",
                         {"seq": str(seq), "action": "knock", "expected_seq": str(seq)})
    text = re.sub(r"<[^>]+>", " ", answer.content.decode())
    assert f"#{seq} can no longer be corrected" in text, text[:600]
    assert not Event.objects.filter(table_id=table.id, kind=Event.Kind.CORRECT).exists()
