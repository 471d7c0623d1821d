"""The addresses the site is reached at: whether an address is the machine's own (loopback, which
no phone can open), the machine's address on the club's network, and what ``bin/run`` serves.

Plain Python (no Django): the settings and ``bin/run`` use it before Django starts.

    python -m config.addresses [--lan]

prints the ``export`` lines ``bin/run`` evaluates before ``runserver``: ``RUNSERVER_ADDRESS``,
``SITE_URL`` (unless already set), ``ALLOWED_HOSTS`` (plus the address served), ``DEBUG`` and
``SECURE_COOKIES``.

``DEBUG`` is for a developer at the machine: a site served beyond it (``--lan``, a ``HOST``,
``ALLOWED_HOSTS`` or ``SITE_URL`` other than this machine's) never runs with it, whatever
``DEBUG`` says (``served_beyond_loopback``, read by the settings too).
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import shlex
import socket
import sys
from collections.abc import Callable, Mapping
from urllib.parse import urlsplit

DEFAULT_ALLOWED_HOSTS = "localhost,127.0.0.1,[::1]"
DEFAULT_PORT = "8000"
LOCAL_HOST = "127.0.0.1"
ALL_INTERFACES = ("0.0.0.0", "::", "[::]")  # noqa: S104 - what --lan asks for
# Any private address will do: connecting a UDP socket only picks the outgoing interface, it
# sends nothing (there is no handshake), so this works offline, on a Wi-Fi without internet.
_PROBE = ("10.255.255.255", 1)


def is_loopback_host(host: str) -> bool:
    """127.0.0.0/8, ::1 and localhost (and *.localhost): this machine only."""
    host = host.strip().strip("[]").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def url_host(url: str) -> str:
    """The host of an absolute URL ("" when there is none)."""
    try:
        return urlsplit(url).hostname or ""
    except ValueError:
        return ""


def is_loopback_url(url: str) -> bool:
    """Whether the URL leads back to the machine that opens it (a phone cannot reach ours)."""
    host = url_host(url)
    return bool(host) and is_loopback_host(host)


def lan_address(socket_factory: Callable[..., socket.socket] | None = None) -> str | None:
    """This machine's IPv4 address on its network (the club's Wi-Fi), or None without one.

    The interface the system would use to reach a private address: a UDP socket "connected"
    to it, which sends no packet."""
    make = socket_factory or socket.socket
    try:
        with make(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    if not address or address == "0.0.0.0" or is_loopback_host(address):  # noqa: S104
        return None
    return address


def _listening_host(address: str) -> str:
    """The host of ``runserver``'s ``addr:port`` (``0.0.0.0:8000``, ``[::]:8000``, ``8000``)."""
    host, colon, _port = address.rpartition(":")
    if not colon:
        return LOCAL_HOST if address.isdigit() else address
    return host


def served_beyond_loopback(environ: Mapping[str, str]) -> str:
    """Why the site is meant to be reached from beyond this machine ("" when it is not): a
    ``HOST`` or ``RUNSERVER_ADDRESS`` listening elsewhere than on loopback (``0.0.0.0`` is every
    interface), or an ``ALLOWED_HOSTS`` entry or a ``SITE_URL`` that is not this machine."""
    for name, host in (
        ("HOST", environ.get("HOST") or ""),
        ("RUNSERVER_ADDRESS", _listening_host(environ.get("RUNSERVER_ADDRESS") or "")),
    ):
        if host and not is_loopback_host(host):
            return f"{name}={environ[name]}"
    for host in (environ.get("ALLOWED_HOSTS") or "").split(","):
        if host.strip() and not is_loopback_host(host):
            return f"ALLOWED_HOSTS={environ['ALLOWED_HOSTS']}"
    site_url = environ.get("SITE_URL") or ""
    if site_url and not is_loopback_url(site_url):
        return f"SITE_URL={site_url}"
    return ""


def debug_asked(environ: Mapping[str, str]) -> bool:
    return (environ.get("DEBUG") or "").strip().lower() in ("1", "true", "yes", "on")


def debug_refusal(reason: str) -> str:
    """The line told when ``DEBUG`` is asked for a site served beyond this machine."""
    return (
        f"DEBUG ignoré : le site est servi au-delà de cet ordinateur ({reason}) ; les pages de"
        " débogage de Django ne sont que pour un développeur sur 127.0.0.1.\n"
        f"DEBUG ignored: the site is served beyond this computer ({reason}); Django's debug"
        " pages are only for a developer on 127.0.0.1.\n"
    )


def _url_host(host: str) -> str:
    """A host as it is written in a URL and in ALLOWED_HOSTS (IPv6 in brackets)."""
    host = host.strip("[]")
    return f"[{host}]" if ":" in host else host


def serve_environment(
    environ: Mapping[str, str],
    *,
    lan: bool = False,
    find_lan: Callable[[], str | None] = lan_address,
) -> dict[str, str]:
    """The variables ``bin/run`` exports before ``runserver``.

    ``--lan`` (or ``HOST`` 0.0.0.0 / ::) serves on every interface and gives the players the
    LAN address; otherwise ``HOST`` (127.0.0.1 by default). ``PORT`` defaults to 8000. A
    ``SITE_URL`` already set is kept. ``DEBUG`` is ``0`` for a site served beyond this machine,
    else as set (``1`` by default: a developer at the laptop); ``SECURE_COOKIES`` (unless set)
    follows the players' address, as ``runserver`` speaks plain HTTP."""
    host = environ.get("HOST") or ("0.0.0.0" if lan else LOCAL_HOST)  # noqa: S104
    port = environ.get("PORT") or DEFAULT_PORT
    # On every interface, the players reach the LAN address (this machine only without one).
    served = _url_host((find_lan() or LOCAL_HOST) if host in ALL_INTERFACES else host)
    hosts = [h for h in (environ.get("ALLOWED_HOSTS") or DEFAULT_ALLOWED_HOSTS).split(",") if h]
    if served not in hosts:
        hosts.append(served)
    site_url = environ.get("SITE_URL") or f"http://{served}:{port}"
    values = {
        "RUNSERVER_ADDRESS": f"{_url_host(host)}:{port}",
        "ALLOWED_HOSTS": ",".join(hosts),
        "SITE_URL": site_url,
    }
    beyond = served_beyond_loopback({**environ, **values})
    values["DEBUG"] = "0" if beyond else (environ.get("DEBUG") or "1")
    values["SECURE_COOKIES"] = environ.get("SECURE_COOKIES") or (
        "1" if site_url.startswith("https:") else "0"
    )
    return values


def main(argv: list[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m config.addresses",
        description="The shell exports bin/run evaluates before serving the site.",
    )
    parser.add_argument(
        "--lan", action="store_true", help="serve on every interface, at the LAN address"
    )
    options = parser.parse_args(argv)
    environ = os.environ if environ is None else environ
    values = serve_environment(environ, lan=options.lan)
    if values["DEBUG"] == "0" and debug_asked(environ):
        sys.stderr.write(debug_refusal(served_beyond_loopback({**environ, **values})))
    for name, value in values.items():
        sys.stdout.write(f"export {name}={shlex.quote(value)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
