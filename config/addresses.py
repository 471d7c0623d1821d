"""The addresses the site is reached at: whether an address is the machine's own (loopback, which
no phone can open), the machine's address on the club's network, and what ``bin/run`` serves.

Plain Python (no Django): the settings and ``bin/run`` use it before Django starts.

    python -m config.addresses [--lan]

prints the ``export`` lines ``bin/run`` evaluates before ``runserver``: ``RUNSERVER_ADDRESS``,
``SITE_URL`` (unless already set) and ``ALLOWED_HOSTS`` (plus the address served).
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
    ``SITE_URL`` already set is kept."""
    host = environ.get("HOST") or ("0.0.0.0" if lan else LOCAL_HOST)  # noqa: S104
    port = environ.get("PORT") or DEFAULT_PORT
    # On every interface, the players reach the LAN address (this machine only without one).
    served = _url_host((find_lan() or LOCAL_HOST) if host in ALL_INTERFACES else host)
    hosts = [h for h in (environ.get("ALLOWED_HOSTS") or DEFAULT_ALLOWED_HOSTS).split(",") if h]
    if served not in hosts:
        hosts.append(served)
    site_url = environ.get("SITE_URL") or f"http://{served}:{port}"
    return {
        "RUNSERVER_ADDRESS": f"{_url_host(host)}:{port}",
        "ALLOWED_HOSTS": ",".join(hosts),
        "SITE_URL": site_url,
    }


def main(argv: list[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m config.addresses",
        description="The shell exports bin/run evaluates before serving the site.",
    )
    parser.add_argument(
        "--lan", action="store_true", help="serve on every interface, at the LAN address"
    )
    options = parser.parse_args(argv)
    values = serve_environment(os.environ if environ is None else environ, lan=options.lan)
    for name, value in values.items():
        sys.stdout.write(f"export {name}={shlex.quote(value)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
