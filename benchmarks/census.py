"""The house's census: the largest modules, the longest functions, the exact duplicated blocks
and the imports inside functions of the product code (docs/architecture.md, "The census").

The product is `scoring/`, `tournaments/`, `config/` and `manage.py`: what a club runs. Tests,
migrations (generated) and `benchmarks/` (measuring tools, not run by the site) are left out.

    .venv/bin/python -m benchmarks.census            # the figures, the five largest of each
    .venv/bin/python -m benchmarks.census --most 20  # longer lists

Plain Python (ast, no third-party package), so that tests/site/test_census.py can hold the
limits: no module over MAX_MODULE_LINES, no function over MAX_FUNCTION_LINES but the
double-dummy solver's kernel (EXEMPT_FUNCTION_MODULES).
"""

from __future__ import annotations

import argparse
import ast
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("scoring", "tournaments", "config", "manage.py")
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80
# The solver's kernel is one search loop kept in one frame on purpose: its inner functions are
# inlined for speed (every call costs in the hot loop), as its module's comment says.
EXEMPT_FUNCTION_MODULES = ("scoring/analysis/kernel.py",)
DUPLICATE_BLOCK_LINES = 6
# Imports a function may hold: Django's app loading (AppConfig.ready) and the jobs pattern (a
# task imports its service when it runs).
FUNCTION_IMPORT_MODULES = ("apps.py", "tasks.py")


@dataclass(frozen=True)
class Module:
    path: str
    lines: int


@dataclass(frozen=True)
class Function:
    path: str
    name: str
    line: int
    lines: int


@dataclass(frozen=True)
class FunctionImport:
    path: str
    function: str
    line: int
    imported: str


def product_files(root: Path = ROOT) -> list[Path]:
    """The product's Python files, migrations left out, in a stable order."""
    files: list[Path] = []
    for name in PRODUCT:
        place = root / name
        if place.is_file():
            files.append(place)
        else:
            files.extend(p for p in place.rglob("*.py") if "migrations" not in p.parts)
    return sorted(files)


def _relative(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def modules(root: Path = ROOT) -> list[Module]:
    """Every product module with its line count, the largest first."""
    found = [
        Module(_relative(p, root), len(p.read_text(encoding="utf-8").splitlines()))
        for p in product_files(root)
    ]
    return sorted(found, key=lambda m: (-m.lines, m.path))


def _functions_of(tree: ast.AST) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Each function with its qualified name (Class.method, outer.inner)."""

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, ast.AST]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                yield name, child
                yield from walk(child, f"{name}.")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")  # type: ignore[misc]


def functions(root: Path = ROOT) -> list[Function]:
    """Every product function (decorators included) with its length, the longest first."""
    found = []
    for path in product_files(root):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name, node in _functions_of(tree):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            found.append(
                Function(_relative(path, root), name, node.lineno, node.end_lineno - first + 1)
            )
    return sorted(found, key=lambda f: (-f.lines, f.path, f.line))


def function_imports(root: Path = ROOT) -> list[FunctionImport]:
    """The imports inside function bodies, outside apps.py and tasks.py."""
    found = []
    for path in product_files(root):
        if path.name in FUNCTION_IMPORT_MODULES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name, node in _functions_of(tree):
            found.extend(
                FunctionImport(_relative(path, root), name, inner.lineno, imported)
                for inner, imported in _own_imports(node)
            )
    return found


def _own_imports(function: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """The imports of a function's body, not those of the functions nested in it."""
    for child in ast.iter_child_nodes(function):
        if isinstance(child, ast.Import):
            yield child, ", ".join(alias.name for alias in child.names)
        elif isinstance(child, ast.ImportFrom):
            yield child, "." * child.level + (child.module or "")
        elif not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield from _own_imports(child)


@dataclass(frozen=True)
class Duplicate:
    """A block of DUPLICATE_BLOCK_LINES lines standing in two places or more (path, line)."""

    lines: tuple[str, ...]
    places: tuple[tuple[str, int], ...]


# Lines that say nothing alone: brackets, commas, quotes (a docstring's fences).
_PUNCTUATION = re.compile(r"[()\[\]{},:;.\"']*")


def _code_lines(path: Path) -> list[tuple[int, str]]:
    """The file's lines of code, indentation stripped, with their numbers: blank lines,
    comments, lone punctuation and import statements left out (as the `duplicates` tool
    does: a shared import list is not a twin)."""
    source = path.read_text(encoding="utf-8")
    imports = {
        number
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Import | ast.ImportFrom)
        for number in range(node.lineno, node.end_lineno + 1)
    }
    kept = []
    for number, line in enumerate(source.splitlines(), 1):
        line = line.strip()
        if number in imports or line.startswith("#") or _PUNCTUATION.fullmatch(line):
            continue
        kept.append((number, line))
    return kept


def duplicates(root: Path = ROOT, size: int = DUPLICATE_BLOCK_LINES) -> list[Duplicate]:
    """The exact duplicated blocks: `size` identical consecutive lines of code (indentation
    normalised) in two places or more. Overlapping windows of one longer run count once: a
    run is reported at its first window, and windows that continue a reported run are merged."""
    windows: dict[tuple[str, ...], list[tuple[str, int]]] = defaultdict(list)
    for path in product_files(root):
        lines = _code_lines(path)
        for start in range(len(lines) - size + 1):
            block = tuple(line for _, line in lines[start : start + size])
            windows[block].append((_relative(path, root), start))
    repeated = {block: places for block, places in windows.items() if len(places) > 1}
    # A window whose every place is the continuation (index + 1) of a repeated window's places
    # belongs to the same run.
    seen: set[tuple[str, int]] = set()
    found = []
    numbers = {_relative(p, root): _code_lines(p) for p in product_files(root)}
    for block, places in sorted(repeated.items(), key=lambda item: item[1][0]):
        if all((path, index - 1) in seen for path, index in places):
            seen.update(places)
            continue
        seen.update(places)
        found.append(
            Duplicate(block, tuple((path, numbers[path][index][0]) for path, index in places))
        )
    return found


def report(most: int = 5, root: Path = ROOT) -> str:
    all_modules = modules(root)
    all_functions = functions(root)
    long_functions = [f for f in all_functions if f.lines > MAX_FUNCTION_LINES]
    exempt = [f for f in long_functions if f.path in EXEMPT_FUNCTION_MODULES]
    blocks = duplicates(root)
    imports = function_imports(root)
    out = [
        f"product: {', '.join(PRODUCT)} ({len(all_modules)} modules, "
        f"{sum(m.lines for m in all_modules)} lines, {len(all_functions)} functions)",
        f"modules over {MAX_MODULE_LINES} lines: "
        f"{sum(m.lines > MAX_MODULE_LINES for m in all_modules)}",
        *(f"  {m.lines:5d}  {m.path}" for m in all_modules[:most]),
        f"functions over {MAX_FUNCTION_LINES} lines: {len(long_functions)} "
        f"({len(exempt)} in the solver's kernel, exempt)",
        *(f"  {f.lines:5d}  {f.path}:{f.line} {f.name}" for f in all_functions[:most]),
        f"exact duplicated blocks (>= {DUPLICATE_BLOCK_LINES} lines): {len(blocks)}",
        *(
            "  " + " ~ ".join(f"{path}:{line}" for path, line in d.places)
            for d in blocks[: max(most, len(blocks)) if len(blocks) <= 20 else most]
        ),
        f"imports inside functions (outside {' and '.join(FUNCTION_IMPORT_MODULES)}): "
        f"{len(imports)}",
        *(f"  {i.path}:{i.line} {i.function} imports {i.imported}" for i in imports[:most]),
    ]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--most", type=int, default=5, help="rows per list (default 5)")
    print(report(parser.parse_args().most))


if __name__ == "__main__":
    main()
