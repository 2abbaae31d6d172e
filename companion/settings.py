"""One settings module, configured by the environment.

With nothing set the site runs embedded: SQLite, the in-process channel layer and a Celery worker
thread inside the web process (memory transport). With ``DATABASE_URL`` and ``REDIS_URL`` set it
runs as the production topology: PostgreSQL, Redis as Celery broker/result store and as channel
layer, separate Celery workers. See docs/deployment.md.
"""

import os
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP
from redis.exceptions import ConnectionError as RedisConnectionError

from companion.core.local_site import local_hosts, local_secret_key
from companion.games import app_modules

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# The embedded default (no REDIS_URL) serves phones on a network too: DEBUG only when asked
# for, a secret key made on the first start and kept beside the database, and the hosts this
# machine answers to (its names and addresses) plus DJANGO_ALLOWED_HOSTS (docs/operations.md).
EMBEDDED = not os.environ.get("REDIS_URL")
DEBUG = env_bool("DJANGO_DEBUG", default=False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or local_secret_key(
    Path(os.environ.get("DJANGO_SECRET_KEY_FILE", BASE_DIR / ".secret_key"))
)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS")
if not ALLOWED_HOSTS or env_bool("DJANGO_ALLOW_LOCAL_HOSTS", default=EMBEDDED):
    ALLOWED_HOSTS += local_hosts()
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")
# /healthz names a failed component and its address only to this machine or to a request with
# this token in X-Operator-Token (empty: this machine only); everyone else learns up or down.
COMPANION_OPERATOR_TOKEN = os.environ.get("COMPANION_OPERATOR_TOKEN", "")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "ninja",  # the API docs page (/api/docs) from its own static files
    "companion.core",
    "companion.advisor",
    "companion.tables",
    "companion.rules",
    # every game's package (companion/games/<name>/): its templates and translations (#40)
    *app_modules(),
]

MIDDLEWARE = [
    # Outermost: a finished request is freed at once, not by the cyclic collector.
    "companion.core.request_release.ReleaseRequestMiddleware",
    # Cross-Origin-Opener-Policy (SecurityMiddleware's) only where browsers honour it: https or
    # localhost; on plain http to a LAN name Chromium ignores it with a console error.
    "companion.core.opener_policy.OpenerPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Pages (and static files served from source) compressed. BREACH as Django's docs describe:
    # GZipMiddleware pads each response with random bytes (Heal The Breach), CSRF tokens are
    # masked per response; the collected static files come precompressed from WhiteNoise.
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # the CSRF cookie on the https port: a Secure one of its own (companion/core/csrf.py)
    "companion.core.csrf.SecureCsrfCookieMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A dead database or Redis: a 503 with a reason, not a 500 (docs/operations.md, "Faults").
    # Innermost and sync-only, which keeps the whole chain synchronous (see its docstring).
    "companion.core.outages.ServiceUnavailableMiddleware",
]

ROOT_URLCONF = "companion.urls"
ASGI_APPLICATION = "companion.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # the HTTPS address `make run` also serves (installing, the screen's wake lock)
                "companion.core.context_processors.lan_https",
            ],
        },
    },
]

# --- Database: SQLite by default, PostgreSQL (or anything dj-database-url knows) by DATABASE_URL.
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # Under ASGI (Daphne) every request runs in its own thread, so a persistent connection is
    # never reused and only lingers: Django's advice is CONN_MAX_AGE=0 there. A process that
    # keeps connections (DB_CONN_MAX_AGE > 0) checks them before reuse, so one broken by a
    # database restart is replaced instead of failing the request. connect_timeout bounds the
    # wait when the database is unreachable (the request then gets a 503, see docs/operations.md).
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
            conn_health_checks=True,
        )
    }
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = int(
        os.environ.get("DB_CONNECT_TIMEOUT", "5")
    )
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # psycopg's prepared statements (Django turns them off): only cursors that bind on the
        # server use them, and only the play's fixed statements open such cursors
        # (companion/tables/play/table_rows.py); Django's own bind on the client and never prepare.
        # DB_PREPARE=0 behind a pooler that cannot keep them (docs/deployment.md).
        DATABASES["default"]["OPTIONS"]["prepare_threshold"] = (
            None if os.environ.get("DB_PREPARE", "1") == "0" else 5
        )
    # PostgreSQL: a connection pool per process (psycopg_pool through Django), so that a
    # request or a websocket render borrows an open connection instead of opening one (a new
    # backend process each time). Connections are checked when borrowed, so one broken by a
    # database restart or a dropped network is replaced, not handed out.
    if (
        DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
        and DATABASES["default"]["CONN_MAX_AGE"] == 0
        and os.environ.get("DB_POOL", "1") == "1"
    ):
        from psycopg_pool.base import AttemptWithBackoff

        from companion.core import db_pool

        # After an outage the pool retries its lost connections with a delay that doubles each
        # time (1, 2, 4 … s): the first requests after the database is back would still get
        # 503 for as long. Retry every half second instead (one cheap attempt per slot).
        AttemptWithBackoff.INITIAL_DELAY = 0.5
        AttemptWithBackoff.DELAY_BACKOFF = 1.0

        DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": 1,
            "max_size": int(os.environ.get("DB_POOL_SIZE", "8")),
            # below Daphne's 5 s websocket handshake limit, so that a phone connecting during
            # a database outage is told so (4503) instead of being cut off
            "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "3")),
            # checked on borrow unless returned a moment ago (companion/core/db_pool.py)
            "check": db_pool.check,
            "reset": db_pool.returned,
        }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # WAL and a busy timeout let the web thread and the worker thread share the file.
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: Celery broker + result store and the channel layer, when REDIS_URL is set.
REDIS_URL = os.environ.get("REDIS_URL", "")

# A pooled Redis connection broken by a Redis restart fails once on its next use: one retry on
# a fresh connection hides that, so live updates and the cache resume by themselves.
REDIS_CONNECTION = {"retry_on_error": [RedisConnectionError], "socket_connect_timeout": 3}

if REDIS_URL:
    # Redis pub/sub: a play's announcement is one PUBLISH to the table's group, which each web
    # process holding phones of the table receives once and hands to its consumers. The list
    # layer (channels_redis.core) queued one message per phone and popped them one at a time
    # with a blocking BZPOPMIN, which cost ~1 ms of a process's CPU each, put tens to hundreds
    # of ms between a play and the last phone under load, and lost a message now and then
    # (django/channels_redis#366; docs/operations.md, "Lost updates"). companion.core.channel_layer
    # adds what pub/sub lacks: the consumers hear when the connection to Redis breaks.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "companion.core.channel_layer.PubSubChannelLayer",
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, **REDIS_CONNECTION, "socket_timeout": 10}],
                "prefix": os.environ.get("CHANNELS_PREFIX", "companion"),
            },
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CELERY_BROKER_URL = "memory://localhost/"
    CELERY_RESULT_BACKEND = "cache+memory://"
    # The memory transport polls; the default second would be felt on every hint.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.02}

# The cache holds hint results, hint locks and rate-limit counters: shared by every web and worker
# process through Redis in production, process-local (one process) in the embedded default.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CHANNELS_PREFIX", "companion"),
            # No blocking commands here, so reads may time out too: a hung Redis costs a
            # request seconds, not forever.
            "OPTIONS": {
                **REDIS_CONNECTION,
                "socket_timeout": 3,
                # one pool per process, not one per request (companion/core/redis_pool.py)
                "pool_class": "companion.core.redis_pool.SharedConnectionPool",
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Sessions stay in the database, never in the cache: a Redis outage must not log anyone out.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Hints: default search budget and the limits a phone may ask for; rate limits per minute.
HINT_BUDGET_MS = int(os.environ.get("HINT_BUDGET_MS", "1500"))
HINT_MAX_BUDGET_MS = int(os.environ.get("HINT_MAX_BUDGET_MS", "5000"))
HINT_SHARDS = int(os.environ.get("HINT_SHARDS", "1"))  # root-parallel tasks per hint
HINT_RATE_PER_SEAT = int(os.environ.get("HINT_RATE_PER_SEAT", "10"))
HINT_RATE_PER_TABLE = int(os.environ.get("HINT_RATE_PER_TABLE", "30"))
# The watchdog of a hint (a worker can die mid-search and tell no one): a hint no worker has
# started within HINT_QUEUE_TIMEOUT_S is dropped, and a running search that has sent nothing
# for HINT_SILENCE_S (it reports about every 250 ms) is given up; the phone hears "failed".
HINT_QUEUE_TIMEOUT_S = float(os.environ.get("HINT_QUEUE_TIMEOUT_S", "30"))
HINT_SILENCE_S = float(os.environ.get("HINT_SILENCE_S", "10"))
# Coach mode (tables/coach/reviews.py; docs/hints.md, "Coach mode"): a review still waiting for a
# worker this long after the play is dropped with a note.
COACH_MAX_WAIT_S = float(os.environ.get("COACH_MAX_WAIT_S", "3"))

# The embedded worker is a thread in the web process; set CELERY_EMBEDDED_WORKER=0 to run the
# worker elsewhere even without Redis (rarely useful), or =1 to force it.
CELERY_EMBEDDED_WORKER = env_bool("CELERY_EMBEDDED_WORKER", default=EMBEDDED)
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_TIME_LIMIT = 60
CELERY_TASK_SOFT_TIME_LIMIT = 50
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ACKS_LATE = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# --- Static files: whitenoise serves them from the web process.
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
# `make run` and the image collect them first (collectstatic, STATIC_ROOT set): hashed names, cached
# for a year. Without STATIC_ROOT (DEBUG, the tests' servers, a bare `manage.py serve`) the files
# are served where they are, so that an edit is never hidden behind an old collected copy.
STATIC_FROM_SOURCE = DEBUG or (EMBEDDED and "STATIC_ROOT" not in os.environ)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if STATIC_FROM_SOURCE
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# In production files come from STATIC_ROOT, filled by collectstatic at image build.
WHITENOISE_USE_FINDERS = STATIC_FROM_SOURCE
WHITENOISE_AUTOREFRESH = DEBUG

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("fr", "Français"), ("it", "Italiano")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Production hardening (only when not DEBUG).
if not DEBUG:
    # The embedded default is reached over plain http on a home network: cookies marked
    # secure would never come back from the phones.
    SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not EMBEDDED)
    CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not EMBEDDED)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", False)
    # the orchestrator's and the load balancer's health checks come over plain http
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

# --- Security headers and limits, in every mode (so the browser tests run under them too).
# Scripts and styles come from this site only: the templates have no inline scripts or event
# handlers. Styles allow 'unsafe-inline' because style attributes carry the seat colours and
# htmx adds its indicator style; connect-src 'self' covers the table's websocket (same host).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SECURE_REFERRER_POLICY = "same-origin"
# `manage.py runserver` (Daphne's): the websocket message limit docker-compose.yml passes on
# Daphne's command line. It holds both ways (Autobahn checks what Daphne sends too) and a page's
# live fragments are tens of KiB, so it stays at 1 MiB; the consumer cuts incoming frames at
# 4096 characters (MAX_FRAME).
DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE = 1024 * 1024
DAPHNE_WEBSOCKET_MAX_FRAME_SIZE = 1024 * 1024

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.channels.server": {"level": "WARNING"},
        "celery": {"level": os.environ.get("CELERY_LOG_LEVEL", "WARNING")},
        # Never at DEBUG, whatever LOG_LEVEL says: these print private cards. Django's template
        # engine dumps a page's whole context (a seat's own hand) for every missing variable,
        # the SQL log the parameters of a hand entry, Celery's pool every task's arguments (a
        # hint's view holds the asking seat's hand) and its tracer a hint's result.
        "django.template": {"level": "INFO"},
        "django.db.backends": {"level": "INFO"},
        "celery.pool": {"level": "INFO"},
        "celery.app.trace": {"level": "WARNING"},
    },
}
