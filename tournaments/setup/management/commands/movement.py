"""``manage.py movement``: print a movement's table plan, computed or stored, as JSON or a table.

    python manage.py movement --teams 12 --type mitchell [--rounds R] [--boards-per-round B] --json
    python manage.py movement --tournament SLUG --json

JSON rows are ``{"round", "table", "ns", "ew", "boards"}`` with team numbers (``null`` for the
phantom); ``ns``/``ew`` name the teams playing the NS and EW hands.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from scoring.movements import (
    DEFAULT_BOARDS_PER_ROUND,
    MovementError,
    MovementKind,
    Severity,
    check_movement,
    movement_for,
)
from tournaments.setup import selectors
from tournaments.setup.models import Tournament


class Command(BaseCommand):
    help = "Print a Mitchell or Howell table plan, or a tournament's stored plan."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, help="number of teams")
        parser.add_argument(
            "--type", choices=[kind.value for kind in MovementKind], help="movement type"
        )
        parser.add_argument("--rounds", type=int, help="rounds (default: the full movement)")
        parser.add_argument(
            "--boards-per-round",
            type=int,
            default=None,
            help=f"boards per round (default {DEFAULT_BOARDS_PER_ROUND})",
        )
        parser.add_argument("--tournament", metavar="SLUG", help="print this tournament's plan")
        parser.add_argument("--json", action="store_true", help="print JSON rows")

    def handle(self, *args, **options):
        if options["tournament"]:
            if any(options[key] is not None for key in ("teams", "type", "rounds")) or (
                options["boards_per_round"] is not None
            ):
                raise CommandError("--tournament cannot be combined with --teams, --type, ...")
            rows, title, problems = self._stored(options["tournament"])
        else:
            rows, title, problems = self._computed(options)
        if options["json"]:
            self.stdout.write(_json_rows(rows))
            return
        self.stdout.write(title)
        self.stdout.write(_text_table(rows))
        for problem in problems:
            self.stdout.write(f"{problem.severity}: {problem.render()}")

    def _computed(self, options):
        if options["teams"] is None or options["type"] is None:
            raise CommandError("give --teams N and --type mitchell|howell, or --tournament SLUG")
        boards = options["boards_per_round"] or DEFAULT_BOARDS_PER_ROUND
        try:
            movement = movement_for(
                options["type"], options["teams"], rounds=options["rounds"], boards_per_round=boards
            )
        except MovementError as error:
            raise CommandError(str(error)) from error
        problems = check_movement(movement)
        errors = [p for p in problems if p.severity is Severity.ERROR]
        if errors:
            raise CommandError("; ".join(p.render() for p in errors))
        title = (
            f"{movement.kind.value.capitalize()}: {movement.teams} teams, "
            f"{movement.tables} tables, {movement.rounds} rounds, "
            f"{movement.boards_per_round} boards per round ({movement.board_count} boards)"
        )
        return movement.to_rows(), title, problems

    def _stored(self, slug):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament {slug!r}")
        rows = selectors.stored_plan_rows(tournament)
        if not rows:
            raise CommandError(f"tournament {slug!r} has no table plan yet")
        tables = max(row["table"] for row in rows)
        rounds = max(row["round"] for row in rows)
        title = f"{tournament.name}: {tournament.movement_type}, {tables} tables, {rounds} rounds"
        return rows, title, []


def _json_rows(rows: list[dict]) -> str:
    """A JSON array, one row per line (readable, and still one valid JSON document)."""
    if not rows:
        return "[]"
    return "[\n" + ",\n".join("  " + json.dumps(row) for row in rows) + "\n]"


def _text_table(rows: list[dict]) -> str:
    lines = [f"{'round':>5} {'table':>5} {'NS':>5} {'EW':>5}  boards"]
    for row in rows:
        ns = "-" if row["ns"] is None else row["ns"]
        ew = "-" if row["ew"] is None else row["ew"]
        boards = ", ".join(str(board) for board in row["boards"])
        note = "  (sit-out)" if row["ns"] is None or row["ew"] is None else ""
        lines.append(f"{row['round']:>5} {row['table']:>5} {ns:>5} {ew:>5}  {boards}{note}")
    return "\n".join(lines)
