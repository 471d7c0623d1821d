"""The addresses ``bin/run`` serves and prints (``config.addresses``): the machine's LAN address
found without sending anything, loopback addresses recognised, and the variables exported for
``runserver`` (``--lan``, ``HOST``, ``PORT``, a ``SITE_URL`` already set)."""

import socket

import pytest

from config import addresses
from config.addresses import is_loopback_url, lan_address, serve_environment


class FakeSocket:
    """A UDP socket that records what it is asked and never touches the network."""

    made: list["FakeSocket"] = []

    def __init__(self, family, kind, *, local="192.168.1.20", fail=False):
        self.family, self.kind, self.local, self.fail = family, kind, local, fail
        self.connected_to = None
        self.sent = []
        FakeSocket.made.append(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, address):
        if self.fail:
            raise OSError("Network is unreachable")
        self.connected_to = address

    def getsockname(self):
        return (self.local, 54321)

    def send(self, data):  # pragma: no cover - would be a failure of the rule
        self.sent.append(data)

    sendto = send


@pytest.fixture(autouse=True)
def no_real_socket(monkeypatch):
    """Any real socket made by this module's code fails the test."""
    FakeSocket.made = []

    def refuse(*args, **kwargs):  # pragma: no cover
        raise AssertionError("a real socket was opened")

    monkeypatch.setattr(addresses.socket, "socket", refuse)


def factory(**kwargs):
    return lambda family, kind: FakeSocket(family, kind, **kwargs)


def test_the_lan_address_is_the_interface_towards_a_private_network_without_sending():
    assert lan_address(factory(local="192.168.1.20")) == "192.168.1.20"
    (probe,) = FakeSocket.made
    assert (probe.family, probe.kind) == (socket.AF_INET, socket.SOCK_DGRAM)
    assert probe.connected_to[0].startswith("10.")
    assert probe.sent == []


def test_no_network_means_no_lan_address():
    assert lan_address(factory(fail=True)) is None


@pytest.mark.parametrize("local", ["127.0.1.1", "0.0.0.0", ""])
def test_a_loopback_or_empty_answer_is_no_lan_address(local):
    assert lan_address(factory(local=local)) is None


def test_the_default_socket_is_the_module_s_own(monkeypatch):
    monkeypatch.setattr(addresses.socket, "socket", factory(local="10.0.0.7"))
    assert addresses.lan_address() == "10.0.0.7"


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000",
        "http://127.1.2.3/table/x/",
        "http://localhost:8000",
        "http://LOCALHOST.",
        "http://club.localhost",
        "http://[::1]:8000",
    ],
)
def test_loopback_urls(url):
    assert is_loopback_url(url)


@pytest.mark.parametrize(
    "url",
    ["http://192.168.1.20:8000", "https://coinche.example.org", "http://[fd00::2]:8000", "", "/x"],
)
def test_urls_a_phone_can_reach(url):
    assert not is_loopback_url(url)


def no_lan():  # pragma: no cover - a test that reaches it fails on the address
    raise AssertionError("the LAN address was looked for")


def test_plain_run_serves_this_machine_only():
    assert serve_environment({}, find_lan=no_lan) == {
        "RUNSERVER_ADDRESS": "127.0.0.1:8000",
        "ALLOWED_HOSTS": "localhost,127.0.0.1,[::1]",
        "SITE_URL": "http://127.0.0.1:8000",
        "DEBUG": "1",
        "SECURE_COOKIES": "0",
    }


def test_a_port_given_is_in_the_site_url():
    values = serve_environment({"PORT": "8001"}, find_lan=no_lan)
    assert values["RUNSERVER_ADDRESS"] == "127.0.0.1:8001"
    assert values["SITE_URL"] == "http://127.0.0.1:8001"


def test_lan_serves_every_interface_at_the_lan_address():
    values = serve_environment({}, lan=True, find_lan=lambda: "192.168.1.20")
    assert values["RUNSERVER_ADDRESS"] == "0.0.0.0:8000"
    assert values["SITE_URL"] == "http://192.168.1.20:8000"
    assert values["ALLOWED_HOSTS"].split(",") == ["localhost", "127.0.0.1", "[::1]", "192.168.1.20"]


def test_host_all_interfaces_is_the_same_as_lan():
    values = serve_environment({"HOST": "0.0.0.0", "PORT": "9000"}, find_lan=lambda: "192.168.1.20")
    assert values["RUNSERVER_ADDRESS"] == "0.0.0.0:9000"
    assert values["SITE_URL"] == "http://192.168.1.20:9000"


def test_ipv6_hosts_are_written_in_brackets():
    values = serve_environment({"HOST": "::"}, find_lan=lambda: None)
    assert values["RUNSERVER_ADDRESS"] == "[::]:8000"
    assert values["SITE_URL"] == "http://127.0.0.1:8000"  # no LAN: this machine only


def test_a_named_host_is_served_and_allowed():
    values = serve_environment(
        {"HOST": "192.168.1.30", "ALLOWED_HOSTS": "coinche.local"}, find_lan=no_lan
    )
    assert values["SITE_URL"] == "http://192.168.1.30:8000"
    assert values["ALLOWED_HOSTS"] == "coinche.local,192.168.1.30"


def test_a_site_url_already_set_is_kept():
    values = serve_environment(
        {"SITE_URL": "https://coinche.example.org"}, lan=True, find_lan=lambda: "192.168.1.20"
    )
    assert values["SITE_URL"] == "https://coinche.example.org"
    assert "192.168.1.20" in values["ALLOWED_HOSTS"].split(",")


def test_main_prints_shell_exports(capsys, monkeypatch):
    monkeypatch.setattr(addresses.socket, "socket", factory(local="192.168.1.20"))
    assert addresses.main(["--lan"], environ={"ALLOWED_HOSTS": "a b"}) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "export SITE_URL=http://192.168.1.20:8000" in lines
    assert "export ALLOWED_HOSTS='a b,192.168.1.20'" in lines
