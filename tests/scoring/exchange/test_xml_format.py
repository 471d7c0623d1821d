"""The XML format: what it writes for a small event, and what it refuses to read (malformed
XML, a DTD and its entities, a wrong root, missing elements, values of the wrong kind, lines
that are not results), each refusal saying where."""

import pytest

from scoring.duplicate import score_field
from scoring.engine.cards import Seat
from scoring.exchange import ExchangeError, field_input, read_xml, write_xml
from scoring.exchange.safe_xml import MAX_XML_BYTES
from tests.support.exchange_sample import EVENT


def test_the_event_is_written_in_usebio_s_structure():
    text = write_xml(EVENT)
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<COINCHE_RESULTS')
    for fragment in (
        '<EVENT EVENT_ID="sim-2026-12">',
        "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>",
        "<CLUB_ID_NUMBER>angers</CLUB_ID_NUMBER>",
        '<BOARD_PLAYS BOARD_NUMBER="1">2</BOARD_PLAYS>',
        "<NATIONAL_ID_NUMBER>0123456</NATIONAL_ID_NUMBER>",
        "<BID>100</BID>",
        "<COINCHE>1</COINCHE>",
        "<PLAYED_BY>N</PLAYED_BY>",
        "<POINTS_MADE>92</POINTS_MADE>",
        "<BELOTE>N</BELOTE>",
        "<NS_SCORE>480</NS_SCORE>",
        "<NS_ADJUSTED>AVERAGE_PLUS</NS_ADJUSTED>",
    ):
        assert fragment in text


def test_it_reads_back_what_it_wrote_licence_zeros_and_accents_kept():
    back = read_xml(write_xml(EVENT))
    assert back == EVENT
    assert back.clubs[0].teams[0].players[0].licence == "0123456"
    assert back.clubs[0].lines[0].record.belote == (Seat.NORTH,)


def test_a_name_with_a_control_character_is_not_written():
    club = EVENT.clubs[0].__class__(club="angers", name="Club\x07")
    with pytest.raises(ValueError, match="control character"):
        write_xml(EVENT.__class__("e", "e", EVENT.method, None, (club,)))


def problems(text):
    with pytest.raises(ExchangeError) as caught:
        read_xml(text)
    return caught.value


def test_malformed_xml_is_refused_with_its_line():
    error = problems('<?xml version="1.0"?>\n<COINCHE_RESULTS>\n<EVENT>\n</COINCHE_RESULTS>')
    assert error.codes == ["unreadable_xml"]
    assert "Line 4" in str(error)
    assert problems("").codes == ["unreadable_xml"]


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<COINCHE_RESULTS><EVENT><EVENT_DESCRIPTION>&lol2;</EVENT_DESCRIPTION></EVENT></COINCHE_RESULTS>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<COINCHE_RESULTS><EVENT><EVENT_DESCRIPTION>&secret;</EVENT_DESCRIPTION></EVENT></COINCHE_RESULTS>
"""


@pytest.mark.parametrize("text", [BILLION_LAUGHS, EXTERNAL])
def test_a_document_type_and_its_entities_are_refused(text):
    error = problems(text)
    assert "DOCTYPE" in str(error)
    assert "root" not in str(error)


def test_an_undeclared_entity_is_refused():
    error = problems("<COINCHE_RESULTS>&nothing;</COINCHE_RESULTS>")
    assert error.codes == ["unreadable_xml"]


def test_a_file_too_large_is_refused_before_parsing():
    error = problems(b" " * (MAX_XML_BYTES + 1))
    assert "larger than" in str(error)


def test_another_root_is_not_this_format():
    error = problems("<USEBIO><EVENT/></USEBIO>")
    assert "its root is <USEBIO>" in str(error)


def test_every_missing_element_and_wrong_value_is_listed_with_its_line():
    text = write_xml(EVENT)
    text = text.replace("<TABLE_NUMBER>2</TABLE_NUMBER>", "<TABLE_NUMBER>²</TABLE_NUMBER>")
    text = text.replace("<NS_SCORE>480</NS_SCORE>", "<NS_SCORE>-480</NS_SCORE>")
    text = text.replace("<STRAIN>H</STRAIN>", "<STRAIN>X</STRAIN>")
    text = text.replace("<CLUB_NAME>Club d'Angers</CLUB_NAME>", "")
    text = text.replace("<DATE>2026-12-07</DATE>", "<DATE>07/12/2026</DATE>")
    error = problems(text)
    messages = str(error)
    assert "<TABLE_NUMBER> cannot be '²'" in messages
    assert "<NS_SCORE> cannot be '-480'" in messages
    assert "<STRAIN> cannot be 'X'" in messages
    assert "<CLUB> needs a <CLUB_NAME> element" in messages
    assert "<DATE> cannot be '07/12/2026'" in messages
    assert all(problem.line is not None for problem in error.problems)


def test_a_line_that_is_not_a_result_says_why():
    text = write_xml(EVENT).replace(
        "<EW_TEAM_NUMBER>2</EW_TEAM_NUMBER>", "<EW_TEAM_NUMBER>1</EW_TEAM_NUMBER>"
    )
    assert "team 1 cannot play against itself" in str(problems(text))
    text = write_xml(EVENT).replace("<EW_ADJUSTED>AVERAGE_MINUS</EW_ADJUSTED>", "")
    assert "the EW team needs marks or an adjusted score" in str(problems(text))
    text = write_xml(EVENT).replace("<POINTS_MADE>92</POINTS_MADE>", "")
    assert "needs taker_points or a capot" in str(problems(text))


def test_a_huge_number_is_refused_not_read():
    text = write_xml(EVENT).replace(
        "<NS_SCORE>480</NS_SCORE>", f"<NS_SCORE>{'9' * 5000}</NS_SCORE>"
    )
    assert "<NS_SCORE> cannot be" in str(problems(text))


def test_elements_nested_without_end_are_refused_and_deep_ones_read_without_recursion():
    assert problems("<a>" * 100_000).codes == ["unreadable_xml"]
    deep = "<CLUB>" * 50_000 + "</CLUB>" * 50_000
    text = write_xml(EVENT).replace("<CLUB>", deep + "<CLUB>", 1)
    assert "<CLUB> needs a <CLUB_ID_NUMBER> element" in str(problems(text))


def test_an_unknown_encoding_is_refused():
    text = write_xml(EVENT).replace('encoding="UTF-8"', 'encoding="U0TF-8"')
    assert "unknown encoding" in str(problems(text.encode("utf-8")))


def test_the_figures_across_the_field_are_written_for_the_reader_never_read():
    sessions, results = field_input(EVENT)
    computation = score_field(EVENT.method, results, sessions)
    text = write_xml(EVENT, computation)
    # The played table alone among the played: the average, 1 of the top 2; the adjusted NS
    # 60 % of it.
    assert "<NS_MATCH_POINTS>1.00</NS_MATCH_POINTS>" in text
    assert "<NS_MATCH_POINTS>1.20</NS_MATCH_POINTS>" in text
    assert "<EW_MATCH_POINTS>0.80</EW_MATCH_POINTS>" in text
    assert read_xml(text) == EVENT
    datum = score_field("datum", results, sessions)
    assert "<NS_DATUM_SCORE>0.00</NS_DATUM_SCORE>" in write_xml(EVENT, datum)
