"""The installable app (over HTTPS, docs/operations.md): the web app manifest and the service
worker, which caches the app shell (the static files) and each page it served, so that a table
reopened without a connection shows its last state (static/js/offline.js marks it offline).

The worker is served from the site's root (its scope is the whole site) with the list of files
to keep and a version made from their contents, so a new release replaces the old cache."""

from __future__ import annotations

import hashlib
import json
from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from companion.core import lan_tls

THEME = "#1f5f8b"  # the header's blue (static/css/site.css, --accent)
BACKGROUND = "#f7f5f0"  # the page (--bg)

#: The app shell: what a table page needs besides itself.
SHELL_FILES = (
    "css/site.css",
    "js/table.js",
    "js/table_surface.js",
    "js/offline.js",
    "js/app.js",
    "vendor/htmx/htmx-2.0.11.min.js",
    "vendor/htmx/htmx-ext-ws-2.0.4.min.js",
    "icons/icon-192.png",
    "icons/icon-512.png",
)
WORKER = "js/sw.js"


def _start_url(value: str | None) -> str:
    """The page the app opens on: the table it was installed from, else the home page."""
    if value and value.startswith("/t/") and value.count("/") == 3 and value.endswith("/"):
        table = value[3:-1]
        if table and table.replace("-", "").replace("_", "").isalnum():
            return value
    return "/"


@require_GET
def authority(request: HttpRequest) -> HttpResponse:
    """The certificate of the authority that signed `make run`'s certificate (public: no key),
    for a phone whose owner wants to trust the laptop once: then no warning, and the service
    worker (offline pages, the installed app) works there too (docs/operations.md)."""
    files = lan_tls.SERVING_FILES
    if files is None or not files.ca_cert.exists():
        raise Http404("no HTTPS is served here")
    response = HttpResponse(files.ca_cert.read_bytes(), content_type="application/x-x509-ca-cert")
    response["Content-Disposition"] = 'attachment; filename="table-companion.crt"'
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    icons = [
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("icons/maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    body = {
        "id": "/",
        "name": _("Table companion"),
        "short_name": _("Table"),
        "description": _("Beside the real board: referee, live score and hints."),
        "start_url": _start_url(request.GET.get("start")),
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": icons,
    }
    response = JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@cache
def _worker_source() -> tuple[str, str]:
    """The worker's source and a version made from it and the shell's files."""
    digest = hashlib.sha256()
    for path in (*SHELL_FILES, WORKER):
        found = finders.find(path)
        if found:
            with open(found, "rb") as file:
                digest.update(file.read())
    with open(finders.find(WORKER), encoding="utf-8") as file:
        return digest.hexdigest()[:16], file.read()


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    if settings.DEBUG:  # files edited while the server runs
        _worker_source.cache_clear()
    version, source = _worker_source()
    shell = {
        "version": version,
        "files": [static(path) for path in SHELL_FILES],
        "offline": _(
            "This page was not opened on this phone before it lost the connection. "
            "Open it again when the phone is back online."
        ),
    }
    body = f"var SHELL = {json.dumps(shell, ensure_ascii=False)};\n{source}"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response
