"""GET /api/tables/{id}/counter: the card counter as JSON (companion/tables/play/card_counter.py).

Public without a token; with a seat's token also that seat's own count (its chances), once
its hand is entered. Another seat's private count is never in the answer.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from ninja import Router

from companion.tables.api.schemas import Counter
from companion.tables.api.tables import OPTIONAL_TOKEN, documented
from companion.tables.play.card_counter import counter_json

router = Router(tags=["tables"])


@router.get(
    "/tables/{str:table_id}/counter",
    auth=OPTIONAL_TOKEN,
    summary="The card counter: the cards not seen yet (public) and, for the token's seat once "
    "its hand is entered, its chances (private to it)",
    **documented({200: (Counter, "the counter")}, 403, 404, token="optional"),
)
def counter(request: HttpRequest, table_id: str) -> JsonResponse:
    actor = request.auth.actor
    return JsonResponse(counter_json(request.auth.table, actor.seat if actor else None))
