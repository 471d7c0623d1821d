"""Outgoing e-mail from the environment: ``EMAIL_URL`` (one variable), or Django's usual
``EMAIL_HOST``, ``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``,
``EMAIL_USE_TLS``, ``EMAIL_USE_SSL``; with neither, the console backend (the messages are
written to the log: a club laptop sends nothing).

    EMAIL_URL=smtp://user:password@mail.example.org:587?tls=1
    EMAIL_URL=smtps://user:password@mail.example.org:465
    EMAIL_URL=console:
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import parse_qs, unquote, urlsplit

SMTP = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE = "django.core.mail.backends.console.EmailBackend"


def _true(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def email_settings(environ: Mapping[str, str]) -> dict:
    """The EMAIL_* settings the environment asks for."""
    url = environ.get("EMAIL_URL", "").strip()
    if url:
        parts = urlsplit(url)
        if parts.scheme in ("console", ""):
            return {"EMAIL_BACKEND": CONSOLE}
        if parts.scheme not in ("smtp", "smtps"):
            raise ValueError(f"EMAIL_URL: unknown scheme {parts.scheme!r} (smtp, smtps, console)")
        query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
        ssl = parts.scheme == "smtps" or _true(query.get("ssl"))
        return {
            "EMAIL_BACKEND": SMTP,
            "EMAIL_HOST": parts.hostname or "localhost",
            "EMAIL_PORT": parts.port or (465 if ssl else 25),
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_SSL": ssl,
            "EMAIL_USE_TLS": not ssl and _true(query.get("tls")),
            "EMAIL_TIMEOUT": 10,
        }
    if environ.get("EMAIL_HOST"):
        return {
            "EMAIL_BACKEND": environ.get("EMAIL_BACKEND", SMTP),
            "EMAIL_HOST": environ["EMAIL_HOST"],
            "EMAIL_PORT": int(environ.get("EMAIL_PORT", "25")),
            "EMAIL_HOST_USER": environ.get("EMAIL_HOST_USER", ""),
            "EMAIL_HOST_PASSWORD": environ.get("EMAIL_HOST_PASSWORD", ""),
            "EMAIL_USE_TLS": _true(environ.get("EMAIL_USE_TLS")),
            "EMAIL_USE_SSL": _true(environ.get("EMAIL_USE_SSL")),
            "EMAIL_TIMEOUT": 10,
        }
    return {"EMAIL_BACKEND": environ.get("EMAIL_BACKEND", CONSOLE)}
