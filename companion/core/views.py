from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from companion.core import health
from companion.core.catalogue import games


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html", {"games": games()})


@never_cache
@require_GET
async def healthz(request: HttpRequest) -> JsonResponse:
    """Really asks each component (a query, a channel-layer round trip, a Celery ping)."""
    report = await health.run_all()
    return JsonResponse(report, status=200 if report["ok"] else 503)
