"""What a browser sees from the production settings: run as a process with the production
environment (DJANGO_SECRET_KEY set, so DEBUG is off) and print one JSON object with the cookies
and headers of a few real requests. Used by tests/hardening/test_security.py; the settings are
read at import, so they cannot be switched inside the test process.

    python -m tests.hardening.production_probe
"""

from __future__ import annotations

import json
import os
import re
import sys
from http.cookies import Morsel
from typing import Any

import django

HOST = "table.example.org"
HEADERS = (
    "Strict-Transport-Security",
    "Content-Security-Policy",
    "X-Content-Type-Options",
    "X-Frame-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
)


def _cookie(morsel: Morsel) -> dict[str, Any]:
    return {
        "secure": bool(morsel["secure"]),
        "httponly": bool(morsel["httponly"]),
        "samesite": morsel["samesite"],
    }


def _headers(response) -> dict[str, str | None]:
    return {name: response.get(name) for name in HEADERS}


def probe() -> dict[str, Any]:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    out: dict[str, Any] = {"cookies": {}}
    plain = Client(HTTP_HOST=HOST)  # http://: redirected to https when DJANGO_SSL_REDIRECT
    response = plain.get("/")
    out["http"] = {"status": response.status_code, "location": response.get("Location")}

    # TLS ends at the proxy, which says so in X-Forwarded-Proto (SECURE_PROXY_SSL_HEADER).
    behind_tls = {"HTTP_HOST": HOST, "HTTP_X_FORWARDED_PROTO": "https"}
    set_cookies: dict[str, Morsel] = {}

    def note(response):
        set_cookies.update(response.cookies)
        return response

    browser = Client(**behind_tls, enforce_csrf_checks=True)
    home = note(browser.get("/"))
    out["home"] = {"status": home.status_code, **_headers(home)}
    page = note(browser.get("/t/new"))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    created = note(
        browser.post(
            "/t/new",
            {
                "csrfmiddlewaretoken": token.group(1) if token else "",
                "seats": "4",
                **{f"colour{i}": c for i, c in enumerate(("red", "blue", "green", "yellow"))},
            },
            HTTP_REFERER=f"https://{HOST}/t/new",
        )
    )
    out["create"] = {"status": created.status_code, "location": created.get("Location")}
    table_id = (created.get("Location") or "").strip("/").split("/")[-1]
    seats = browser.get(f"/t/{table_id}/seats")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', seats.content.decode())
    joined = note(
        browser.post(
            f"/t/{table_id}/seats",
            {"csrfmiddlewaretoken": token.group(1) if token else "", "seat": "0"},
            HTTP_REFERER=f"https://{HOST}/t/{table_id}/seats",
        )
    )
    out["join"] = {"status": joined.status_code}
    table = browser.get(f"/t/{table_id}/")
    out["table"] = {"status": table.status_code, **_headers(table)}

    admin = Client(**behind_tls)
    out["admin"] = {
        "status": (r := admin.get("/admin/")).status_code,
        "location": r.get("Location"),
    }
    get_user_model().objects.create_superuser("probe", "probe@example.org", "probe-pass-1234")
    login = admin.get("/admin/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login.content.decode())
    logged_in = note(
        admin.post(
            "/admin/login/?next=/admin/",
            {
                "csrfmiddlewaretoken": token.group(1) if token else "",
                "username": "probe",
                "password": "probe-pass-1234",
            },
            HTTP_REFERER=f"https://{HOST}/admin/login/",
        )
    )
    out["admin_login"] = {"status": logged_in.status_code}
    for name, morsel in set_cookies.items():
        out["cookies"][re.sub(r"-[A-Za-z0-9_-]{6,}$", "-<table>", name)] = _cookie(morsel)
    return out


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    django.setup()
    from django.conf import settings

    if settings.DEBUG:
        print(json.dumps({"error": "DEBUG is on: set DJANGO_SECRET_KEY"}))
        return 2
    print(json.dumps(probe()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
