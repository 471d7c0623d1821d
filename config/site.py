"""The site's own address, for every link it writes down: QR codes and links on printed cards,
links in e-mails. ``SITE_URL`` when set (``bin/run`` always sets it), else the first of
``ALLOWED_HOSTS``; never the visitor's ``Host`` or forwarded headers, which a client writes
itself (docs/security.md, "Headers, proxies and the links the site writes")."""

from django.conf import settings


def site_url() -> str:
    """``https://coinche.example.org`` (no trailing slash)."""
    site = getattr(settings, "SITE_URL", "")
    if site:
        return site.rstrip("/")
    hosts = [host for host in settings.ALLOWED_HOSTS if host not in ("*", "")]
    host = hosts[0].lstrip(".") if hosts else "localhost"
    scheme = "https" if getattr(settings, "SECURE_COOKIES", False) else "http"
    return f"{scheme}://{host}"
