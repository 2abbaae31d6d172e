"""The page of a hand correction by tapping: the phone's own hand entry as card faces."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from companion.tables import presenters
from companion.tables.errors import BadInput
from companion.tables.pages.hand_correction import own_hand_entry
from companion.tables.pages.views import _actor, _table
from companion.tables.presenters.base import whole_number


@require_GET
def correct_hand(request: HttpRequest, table_id: str) -> HttpResponse:
    """The card faces of the phone's own hand entry ``?seq=`` (empty for any other entry)."""
    table = _table(table_id)
    actor = _actor(request, table)
    context: dict[str, Any] = {"table": table, "faces": None}
    try:
        seq = whole_number(request.GET.get("seq"), _("the entry number"))
    except BadInput:
        seq = None
    cards = None
    if actor is not None and actor.seat is not None and seq is not None:
        cards = own_hand_entry(table, actor.seat, seq)
    if cards:
        presenter = presenters.get(table.game)
        context.update(
            seq=seq,
            seat=table.seats.get(index=actor.seat),
            size=len(cards),
            faces=[
                {"token": token, "label": presenter.card_name(token), "count": cards.count(token)}
                for token in presenter.hand_tokens()
            ],
        )
    response = render(request, "tables/correct_hand.html", context)
    response["Cache-Control"] = "no-store"  # a private hand: never kept by a cache
    return response
