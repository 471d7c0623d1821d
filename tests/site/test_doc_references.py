"""The docs point at what exists: every relative link of docs/*.md and README.md leads to a file
or folder of the project, every doc they name (``docs/rules.md``, ``scoring.md``) is one of
``docs/`` (or the README), and every Python file they name (``path.py``, ``path.py:line``,
``path.py:first-last``) is one of the project's, long enough for the line named.

A path with a folder (``tournaments/rows.py``, ``services/intake.py``) is the project's file of
that path, or its tail when the doc's text gives the folder around it; a bare name
(``nul_bytes.py``) is some file of the project of that name."""

import re
from functools import cache

from tests.support.paths import ROOT

DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
PYTHON_FILE = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w-]+\.py)(?::(\d+)(?:[-–](\d+))?)?(?![\w/])")
DOC = re.compile(r"(?<![\w./-])((?:docs/)?[\w-]+\.md)\b")
SKIPPED = {".git", ".venv", "node_modules", "__pycache__", "var"}
NOT_THE_PROJECTS = {"check_deals.py"}
"""Named by the docs but not files of the project: the standalone program docs/deals.md prints
for a club to save and run."""


@cache
def project_files() -> tuple[str, ...]:
    return tuple(
        path.relative_to(ROOT).as_posix()
        for path in ROOT.rglob("*.py")
        if not SKIPPED.intersection(path.relative_to(ROOT).parts)
    )


def files_named(reference: str) -> list[str]:
    if "/" not in reference:
        return [path for path in project_files() if path.rsplit("/", 1)[-1] == reference]
    return [path for path in project_files() if f"/{path}".endswith(f"/{reference}")]


def broken_references(name: str, text: str, folder) -> list[str]:
    broken = []
    for match in LINK.finditer(text):
        target = match.group(1).split("#")[0]
        external = re.match(r"^[a-z]+:", match.group(1))
        if target and not external and not (folder / target).exists():
            broken.append(f"{name}: link {match.group(1)}")
    for match in DOC.finditer(text):
        if not any((where / match.group(1)).is_file() for where in (ROOT, ROOT / "docs")):
            broken.append(f"{name}: no doc {match.group(1)}")
    for match in PYTHON_FILE.finditer(text):
        reference, first, last = match.groups()
        if reference in NOT_THE_PROJECTS:
            continue
        candidates = files_named(reference)
        if not candidates:
            broken.append(f"{name}: no file {match.group(0)}")
        elif first:
            line = int(last or first)
            lengths = [len((ROOT / path).read_text().splitlines()) for path in candidates]
            if max(lengths) < line:
                broken.append(f"{name}: {match.group(0)} has {max(lengths)} lines")
    return broken


def test_every_link_and_python_file_of_the_docs_exists():
    broken = []
    for doc in DOCS:
        name = doc.relative_to(ROOT).as_posix()
        broken += broken_references(name, doc.read_text(encoding="utf-8"), doc.parent)
    assert broken == []


def test_a_broken_reference_is_reported():
    text = (
        "See [the rules](rules.md), [nothing](missing.md), `tournaments/rows.py:1`, "
        "`tournaments/rows.py:99999`, `tournaments/nowhere.py`, docs/scoring.md, docs/gone.md "
        "and [a site](https://example.org)."
    )
    assert broken_references("doc", text, ROOT / "docs") == [
        "doc: link missing.md",
        "doc: no doc missing.md",
        "doc: no doc docs/gone.md",
        "doc: tournaments/rows.py:99999 has "
        f"{len((ROOT / 'tournaments/rows.py').read_text().splitlines())} lines",
        "doc: no file tournaments/nowhere.py",
    ]
