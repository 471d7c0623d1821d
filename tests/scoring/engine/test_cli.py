"""The command line: ``python -m scoring.engine score [--rules PRESET]``."""

import io
import json
import runpy
import subprocess
import sys

import pytest

from scoring.engine.__main__ import main
from scoring.engine.rules import PRESETS
from tests.support.paths import ROOT

RECORD = {"contract": {"bid": 110, "strain": "H", "taker": "N"}, "taker_points": 113}


def run(monkeypatch, capsys, args, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_score_prints_the_marks_of_one_record(monkeypatch, capsys):
    status, out, err = run(monkeypatch, capsys, ["score"], json.dumps(RECORD))
    assert status == 0 and err == ""
    assert json.loads(out) == {"ns": 220, "ew": 50, "made": True}


def test_score_prints_an_array_for_an_array(monkeypatch, capsys):
    status, out, _err = run(monkeypatch, capsys, ["score"], json.dumps([RECORD, {"passed": True}]))
    assert status == 0
    assert json.loads(out) == [
        {"ns": 220, "ew": 50, "made": True},
        {"ns": 0, "ew": 0, "made": None},
    ]


def test_detail_adds_the_totals(monkeypatch, capsys):
    _status, out, _err = run(monkeypatch, capsys, ["score", "--detail"], json.dumps(RECORD))
    assert json.loads(out)["detail"]["unrounded"] == {"ns": 223, "ew": 49}


def test_rules_and_overrides_change_the_score(monkeypatch, capsys):
    args = ["score", "--rules", "contree", "--set", "made_score=bid_only"]
    _status, out, _err = run(monkeypatch, capsys, args, json.dumps(RECORD))
    assert json.loads(out) == {"ns": 110, "ew": 50, "made": True}


def test_an_invalid_record_prints_its_errors_and_exits_2(monkeypatch, capsys):
    bad = {"contract": {"bid": 95, "strain": "H", "taker": "N"}, "taker_points": 113}
    status, out, err = run(monkeypatch, capsys, ["score"], json.dumps(bad))
    assert status == 2 and out == ""
    assert err == "contract.bid: The bid must be a multiple of 10 (95 given).\n"


def test_an_invalid_record_in_an_array_is_named_by_its_index(monkeypatch, capsys):
    status, out, err = run(monkeypatch, capsys, ["score"], json.dumps([RECORD, [1]]))
    assert status == 2 and out == ""
    assert err == "record 1: __all__: A result must be an object.\n"


def test_input_that_is_not_json_exits_2(monkeypatch, capsys):
    status, out, err = run(monkeypatch, capsys, ["score"], "{contract")
    assert status == 2 and out == ""
    assert err.startswith("error: stdin is not JSON")


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("rounding", "--set needs SETTING=VALUE"),
        ("surcoinche=3", "unknown rule setting 'surcoinche'"),
        ("rounding=up", "rounding must be one of"),
    ],
)
def test_a_bad_override_exits_2(monkeypatch, capsys, override, message):
    status, out, err = run(monkeypatch, capsys, ["score", "--set", override], "{}")
    assert status == 2 and out == ""
    assert message in err


def test_an_unknown_preset_is_a_usage_error(monkeypatch, capsys):
    with pytest.raises(SystemExit) as caught:
        run(monkeypatch, capsys, ["score", "--rules", "belote"], "{}")
    assert caught.value.code == 2


def test_rules_prints_the_settings_as_json(monkeypatch, capsys):
    status, out, _err = run(monkeypatch, capsys, ["rules", "--set", "failure_base=162"])
    assert status == 0
    assert json.loads(out) == {**PRESETS["ffb-coinche"].to_dict(), "failure_base": 162}


def test_the_module_runs_as_a_script(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["python -m scoring.engine", "score"])
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(RECORD)))
    # runpy executes the module afresh: drop the copy the imports above loaded.
    monkeypatch.delitem(sys.modules, "scoring.engine.__main__", raising=False)
    with pytest.raises(SystemExit) as caught:
        runpy.run_module("scoring.engine", run_name="__main__")
    assert caught.value.code == 0
    assert json.loads(capsys.readouterr().out)["ns"] == 220


def test_python_dash_m_scoring_engine_score_works_from_a_shell():
    completed = subprocess.run(  # noqa: S603 - fixed arguments
        [sys.executable, "-m", "scoring.engine", "score", "--rules", "ffb-coinche"],
        input=json.dumps(RECORD),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=60,
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout) == {"ns": 220, "ew": 50, "made": True}
