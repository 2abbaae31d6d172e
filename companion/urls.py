from django.contrib import admin
from django.urls import include, path

from companion.core import app_shell
from companion.core import views as core_views
from companion.rules import urls as rules_urls
from companion.tables.urls import api_urlpatterns
from companion.tables.urls import urlpatterns as table_urlpatterns

urlpatterns = [
    path("", core_views.home, name="home"),
    path("healthz", core_views.healthz, name="healthz"),
    # the installable app (HTTPS): at the root, so that the worker's scope is the whole site
    path("manifest.webmanifest", app_shell.manifest, name="manifest"),
    path("sw.js", app_shell.service_worker, name="service-worker"),
    path("lan-certificate.crt", app_shell.authority, name="lan-certificate"),
    path("t/", include((table_urlpatterns, "tables"))),
    path("api/", include((api_urlpatterns, "api"))),
    path("rules/", include((rules_urls.urlpatterns, "rules"))),
    path("admin/", admin.site.urls),
    # set_language: the header's language switcher posts here (a cookie, then back to the page).
    path("i18n/", include("django.conf.urls.i18n")),
]

# a path under /api/ that no route matches is answered in JSON, as the API's own 404s
handler404 = core_views.not_found
