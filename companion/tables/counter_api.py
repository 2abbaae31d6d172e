"""GET /api/tables/{id}/counter: the card counter as JSON (companion/tables/card_counter.py).

Public without a token; with a seat's token also that seat's own count (its chances), once
its hand is entered. Another seat's private count is never in the answer.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse

from .api import _actor, _table, api_view
from .card_counter import counter_json


@api_view(("GET",))
def counter(request: HttpRequest, table_id: str) -> JsonResponse:
    table = _table(table_id)
    actor = _actor(request, table)
    return JsonResponse(counter_json(table, actor.seat if actor else None))
