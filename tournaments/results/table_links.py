"""The secret table-entry URL of a table (saisie à la table) and its QR code for table cards.

The printing app puts ``table_entry_qr_svg(table, request)`` on each table card (fiche de
table). Without a request (a background job), the site's address comes from the ``SITE_URL``
setting when it exists, else from the first of ``ALLOWED_HOSTS``.
"""

from __future__ import annotations

import qrcode
import qrcode.image.svg
from django.conf import settings
from django.urls import reverse

from tournaments.models import Table


def _site_url() -> str:
    site = getattr(settings, "SITE_URL", "")
    if site:
        return site.rstrip("/")
    hosts = [host for host in settings.ALLOWED_HOSTS if host not in ("*", "")]
    host = hosts[0].lstrip(".") if hosts else "localhost"
    scheme = "https" if getattr(settings, "SECURE_COOKIES", False) else "http"
    return f"{scheme}://{host}"


def table_entry_path(table: Table) -> str:
    return reverse("results:table_entry", args=[table.token])


def table_entry_url(table: Table, request=None) -> str:
    """The absolute URL players open (or scan) to enter their table's results."""
    path = table_entry_path(table)
    if request is not None:
        return request.build_absolute_uri(path)
    return _site_url() + path


def table_entry_qr_svg(table: Table, request=None, *, box_size: int = 10) -> str:
    """The table-entry URL as an inline SVG QR code (no XML declaration, ready for HTML)."""
    image = qrcode.make(
        table_entry_url(table, request),
        image_factory=qrcode.image.svg.SvgPathImage,
        box_size=box_size,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
    )
    return image.to_string(encoding="unicode")
