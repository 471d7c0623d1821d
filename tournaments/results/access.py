"""Who is asking: the arbiter check in front of every staff page of results, and the address
recorded in the audit trail (``client_ip``: the same as the login rate limit's, see
``config/proxies.py``)."""

from __future__ import annotations

from config.proxies import client_ip
from tournaments.guards import arbiter_required

__all__ = ["arbiter_required", "client_ip"]
