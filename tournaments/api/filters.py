"""Filters of the API's list endpoints (django-filter), named as clients would ask.

Filters narrow what the view already lets the request see; they never widen it.
"""

import django_filters as filters
from django import forms
from django.db.models import Q

from tournaments.deals.models import Board
from tournaments.registration.models import Entry
from tournaments.results.models import Result
from tournaments.setup.models import Player, Round, TableAssignment, Team, Tournament
from tournaments.standings.models import BoardScore
from tournaments.vocabulary import SEAT_VALUES as SEATS


class NumberFilter(filters.NumberFilter):
    """A whole number that fits the numbered columns (rounds, tables, boards, teams)."""

    field_class = forms.IntegerField

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("min_value", 0)
        kwargs.setdefault("max_value", 32767)
        super().__init__(*args, **kwargs)


class TournamentFilter(filters.FilterSet):
    status = filters.ChoiceFilter(choices=Tournament.Status.choices)
    date_from = filters.DateFilter(field_name="date", lookup_expr="gte", label="From this date")
    date_to = filters.DateFilter(field_name="date", lookup_expr="lte", label="Until this date")
    name = filters.CharFilter(lookup_expr="icontains", label="Name contains")
    club = filters.CharFilter(lookup_expr="icontains", label="Club contains")

    class Meta:
        model = Tournament
        fields = ["status", "date_from", "date_to", "name", "club"]


class TeamFilter(filters.FilterSet):
    checked_in = filters.BooleanFilter()
    withdrawn = filters.BooleanFilter()
    name = filters.CharFilter(method="filter_name", label="Team or player name contains")

    class Meta:
        model = Team
        fields = ["checked_in", "withdrawn", "name"]

    def filter_name(self, queryset, name, value):
        return queryset.filter(
            Q(name__icontains=value)
            | Q(player_one__last_name__icontains=value)
            | Q(player_two__last_name__icontains=value)
        )


class PlayerFilter(filters.FilterSet):
    name = filters.CharFilter(method="filter_name", label="First or last name contains")
    club = filters.CharFilter(lookup_expr="icontains", label="Club contains")

    class Meta:
        model = Player
        fields = ["name", "club"]

    def filter_name(self, queryset, name, value):
        return queryset.filter(Q(first_name__icontains=value) | Q(last_name__icontains=value))


class RoundFilter(filters.FilterSet):
    published = filters.BooleanFilter()
    hands_released = filters.BooleanFilter()

    class Meta:
        model = Round
        fields = ["published", "hands_released"]


class PlanFilter(filters.FilterSet):
    round = NumberFilter(field_name="round__number", label="Round number")
    table = NumberFilter(field_name="table__number", label="Table number")
    team = NumberFilter(method="filter_team", label="Team number (either line)")
    board = NumberFilter(method="filter_board", label="Board played at the table")

    class Meta:
        model = TableAssignment
        fields = ["round", "table", "team", "board"]

    def filter_team(self, queryset, name, value):
        return queryset.filter(Q(ns_team__number=value) | Q(ew_team__number=value))

    def filter_board(self, queryset, name, value):
        # In Python rather than a JSON lookup: SQLite (the offline set-up) has no "contains".
        rows = queryset.values_list("pk", "boards")
        return queryset.filter(pk__in=[pk for pk, boards in rows if value in (boards or ())])


class BoardFilter(filters.FilterSet):
    dealer = filters.ChoiceFilter(choices=[(seat, seat) for seat in SEATS])
    number_from = NumberFilter(field_name="number", lookup_expr="gte")
    number_to = NumberFilter(field_name="number", lookup_expr="lte")

    class Meta:
        model = Board
        fields = ["dealer", "number_from", "number_to"]


class ResultFilter(filters.FilterSet):
    round = NumberFilter(field_name="round__number", label="Round number")
    table = NumberFilter(field_name="table__number", label="Table number")
    board = NumberFilter(field_name="board_number", label="Board number")
    status = filters.ChoiceFilter(choices=Result.Status.choices)
    team = NumberFilter(method="filter_team", label="Team number (either line)")

    class Meta:
        model = Result
        fields = ["round", "table", "board", "status", "team"]

    def filter_team(self, queryset, name, value):
        return queryset.filter(
            Q(assignment__ns_team__number=value) | Q(assignment__ew_team__number=value)
        )


class BoardScoreFilter(filters.FilterSet):
    round = NumberFilter(field_name="round_number", label="Round number")
    table = NumberFilter(field_name="table_number", label="Table number")
    board = NumberFilter(field_name="board_number", label="Board number")
    team = NumberFilter(method="filter_team", label="Team number (either line)")

    class Meta:
        model = BoardScore
        fields = ["round", "table", "board", "team"]

    def filter_team(self, queryset, name, value):
        return queryset.filter(Q(ns_team__number=value) | Q(ew_team__number=value))


class RegistrationFilter(filters.FilterSet):
    status = filters.ChoiceFilter(choices=Entry.Status.choices)

    class Meta:
        model = Entry
        fields = ["status"]
