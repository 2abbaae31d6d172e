"""Referee messages and live fragments in the reader's language: the page (Accept-Language or
the switcher's cookie), the JSON API (Accept-Language, English by default) and the websocket
(each connection in its own phone's language, hints pushed by the worker included)."""

from __future__ import annotations

import json
import re

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from companion.advisor.hints import seat_group
from companion.asgi import application
from companion.core.i18n import language_from_scope
from companion.tables.presenters import localize

# Ann (seat 0 of dealt_table) holds 1, 13, 7, 4 and the joker, no swap card, and has no figure
# out; the referee names her (people are named, never numbered).
SWAP = "swap T0 T16"
EXPECTED = {  # the ruling on SWAP: the card is named in each language's rulebook terms
    "en": ("Ann holds no swap card.", "How to play"),  # wholly in English (issue #28)
    "de": ("Ann hat keine Tauschkarte.", "Spielablauf"),
    "fr": ("Ann n'a pas de carte d'échange.", "Déroulement de la partie"),
    "it": ("Ann non ha carta scambio.", "Svolgimento del gioco"),
}


def own_phone(client, table) -> None:
    """The client is seat 0's phone (its cookie)."""
    from companion.tables.tokens import cookie_name, cookie_value

    client.cookies[cookie_name(table.id)] = cookie_value(table.id, table.tokens[0])


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "fr", "it"])
def test_the_referee_box_answers_in_the_browsers_language(client, dealt_table, lang):
    own_phone(client, dealt_table)  # a hand is judged on its own phone only
    page = client.post(
        f"/t/{dealt_table.id}/check", {"action": SWAP}, HTTP_ACCEPT_LANGUAGE=f"{lang},en;q=0.5"
    )
    shown = text(page.content.decode())
    message, rule = EXPECTED[lang]
    assert message in shown and rule in shown, shown[:600]
    assert 'data-code="dog.card_not_in_hand"' in page.content.decode()  # the stable code
    assert "holds no" not in shown


@pytest.mark.django_db
def test_the_switchers_cookie_wins_over_accept_language(client, dealt_table):
    own_phone(client, dealt_table)
    client.post("/i18n/setlang/", {"language": "it", "next": "/"})
    page = client.post(f"/t/{dealt_table.id}/check", {"action": SWAP}, HTTP_ACCEPT_LANGUAGE="de")
    assert EXPECTED["it"][0] in text(page.content.decode())


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_the_api_honours_accept_language(dealt_table, lang):
    t = dealt_table
    headers = {} if lang == "en" else {"HTTP_ACCEPT_LANGUAGE": lang}
    headers["HTTP_AUTHORIZATION"] = f"Bearer {t.tokens[0]}"  # seat 0's own hand
    body = t.client.post(
        f"/api/tables/{t.id}/check",
        json.dumps({"action": SWAP}),
        content_type="application/json",
        **headers,
    ).json()
    (violation,) = [v for v in body["violations"] if v["code"] == "dog.card_not_in_hand"]
    assert (violation["message"], violation["rule"]) == EXPECTED[lang]
    assert violation["params"] == {"seat": 0, "card": "swap"}  # raw, language-neutral


def test_phase_words_and_public_lines_are_translated(settings):
    from django.utils import translation

    with translation.override("de"):
        assert localize.step_word("exchange") == "Kartentausch"
        assert (
            localize.public_line(
                {
                    "public": "seat 2 entered their hand",
                    "public_msg": ["seat {seat} entered their hand", {"seat": 2}],
                }
            )
            == "Platz 2 hat seine Handkarten eingegeben"
        )
        # an event stored before the templates were kept reads as it was stored
        assert localize.public_line({"public": "seat 2 folded"}) == "seat 2 folded"


def test_a_connections_language_comes_from_cookie_then_header():
    def scope(cookie=None, header=None):
        return {
            "cookies": {"django_language": cookie} if cookie else {},
            "headers": [(b"accept-language", header.encode())] if header else [],
        }

    assert language_from_scope(scope("fr", "de")) == "fr"
    assert language_from_scope(scope(None, "it-CH,de;q=0.8")) == "it"
    assert language_from_scope(scope("xx", "pt,de;q=0.5")) == "de"
    assert language_from_scope(scope()) == "en"


async def _connect(table_id: str, token: str | None, *headers: tuple[bytes, bytes]):
    all_headers = [(b"origin", b"http://testserver"), *headers]
    if token:
        all_headers.append((b"authorization", f"Bearer {token}".encode()))
    communicator = WebsocketCommunicator(
        application, f"/ws/tables/{table_id}/", headers=all_headers
    )
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@pytest.mark.django_db(transaction=True)
async def test_each_websocket_gets_its_phones_language(dealt_table):
    t = dealt_table
    french = await _connect(t.id, t.tokens[0], (b"cookie", b"django_language=fr"))
    german = await _connect(t.id, None, (b"accept-language", b"de-DE,de;q=0.9"))
    english = await _connect(t.id, None)
    fr = text(await french.receive_from(timeout=5))
    de = text(await german.receive_from(timeout=5))
    en = text(await english.receive_from(timeout=5))
    assert "Historique" in fr and "Toi : Ann" in fr
    assert "Verlauf" in de and "Zuschauer" in de
    # the others' hand entries are private: each reads the public line in its own language
    assert "Ben (blau) gibt die Hand ein (6 Karten)" in de
    assert "Ben (bleu) saisit sa main (6 cartes)" in fr
    assert "Ben (blue) enters the hand (6 cards)" in en and "History" in en
    for phone in (french, german, english):
        await phone.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_hint_from_the_worker_is_shown_in_the_phones_language(dealt_table):
    t = dealt_table
    italian = await _connect(t.id, t.tokens[0], (b"accept-language", b"it"))
    await italian.receive_from(timeout=5)
    layer = get_channel_layer()
    done = {
        "hint_id": "h1",
        "seq": 9,
        "budget_ms": 1000,
        "status": "done",
        "iterations": 40,
        "elapsed_ms": 12,
        "choices": [
            {
                "action": "1 K",
                "share": 0.75,
                "win": 0.5,
                "reason": "brings a figure out; moves 1 field ahead",
                "reasons": [
                    ["brings a figure out", {}],
                    ["moves {count} field ahead", {"count": 1}],
                ],
            }
        ],
    }
    await layer.group_send(seat_group(t.id, 0), {"type": "hint.update", "hint": done})
    shown = text(await italian.receive_from(timeout=5))
    assert "porta un segnalino sulla casella di partenza; avanza di 1 casella" in shown, shown[:800]
    assert "Suggerimenti per questa mossa" in shown
    cancelled = {**done, "status": "cancelled", "message": "The table moved on; ask again."}
    await layer.group_send(seat_group(t.id, 0), {"type": "hint.update", "hint": cancelled})
    assert "Il gioco è andato avanti; chiedi di nuovo." in text(
        await italian.receive_from(timeout=5)
    )
    await italian.disconnect()
