"""The deals package is plain Python, and its public API is importable from the package."""

import ast
from pathlib import Path

import scoring.deals

PACKAGE = Path(scoring.deals.__file__).parent


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_deals_module_imports_django():
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) >= 6
    for module in modules:
        assert "django" not in _imported_roots(module), module.name


def test_the_public_api_is_exported_by_the_package():
    for name in scoring.deals.__all__:
        assert getattr(scoring.deals, name) is not None, name
