"""Pages and htmx fragments of a table. Thin: read the form, call a service, render."""

from __future__ import annotations

import io
from typing import Any
from urllib.parse import urlencode

import qrcode
import qrcode.image.svg
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from companion import games
from companion.core.context_processors import plain_http_url
from companion.tables import presenters
from companion.tables.errors import BadInput, Refused, StaleSeq, TableError
from companion.tables.models import Event, Table
from companion.tables.pages import hand_correction
from companion.tables.pages.rendering import (
    hint_context,
    live_fragments,
    plays_group_context,
    table_context,
)
from companion.tables.play import idempotency, referee, seating, services
from companion.tables.play.history_words import history_words
from companion.tables.play.selectors import history
from companion.tables.presenters.base import whole_number
from companion.tables.tokens import (
    COOKIE_MAX_AGE,
    cookie_name,
    cookie_value,
    scribe_cookie,
    token_from_cookie,
)


def _table(table_id: str) -> Table:
    table = Table.objects.filter(id=table_id).first()
    if table is None:
        raise Http404("no such table")
    return table


def _actor(request: HttpRequest, table: Table) -> services.Actor | None:
    tokens = [
        token_from_cookie(request.COOKIES.get(cookie_name(table.id, role), ""), table.id)
        for role in ("seat", "host")
    ]
    scribe = request.COOKIES.get(scribe_cookie(table.id)) == "1"
    return services.actor_for(table, *tokens, scribe=scribe)


def _set_token_cookie(
    response: HttpResponse, request: HttpRequest, table_id: str, role: str, token: str
) -> None:
    response.set_cookie(
        cookie_name(table_id, role),
        cookie_value(table_id, token),
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="Lax",  # Strict would drop it when a phone follows the QR code's link
        # A TLS proxy that sends no X-Forwarded-Proto makes is_secure() False; production
        # (DJANGO_SECURE_COOKIES) marks every cookie Secure anyway.
        secure=request.is_secure() or settings.SESSION_COOKIE_SECURE,
    )


# --- lobby and joining ------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def new_table(request: HttpRequest, game: str | None = None) -> HttpResponse:
    """The lobby of a game (without one: the registry's first): seats, names, colours and the
    game's options."""
    game = game or games.names()[0]
    try:
        presenter = presenters.get(game)
    except KeyError as exc:
        raise Http404("no such game") from exc
    context: dict[str, Any] = {**presenter.lobby_context(), "game": game, "error": None}
    if request.method == "POST":
        try:
            options, names, colours = presenter.lobby_options(request.POST)
            table, host_token = services.create_table(game, options, names, colours)
        except TableError as exc:
            context["error"] = exc.message
            return render(request, presenter.lobby_template, context, status=400)
        response = redirect("tables:table", table_id=table.id)
        _set_token_cookie(response, request, table.id, "host", host_token)
        return response
    return render(request, presenter.lobby_template, context)


@require_GET
def join_by_code(request: HttpRequest) -> HttpResponse:
    code = (request.GET.get("code") or "").strip().upper().replace(" ", "")
    if not code:
        return render(request, "tables/join_code.html", {"error": None})
    table = Table.objects.filter(join_code=code).first()
    if table is None:
        return render(
            request,
            "tables/join_code.html",
            {"error": _("No table has the code %(code)s.") % {"code": code}, "code": code},
            status=404,
        )
    return redirect("tables:seats", table_id=table.id)


@require_http_methods(["GET", "POST"])
def seats(request: HttpRequest, table_id: str) -> HttpResponse:
    """Choose a seat: free until the game's first entry; then ask the host (a request the
    host's phone answers) or open the host's invitation (``?seat=&invitation=``). The rules
    are ``play/seating.py``; a phone that asked keeps polling this page until answered."""
    table = _table(table_id)
    actor = _actor(request, table)
    error, status = None, 200
    post = request.POST
    if request.method == "POST":
        try:
            index = whole_number(post.get("seat"), _("seat"))
            if post.get("ask") and not post.get("invitation"):
                _asked, token = seating.request_seat(table.id, index, post.get("name") or None)
            else:
                token = seating.claim_seat(
                    table.id, index, post.get("name") or None,
                    invitation=post.get("invitation") or None,
                    by_host=bool(actor and actor.is_host),
                ).token
        except TableError as exc:
            error, status = exc.message, exc.status
        else:
            response = redirect("tables:table" if not post.get("ask") else "tables:seats",
                                table_id=table.id)
            _set_token_cookie(response, request, table.id, "seat", token)
            return response
    if actor and actor.seat is not None and request.method == "GET" and not (
        request.GET.get("invitation")  # the host hands this phone another seat
    ):
        if request.headers.get("HX-Request"):  # the waiting page's poll: the host said yes
            answer = HttpResponse(status=204)
            answer["HX-Redirect"] = reverse("tables:table", args=[table.id])
            return answer
        return redirect("tables:table", table_id=table.id)  # back in the same seat
    seat_token = token_from_cookie(request.COOKIES.get(cookie_name(table.id, "seat"), ""),
                                   table.id)
    invitation = request.GET.get("invitation") or post.get("invitation") or ""
    context = {
        "table": table,
        "seats": table.seats.all(),
        "error": error,
        "free": seating.free_claims_open(table),
        "asked": seating.waiting_request(table, seat_token),
        "invited": seating.invitation_seat(table, invitation),
        "invitation": invitation,
    }
    if request.headers.get("HX-Request"):
        return render(request, "tables/seats.html#waiting", context)
    return render(request, "tables/seats.html", context, status=status)


@require_POST
def seat_answer(request: HttpRequest, table_id: str) -> HttpResponse:
    """The host approves or refuses a phone's request for a seat (the table page's seating
    region, pushed again to every phone with the new seat line)."""
    table = _table(table_id)
    try:
        seating.answer_request(
            table.id, _actor(request, table),
            whole_number(request.POST.get("request"), _("request")),
            request.POST.get("approve") == "1",
        )
    except TableError as exc:
        return HttpResponse(exc.message, status=exc.status)
    seating.forget(table.id)  # the region as the answer left it
    context = table_context(table, _actor(request, table))
    return render(request, "tables/seating.html#seating", context)


@require_POST
def seat_invitation(request: HttpRequest, table_id: str) -> HttpResponse:
    """The host's one-off invitation to a seat, as a link and a QR code on the host's phone
    only (never pushed, never stored but as a hash)."""
    table = _table(table_id)
    try:
        index = whole_number(request.POST.get("seat"), _("seat"))
        token = seating.invite(table.id, _actor(request, table), index)
    except TableError as exc:
        return HttpResponse(exc.message, status=exc.status)
    query = urlencode({"seat": index, "invitation": token})
    url = plain_http_url(request, f"{reverse('tables:seats', args=[table.id])}?{query}")
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=6, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    seat = next(s for s in table.seats.all() if s.index == index)
    return render(request, "tables/seating.html#invitation", {
        "seat": seat, "url": url, "qr": buffer.getvalue().decode(),
    })


@require_GET
def join_qr(request: HttpRequest, table_id: str) -> HttpResponse:
    table = _table(table_id)
    url = plain_http_url(request, reverse("tables:seats", args=[table.id]))
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return HttpResponse(buffer.getvalue(), content_type="image/svg+xml")


# --- the table page and its fragments ---------------------------------------------------------


@require_GET
def table_page(request: HttpRequest, table_id: str) -> HttpResponse:
    table = _table(table_id)
    actor = _actor(request, table)
    seating.forget(table.id)  # a page load reads who sits where afresh
    context = table_context(table, actor)
    context["join_url"] = plain_http_url(request, reverse("tables:seats", args=[table.id]))
    response = render(request, "tables/table.html", context)
    response["X-Table-Reader"] = seating.reader_key(table, actor)  # sw.js keeps pages per reader
    return response


@require_GET
def presenter(request: HttpRequest, table_id: str) -> HttpResponse:
    table = _table(table_id)
    context = table_context(table, None)
    context["join_url"] = plain_http_url(request, reverse("tables:seats", args=[table.id]))
    return render(request, "tables/presenter.html", context)


@require_http_methods(["GET", "POST"])
def entry(request: HttpRequest, table_id: str) -> HttpResponse:
    """The next step of the entry. The page sends its steps as a POST (table.js): a card or a
    hand's pick in a URL would stand in every access log; GET stays for links without script."""
    table = _table(table_id)
    get = request.POST if request.method == "POST" else request.GET
    try:
        # Each game's presenter reads (and validates) its own steps (card, seven, row, parts…).
        keys = ("card", "joker_as", "fig", "seven", "pick", "row", "parts")
        steps = {key: get.get(key) or None for key in keys}
        context = table_context(table, _actor(request, table), **steps)
    except TableError as exc:
        return HttpResponseBadRequest(exc.message)
    # a step's pick, or the only play the presenter took by itself (one option: no tap)
    context["pick"] = get.get("pick") or context.get("pick") or None
    # The entry, and the board with the offered moves lit (an out-of-band swap).
    template = context["game_template"]
    entry_html = render(request, f"{template}#entry", context).content
    board_html = render(request, f"{template}#board", {**context, "oob": True}).content
    return HttpResponse(entry_html + board_html)


@require_GET
def plays(request: HttpRequest, table_id: str) -> HttpResponse:
    """One group of the "All legal plays" list (a group too large to be in the page)."""
    table = _table(table_id)
    try:
        context = plays_group_context(table, _actor(request, table), request.GET.get("group"))
    except TableError as exc:
        return HttpResponse(exc.message, status=exc.status, content_type="text/plain")
    return render(request, "tables/legal_plays.html#group", context)


def _ruling(
    request: HttpRequest,
    table: Table,
    ruling: dict[str, Any],
    status: int = 200,
    target: str = "ruling",
) -> HttpResponse:
    """The referee's answer where the phone asked (``target``: the general answer box, or
    the referee's own), followed by fresh live fragments after a change (the phone needs no
    socket to see the result of its own tap); a "what if?" changes nothing and gets none."""
    table.refresh_from_db()
    context = {"ruling": ruling, "table": table, "ruling_id": target}
    html = render(request, "tables/table.html#ruling", context).content
    if ruling.get("kind") == "whatif" or target == "referee-ruling":
        return HttpResponse(html, status=status)
    fragments = live_fragments(table, _actor(request, table))
    return HttpResponse(html + fragments.encode(), status=status)


def _recorded(recorded: services.Recorded) -> dict[str, Any]:
    """The answer to an entry that was recorded: its seq and what it was, in words."""
    return {
        "kind": "recorded",
        "seq": recorded.event.seq,
        "action": recorded.event.payload["action"],
        "said": recorded.said,
    }


def _refusal(exc: TableError, text: str) -> dict[str, Any]:
    if isinstance(exc, Refused):
        return {
            "kind": "refused",
            "action": text,
            "said": exc.extra.get("said"),
            "message": exc.message,
            "violations": exc.extra.get("violations", []),
        }
    if isinstance(exc, StaleSeq):
        return {
            "kind": "stale",
            "message": _(
                "The table moved on — here is the new state. "
                "Check the board and enter your play again."
            ),
        }
    return {"kind": "error", "action": text, "message": exc.message}


@require_POST
def play(request: HttpRequest, table_id: str) -> HttpResponse:
    table = _table(table_id)
    text = (request.POST.get("action") or "").strip()
    actor = _actor(request, table)
    # The phone's key for this play: sent again after a lost answer, it gets the first outcome.
    key = idempotency.clean_key(request.POST.get("idempotency_key"))
    expected = request.POST.get("expected_seq")
    try:
        expected = whole_number(expected, _("seq"))
        recorded = services.record_action(table.id, actor, text, expected, key=key)
    except StaleSeq as exc:
        table.refresh_from_db()
        earlier = idempotency.earlier_play(table, key, expected, actor.seat if actor else None)
        if earlier is None:
            return _ruling(request, table, _refusal(exc, text))
        return _ruling(request, table, _recorded_before(table, earlier, actor))
    except TableError as exc:
        return _ruling(request, table, _refusal(exc, text))
    return _ruling(request, table, _recorded(recorded))


def _recorded_before(table: Table, event: Event, actor: services.Actor | None) -> dict[str, Any]:
    """The answer to a play sent again whose first sending was recorded: that entry, in the
    words of the history line this phone reads."""
    seat = actor.seat if actor else None
    lines = history_words(table, history(table, seat, since=event.seq - 1)[:1], seat)
    said = lines[0].get("text") if lines else None
    return {
        "kind": "recorded",
        "seq": event.seq,
        "action": event.payload.get("action"),
        "said": said or event.payload.get("action"),
    }


@require_POST
def check(request: HttpRequest, table_id: str) -> HttpResponse:
    """The referee: is this play of that seat allowed? Judged from what this phone may know;
    the play is typed or composed from taps on the board (``referee.compose``)."""
    table = _table(table_id)
    post = request.POST
    text = (post.get("action") or "").strip()
    actor = _actor(request, table)
    try:
        by_seat = None if not post.get("seat") else whole_number(post["seat"], _("whose play"))
        if not text and post.get("compose"):  # tapped: Life is Life's row and animals
            text = presenters.get(table.game).compose(post["compose"], post)
        if not text:
            text = referee.compose(table.game, post.get("card"), post.get("joker_as"),
                                   post.get("taps"))
        ruling = services.check_action(table, actor, text, by_seat)
    except TableError as exc:
        return _ruling(request, table, _refusal(exc, text), target="referee-ruling")
    names = [seat.name for seat in table.seats.all()]
    return _ruling(
        request,
        table,
        {
            "kind": "whatif",
            "action": text,
            **ruling.to_json(),
            "who": names[ruling.judged_for] if ruling.judged_for is not None else _("the table"),
            "seq": table.seq,
        },
        target="referee-ruling",
    )


@require_POST
def undo(request: HttpRequest, table_id: str) -> HttpResponse:
    table = _table(table_id)
    try:
        recorded = services.undo(
            table.id, _actor(request, table),
            whole_number(request.POST.get("expected_seq"), _("seq"))
        )
    except TableError as exc:
        return _ruling(request, table, _refusal(exc, "undo"))
    return _ruling(
        request,
        table,
        {
            "kind": "undone",
            "seq": recorded.event.payload["undoes"],
            "action": recorded.event.payload.get("action"),
            "said": recorded.said,
        },
    )


@require_POST
def hint(request: HttpRequest, table_id: str) -> HttpResponse:
    """Start a hint; progress and the answer arrive over the websocket (seat group only)."""
    table = _table(table_id)
    try:
        started = services.request_hint(table.id, _actor(request, table))
    except TableError as exc:
        context = {"table": table, "hint": {"status": "refused", "message": exc.message}}
        return render(request, "tables/table.html#hint", context)
    hint = started.get("hint") or {
        "status": "started",
        "hint_id": started["hint_id"],
        "budget_ms": 1,
        "seq": table.seq,
    }
    context = {"table": table, "hint": hint_context(hint, table)}
    return render(request, "tables/table.html#hint", context)


@require_POST
def correct(request: HttpRequest, table_id: str) -> HttpResponse:
    table = _table(table_id)
    text = (request.POST.get("action") or "").strip()
    try:
        if request.POST.get("correct_hand") and not text:  # a hand, tapped as faces (#36)
            text = hand_correction.composed_hand(table, _actor(request, table), request.POST)
        else:
            text = referee.composed(table.game, request.POST)  # typed, or tapped
        recorded = services.correct(
            table.id,
            _actor(request, table),
            whole_number(request.POST.get("seq"), _("the entry number")),
            text,
            whole_number(request.POST.get("expected_seq"), _("seq")),
        )
    except TableError as exc:
        return _ruling(request, table, _refusal(exc, text))
    return _ruling(
        request,
        table,
        {
            "kind": "corrected",
            "seq": recorded.event.payload["replaces"],
            "action": recorded.event.payload["action"],
            "said": recorded.said,
        },
    )


@require_POST
def hand(request: HttpRequest, table_id: str) -> HttpResponse:
    """A hand as counts per card: the seat's own (private), or at a round's end any shown hand
    (field ``seat``; the engine and presenter decide who may enter which)."""
    table = _table(table_id)
    actor = _actor(request, table)
    cards: list[str] = []
    seat = None
    try:
        presenter = presenters.get(table.game)
        for token in presenter.hand_tokens():
            count = whole_number(
                request.POST.get(f"count-{token}") or 0,
                _("the count of %(card)s") % {"card": presenter.card_name(token)},
            )
            if not 0 <= count <= 9:
                raise BadInput(
                    _("%(count)s × %(card)s is not possible")
                    % {"count": count, "card": presenter.card_name(token)}
                )
            cards += [token] * count
        if actor is None:
            raise BadInput(_("only a seated player or the host can enter a hand"))
        seat = (actor.seat if not request.POST.get("seat")
                else whole_number(request.POST["seat"], _("seat")))
        if seat is None:
            raise BadInput(_("say whose hand this is"))
        services.record_action(
            table.id,
            actor,
            services.hand_notation(table, seat, cards),
            whole_number(request.POST.get("expected_seq"), _("seq")),
        )
    except TableError as exc:
        refusal = _refusal(exc, "")
        if refusal["kind"] == "refused":
            refusal["said"] = _hand_words(table, seat, cards)
        return _ruling(request, table, refusal)
    return _ruling(
        request, table, {"kind": "recorded", "said": _hand_words(table, seat, cards)}
    )


def _hand_words(table: Table, seat: int | None, cards: list[str]) -> str:
    """ "Ann's hand (9 cards)": what was entered, so that a refusal says it too."""
    names = {s.index: s.name for s in table.seats.all()}
    return ngettext(
        "%(name)s's hand (%(count)s card)", "%(name)s's hand (%(count)s cards)", len(cards)
    ) % {"name": names.get(seat, _("the hand")), "count": len(cards)}


@require_POST
def compose(request: HttpRequest, table_id: str, kind: str) -> HttpResponse:
    """A play built from a form (Life is Life's rows at the deal, a swap from animal counts):
    the presenter turns the form into the engine's notation, then it is recorded as usual."""
    table = _table(table_id)
    text = kind
    try:
        text = presenters.get(table.game).compose(kind, request.POST)
        recorded = services.record_action(
            table.id, _actor(request, table), text,
            whole_number(request.POST.get("expected_seq"), _("seq"))
        )
    except TableError as exc:
        return _ruling(request, table, _refusal(exc, text))
    return _ruling(request, table, _recorded(recorded))


@require_POST
def scribe(request: HttpRequest, table_id: str) -> HttpResponse:
    """The scribe switch of a seated host's phone: enter the others' plays too (on), or only
    its own seat's (off). Kept in a cookie; the page reloads so that its socket follows."""
    table = _table(table_id)
    actor = _actor(request, table)
    if actor is None or not actor.is_host:
        return HttpResponse(_("only the host's phone can enter for others"), status=403)
    on = request.POST.get("on") == "1"
    response = redirect("tables:table", table_id=table.id)
    if on:
        response.set_cookie(scribe_cookie(table.id), "1", max_age=COOKIE_MAX_AGE, samesite="Lax",
                            httponly=True,
                            secure=request.is_secure() or settings.SESSION_COOKIE_SECURE)
    else:
        response.delete_cookie(scribe_cookie(table.id), samesite="Lax")
    return response
