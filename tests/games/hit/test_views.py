"""HIT at the table through Django's test client: the lobby, the table's reports (draws,
market), the entry offering only the engine's legal plays, buying and ending, privacy of
hands and named draws, undo barriers, and bad input answered with a reason (never a 500)."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest
from django.test import Client

from companion.engines import get_game
from companion.games.hit.presenter import PRESENTER
from companion.tables.models import Table
from companion.tables.presenters import get
from tests.tables import seat_helpers

pytestmark = pytest.mark.django_db

MARKET = "4,5,hunt,coins5,jump"
HIT = get_game("hit")


def new_table(client: Client, **form: str) -> Table:
    data = {"players": "2", "name0": "Ann", "name1": "Ben", **form}
    response = client.post("/t/new/hit", data)
    assert response.status_code == 302, response.content.decode()
    table = Table.objects.get()
    assert response["Location"] == f"/t/{table.id}/"
    return table


def sit(table: Table, seat: int) -> Client:
    phone = Client()
    response = seat_helpers.sit(phone, table.id, seat)  # the host's invitation once set up
    assert response.status_code == 302, response.content
    return phone


def seq(table: Table) -> str:
    return str(Table.objects.get(id=table.id).seq)


def post(client: Client, table: Table, path: str, **data: str) -> str:
    response = client.post(f"/t/{table.id}/{path}", {"expected_seq": seq(table), **data})
    assert response.status_code == 200, response.content
    return response.content.decode()


def recorded(html: str) -> bool:
    return "✓ Recorded" in html


def actions(html: str) -> list[str]:
    """The plays offered: the move buttons, or the confirm of a card with one play alone (a
    choice with one option needs no tap)."""
    offered = re.findall(r'data-action="([^"]+)"', html)
    return offered or re.findall(r'<input type="hidden" name="action" value="([^"]+)">', html)


def set_up(host: Client, table: Table) -> None:
    """The set-up reported by the host: both first hands drawn, the market laid out."""
    for _ in range(2):
        assert recorded(post(host, table, "play", action="draw"))
    cards = {f"card{i}": c for i, c in enumerate(MARKET.split(","))}
    assert recorded(post(host, table, "compose/market", slots="5", **cards))


def test_home_links_the_hit_lobby(client):
    page = client.get("/").content.decode()
    assert 'href="/t/new/hit"' in page and "Coming soon" not in page


def test_lobby_creates_the_configured_table(client):
    page = client.get("/t/new/hit").content.decode()
    assert "Mehr Schadenfreude" in page and "4 statt 3" in page
    assert "unverified" not in page and ".toml" not in page  # no developer's note, no path
    assert "Check your box" in page
    table = new_table(
        client,
        players="3",
        name2="Cid",
        first_player="2",
        no_shields="on",
        four_figures="on",
    )
    assert table.game == "hit"
    assert table.config == {
        "players": 3,
        "rules": {"no_shields": True, "four_figures": False},
        "first_player": 1,
    }
    seats = list(table.seats.all())
    assert [s.name for s in seats] == ["Ann", "Ben", "Cid"]
    assert [s.colour for s in seats] == ["blue", "red", "green"]  # the board's segments
    page = client.get(f"/t/{table.id}/").content.decode()
    assert "unverified" not in page and ".toml" not in page and "Board as checked" not in page
    assert "Mehr Schadenfreude" in page and "Cards drawn" in page and table.join_code in page
    assert 'data-mode="draw"' in page and "Ben draws the first hand" in page


def test_lobby_rejects_bad_input_with_a_reason(client):
    for form, reason in (
        ({"players": "5"}, "from 2 to 4"),
        ({"players": "x"}, "whole number"),
        ({"players": "2", "first_player": "3"}, "who begins must be from 1 to 2"),
    ):
        response = client.post("/t/new/hit", form)
        assert response.status_code == 400 and reason in response.content.decode(), form
    assert not Table.objects.exists()
    r = client.post(
        "/api/tables",
        json.dumps({"game": "hit", "options": {"players": 2}, "colours": ["red", "blue"]}),
        content_type="application/json",
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_colours"
    assert "blue, green" in r.json()["error"]["message"]
    r = client.post(
        "/api/tables",
        json.dumps({"game": "hit", "options": {"mode": "teams"}}),
        content_type="application/json",
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_config"


def test_table_reports_the_set_up_and_market_refills_are_barriers(client):
    table = new_table(client)
    assert recorded(post(client, table, "play", action="draw"))
    page = client.get(f"/t/{table.id}/").content.decode()
    assert "Ben draws the first hand" in page
    assert recorded(post(client, table, "play", action="draw"))
    page = client.get(f"/t/{table.id}/").content.decode()
    places = page.count('<input type="hidden" name="card')  # the market's places
    assert 'data-mode="market"' in page and places == 5
    # A wrong count, an unknown card, an empty place: a ruling or a reason, nothing recorded.
    short = post(client, table, "compose/market", slots="4", card0="4", card1="5", card2="7")
    assert "Not allowed" in short or "choose the card" in short
    cards = {f"card{i}": c for i, c in enumerate(MARKET.split(","))}
    wrong = post(client, table, "compose/market", slots="4", **cards)
    assert "Not allowed" in wrong and "hit.market_count" in wrong
    banana = post(client, table, "compose/market", slots="5", **{**cards, "card2": "banana"})
    assert "not a HIT card" in banana
    assert seq(table) == "2"
    assert recorded(post(client, table, "compose/market", slots="5", **cards))
    page = client.get(f"/t/{table.id}/").content.decode()
    assert re.findall(r'class="hit-card[^"]*" data-card="([^"]+)"', page) == [
        "4",
        "5",
        "coins5",
        "hunt",
        "jump",
    ]
    undo = post(client, table, "undo")
    assert "no play to undo" in undo  # the refill revealed cards: no undo hides them again


def test_entry_offers_only_the_legal_plays_of_the_card(client):
    table = new_table(client)
    set_up(client, table)
    ann = sit(table, 0)
    short = post(ann, table, "hand", **{"count-s6": "1", "count-s1-5": "1"})  # 2 of 3
    assert "hit.hand_mismatch" in short and "holds 3 cards" in short and not recorded(short)
    html = post(ann, table, "hand", **{"count-s6": "1", "count-s1-5": "1", "count-scoins": "1"})
    assert recorded(html)
    page = ann.get(f"/t/{table.id}/").content.decode()
    assert re.findall(r'hit-card-pick" [^>]*data-card="([^"]+)"', page) == ["scoins", "s6", "s1-5"]
    assert "Lay down 2" not in page  # an own figure stands on the start field

    def entry(**query: str) -> str:
        response = ann.get(f"/t/{table.id}/entry", query)
        assert response.status_code == 200, response.content
        return response.content.decode()

    state = HIT.from_json(Table.objects.get(id=table.id).snapshot)
    expected = [HIT.format_action(state, a) for a in HIT.plays_of(state, "s1-5")]
    assert actions(entry(card="s1-5")) == expected == [f"s1-5 T0-T{n}" for n in range(1, 6)]
    assert actions(entry(card="s6")) == ["s6 T0-T6"]  # no coming out onto an own figure
    assert actions(entry(card="scoins")) == ["scoins"]
    assert "take 3 coins" in entry(card="scoins")
    assert 'class="field track' in entry(card="s1-5") and "lit" in entry(card="s1-5")
    for bad, reason in (
        ({"card": "banana"}, "is not a HIT card"),
        ({"card": "s3"}, "not a card your hand holds"),
        ({"card": "discard"}, "no figure can come out"),
    ):
        response = ann.get(f"/t/{table.id}/entry", bad)
        assert response.status_code == 400 and reason in response.content.decode(), bad
    confirm = entry(pick="s1-5 T0-T3")
    assert (
        "Play Start 1–5: the figure from blue&#x27;s start field to 3 fields past blue&#x27;s "
        "start field?"
    ) in confirm
    assert "<code>s1-5 T0-T3</code>" in confirm  # the notation in the details line
    assert recorded(post(ann, table, "play", action="s1-5 T0-T3"))
    # Now a figure may come out by laying down 2: first the card underneath, then the top.
    html = entry()
    assert "Lay down 2 to bring a figure out" in html
    first = entry(card="discard")
    assert re.findall(r"parts=([^\"&]+)", first) == ["scoins", "s6"]
    assert actions(entry(card="discard", parts="s6")) == ["discard s6,scoins"]
    six = entry(card="s6")
    assert six.count("data-action") == 2 and "comes out onto blue&#x27;s start field" in six
    # Only Ann's phone (or the scribe's) offers the plays; Ben waits.
    ben = sit(table, 1)
    assert 'data-mode="wait"' in ben.get(f"/t/{table.id}/entry").content.decode()
    refused = post(ben, table, "play", action="scoins")
    assert "turn" in refused and not recorded(refused)


def test_a_turn_plays_buys_ends_draws_and_refills(client):
    table = new_table(client)
    set_up(client, table)
    ann = sit(table, 0)
    post(ann, table, "hand", **{"count-s6": "1", "count-s3": "1", "count-scoins": "1"})
    for action in ("s3 T0-T3", "s6 W-T0", "scoins"):
        assert recorded(post(ann, table, "play", action=action)), action
    page = ann.get(f"/t/{table.id}/").content.decode()
    assert 'data-mode="buy"' in page and "11 coins" in page  # 6 + 2 + 3
    buttons = re.findall(
        r'<button class="card buy( affordable)?" name="action" value="buy ([^"]+)"', page
    )
    assert [(b, bool(a)) for a, b in buttons] == [
        ("4", True),
        ("5", True),
        ("coins5", True),
        ("hunt", True),
        ("jump", True),
    ]
    confirm = ann.get(f"/t/{table.id}/entry", {"pick": "buy hunt"}).content.decode()
    assert 'data-step="confirm"' in confirm and "Buy Hunt for 6 coins?" in confirm
    assert recorded(post(ann, table, "play", action="buy hunt"))
    undone = post(ann, table, "undo")  # a buy is a seat's decision: it can be taken back
    assert "Taken back" in undone
    assert recorded(post(ann, table, "play", action="buy hunt"))
    page = ann.get(f"/t/{table.id}/").content.decode()
    assert "— 5 coins" in page
    assert len(re.findall(r'class="card buy affordable"', page)) == 4  # 4, 5, coins5, jump
    assert recorded(post(ann, table, "play", action="buy 4"))
    page = ann.get(f"/t/{table.id}/").content.decode()
    assert "— 2 coins" in page and "affordable" not in page  # nothing costs 2 or less
    assert page.count("disabled data-card=") == 3
    assert recorded(post(ann, table, "play", action="end"))
    page = ann.get(f"/t/{table.id}/").content.decode()
    assert "First the cards bought, known to all: 4, Hunt" in page
    assert "1 card from the draw pile" in page
    assert "Name the cards I drew" in page  # the drawer may name them privately
    ben = sit(table, 1)
    assert "Name the cards I drew" not in ben.get(f"/t/{table.id}/").content.decode()
    forbidden = post(ben, table, "compose/draw", slots="1", card0="s1")
    assert "only the seat that draws" in forbidden and not recorded(forbidden)
    assert recorded(post(ann, table, "compose/draw", slots="1", card0="s1"))
    history = ben.get(f"/t/{table.id}/").content.decode()
    assert "draws 1 card" in history and "draw s1" not in history  # said, the card hidden
    assert re.search(
        r"<b>Ann \(\w+\)</b> draws Start 1\b", ann.get(f"/t/{table.id}/").content.decode()
    )
    page = ben.get(f"/t/{table.id}/").content.decode()
    assert "Refill the market: 2 cards" in page
    assert recorded(post(ben, table, "compose/market", slots="2", card0="7", card1="hunt"))
    page = ben.get(f"/t/{table.id}/").content.decode()
    assert "Which card do you play?" in page  # Ben's own phone: his hand, not entered yet
    assert 'data-step="cards"' in page and "Enter my hand" in page
    state = HIT.from_json(Table.objects.get(id=table.id).snapshot)
    score = HIT.score(state)
    assert score["coins"] == [2, 6] and score["turn"] == 1 and score["deck"] == [8, 6]
    assert sorted(HIT.to_json(state)["market"]) == sorted(["5", "coins5", "jump", "7", "hunt"])


def test_spectators_and_other_seats_never_see_a_hand(client):
    table = new_table(client)
    set_up(client, table)
    ann, ben = sit(table, 0), sit(table, 1)
    post(ann, table, "hand", **{"count-s6": "1", "count-s3": "1", "count-scoins": "1"})
    own = ann.get(f"/t/{table.id}/").content.decode()
    assert "Your hand:" in own and "enters the hand: " in own  # its own line names the cards
    for phone in (Client(), ben):
        page = phone.get(f"/t/{table.id}/").content.decode()
        assert 'class="chip">Start' not in page and "hand 0 " not in page
        assert "enters the hand (3 cards)" in page and "enters the hand: " not in page
        assert "Which card does Ann play?" in page or 'data-mode="wait"' in page
    spectator = Client().get(f"/t/{table.id}/").content.decode()
    assert "Enter my hand" not in spectator and "Save my hand" not in spectator
    present = Client().get(f"/t/{table.id}/present").content.decode()
    assert "Your hand" not in present and "hand 0 " not in present
    api = client.get(f"/api/tables/{table.id}").json()  # the host: no seat, no hand
    assert api["position"]["hands"][0] == ["?", "?", "?"]
    # Entering another seat's hand is refused; the hand entry cannot be undone.
    refused = post(ben, table, "play", action="hand 0 s1,s1-5,scorner")
    assert "own hand" in refused
    assert "no play to undo" in post(ann, table, "undo")


def test_bad_input_is_a_reason_never_a_500(client):
    table = new_table(client)
    set_up(client, table)
    ann = sit(table, 0)
    for query in (
        {"card": "split10", "parts": "T1-T99"},
        {"card": "discard", "parts": "banana"},
        {"card": "?"},
    ):
        response = ann.get(f"/t/{table.id}/entry", query)
        assert response.status_code == 400 and response.content, query
    for path, data, reason in (
        ("play", {"action": "fly me"}, "an action is a card"),
        ("play", {"action": "s6 T0-T99"}, "track fields are T0"),
        ("play", {"action": "end"}, "hit.cards_left"),
        ("compose/nonsense", {}, "nothing to compose"),
        ("compose/draw", {"slots": "x"}, "whole number"),
        ("hand", {"count-s6": "x"}, "whole number"),
        ("hand", {"count-s6": "1"}, "hit.hand_mismatch"),
    ):
        html = post(ann, table, path, **data)
        assert reason in html and not recorded(html), (path, data)
    garbage = ann.post(f"/t/{table.id}/play", {"action": "end", "expected_seq": "x"})
    assert garbage.status_code == 200 and "whole number" in garbage.content.decode()
    assert seq(table) == "3"


def seats(*colours: str) -> list[SimpleNamespace]:
    return [SimpleNamespace(name=f"P{i}", colour=c) for i, c in enumerate(colours)]


def test_split_ten_is_entered_part_by_part():
    state = HIT.from_json(
        {
            "game": "hit",
            "players": 2,
            "to_move": 0,
            "turns": 5,
            "figures": [["T3", "T9", "T20", "G1"], ["W", "W", "T15", "T30"]],
            "hand": ["split10", "s1", "6"],
            "bought": [["split10", "6"], []],
        }
    )
    position = HIT.to_json(state)

    def entry(**args):
        context = PRESENTER.page_context(
            HIT, state, position, seats("blue", "green"), 0, False, args
        )
        return context["entry"], context["board"]

    first, board = entry(card="split10")
    parts = [p["part"] for p in first["split"]["next"]]
    assert "T3-T4" in parts and "G1-G4" in parts and first["split"]["action"] is None
    assert any(s["lit"] for s in board["spots"])
    second, _ = entry(card="split10", parts="G1-G3")  # in any order: the goal figure first
    assert second["split"]["chosen"] == "from the first goal field to the third goal field"
    nexts = [p["part"] for p in second["split"]["next"]]
    assert nexts[0] == "T3-T4" and "T20-T28" in nexts and not any(p.startswith("G") for p in nexts)
    assert second["split"]["next"][0]["parts"] == "G1-G3 T3-T4"
    plays = {HIT.format_action(state, a) for a in HIT.plays_of(state, "split10")}
    done, _ = entry(card="split10", parts="G1-G2 T20-T29")
    assert done["split"]["action"] == "split10 T20-T29 G1-G2" and done["split"]["action"] in plays
    assert done["split"]["next"] == []
    with pytest.raises(Exception, match="no split of 10"):
        entry(card="split10", parts="T3-T20")
    # The hit is named on the move button; a protected figure is passed (the engine decides).
    moves, _ = entry(card="6")
    assert [m["label"] for m in moves["moves"] if "hits" in m["label"]] == [
        "from 2 fields before red's barrier to 3 fields past red's start field (hits P1)"
    ]


def test_labels_read_like_the_table_talks():
    label = get("hit").label
    # without the position, which board it is is unknown: what happens, and no number
    assert label("6 T20-T26") == "6: a figure moves on"
    assert label("s1 W-T0") == "Start 1: a figure comes out"
    assert label("split10 T40-G2") == "Split 10: a figure moves into the goal"
    assert label("coins5") == "5 coins: take 5 coins"
    assert label("11 -") == "11: laid down unused"
    assert label("split10 T3-T9 T20-T24") == (
        "Split 10: a figure moves on, a figure moves on"
    )
    assert (
        label("discard 5,coins3") == "lay down 5 and 3 coins (3 coins on top): a figure comes out"
    )
    assert label("buy hunt") == "buy Hunt for 6 coins"
    assert label("end") == "done buying: end the turn"
    assert label("shuffle keep") == "shuffle, keeping the shield card on the discard pile"
    assert label("market 7,hunt") == "the market gets 7, Hunt"


def test_board_draws_corners_barriers_waiting_and_goal_fields():
    state = HIT.new_game({"players": 4, "rules": {"four_figures": True}})
    context = PRESENTER.page_context(
        HIT, state, HIT.to_json(state), seats("blue", "red", "green", "yellow"), None, False, {}
    )
    board = context["board"]
    assert len(board["spots"]) == 48
    assert sum(s["corner"] for s in board["spots"]) == 12
    assert [s["field"] for s in board["spots"] if "barrier" in s["kind"]] == [
        "T11",
        "T23",
        "T35",
        "T47",
    ]
    assert len(board["bars"]) == 4
    kinds = [h["kind"] for h in board["homes"]]
    assert kinds.count("goal") == 16 and kinds.count("waiting") == 16
    letters = sorted({(f["letter"], f["field"]) for f in board["figures"]})
    assert ("B", "T0") in letters and ("Y", "T36") in letters and ("R", "W") in letters
    assert context["entry"]["mode"] == "draw" and context["hand_form"] is None


def test_reshuffles_the_seat_decides_only_with_a_shield_on_top(client):
    """Ann's 6 start cards are used up after two turns: at her third draw the discard pile is
    shuffled — her choice with the shield card s3 on top, the table's event for Ben."""
    table = new_table(client)
    set_up(client, table)

    def play_first(card: str) -> str:
        html = client.get(f"/t/{table.id}/entry", {"card": card}).content.decode()
        action = actions(html)[0]
        assert recorded(post(client, table, "play", action=action)), action
        return action

    for card in ("s1-5", "scoins", "s1"):  # the scribe enters Ann's cards as she plays them
        play_first(card)
    for action in ("end", "draw"):
        assert recorded(post(client, table, "play", action=action))
    for card in ("scoins", "s1-5", "s6"):
        play_first(card)
    for action in ("end", "draw"):
        assert recorded(post(client, table, "play", action=action))
    page = client.get(f"/t/{table.id}/").content.decode()  # Ann's last three: known to all
    assert re.findall(r'hit-card-pick" [^>]*data-card="([^"]+)"', page) == ["s6", "s3", "scorner"]
    for card in ("scorner", "s6", "s3"):
        play_first(card)
    assert recorded(post(client, table, "play", action="end"))
    page = client.get(f"/t/{table.id}/").content.decode()
    assert 'data-mode="keep"' in page and "Keep Start 3 (shield) on the discard pile" in page
    assert "shield: protected" in page
    ben = sit(table, 1)
    assert 'data-mode="wait"' in ben.get(f"/t/{table.id}/").content.decode()
    assert "turn" in post(ben, table, "play", action="shuffle keep")
    assert recorded(post(client, table, "play", action="shuffle keep"))
    assert "no play to undo" in post(client, table, "undo")  # a reshuffle is a barrier
    page = client.get(f"/t/{table.id}/").content.decode()
    assert 'data-mode="draw"' in page and "3 cards from the draw pile" in page
    assert "shield: protected" in page  # the kept s3 still protects Ann's figures
    assert recorded(post(client, table, "play", action="draw"))
    for card in ("s3", "s1", "scorner"):  # Ben's last three: no shield on top at the end
        play_first(card)
    assert recorded(post(client, table, "play", action="end"))
    page = ben.get(f"/t/{table.id}/").content.decode()
    assert 'data-mode="shuffle"' in page and "The discard pile is shuffled" in page
    assert recorded(post(ben, table, "play", action="shuffle"))  # anyone at the table


def test_no_hint_before_the_hand_is_entered(client):
    table = new_table(client)
    set_up(client, table)
    ann = sit(table, 0)
    html = ann.post(f"/t/{table.id}/hint").content.decode()
    assert "enter your hand first" in html


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_step_of_random_games_renders_for_every_phone(players):
    """Random games (the engine's sampled table events): at each decision the page context of
    every seat, the scribe and a spectator is built, and every card's entry step too — only
    BadInput (a 400 with a reason) may come out of bad steps, never another error."""
    import random

    from django.template.loader import render_to_string

    from companion.tables.errors import BadInput

    rng = random.Random(players)
    state = HIT.new_game({"players": players, "rules": {"four_figures": players == 4}})
    people = seats(*PRESENTER.seat_colours(players, None))
    fake_table = SimpleNamespace(id="x", seq=0, join_code="ABCDEF")
    for step in range(200):
        if HIT.is_terminal(state):
            break
        mover = HIT.to_move(state)
        for seat in [*range(players), None]:
            view = HIT.view(state, seat) if seat is not None else HIT.public_view(state)
            position = HIT.to_json(view)
            args_list = [{}]
            if HIT.phase(state) == "play" and (seat == mover or seat is None):
                args_list += [{"card": c} for c in TOKENS_TO_TRY] + [{"card": "discard"}]
            for args in args_list:
                try:
                    context = PRESENTER.page_context(
                        HIT, view, position, people, seat, seat is None, args
                    )
                except BadInput:
                    continue
                if step % 5 == 0 or args:
                    html = render_to_string(
                        "tables/hit.html#entry",
                        {**context, "table": fake_table, "actor": SimpleNamespace(is_host=True)},
                    )
                    assert 'id="entry"' in html
                split = context["entry"].get("split")
                if split and split["next"]:
                    deeper = {**args, "parts": split["next"][0]["parts"]}
                    PRESENTER.page_context(HIT, view, position, people, seat, False, deeper)
        state = HIT.apply(state, HIT.random_action(state, rng))


TOKENS_TO_TRY = ("s1", "s6", "s1-5", "s3", "scorner", "scoins", "split10", "hunt", "jump", "4")


def test_the_end_names_the_winner():
    state = HIT.from_json(
        {
            "game": "hit",
            "players": 2,
            "phase": "over",
            "to_move": "table",
            "figures": [["G1", "G2", "G3", "G4"], ["W", "W", "W", "T24"]],
        }
    )
    context = PRESENTER.page_context(
        HIT, state, HIT.to_json(state), seats("blue", "green"), 0, False, {"card": "s1"}
    )
    assert context["entry"]["mode"] == "over" and context["hand_form"] is None
    assert [p["winner"] for p in context["players"]] == [True, False]
    assert [p["home"] for p in context["players"]] == [4, 0]
