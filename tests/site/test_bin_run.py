"""The README's first command, for real: ``bin/run --lan`` on a port of its own, then the QR
codes the staff print lead to the very address it printed for the players, and what the club's
Wi-Fi can reach is a production site.

The command runs as a club would start it (its own SQLite file in a temporary ``VAR_DIR``,
in-process jobs, the demo tournament), started with ``DEBUG=1`` as a careless organizer might;
the test reads what it prints, opens the site at that address, signs in as the demo organizer
with the password printed (the documented one is refused) and reads the « Liens des tables »
page: every table's link and QR code must be made from the printed address, port included, and
the link must open the table's page. A page that does not exist and a request the site refuses
get the site's own pages, never Django's debug pages; the stylesheet is served.
"""

import contextlib
import html
import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.parse
import urllib.request

import pytest

from tests.support.laptop import DEBUG_PAGE, laptop_environment
from tests.support.paths import ROOT
from tournaments.results.table_links import qr_svg

pytestmark = pytest.mark.slow

PLAYERS_ADDRESS = re.compile(r"players' address : (\S+)")
TOURNAMENT = re.compile(r"tournament / tournoi : \S+/tournois/([\w-]+)/")
ORGANIZER = re.compile(r"organizer / organisateur : organisateur / (\S+)")
DOCUMENTED_PASSWORD = "coinche-demo"  # noqa: S105 - the README's, refused on the network


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Output:
    """The command's output, read by a thread so that a silent command cannot block the test."""

    def __init__(self, stream):
        self.lines: list[str] = []
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream):
        for line in stream:
            self.lines.append(line)

    def wait_for(self, pattern: re.Pattern, timeout: float) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                match = pattern.search(line)
                if match:
                    return match
            time.sleep(0.2)
        raise AssertionError(f"bin/run never printed {pattern.pattern!r}:\n{self.text()}")

    def text(self) -> str:
        return "".join(self.lines)


@pytest.fixture
def running_site(tmp_path):
    port = free_port()
    # Its SQLite file, secret key, collected static files (and their manifest) and media stay
    # out of the checkout, in a VAR_DIR of its own: the other tests serve the static files from
    # the apps' own folders. DEBUG=1: --lan must not listen to it.
    environment = laptop_environment(tmp_path / "var", port, DEBUG="1")
    process = subprocess.Popen(
        [str(ROOT / "bin" / "run"), "--lan"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    output = Output(process.stdout)
    try:
        yield port, output
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def open_when_up(opener, url: str, timeout: float, output: Output):
    deadline = time.monotonic() + timeout
    while True:
        try:
            return opener.open(url, timeout=10)
        except OSError:
            if time.monotonic() > deadline:
                raise AssertionError(f"nothing answers at {url}:\n{output.text()}") from None
            time.sleep(0.5)


def sign_in(opener, jar, address: str, password: str) -> bool:
    login = f"{address}/comptes/connexion/"
    opener.open(login, timeout=10).read()
    token = next(cookie.value for cookie in jar if cookie.name == "csrftoken")
    form = urllib.parse.urlencode(
        {"username": "organisateur", "password": password, "csrfmiddlewaretoken": token}
    ).encode()
    request = urllib.request.Request(login, data=form, headers={"Referer": login})
    with contextlib.suppress(urllib.error.HTTPError):
        opener.open(request, timeout=10).read()
    return any(cookie.name == "sessionid" for cookie in jar)


def fetch(url: str, headers: dict | None = None):
    """Status, content type and text of any answer (errors included)."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 - ours
            return response.status, response.headers["Content-Type"], response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read().decode()


def test_the_qr_codes_lead_to_the_address_bin_run_printed(running_site):
    port, output = running_site
    address = output.wait_for(PLAYERS_ADDRESS, timeout=600).group(1).rstrip("/")
    slug = output.wait_for(TOURNAMENT, timeout=10).group(1)
    assert address.endswith(f":{port}"), address

    password = output.wait_for(ORGANIZER, timeout=10).group(1)
    assert password != DOCUMENTED_PASSWORD
    assert "DEBUG ignored: the site is served beyond this computer" in output.text()

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    open_when_up(opener, f"{address}/", timeout=120, output=output).read()
    assert not sign_in(opener, jar, address, DOCUMENTED_PASSWORD), "the README's password works"
    assert sign_in(opener, jar, address, password), "the printed password does not work"

    page = opener.open(f"{address}/tournois/{slug}/arbitrage/liens-des-tables/", timeout=10)
    text = page.read().decode()
    links = re.findall(r'<code class="break-all">([^<]+)</code>', text)
    links = [html.unescape(link) for link in links]
    assert links, "the « Liens des tables » page lists no table"
    for link in links:
        assert link.startswith(f"{address}/table/"), link
    # Each QR code is the printed link itself (the page renames each SVG's path id).
    svgs = re.findall(r'<div class="table-link-qr">(.*?)</div>', text, re.DOTALL)
    assert len(svgs) == len(links)
    for number, (link, svg) in enumerate(zip(links, svgs, strict=True), start=1):
        expected = qr_svg(link, box_size=6).replace('id="qr-path"', f'id="qr-path-{number}"')
        assert svg == expected

    # And a phone that scans it reaches the table's page.
    table = opener.open(links[0], timeout=10).read().decode()
    assert "Table 1" in table

    # What anyone on the Wi-Fi can reach shows no debug page.
    status, kind, page = fetch(f"{address}/nulle-part/")
    assert (status, kind.split(";")[0]) == (404, "text/html") and not DEBUG_PAGE.search(page)
    assert "Page introuvable" in page  # the site's own
    status, _kind, page = fetch(f"{address}/", headers={"Host": "intrus.example"})
    assert status == 400 and not DEBUG_PAGE.search(page) and "DisallowedHost" not in page
    status, _kind, page = fetch(f"{links[0]}?tour=%C2%B2")
    assert status < 500 or "Erreur du site" in page, page[:2000]
    assert not DEBUG_PAGE.search(page)

    # The stylesheet the pages link to is served (collected, hashed name, DEBUG off).
    stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)"', table).group(1)
    status, kind, css = fetch(urllib.parse.urljoin(address, stylesheet))
    assert (status, kind.split(";")[0]) == (200, "text/css") and css.strip()
    assert re.search(r"site\.[0-9a-f]{12}\.css$", stylesheet), stylesheet
