"""Coach mode's pages: the seat's switch and its own reviews (only that seat's phone)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from companion.tables.coach import reviews as coach
from companion.tables.models import Table
from companion.tables.play import services
from companion.tables.tokens import cookie_name, token_from_cookie


def _table(table_id: str) -> Table:
    table = Table.objects.filter(id=table_id).first()
    if table is None:
        raise Http404("no such table")
    return table


def _own_seat(request: HttpRequest, table: Table) -> int | None:
    """The seat of this phone's seat token (the host token alone is not a seat)."""
    tokens = [
        token_from_cookie(request.COOKIES.get(cookie_name(table.id, role), ""), table.id)
        for role in ("seat", "host")
    ]
    actor = services.actor_for(table, *tokens)
    return actor.seat if actor is not None else None


@require_POST
def switch(request: HttpRequest, table_id: str) -> HttpResponse:
    """Coach mode on (``on=1``) or off (``on=0``) for this phone's own seat."""
    table = _table(table_id)
    seat = _own_seat(request, table)
    if seat is None:
        return HttpResponse(_("only a seated player can switch the coach on"), status=403)
    value = request.POST.get("on")
    if value not in ("0", "1"):
        return HttpResponse(_("on: 1 (coach on) or 0 (coach off)"), status=400)
    coach.switch(table, seat, value == "1")
    return render(request, "tables/coach.html#coach", coach.panel_context(table, seat))


@require_GET
def reviews(request: HttpRequest, table_id: str) -> HttpResponse:
    """This seat's reviews, play by play, with its line of the summary."""
    table = _table(table_id)
    seat = _own_seat(request, table)
    if seat is None:
        return HttpResponse(_("only a seated player has a coach"), status=403)
    context = {
        **coach.panel_context(table, seat),
        "reviews": coach.reviews_of(table, seat),
        "seat_name": table.seats.get(index=seat).name,
    }
    return render(request, "tables/coach_reviews.html", context)
