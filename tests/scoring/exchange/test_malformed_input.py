"""Whatever a file holds, a reader answers with the event or an ExchangeError saying why, never
another exception: random text, and files written by the writers then damaged at random (a
character changed, a stretch cut out)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.exchange import (
    ExchangeError,
    event_lines,
    read_jsonl,
    read_pbn_results,
    read_xml,
    write_jsonl,
    write_pbn_results,
    write_xml,
)
from tests.support.exchange_sample import EVENT

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FORMATS = {
    "xml": (write_xml(EVENT), read_xml),
    "pbn": (write_pbn_results(EVENT), read_pbn_results),
    "jsonl": (write_jsonl(event_lines(EVENT)), read_jsonl),
}


def answers(read, text):
    try:
        read(text)
    except ExchangeError as error:
        assert error.problems
        assert all(problem.render() for problem in error.problems)


@given(st.sampled_from(sorted(FORMATS)), st.text(max_size=400))
@SETTINGS
def test_random_text_is_read_or_refused_with_reasons(name, text):
    answers(FORMATS[name][1], text)


@given(
    st.sampled_from(sorted(FORMATS)),
    st.data(),
)
@SETTINGS
def test_a_damaged_file_is_read_or_refused_with_reasons(name, data):
    written, read = FORMATS[name]
    start = data.draw(st.integers(0, len(written) - 1))
    end = data.draw(st.integers(start, min(len(written), start + 12)))
    replacement = data.draw(st.text(alphabet='<>/"[]{};-:&\\ \n0123456789ABCZaz²', max_size=4))
    answers(read, written[:start] + replacement + written[end:])
