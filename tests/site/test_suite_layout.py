"""The test suite's own layout: the helpers several test modules share live in tests/support and
are imported from there only, never from a conftest or from another test module; the tests of
the plain-Python core (tests/scoring) and the helpers they use import neither Django nor the site.
"""

import ast
import re
from pathlib import Path

from tests.support.paths import ROOT

TESTS = ROOT / "tests"
SUPPORT = TESTS / "support"
PYTHON_FILES = sorted(TESTS.rglob("*.py"))
# What the plain-Python core's tests must run without (pytest -p no:django tests/scoring).
SITE = {"django", "rest_framework", "celery", "kombu", "weasyprint", "tournaments", "config"}
# An import written in a string: the scripts a test runs in another process (manage.py shell -c).
IMPORT_IN_TEXT = re.compile(
    r"^\s*(?:from\s+(\.*[\w.]*)\s+import\s|import\s+([\w.]+)\s*$)", re.MULTILINE
)


def name_of(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def module_of(path: Path) -> str:
    """``tests/support/factories.py`` -> ``tests.support.factories``."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import of ``path``, function-level ones and those of the scripts
    it holds as text included; a relative module keeps its leading dots (``.conftest``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            if node.module in (None, "tests"):
                # from . import x, from tests import x: x may be a module.
                separator = "." if node.module else ""
                found += [(node.lineno, f"{base}{separator}{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, base))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found += [
                (node.lineno, "".join(groups)) for groups in IMPORT_IN_TEXT.findall(node.value)
            ]
    return found


def from_support(module: str) -> bool:
    return module == "tests.support" or module.startswith("tests.support.")


def test_helpers_are_imported_from_tests_support_only():
    wrong = [
        f"{name_of(path)}, line {line}: {module}"
        for path in PYTHON_FILES
        for line, module in imports(path)
        if module.startswith(".")
        or module.split(".")[0] == "conftest"
        or (module.split(".")[0] == "tests" and not from_support(module))
    ]
    assert wrong == [], "import these from tests.support (the module of their topic)"


def test_every_helper_module_lives_in_tests_support():
    elsewhere = [
        name_of(path)
        for path in PYTHON_FILES
        if SUPPORT not in path.parents
        and path.name not in ("__init__.py", "conftest.py")
        and not path.name.startswith("test_")
    ]
    assert elsewhere == []


def test_tests_support_holds_no_tests_and_no_fixtures():
    assert [name_of(path) for path in SUPPORT.glob("test_*.py")] == []
    assert not (SUPPORT / "conftest.py").exists()


def test_every_support_module_says_what_it_is_for():
    silent = [
        name_of(path)
        for path in sorted(SUPPORT.glob("*.py"))
        if not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert silent == []


def test_the_core_tests_and_their_helpers_import_neither_django_nor_the_site():
    support = {module_of(path): path for path in SUPPORT.glob("*.py")}
    to_read = sorted((TESTS / "scoring").rglob("*.py"))
    seen: set[Path] = set()
    wrong = []
    while to_read:
        path = to_read.pop()
        if path in seen:
            continue
        seen.add(path)
        for line, module in imports(path):
            if module.split(".")[0] in SITE:
                wrong.append(f"{name_of(path)}, line {line}: {module}")
            elif module in support:
                to_read.append(support[module])
    assert wrong == []
    # The walk did reach the helpers, so that the check above covers them.
    assert SUPPORT / "hands.py" in seen
