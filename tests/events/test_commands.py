"""The events' commands: ``demo_event`` prints the event last, ``event_ranking --json`` lists each
ranking group's rows in rank order, ``export_event`` writes the core's formats, which read back
rank the event the same."""

import io
import json

import pytest
from django.core.management import call_command

from scoring.duplicate import score_field
from scoring.exchange import field_input, read_jsonl, read_xml
from tournaments.events.models import Event

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_the_demo_its_ranking_and_its_exports(settings):
    settings.EVENTS_IN_PROCESS = "1"
    slug = run("demo_event", "--clubs", "3", "--tables", "3").strip().splitlines()[-1]
    event = Event.objects.get(slug=slug)
    assert event.clubs.filter(laptop=True).count() == 1
    groups = json.loads(run("event_ranking", slug, "--json"))
    national = [group for group in groups if group["scope"] == "national"]
    assert {group["direction"] for group in national} == {"NS", "EW"}
    for group in groups:
        assert all(
            set(row) == {"rank", "team", "club", "direction", "percentage"} for row in group["rows"]
        )
        percentages = [row["percentage"] for row in group["rows"]]
        assert percentages == sorted(percentages, reverse=True)
    assert {row["club"] for group in national for row in group["rows"]} == set(
        event.clubs.values_list("club__name", flat=True)
    )
    lines = read_jsonl(run("export_event", slug, "--format", "jsonl"))
    assert len(lines) == event.ranking.results == 3 * 3 * event.board_count
    results = read_xml(run("export_event", slug, "--format", "xml"))
    sessions, field = field_input(results)
    again = score_field(results.method, field, sessions)
    ranked = {
        (entry.team.club, entry.team.team): round(float(entry.percentage), 2)
        for ranking in again.rankings
        if ranking.scope.value == "national"
        for entry in ranking.entries
    }
    assert sorted(ranked.values(), reverse=True) == sorted(
        (row["percentage"] for group in national for row in group["rows"]), reverse=True
    )
    assert "ScoreTable" in run("export_event", slug, "--format", "pbn")
