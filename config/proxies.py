"""The client's address, for the login rate limit (django-axes) and the results audit trail.

``REMOTE_ADDR`` is the address that opened the connection. Behind a reverse proxy that is the
proxy, and the client is in ``X-Forwarded-For`` — a header anyone can write, so it is read only
when the connection comes from one of the ``TRUSTED_PROXIES`` (empty by default: the header is
ignored). Then the client is the nearest address of the header, read from the right, that is
not a trusted proxy itself: each proxy appends the address it was reached from, so what a
client wrote itself sits further left and is never used.

The scheme and host a proxy forwards (``X-Forwarded-Proto``, ``X-Forwarded-Host``) follow the
same rule: ``UntrustedForwardedHeadersMiddleware`` removes them from any other client's request.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _networks(values: tuple[str, ...]) -> tuple[IPNetwork, ...]:
    """``10.0.0.2``, ``10.0.0.0/8``, ``::1``… (checked when the settings load)."""
    return tuple(ipaddress.ip_network(value, strict=False) for value in values)


def _address(text: str) -> IPAddress | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _trusted(address: IPAddress, networks: tuple[IPNetwork, ...]) -> bool:
    return any(address in network for network in networks)


def client_ip(request) -> str | None:
    """The client's address as the configured proxies tell it (``AXES_CLIENT_IP_CALLABLE``)."""
    remote = request.META.get("REMOTE_ADDR") or None
    networks = _networks(tuple(settings.TRUSTED_PROXIES))
    peer = _address(remote) if remote else None
    if peer is None or not networks or not _trusted(peer, networks):
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    for entry in reversed(forwarded.split(",")):
        address = _address(entry)
        if address is None:
            # Not written by a proxy we trust (they write bare addresses): stop at the proxy.
            return str(peer)
        if not _trusted(address, networks):
            return str(address)
        peer = address
    # Every hop was a trusted proxy (or there was no header): the last one seen.
    return str(peer)


FORWARDED_HEADERS = ("HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST", "HTTP_X_FORWARDED_PORT")
"""What a reverse proxy tells about the request it passes on: the scheme (``request.is_secure``
through ``SECURE_PROXY_SSL_HEADER``), the host and port (``USE_X_FORWARDED_HOST``)."""


def from_trusted_proxy(request) -> bool:
    networks = _networks(tuple(settings.TRUSTED_PROXIES))
    peer = _address(request.META.get("REMOTE_ADDR") or "")
    return bool(networks) and peer is not None and _trusted(peer, networks)


class UntrustedForwardedHeadersMiddleware:
    """Removes the forwarded scheme, host and port of a request that does not come from one of
    the ``TRUSTED_PROXIES`` (first in ``MIDDLEWARE``): a client writing ``X-Forwarded-Proto:
    https`` or ``X-Forwarded-Host`` itself changes neither the scheme nor the host the site
    sees (secure-only redirects, CSRF origin checks, links)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not from_trusted_proxy(request):
            for header in FORWARDED_HEADERS:
                request.META.pop(header, None)
        return self.get_response(request)
