"""Runs every example of docs/rules.md, so the documentation cannot drift from the engine."""

import doctest
import io
import json
import re
import shlex
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from scoring.engine.__main__ import main
from scoring.engine.rules import PRESETS, RuleSettings

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules.md"
TEXT = DOC.read_text(encoding="utf-8")
CONSOLE = re.compile(
    r"```console\n\$ python -m scoring\.engine (?P<args>[^\n]*?) <<'EOF'\n"
    r"(?P<stdin>.*?)\nEOF\n(?P<output>.*?)\n```",
    re.DOTALL,
)
EXAMPLES = list(CONSOLE.finditer(TEXT))


def test_the_doc_has_examples():
    assert len(EXAMPLES) >= 20


@pytest.mark.parametrize(
    "example", EXAMPLES, ids=[f"line {TEXT.count(chr(10), 0, m.start()) + 1}" for m in EXAMPLES]
)
def test_console_example(example, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(example["stdin"]))
    status = main(shlex.split(example["args"]))
    out, err = capsys.readouterr()
    if status == 0:
        assert json.loads(out) == json.loads(example["output"])
    else:
        assert status == 2 and out == ""
        assert err.strip() == example["output"].strip()


def test_python_examples():
    parser = doctest.DocTestParser()
    blocks = re.findall(r"```pycon\n(.*?)```", TEXT, re.DOTALL)
    assert blocks
    for block in blocks:
        test = parser.get_doctest(block, {}, "rules.md", str(DOC), 0)
        runner = doctest.DocTestRunner()
        runner.run(test)
        assert runner.summarize(verbose=False).failed == 0


def test_every_setting_has_its_own_section():
    headings = "\n".join(line for line in TEXT.splitlines() if line.startswith("### "))
    for field in fields(RuleSettings):
        assert f"`{field.name}`" in headings, field.name


def test_every_preset_is_documented():
    for name in PRESETS:
        assert f"`{name}`" in TEXT


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_has_a_section_with_at_least_three_worked_deals(name):
    section = re.search(rf"^### `{re.escape(name)}`\n(.*?)(?=^##)", TEXT, re.DOTALL | re.MULTILINE)
    assert section, name
    runs = [
        m
        for m in EXAMPLES
        if f"--rules {name} " in m["args"] + " "
        and m.start() >= section.start()
        and m.end() <= section.end()
    ]
    assert runs, name
    deals = sum(len(json.loads(m["output"])) if m["output"].startswith("[") else 1 for m in runs)
    assert deals >= 3, name
    outcomes = [deal["made"] for m in runs for deal in json.loads(m["output"])]
    assert True in outcomes and False in outcomes, name


def test_every_setting_is_in_the_table_with_its_sources():
    table = TEXT[TEXT.index("| setting | values | FFB default | who plays what (sources) |") :]
    table = table[: table.index("\n\n")]
    for field in fields(RuleSettings):
        assert f"| `{field.name}`" in table, field.name
