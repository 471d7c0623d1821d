"""Every exchange format reads back what it wrote (hypothesis, on random events of a few
clubs), and an event read back is ranked across the field exactly as the one written."""

from hypothesis import HealthCheck, given, settings

from scoring.duplicate import score_field
from scoring.exchange import (
    event_lines,
    field_input,
    read_jsonl,
    read_pbn_results,
    read_xml,
    write_jsonl,
    write_pbn_results,
    write_xml,
)
from scoring.exchange.jsonl import field_input as jsonl_field_input
from tests.support.exchange_strategies import events

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def ranked(event):
    sessions, results = field_input(event)
    return score_field(event.method, results, sessions)


@given(events())
@SETTINGS
def test_the_xml_reads_back_the_event_it_wrote(event):
    assert read_xml(write_xml(event)) == event


@given(events())
@SETTINGS
def test_the_xml_as_bytes_reads_back_too(event):
    assert read_xml(write_xml(event).encode("utf-8")) == event


@given(events())
@SETTINGS
def test_pbn_reads_back_the_event_without_its_players(event):
    back = read_pbn_results(write_pbn_results(event))
    assert back.clubs == tuple(
        club.__class__(
            club=club.club,
            name=club.name,
            session=club.session,
            region=club.region,
            tables=club.tables,
            single_ranking=club.single_ranking,
            expected_plays=club.expected_plays,
            teams=tuple(
                team.__class__(team.number, team.name, team.direction) for team in club.teams
            ),
            lines=club.lines,
        )
        for club in event.clubs
    )
    assert (back.event, back.name, back.method, back.date) == (
        event.event,
        event.name,
        event.method,
        event.date,
    )


@given(events())
@SETTINGS
def test_an_event_read_back_is_ranked_as_the_one_written(event):
    computation = ranked(event)
    expected = computation.rankings
    assert ranked(read_xml(write_xml(event, computation))).rankings == expected
    pbn = write_pbn_results(event, computation=computation)
    assert ranked(read_pbn_results(pbn)).rankings == expected


@given(events())
@SETTINGS
def test_json_lines_read_back_the_lines_written(event):
    lines = event_lines(event)
    assert read_jsonl(write_jsonl(lines)) == lines
    # Scored from the lines alone, every result's board has the same comparison when the
    # clubs' movements are not needed: the N-S holders' scores by line are the same set.
    sessions, results = jsonl_field_input(read_jsonl(write_jsonl(lines)))
    assert len(results) == sum(len(club.lines) for club in event.clubs)
