"""The command line: ``python -m scoring.analysis``."""

import io
import json
import subprocess
import sys

from scoring.analysis.__main__ import main
from tests.support.paths import ROOT

SPLIT = {"N": ".AKQJT987..", "S": "AKQJT987...", "E": "..AKQJ.AKQJ", "W": "..T987.T987"}


def run(monkeypatch, capsys, args, stdin):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_one_deal_gives_one_object_keyed_by_strain(monkeypatch, capsys):
    status, out, err = run(monkeypatch, capsys, [], json.dumps({"dealer": "N", "hands": SPLIT}))
    assert status == 0 and err == ""
    # Dealer N: West leads, so East-West keep the lead without trumps.
    assert json.loads(out) == {
        "S": {"ns": 252, "ew": 0},
        "H": {"ns": 252, "ew": 0},
        "D": {"ns": 0, "ew": 252},
        "C": {"ns": 0, "ew": 252},
        "SA": {"ns": 0, "ew": 252},
        "TA": {"ns": 0, "ew": 252},
    }


def test_strains_limit_the_work_and_json_lines_stream(monkeypatch, capsys):
    deals = [{"dealer": "N", "hands": SPLIT}, {"dealer": "W", "hands": SPLIT}]
    status, out, _err = run(
        monkeypatch, capsys, ["--strains", "SA,S", "--json-lines"], json.dumps(deals)
    )
    assert status == 0
    lines = out.splitlines()
    assert [json.loads(line) for line in lines] == [
        {"SA": {"ns": 0, "ew": 252}, "S": {"ns": 252, "ew": 0}},
        {"SA": {"ns": 252, "ew": 0}, "S": {"ns": 252, "ew": 0}},
    ]


def test_the_play_rule_variants(monkeypatch, capsys):
    # Hearts, dealer North: East-West may underruff their partner's trump, or not.
    deal = {"N": "J.987.K9.J7", "W": "AQT7..AJ.Q9", "S": "K.AQ.Q87.A8", "E": "98.KJT.T.KT"}
    stdin = json.dumps({"dealer": "N", "hands": deal})
    results = []
    for flag in ([], ["--always-overtake-partner"]):
        status, out, _err = run(monkeypatch, capsys, ["--strains", "H", *flag], stdin)
        assert status == 0
        results.append(json.loads(out))
    assert results == [{"H": {"ns": 46, "ew": 116}}, {"H": {"ns": 42, "ew": 120}}]


def test_an_array_gives_an_array(monkeypatch, capsys):
    status, out, _err = run(
        monkeypatch,
        capsys,
        ["--strains", "TA"],
        json.dumps([{"dealer": "S", "hands": SPLIT}]),
    )
    assert status == 0
    assert json.loads(out) == [{"TA": {"ns": 0, "ew": 252}}]


def test_bad_input_says_why_on_stderr_and_fails(monkeypatch, capsys):
    bad = [
        {"dealer": "N", "hands": SPLIT},
        {"dealer": "Z", "hands": SPLIT},
        {"dealer": "N", "hands": {**SPLIT, "W": "..T987.T98"}},
        {"dealer": "N", "hands": {**SPLIT, "W": "A..T987.T98"}},
    ]
    status, out, err = run(monkeypatch, capsys, [], json.dumps(bad))
    assert status == 2 and out == ""
    assert 'deal 1: "dealer" must be N, E, S or W' in err
    assert "deal 2: W must hold 8 cards, not 7" in err
    assert "deal 3: AS is in the hands of both S and W" in err
    for args, stdin, message in (
        ([], "not json", "stdin is not JSON"),
        (["--strains", "S,X"], "{}", "unknown strain 'X'"),
        ([], "[1]", "deal 0: a deal is an object"),
    ):
        status, out, err = run(monkeypatch, capsys, args, stdin)
        assert status == 2 and out == "" and message in err


def test_runs_as_a_module():
    completed = subprocess.run(
        [sys.executable, "-m", "scoring.analysis", "--strains", "H"],
        input=json.dumps({"dealer": "E", "hands": SPLIT}),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout) == {"H": {"ns": 252, "ew": 0}}
