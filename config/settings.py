"""Settings of the site, read from the environment (12-factor) with safe defaults.

With nothing set the site runs on an embedded SQLite file with Celery tasks executed in-process,
so that a club laptop works offline with zero configuration.
"""

import ipaddress
import os
import secrets
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from kombu import Exchange, Queue

from config.addresses import (
    DEFAULT_ALLOWED_HOSTS,
    debug_asked,
    debug_refusal,
    served_beyond_loopback,
)
from scoring.engine.rules import SETTINGS as RULE_SETTINGS

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_networks(name: str) -> list[str]:
    """Comma-separated addresses or networks (``10.0.0.2,192.168.0.0/16``), checked now."""
    values = env_list(name, "")
    for value in values:
        try:
            ipaddress.ip_network(value, strict=False)
        except ValueError as error:
            raise ImproperlyConfigured(f"{name}: {error}") from None
    return values


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one generated once and kept in var/."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    key_file = VAR_DIR / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    key_file.write_text(key)
    key_file.chmod(0o600)
    return key


# Why the site is meant to be reached from beyond this machine ("" when it is not): bin/run
# --lan, HOST=0.0.0.0, a non-loopback ALLOWED_HOSTS or SITE_URL (config/addresses.py). Such a
# site never runs with DEBUG, whatever DEBUG says: Django's debug pages show settings, paths,
# the URL list and a failing view's locals (a board's hands). The demo accounts of such a site
# get random passwords (manage.py demo_site).
SERVED_BEYOND_LOOPBACK = served_beyond_loopback(os.environ)
DEBUG = debug_asked(os.environ) and not SERVED_BEYOND_LOOPBACK
if debug_asked(os.environ) and not DEBUG:
    sys.stderr.write(debug_refusal(SERVED_BEYOND_LOOPBACK))
SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", DEFAULT_ALLOWED_HOSTS)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
# The reverse proxies whose X-Forwarded-For is believed (config/proxies.py); none by default.
TRUSTED_PROXIES = env_networks("TRUSTED_PROXIES")
# The site's public address, for links made outside a request (QR codes on printed table cards).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000" if DEBUG else "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "tournaments.accounts",
    "tournaments.clubs",
    "tournaments.setup",
    "tournaments.registration",
    "tournaments.deals",
    "tournaments.results",
    "tournaments.standings",
    "tournaments.printing",
    "tournaments.seasons",
    "tournaments.play",
    "tournaments.events",
    "tournaments.online",
    "tournaments.api",
]

MIDDLEWARE = [
    # First: forwarded headers (X-Forwarded-Proto, X-Forwarded-Host) only from TRUSTED_PROXIES,
    # then, with DEBUG, nobody but this machine (config/proxies.py, config/debug.py).
    "config.proxies.UntrustedForwardedHeadersMiddleware",
    "config.debug.LoopbackOnlyDebugMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Outside whitenoise and the error handler: static files and the 503 page get it too.
    "config.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.locale.FrenchFirstLocaleMiddleware",
    # Before anything reads a value (cache, session, views): a NUL character is a 400.
    "config.nul_bytes.RefuseNulBytesMiddleware",
    # After the language is known, before anything that reads the session or the database.
    "tournaments.public_pages.PublicPageCacheMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes requires, so it sees the outcome of authentication.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Database: DATABASE_URL (PostgreSQL through psycopg 3 in production and tests), else SQLite.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
# The few statements every result entry runs are prepared on the server (tournaments/rows.py);
# 0 behind a connection pooler that cannot keep prepared statements (docs/deployment.md).
# Django prepares nothing (psycopg's prepare_threshold None); a threshold no statement reaches
# lets the explicitly prepared ones be, and leaves every other statement as it was.
PREPARED_STATEMENTS = os.environ.get("PREPARED_STATEMENTS", "1") != "0"
if PREPARED_STATEMENTS and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 2**31 - 1
# The embedded SQLite file (bin/run): the phones' entries arrive at once at the end of a round.
# WAL lets the pages read while one entry writes; a write transaction takes the write lock when
# it begins (BEGIN IMMEDIATE), so two entries never both read and then both try to write (a
# deadlock SQLite ends at once with "database is locked"); the next one waits its turn, up to
# SQLITE_TIMEOUT seconds. A lock held longer still is a 503 the phone retries (config/errors.py).
SQLITE_TIMEOUT = int(os.environ.get("SQLITE_TIMEOUT", "20"))
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": SQLITE_TIMEOUT,
            "init_command": (
                f"PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
                f"PRAGMA busy_timeout={SQLITE_TIMEOUT * 1000};"
            ),
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Cache: Redis when CACHE_URL is set (shared by every web process), else process-local memory.
if os.environ.get("CACHE_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["CACHE_URL"],
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "coinche"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "tournaments:home"
LOGOUT_REDIRECT_URL = "tournaments:home"

# Login attempts are rate-limited: after AXES_FAILURE_LIMIT failures for one user name from one
# address, further attempts are refused for AXES_COOLOFF_MINUTES.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = int(os.environ.get("AXES_COOLOFF_MINUTES", "15")) / 60
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
AXES_RESET_ON_SUCCESS = True
# The client's address, for the lockouts and the audit trail alike (config/proxies.py):
# REMOTE_ADDR, unless the connection comes from one of TRUSTED_PROXIES (addresses or networks
# of the reverse proxies in front of the site); then the address they add to X-Forwarded-For.
# Empty by default: X-Forwarded-For is ignored, as anyone can send it.
AXES_CLIENT_IP_CALLABLE = "config.proxies.client_ip"
AXES_VERBOSE = False
# A player's sign-up (comptes/inscription/): at most SIGN_UP_LIMIT tries an hour from one
# address, made or refused (tournaments.accounts.services.sign_up); then « Mes parties ».
SIGN_UP_LIMIT = int(os.environ.get("SIGN_UP_LIMIT", "5"))
SIGN_UP_REDIRECT_URL = "play:my_games"

# Internationalisation: French first, English available.
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("Français")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

# Static files are served by the site itself (whitenoise): club venues are often offline.
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
WHITENOISE_USE_FINDERS = True
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "config.storage.StaticStorage"},
}

# Security: production-safe unless DEBUG is on. Behind an HTTPS proxy, cookies are secure.
SECURE_COOKIES = env_bool("SECURE_COOKIES", not DEBUG)
# The anonymous public pages served whole from the cache (tournaments/public_pages.py).
PUBLIC_PAGE_CACHE = env_bool("PUBLIC_PAGE_CACHE", True)
SESSION_COOKIE_SECURE = SECURE_COOKIES
CSRF_COOKIE_SECURE = SECURE_COOKIES
SESSION_COOKIE_HTTPONLY = True
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
# Believed from TRUSTED_PROXIES only: from any other client, X-Forwarded-Proto and
# X-Forwarded-Host are removed before anything reads them (config/proxies.py).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
USE_X_FORWARDED_HOST = bool(TRUSTED_PROXIES)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy of every answer (config/csp.py): only the site's own scripts, styles
# and images (plus data: images, which Swagger UI's stylesheet uses for its icons); no inline
# script or style, no plugin, no <base> elsewhere, forms posting to the site only, no framing.
CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    # The players' links are an installable app: its manifest and service worker (docs/offline.md).
    "manifest-src": "'self'",
    "worker-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}

# Celery: Redis as broker when CELERY_BROKER_URL is set; otherwise tasks run in-process.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL or None)
# Late acknowledgement and redelivery hold on every queue: a job is acked when it ends, and a
# job whose pool process died is put back on its own queue for another process.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# A worker process reserves one job at a time: a long job never holds a short one behind it.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Four queues, so that ranking recomputations never wait behind PDFs (docs/architecture.md,
# "Jobs"): ``standings`` (recomputations, catch-up, the health ping: short and latency
# sensitive), ``documents`` (PDFs, 1-50 s each), ``analysis`` (long computations such as
# double-dummy analysis: any task named ``analysis.*``) and ``robots`` (the robots' turns of
# the games played online, ``robots.*``: a player waits for them, docs/play.md). A worker
# started without -Q consumes all four; the deployment runs one worker on ``standings`` alone
# (docker-compose.yml).
# Each queue has its own direct exchange and routing key: a queue declared without them would
# be bound to the default queue's exchange and key, and a message would reach every queue.
CELERY_TASK_QUEUES = [
    Queue(name, Exchange(name, type="direct"), routing_key=name)
    for name in ("standings", "documents", "analysis", "robots")
]
CELERY_TASK_ROUTES = {
    "standings.*": {"queue": "standings"},
    "health.*": {"queue": "standings"},
    "seasons.*": {"queue": "standings"},
    "printing.*": {"queue": "documents"},
    "analysis.*": {"queue": "analysis"},
    "robots.*": {"queue": "robots"},
}
# The double-dummy analysis of the boards (tournaments/deals/analysis.py) is published when
# deals are generated, imported or typed. With jobs in-process (no broker) it would hold the
# organizer's request for a minute: it then runs in a thread of the web process, one
# tournament at a time (``background``, the default; tournaments/deals/background.py), in the
# request itself with ANALYSIS_IN_PROCESS=1, or only by ``manage.py analyse_boards SLUG``
# with ANALYSIS_IN_PROCESS=0.
ANALYSIS_IN_PROCESS = os.environ.get("ANALYSIS_IN_PROCESS", "background")
# The printed documents likewise: without a broker they are made in a thread of the web process
# (``background``, the default; tournaments/background.py), so that « Générer tout le dossier »
# answers at once and the Documents page shows the progress; DOCUMENTS_IN_PROCESS=1 makes them
# in the request (tests, scripts).
DOCUMENTS_IN_PROCESS = os.environ.get("DOCUMENTS_IN_PROCESS", "background")
# The robots' turns of the games played online (tournaments/play/services.py) likewise: without
# a broker in a thread of the web process (``background``, the default), never in the request
# that posted the player's card; ROBOTS_IN_PROCESS=1 plays them after that request's commit
# (tests, scripts).
ROBOTS_IN_PROCESS = os.environ.get("ROBOTS_IN_PROCESS", "background")
# The national figures of the simultaneous events (tournaments/events/services/ranking.py)
# likewise: without a broker in a thread of the web process; EVENTS_IN_PROCESS=1 recomputes
# them after the commit of the change (tests, scripts, manage.py demo_event).
EVENTS_IN_PROCESS = os.environ.get("EVENTS_IN_PROCESS", "background")
EVENTS_COALESCE_SECONDS = int(os.environ.get("EVENTS_COALESCE_SECONDS", "5"))
# The pause (seconds) before South's view shows a robot's call or card, counted from the moment
# the action before it was shown: a robot's answer then appears at a time that does not depend
# on its hand (a single legal card is decided at once), unless its decision took longer
# (docs/play.md, « The robots' pause »).
PLAY_ROBOT_PAUSE = float(os.environ.get("PLAY_ROBOT_PAUSE", "1.0"))
# Seconds each of the robots' calls and cards stays on the card table when several arrive in
# one answer (after a reload, or with no pause), so that a player can follow them.
PLAY_SHOW_STEP = float(os.environ.get("PLAY_SHOW_STEP", "0.45"))
# The threads each robot's decision may use: its worlds are solved in lanes (scoring/robots/
# lanes.py), the same decision on one thread or two, on two about a quarter sooner where a core
# is free (docs/play.md, « Sooner »).
PLAY_ROBOT_THREADS = int(os.environ.get("PLAY_ROBOT_THREADS", "2"))
# A task nobody routed is presumed long: it must not delay the rankings.
CELERY_TASK_DEFAULT_QUEUE = "documents"
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Publishing must not hang a request when the broker is down: fail fast, the result stays
# pending and the periodic catch-up picks it up.
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2, "socket_timeout": 5}
CELERY_TASK_PUBLISH_RETRY = False
# Periodic jobs (celery -A config beat). The standings catch-up recomputes tournaments whose
# result changes could not be queued (broker down): rankings catch up with no manual step.
CELERY_BEAT_SCHEDULE = {
    "standings-catch-up": {
        "task": "standings.catch_up",
        "schedule": 10.0,
        "options": {"expires": 10.0},
    },
    "seasons-catch-up": {
        "task": "seasons.catch_up",
        "schedule": 60.0,
        "options": {"expires": 60.0},
    },
    # Boards left without a current analysis (broker away when they were typed, a worker lost):
    # queued again on the analysis queue (tournaments/deals/analysis.py, ``catch_up``).
    "analysis-catch-up": {
        "task": "analysis.catch_up",
        "schedule": 300.0,
        "options": {"expires": 300.0},
    },
    # Games left waiting for a robot (a job lost with its worker, the broker away): their
    # robots' turns queued again (tournaments/play/services.py, ``catch_up_robots``).
    "robots-catch-up": {
        "task": "robots.catch_up",
        "schedule": 30.0,
        "options": {"expires": 30.0},
    },
}

# The API's views set these themselves (tournaments/api/views.py); the defaults match them.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tournaments.api.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": ["tournaments.api.parsers.SafeJSONParser"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "tournaments.api.pagination.ApiPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schema.ApiAutoSchema",
    "EXCEPTION_HANDLER": "tournaments.api.errors.api_exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Coinche duplicate API",
    "DESCRIPTION": "Tournaments, table plans, boards, results and rankings of duplicate coinche.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The docs page's Swagger UI comes from drf-spectacular-sidecar: no CDN, works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Every set of choices of the API is an enum with a name of its own; its members are named
    # by tournaments.api.schema.ENUM_MEMBERS (x-enum-varnames, for generated clients).
    "ENUM_NAME_OVERRIDES": {
        "Seat": "tournaments.api.serializers.SEATS",
        "AnalysisStatus": "tournaments.api.serializers.ANALYSIS_STATUSES",
        "Side": "tournaments.api.serializers.SIDES",
        "Strain": "tournaments.api.serializers.STRAINS",
        "Suit": "tournaments.api.serializers.SUITS",
        "Rank": "tournaments.api.serializers.RANKS",
        "AnnonceKind": "tournaments.api.serializers.ANNONCE_KINDS",
        "Capot": "tournaments.api.serializers.CAPOTS",
        "Coinche": "tournaments.api.serializers.COINCHES",
        "Adjustment": "tournaments.vocabulary.ADJUSTMENT_CHOICES",
        "ResultStatus": "tournaments.results.models.Result.Status",
        "ResultSource": "tournaments.results.models.Result.Source",
        "PenaltyUnit": "tournaments.vocabulary.PENALTY_UNIT_CHOICES",
        "TournamentStatus": "tournaments.setup.models.Tournament.Status",
        "ScoringMethod": "tournaments.vocabulary.SCORING_METHOD_CHOICES",
        "MovementType": "tournaments.vocabulary.MOVEMENT_CHOICES",
        "DealsMode": "tournaments.setup.models.Tournament.DealsMode",
        "RulesPreset": "tournaments.api.serializers.RULES_PRESETS",
        "SeasonMethod": "tournaments.api.serializers.SEASON_METHODS",
        "RegistrationStatus": "tournaments.registration.models.Entry.Status",
        "Role": "tournaments.api.serializers.ROLES",
        # Each rule setting with choices, named from the core (scoring.engine.rules.SETTINGS).
        **{
            setting.values_name: f"tournaments.api.serializers.RULE_CHOICES.{setting.name}"
            for setting in RULE_SETTINGS
            if setting.is_choice
        },
    },
    # A bid is a number or this word (tournaments.api.serializers.BidField).
    "APPEND_COMPONENTS": {
        "schemas": {
            "BidCapot": {
                "type": "string",
                "enum": ["capot"],
                "description": "The bid of a capot (all eight tricks): the one bid that is not "
                "a number.",
            }
        }
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tournaments.api.schema.name_enum_members",
    ],
    "SCHEMA_PATH_PREFIX": r"/api/v1",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"axes": {"level": "WARNING"}},
}

# Outgoing e-mail (registrations): EMAIL_URL or the usual EMAIL_* variables; the console by
# default (config/mail.py).
from config.mail import email_settings  # noqa: E402

globals().update(email_settings(os.environ))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Coinche duplicate <noreply@localhost>")
