"""``manage.py export_event ID --format xml|jsonl|pbn``: the event's results on standard output,
in the core's exchange formats (docs/exchange.md): the XML after USEBIO, one JSON traveller line
a line, or PBN with its score tables."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from scoring.deals.generator import generate_boards, seed_from_hex
from scoring.duplicate import score_field
from scoring.exchange import (
    EventResults,
    event_lines,
    field_input,
    write_jsonl,
    write_pbn_results,
    write_xml,
)
from tournaments.events.models import Event
from tournaments.events.recomputation import event_results
from tournaments.events.selectors import field_over


def _computation(results: EventResults):
    """The event scored across the field (None without results): its figures go with the
    lines of the XML and into PBN's score tables."""
    sessions, lines = field_input(results)
    return score_field(results.method, lines, sessions) if lines else None


def _pbn(event: Event, results: EventResults) -> str:
    """PBN with the score tables; the hands only once the last session is over."""
    computation = _computation(results)
    boards = []
    if field_over(event) and event.seed_hex:
        boards = generate_boards(seed_from_hex(event.seed_hex), event.board_count)
    return write_pbn_results(results, boards, computation)


WRITERS = {
    "xml": lambda event, results: write_xml(results, _computation(results)),
    "jsonl": lambda event, results: write_jsonl(event_lines(results)),
    "pbn": _pbn,
}


class Command(BaseCommand):
    help = "Écrit les résultats d'un simultané (XML, JSON lines ou PBN) sur la sortie standard."

    def add_arguments(self, parser):
        parser.add_argument("event", help="identifiant du simultané")
        parser.add_argument("--format", choices=sorted(WRITERS), default="xml")

    def handle(self, *args, event: str, format: str, **options):
        found = Event.objects.filter(slug=event).first()
        if found is None:
            raise CommandError(f"Simultané inconnu : {event}")
        results = event_results(found, records=True)
        self.stdout.write(WRITERS[format](found, results), ending="")
