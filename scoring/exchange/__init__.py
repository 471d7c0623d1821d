"""Exchange formats of a simultaneous event's results (docs/exchange.md): an open XML format
following USEBIO's structure adapted to belote, PBN 2.1 with its score tables, and JSON lines.
Plain values in and out (``EventResults``); every reader refuses what it cannot read with an
``ExchangeError`` that says where and why.

- ``event_results``: ``EventResults``, ``ClubResults``, ``Team``, ``Player``, ``TravellerLine``,
  and ``field_input`` (what ``scoring.duplicate.score_field`` ranks them from);
- ``xml_format``: ``write_xml``, ``read_xml``; ``safe_xml``: the parser they read with;
- ``pbn_results``: ``write_pbn_results``, ``read_pbn_results``;
- ``jsonl``: ``event_lines``, ``write_jsonl``, ``read_jsonl``, ``JsonLine``.
"""

from scoring.exchange.event_results import (
    ClubResults,
    EventResults,
    Player,
    Team,
    TravellerLine,
    field_input,
)
from scoring.exchange.jsonl import JsonLine, event_lines, read_jsonl, write_jsonl
from scoring.exchange.pbn_results import read_pbn_results, write_pbn_results
from scoring.exchange.safe_xml import ExchangeError
from scoring.exchange.xml_format import read_xml, write_xml

__all__ = [
    "ClubResults",
    "EventResults",
    "ExchangeError",
    "JsonLine",
    "Player",
    "Team",
    "TravellerLine",
    "event_lines",
    "field_input",
    "read_jsonl",
    "read_pbn_results",
    "read_xml",
    "write_jsonl",
    "write_pbn_results",
    "write_xml",
]
