"""The secret links of table-side entry and their QR codes: a table's entry URL (on its table
card, fiche de table) and a team's own link (on its route card, fiche de route).

The printing app puts the QR codes on the cards. Without a request (a background job), the
site's address comes from the ``SITE_URL`` setting when it exists, else from the first of
``ALLOWED_HOSTS``. A loopback address there (127.0.0.1, localhost: ``bin/run`` without
``--lan``) gives links no phone can open: ``loopback_host()`` says so, for the warnings.
"""

from __future__ import annotations

import qrcode
import qrcode.image.svg
from django.urls import reverse

from config.addresses import is_loopback_url, url_host
from config.site import site_url as _site_url
from tournaments.setup.models import Table, Team


def loopback_host() -> str:
    """The host of the site's address when it is this machine only (127.0.0.1, ::1,
    localhost), else "": the links and QR codes made from it would not open on a phone."""
    site = _site_url()
    return url_host(site) if is_loopback_url(site) else ""


def _absolute(path: str, request=None) -> str:
    if request is not None:
        return request.build_absolute_uri(path)
    return _site_url() + path


def qr_svg(url: str, *, box_size: int = 10) -> str:
    """``url`` as an inline SVG QR code (no XML declaration, ready for HTML)."""
    image = qrcode.make(
        url,
        image_factory=qrcode.image.svg.SvgPathImage,
        box_size=box_size,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
    )
    return image.to_string(encoding="unicode")


def table_entry_path(table: Table) -> str:
    return reverse("results:table_entry", args=[table.token])


def table_entry_url(table: Table, request=None) -> str:
    """The absolute URL players open (or scan) to enter their table's results."""
    return _absolute(table_entry_path(table), request)


def table_entry_qr_svg(table: Table, request=None, *, box_size: int = 10) -> str:
    """The table-entry URL as an inline SVG QR code."""
    return qr_svg(table_entry_url(table, request), box_size=box_size)


def team_link_path(team: Team) -> str:
    return reverse("results:team_link", args=[team.token])


def team_link_url(team: Team, request=None) -> str:
    """The absolute URL of a team's own link: the phone that opens it acts as that team."""
    return _absolute(team_link_path(team), request)


def team_link_qr_svg(team: Team, request=None, *, box_size: int = 10) -> str:
    """The team's own link as an inline SVG QR code (for its route card)."""
    return qr_svg(team_link_url(team, request), box_size=box_size)
