"""The house's sizes hold (benchmarks/census.py, docs/architecture.md « The census »): no module
of the product over 600 lines, no function over 80 but the double-dummy solver's kernel (its
module says why), at most five exact duplicated blocks. A module or a function that grows past
them is split by concept, not let through."""

from pathlib import Path

from benchmarks import census

MAX_DUPLICATED_BLOCKS = 5


def test_no_product_module_passes_600_lines():
    too_long = [
        f"{module.path}: {module.lines} lines"
        for module in census.modules()
        if module.lines > census.MAX_MODULE_LINES
    ]
    assert too_long == [], "split these modules by concept (a package, or sibling modules)"


def test_no_function_passes_80_lines_but_the_solvers_kernel():
    too_long = [
        f"{function.path}:{function.line} {function.name}: {function.lines} lines"
        for function in census.functions()
        if function.lines > census.MAX_FUNCTION_LINES
        and function.path not in census.EXEMPT_FUNCTION_MODULES
    ]
    assert too_long == [], "cut these functions into named steps"


def test_the_solvers_kernel_says_why_its_functions_are_long():
    for path in census.EXEMPT_FUNCTION_MODULES:
        text = (census.ROOT / path).read_text(encoding="utf-8")
        assert "tests/site/test_census.py" in text, f"{path} gives no reason for its exemption"


def test_few_exact_duplicated_blocks_in_the_product():
    blocks = census.duplicates()
    places = [" ~ ".join(f"{path}:{line}" for path, line in block.places) for block in blocks]
    assert len(blocks) <= MAX_DUPLICATED_BLOCKS, "one concept, once:\n" + "\n".join(places)


def test_the_census_counts_what_it_is_told(tmp_path: Path):
    """On a made-up product: a long module, a long method, a block written twice (indented
    differently, blank lines and an import between) and an import inside a function."""
    package = tmp_path / "tournaments"
    package.mkdir()
    twice = [f"total += {n}" for n in range(6)]
    body = "\n".join(f"        x = {n}" for n in range(census.MAX_FUNCTION_LINES))
    (package / "long.py").write_text(
        "class Sheet:\n    def fill(self):\n" + body + "\n" + "\n" * census.MAX_MODULE_LINES
    )
    (package / "twins.py").write_text(
        "def one(total):\n"
        + "".join(f"    {line}\n\n" for line in twice)
        + "\n\ndef two(total):\n    import json\n\n    if total:\n"
        + "".join(f"        {line}\n" for line in twice)
    )

    modules = {module.path: module.lines for module in census.modules(tmp_path)}
    assert modules["tournaments/long.py"] > census.MAX_MODULE_LINES
    longest = census.functions(tmp_path)[0]
    assert (longest.name, longest.lines) == ("Sheet.fill", census.MAX_FUNCTION_LINES + 1)
    [block] = census.duplicates(tmp_path)
    assert block.places == (("tournaments/twins.py", 2), ("tournaments/twins.py", 20))
    [inner] = census.function_imports(tmp_path)
    assert (inner.path, inner.function, inner.imported) == ("tournaments/twins.py", "two", "json")
