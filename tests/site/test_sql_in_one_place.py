"""Every hand-written SQL statement of the site is in ``tournaments/rows.py`` or an app's ``sql``
module (``setup/sql.py``, ``results/sql.py``, ``standings/sql.py``, ``api/sql.py``), each tested
against its ORM twin; migrations (their triggers) aside. A string of the product that starts
like a statement anywhere else fails here. And every ``connection.vendor`` branch has the tests
of its twin in the SQLite pass of CI (``SQLITE_SUITE`` in tests/conftest.py)."""

import ast
import re

from tests.support.paths import ROOT

# The house writes SQL keywords in capitals; prose that starts with "Select" or "Update" is not
# a statement.
STATEMENT = re.compile(
    r"^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|COPY|SET LOCAL)\s.*\b(FROM|INTO|SET|TO|AS)\b",
    re.DOTALL,
)


def statements_in(path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = "".join(
                part.value if isinstance(part, ast.Constant) else "{}" for part in node.values
            )
        else:
            continue
        if STATEMENT.match(text):
            found.append(text.strip().splitlines()[0])
    return found


def test_the_pattern_finds_a_statement_and_not_prose():
    assert STATEMENT.match("\nSELECT number FROM tournaments_round WHERE id = %s")
    assert STATEMENT.match("UPDATE t SET code_failures = code_failures + %s")
    assert not STATEMENT.match("Select the rounds from the menu")
    assert not STATEMENT.match("Update the plan")
    assert not STATEMENT.match("Copy the rankings of a version into another")


def test_no_statement_outside_rows_and_the_sql_modules():
    outside = {}
    for path in sorted((ROOT / "tournaments").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if path.name in {"rows.py", "sql.py"} or "/migrations/" in name:
            continue
        if found := statements_in(path):
            outside[name] = found
    assert outside == {}


VENDOR_TWINS = {
    "tournaments/rows.py": "tournaments/test_rows.py",
    "tournaments/events/recomputation.py": "events/test_uploads.py",
    "tournaments/results/services/versions.py": "results/test_sql.py",
    "tournaments/standings/services.py": "standings/test_sql.py",
    "tournaments/standings/recomputation/inputs.py": "standings/test_incremental.py",
    "tournaments/standings/recomputation/runs.py": "standings/test_sql.py",
    "tournaments/standings/recomputation/writes.py": "standings/test_sql.py",
}
"""Each module with a ``connection.vendor`` branch, and the test module that runs both paths."""


def sqlite_suite() -> tuple[str, ...]:
    """``SQLITE_SUITE`` as tests/conftest.py writes it (read, not imported: a conftest is no
    module to import from)."""
    tree = ast.parse((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "SQLITE_SUITE":
            return ast.literal_eval(node.value)
    raise AssertionError("tests/conftest.py has no SQLITE_SUITE")


def branches_on_the_vendor(path) -> bool:
    return any(
        isinstance(node, ast.Attribute)
        and node.attr == "vendor"
        and isinstance(node.value, ast.Name)
        and node.value.id == "connection"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
    )


def test_every_vendor_branch_has_its_twins_tests_in_the_sqlite_pass():
    branching = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tournaments").rglob("*.py")
        if "migrations" not in path.parts and branches_on_the_vendor(path)
    }
    assert branching == set(VENDOR_TWINS)
    suite = sqlite_suite()
    for module, tests in VENDOR_TWINS.items():
        assert (ROOT / "tests" / tests).is_file()
        assert any(tests == entry or tests.startswith(f"{entry}/") for entry in suite), tests
        imported = module.removesuffix(".py").replace("/", ".").rsplit(".", 1)
        text = (ROOT / "tests" / tests).read_text(encoding="utf-8")
        assert imported[0] in text and imported[1] in text, (module, tests)
