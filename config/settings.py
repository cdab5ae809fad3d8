"""Settings of the federation service, read from the environment.

With no configuration at all the service runs on the embedded default: an SQLite
file in the project directory, tasks run in-process, DEBUG on. Production sets
DATABASE_URL (PostgreSQL), CELERY_BROKER_URL (Redis), SECRET_KEY and DEBUG=0;
see docs/production.md. The production guard at the end of this module refuses to
start a non-debug service without them (ImproperlyConfigured, naming each problem).
"""

import ipaddress
import os
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_int, env_list

BASE_DIR = Path(__file__).resolve().parent.parent


INSECURE_DEFAULT_SECRET = "insecure-dev-only-secret-change-me"
SECRET_KEY = os.environ.get("SECRET_KEY", INSECURE_DEFAULT_SECRET)
DEBUG = env_bool("DEBUG", True)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")

INSTALLED_APPS = [
    "core.apps.AdminConfig",  # django.contrib.admin with the project's date field
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI from our own static files (issue 18: offline docs)
    "simple_history",
    "django_otp",  # two-factor sign-in (issue 32, core.accounts): TOTP devices
    "django_otp.plugins.otp_totp",
    "core",
    "federation",
    "tournaments",
    "games",
    "ratings",
    "documents",
    "results_site",  # the public results site (issue 20): pages over the public API
    "workspace",  # the signed-in area (issue 27): each role's screens over the services
]

#: The modules that declare document kinds (``KINDS``: view-model, template, who may see it);
#: the documents app renders them and imports none of these apps (documents/registry.py).
# Cross-app hooks (core.hooks): event -> functions other apps run after it has committed.
# The one list a reader greps for "what happens elsewhere when ...".
HOOKS = {
    # Công nhận kết quả: ratings' title check and the recomputation of a computed period
    "tournament_certified": ["ratings.services.on_tournament_certified"],
    "complaint_title_review": ["ratings.services.on_complaint_title_review"],  # Điều 15.5d
}

# Facts an app reads from an app above it (core.hooks.provider): fact -> the one function that
# answers. The layers contract (.importlinter) forbids importing upward; this list names the
# calls that go up, and nothing else does.
PROVIDERS = {
    # Điều 28.1 (adjusted Swiss): the entrants' national ratings and national categories at
    # the event's start, read by tournaments.services.numbering to number the entries
    "national_ratings": "ratings.selectors.national_ratings",
    "national_categories": "ratings.selectors.category_ranks",
    # the member page of the staff site (federation.admin): ratings and titles of the person
    "published_ratings_of": "ratings.selectors.published_ratings_of",
    "titles_of": "ratings.selectors.titles_of",
    "personal_data_of": "config.personal_data.personal_data_of",  # Nghị định 13/2023 Điều 14
    # the backup's manifest and the restore drill (core.backup_schedule): the published lists
    "published_rating_lists": "ratings.selectors.published_lists_digest",
}

DOCUMENT_KINDS = [
    "documents.kinds",
    "federation.documents",
    "tournaments.documents",
    "games.documents",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django_otp.middleware.OTPMiddleware",  # request.user.is_verified(): signed in with a code
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "core.middleware.DatabaseUnavailableMiddleware",
    "core.middleware.LoginLockedMiddleware",  # a locked-out sign-in form: 429 (issue 31)
]
# First of all: refuse an oversized API body before anything reads it.
MIDDLEWARE.insert(0, "core.middleware.BodySizeLimitMiddleware")
# Outermost: every request gets its id and its one JSON log line, 413s included (core.logs);
# before it, a request's deferred work runs once its answer is sent (core.after_response).
MIDDLEWARE[:0] = ["core.after_response.AfterResponseMiddleware", "core.logs.RequestLogMiddleware"]

ROOT_URLCONF = "config.urls"

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
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# --- database -------------------------------------------------------------
DEFAULT_DATABASE_URL = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
DATABASE_URL = os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL)
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Concurrent writers on the embedded default wait instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- cache (Redis when configured) ----------------------------------------
CACHE_URL = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL")
# Parallel test runs (pytest-xdist sets PYTEST_XDIST_WORKER, and each test process's Celery
# worker inherits it): each test process keeps its own cache keys (rate limits, scope stamps,
# cached answers), so one process's clear never reaches the other's. Unset in production.
# (Broker: each test process has its own queue; kombu's global_keyprefix is not used, as its
# passive queue_declare ignores the prefix and the job sweeper relies on it.)
TEST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "vcf") + (f"-{TEST_WORKER}" if TEST_WORKER else ""),
            "OPTIONS": {"IGNORE_EXCEPTIONS": True},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Warm-ahead (core.caching.touch_and_warm, docs/performance.md): a result entered in a running
# event of at least PUBLIC_WARM_AHEAD_MIN_ENTRIES players has the event's hot public answers
# built after its commit (no row lock held), before it answers, or with _AFTER_ANSWER once its
# answer is sent (readers meanwhile wait: off until the build is short, docs/performance.md).
PUBLIC_WARM_AHEAD = env_bool("PUBLIC_WARM_AHEAD", True)
PUBLIC_WARM_AHEAD_AFTER_ANSWER = env_bool("PUBLIC_WARM_AHEAD_AFTER_ANSWER", False)
PUBLIC_WARM_AHEAD_MIN_ENTRIES = env_int("PUBLIC_WARM_AHEAD_MIN_ENTRIES", 64)
# Tracking cards kept warm (issue 15, docs/performance.md): when a round of an event of at
# least this many entries is paired or complete, a job renders the cards' missing parts into
# the cache, so "all cards" is never rendered cold during the event. Needs a broker and a
# shared cache (else nothing is warmed); 0 turns it off.
DOCUMENT_PARTS_WARM_MIN_ENTRIES = env_int("DOCUMENT_PARTS_WARM_MIN_ENTRIES", 100)

# --- Celery ----------------------------------------------------------------
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or None
# Without a broker, tasks run in-process so that the service works out of the box.
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_RESULT_BACKEND = None  # job state lives in core.Job, not in Celery results
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "vcf")
# Two queues (issue 31 §7): the default one for jobs someone waits for (pairings, a result's
# validation, imports) and this one for background work (documents, warm-ups, lapse, rating
# periods, title checks; core.jobs.register(..., priority=BACKGROUND)), each with workers of
# its own, so an interactive job never waits behind background work (docs/production.md).
CELERY_BACKGROUND_QUEUE = os.environ.get("CELERY_BACKGROUND_QUEUE",
                                         f"{CELERY_TASK_DEFAULT_QUEUE}-background")
# How long a request waits to learn that the broker is down (then 503, nothing written).
JOB_BROKER_CHECK_SECONDS = float(os.environ.get("JOB_BROKER_CHECK_SECONDS", "2"))
# Late acknowledgement: a job whose worker dies is delivered again (jobs are idempotent).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": int(os.environ.get("CELERY_VISIBILITY", "3600"))}
# Jobs that always end (issue 14; docs/production.md "How jobs are recovered"). A running job
# writes a heartbeat every JOB_HEARTBEAT_SECONDS; one silent for JOB_LEASE_SECONDS has lost its
# worker and is re-run by the sweeper (or failed after JOB_MAX_RESTARTS lost runs).
JOB_LEASE_SECONDS = int(os.environ.get("JOB_LEASE_SECONDS", "120"))
JOB_HEARTBEAT_SECONDS = max(1, JOB_LEASE_SECONDS // 4)
JOB_MAX_RESTARTS = int(os.environ.get("JOB_MAX_RESTARTS", "2"))
JOB_SWEEP_SECONDS = int(os.environ.get("JOB_SWEEP_SECONDS", "30"))
# Time limits of every task. The largest supported event fits well inside: a 2,000-player
# Dutch round 337 s on a loaded 2-core machine (decisions-dutch.md), the largest PGN upload
# and a national rating period a few minutes. The soft limit ends the job as failed with a
# clear error; the hard limit (a minute later) kills the process if the work ignores it.
CELERY_TASK_SOFT_TIME_LIMIT = int(os.environ.get("JOB_SOFT_TIME_LIMIT", "1800"))
CELERY_TASK_TIME_LIMIT = int(os.environ.get("JOB_TIME_LIMIT", str(CELERY_TASK_SOFT_TIME_LIMIT + 60)))
CELERY_TIMEZONE = "Asia/Ho_Chi_Minh"
CELERY_BEAT_SCHEDULE = {
    "federation-lapse-daily": {
        "task": "federation.tasks.lapse_members_task",
        "schedule": 24 * 60 * 60,
    },
    "federation-purge-access-log": {  # the access log of private data: its kept period
        "task": "federation.tasks.purge_access_log_task",
        "schedule": 24 * 60 * 60,
    },
    "core-sweep-jobs": {  # re-send lost queued jobs, re-run jobs whose worker died
        "task": "core.tasks.sweep_jobs_task",
        "schedule": JOB_SWEEP_SECONDS,
    },
    "ratings-monthly-period": {  # ratings: last month's period of every list, on the 1st
        "task": "ratings.tasks.monthly_rating_periods_task",
        "schedule": crontab(minute=0, hour=2, day_of_month=1),
    },
}

# Email, notifications, two-factor sign-in and backups (issue 32): config/settings_ops.py
from config.settings_ops import *  # noqa: E402,F403

CELERY_BEAT_SCHEDULE.update(ops_beat_schedule(CELERY_BACKGROUND_QUEUE))  # noqa: F405

# --- auth -------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Every password check goes through this backend, which counts failed logins (one count
# for every sign-in path: token, admin, /api-auth/login/, issue 31; core.auth_backends).
AUTHENTICATION_BACKENDS = ["core.auth_backends.GuardedModelBackend"]
# Password guessing (core.throttling): failed logins allowed per account and per client
# address in a window, on every sign-in path together; then 429 + Retry-After.
LOGIN_FAILURES_PER_ACCOUNT = env_int("LOGIN_FAILURES_PER_ACCOUNT", 5)
LOGIN_FAILURES_PER_ADDRESS = env_int("LOGIN_FAILURES_PER_ADDRESS", 20)
LOGIN_WINDOW_SECONDS = env_int("LOGIN_WINDOW_SECONDS", 15 * 60)
PRIVATE_ACCESS_LOG_DAYS = env_int("PRIVATE_ACCESS_LOG_DAYS", 2 * 365)  # the access log (issue 31)
# Wrong paper-form proofs (ID number / birth date typed for an existing person when applying
# for him, issue 31) allowed per user in LOGIN_WINDOW_SECONDS: guessing a birth date is refused.
APPLICATION_PROOF_FAILURES = env_int("APPLICATION_PROOF_FAILURES", 5)
# Where a sign-in without a safe ``next`` lands (issue 31 §10; Django's default,
# /accounts/profile/, does not exist): staff go to the admin (core.auth_views.SignInView),
# everyone else here. The signed-in area for non-staff users may set it (e.g. /lam-viec/).
LOGIN_REDIRECT_URL = os.environ.get("LOGIN_REDIRECT_URL", "/")
# The reverse proxies in front of the service (addresses or networks, comma-separated): only
# a request arriving from one of them has its X-Forwarded-For read for the client address
# (core.throttling.client_address: rate limits, login lockout). Empty: the header is ignored.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", "")
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError as _error:
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured(f"TRUSTED_PROXIES: {_proxy!r} is not an address or network") from _error

# --- i18n -------------------------------------------------------------------
LANGUAGE_CODE = "vi"
LANGUAGES = [("vi", _("Tiếng Việt")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Ho_Chi_Minh"
#: dd/mm/yyyy first (what the admin calendar writes), ISO too (core.dates, issue 18).
DATE_INPUT_FORMATS = ["%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y", "%d.%m.%Y"]
#: dd/mm/yyyy shown everywhere in Vietnamese (issue 28): config/formats/vi/formats.py
FORMAT_MODULE_PATH = ["config.formats"]
USE_I18N = True
USE_TZ = True

# --- static and media -------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
#: Without DEBUG whitenoise serves STATIC_ROOT (``collectstatic``); in development and tests
#: it finds the apps' files (Swagger UI of drf-spectacular-sidecar) where they are.
WHITENOISE_USE_FINDERS = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- request limits (issue 14: unbounded input) ---------------------------------
MIB = 1024 * 1024
#: Any request body under /api/ (413 above it). Django refuses form fields over the same size.
API_MAX_BODY_BYTES = env_int("API_MAX_BODY_BYTES", 6 * MIB)
DATA_UPLOAD_MAX_MEMORY_SIZE = API_MAX_BODY_BYTES
#: One PGN upload (file or content): 413 above it. 5 MiB holds a 500-player, 13-round event
#: (3,250 games) several times over.
PGN_UPLOAD_MAX_BYTES = env_int("PGN_UPLOAD_MAX_BYTES", 5 * MIB)
#: Games in one PGN upload (400 above it): the largest event the federation runs is 3,250.
PGN_UPLOAD_MAX_GAMES = env_int("PGN_UPLOAD_MAX_GAMES", 5000)
#: Rows in one bulk request (bulk entry registration, issue 18): 400 above it, naming it.
#: The largest open event has about 500 players.
BULK_MAX_ROWS = env_int("BULK_MAX_ROWS", 1000)
#: A TRF import (issue 31 §4): players (001 lines) and lines of one file, 400 above them,
#: naming them; the largest event the federation runs has about 2,000 players. The import
#: runs as a job; the request waits this long for it before answering 202 with the job.
TRF_IMPORT_MAX_PLAYERS = env_int("TRF_IMPORT_MAX_PLAYERS", 3000)
TRF_IMPORT_MAX_LINES = env_int("TRF_IMPORT_MAX_LINES", 6000)
TRF_IMPORT_WAIT_SECONDS = float(os.environ.get("TRF_IMPORT_WAIT_SECONDS", "5"))
#: Nesting of a JSON body (400 deeper): our bodies nest 3 levels; 990 crashed the parser.
JSON_MAX_DEPTH = env_int("JSON_MAX_DEPTH", 32)

# --- REST API -----------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "core.parsers.LimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "core.pagination.StandardPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        "core.filters.StrictFilterBackend",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_SCHEMA_CLASS": "core.schema.ServiceAutoSchema",
    "EXCEPTION_HANDLER": "core.errors.api_exception_handler",
    # atomic counters on the shared cache (core.throttling): anonymous per address, users
    "DEFAULT_THROTTLE_CLASSES": ["core.throttling.AnonThrottle", "core.throttling.UserThrottle"],
    "DEFAULT_THROTTLE_RATES": {"anon": os.environ.get("ANON_THROTTLE_RATE", "600/min"),
                               "user": os.environ.get("USER_THROTTLE_RATE", "1200/min")},
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Liên đoàn Cờ Việt Nam — Records and ratings API",
    "DESCRIPTION": "Clubs, members, tournaments, games, ratings and titles (xiangqi and chess).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from drf-spectacular-sidecar's static files, not a CDN: the docs work offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "core.schema.add_error_responses", "core.schema.type_database_ids"],
    # One stable name per choice set whose field name (status, kind, ...) is shared.
    "ENUM_NAME_OVERRIDES": {
        "DisciplineEnum": "federation.models.Discipline",
        "ClubKindEnum": "federation.models.Club.Kind",
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "RoundStatusEnum": "tournaments.models.Round.Status",
        "PairingKindEnum": "tournaments.models.Pairing.Kind",
        "GameDecisionEnum": "games.models.Decision",
        "GameFaultKindEnum": "games.models.FaultKind",
        "GamePenaltyKindEnum": "games.models.PenaltyKind",
        "GameWarningLevelEnum": "games.models.WarningLevel",
        "GameWarningReasonEnum": "games.models.WarningReason",
        "TitleEnum": "ratings.models.TitleCode",
        "DocumentKindEnum": "documents.models.Document.Kind",
        "GameUploadStateEnum": "games.models.GameUpload.State",
        "JobStateEnum": "core.models.Job.State",
        "DataRequestKindEnum": "federation.models.DataRequest.Kind",
    },
}

# Structured logs (issue 32, core.logs, docs/production.md): one JSON object a line on stderr,
# every logger; one line per request (vcf.request) and per job that ends (vcf.job) at INFO.
# LOG_FORMAT=text for Django's plain lines (a developer's console); LOG_REQUESTS=0 silences
# the per-request and per-job lines.
LOG_FORMAT = "text" if os.environ.get("LOG_FORMAT") == "text" else "json"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "core.logs.JsonFormatter"},
        "text": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {name: {"level": "INFO" if env_bool("LOG_REQUESTS", True) else "WARNING"}
                for name in ("vcf.request", "vcf.job")},
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)

# --- HTTPS and browser protections (issue 31 §9; docs/production.md) ---------------------------
# Production (DEBUG=0) redirects plain HTTP to HTTPS and sends HSTS unless told otherwise;
# behind a TLS-terminating proxy set SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO (the proxy
# must set that header itself), or every request would be redirected in a loop.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
# Health checks (core.health) and the metrics scrape answer over plain HTTP too: a load
# balancer or Prometheus probes the backend directly, without TLS (issue 32).
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
#: The bearer token of Prometheus' scrape of /metrics (core.metrics); unset: no /metrics (404).
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 365 * 24 * 60 * 60)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
if os.environ.get("SECURE_PROXY_SSL_HEADER"):
    SECURE_PROXY_SSL_HEADER = (os.environ["SECURE_PROXY_SSL_HEADER"], "https")
X_FRAME_OPTIONS = "DENY"
#: Content-Security-Policy of every response (core.middleware.ContentSecurityPolicyMiddleware).
#: Scripts only from this site's own files ('self': board.js, the admin's, Swagger UI's, the
#: browsable API's); no inline script, no eval; a template that needs an inline script marks it
#: with ``nonce="{{ request.csp_nonce }}"``, which the header then allows. Styles may be inline
#: (the admin's widgets and Swagger UI set style attributes); they cannot run code.
CSP_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
#: Report-only first, when trying a change of policy on a live site.
CSP_REPORT_ONLY = env_bool("CSP_REPORT_ONLY", False)

# --- production guard ----------------------------------------------------------
if not DEBUG and not env_bool("ALLOW_EMBEDDED", False):
    from django.core.exceptions import ImproperlyConfigured

    problems = []
    if "postgresql" not in DATABASES["default"]["ENGINE"]:
        problems.append("DATABASE_URL must point at PostgreSQL")
    if not CELERY_BROKER_URL:
        problems.append("CELERY_BROKER_URL must name a broker (Redis)")
    if not CACHE_URL:
        # web and worker processes must share one cache, or worker writes never invalidate
        # the public responses cached by the web processes
        problems.append("CACHE_URL must name a shared cache (Redis)")
    if CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] <= CELERY_TASK_TIME_LIMIT:
        # Redis hands an unacknowledged message to another worker after the visibility
        # timeout: it must outlast the longest run, or a live job runs twice
        problems.append("CELERY_VISIBILITY must exceed JOB_TIME_LIMIT")
    if SECRET_KEY == INSECURE_DEFAULT_SECRET or len(SECRET_KEY) < 32:
        problems.append("SECRET_KEY must be a real secret of at least 32 characters")
    if problems:
        raise ImproperlyConfigured("Production settings incomplete: " + "; ".join(problems))
