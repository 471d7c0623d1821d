"""Helpers for the organizer tests: settings form data, team files, counting every table."""

import csv
import io

from django.apps import apps

from tournaments.setup.models import Round, Table, TableAssignment

HEADER = [
    "Numéro",
    "Nom de l'équipe",
    "Prénom joueur 1",
    "Nom joueur 1",
    "Licence joueur 1",
    "Club joueur 1",
    "Prénom joueur 2",
    "Nom joueur 2",
    "Licence joueur 2",
    "Club joueur 2",
]


def settings_data(**overrides) -> dict:
    """A complete, valid POST of the tournament settings form (FFB rules, 3 boards a round)."""
    data = {
        "name": "Open de Montreuil",
        "date": "2026-12-12",
        "venue": "Salle Jean Jaurès",
        "club": "Coinche Club de Montreuil",
        "rules_preset": "ffb-coinche",
        "rule_win_condition": "bid_and_more_than_defence",
        "rule_made_score": "points_and_bid",
        "rule_failure_base": "160",
        "rule_surcoinche_multiplier": "4",
        "rule_belote_imprenable": "on",
        "rule_rounding": "half_up",
        "rule_capot_bid": "contract_250",
        "rule_generale_bonus": "0",
        "rule_annonces": "on",
        "rule_failure_score": "base_and_bid",
        "rule_multiplier_scope": "whole_score",
        "rule_belote_counts_for_bid": "on",
        "rule_annonces_count_for_bid": "on",
        "rule_overtake_partner": "trump_led",
        "rule_lowest_bid": "80",
        "rule_bid_step": "10",
        "rule_capot_points": "252",
        "rule_coinche_ends_bidding": "on",
        "scoring_method": "matchpoints",
        "movement_type": "mitchell",
        "rounds": "",
        "boards_per_round": "3",
        "table_entry": "on",
        "deals_mode": "generated",
        "minutes_per_board": "8",
    }
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not None}


def team_rows(count: int, start: int = 1, licence_prefix: str = "77") -> list[list[str]]:
    """``count`` team rows in the template's column order, numbers from ``start``."""
    rows = []
    for number in range(start, start + count):
        rows.append(
            [
                str(number),
                f"Équipe {number}",
                "Élodie",
                f"Lefèvre{number}",
                f"{licence_prefix}{number:04d}1",
                "Coinche Club",
                "François",
                f"Gaël{number}",
                f"{licence_prefix}{number:04d}2",
                "Belote Amicale",
            ]
        )
    return rows


def csv_bytes(rows, *, header=True, delimiter=";", encoding="utf-8") -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n")
    if header:
        writer.writerow(HEADER)
    writer.writerows(rows)
    return buffer.getvalue().encode(encoding)


def xlsx_bytes(rows, *, header=True) -> bytes:
    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.active
    if header:
        sheet.append(HEADER)
    for row in rows:
        # Numbers as numbers, as a spreadsheet stores them.
        sheet.append([int(cell) if cell.isdigit() else cell for cell in row])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def row_counts() -> dict[str, int]:
    """The number of rows of every model of the project, to prove that nothing was written."""
    return {model._meta.label: model.objects.count() for model in apps.get_models()}


def plan_of(tournament) -> list[tuple]:
    """The stored plan as (round, table, ns number, ew number, boards) tuples."""
    return [
        (
            a.round.number,
            a.table.number,
            a.ns_team.number if a.ns_team else None,
            a.ew_team.number if a.ew_team else None,
            list(a.boards),
        )
        for a in TableAssignment.objects.filter(round__tournament=tournament).select_related(
            "round", "table", "ns_team", "ew_team"
        )
    ]


def plan_sizes(tournament) -> tuple[int, int, int]:
    return (
        Round.objects.filter(tournament=tournament).count(),
        Table.objects.filter(tournament=tournament).count(),
        TableAssignment.objects.filter(round__tournament=tournament).count(),
    )


def add_result(tournament, round_number=1, table_number=1, board=None):
    """A confirmed result at one table (enough to freeze the rules and the plan)."""
    from tournaments.results.models import Result

    assignment = TableAssignment.objects.get(
        round__tournament=tournament, round__number=round_number, table__number=table_number
    )
    return Result.objects.create(
        tournament=tournament,
        round=assignment.round,
        table=assignment.table,
        assignment=assignment,
        board_number=board if board is not None else assignment.boards[0],
        status=Result.Status.CONFIRMED,
        record={"passed": True, "contract": None},
        ns_marks=0,
        ew_marks=0,
    )
