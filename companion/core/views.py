from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views import defaults
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
    """Really asks each component (a query, a channel-layer round trip, a Celery ping). The
    public answer is up (200) or down (503) alone; which component failed and where only to
    this machine or the operator's token (`health.shows_details`)."""
    report = await health.run_all()
    if not health.shows_details(request.META, settings.COMPANION_OPERATOR_TOKEN):
        report = health.public_report(report)
    return JsonResponse(report, status=200 if report["ok"] else 503)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404. Under /api/ in the API's form, ``{"error": {"code", "message"}}`` (a path no route
    matches, such as a request id that is not a number, is answered as the API's own 404s
    are, and as its OpenAPI document says); elsewhere Django's page."""
    if request.path.startswith("/api/"):
        body = {"error": {"code": "not_found", "message": "no such address in the API"}}
        return JsonResponse(body, status=404)
    return defaults.page_not_found(request, exception)
