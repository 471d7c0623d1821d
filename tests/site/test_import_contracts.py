"""The import contracts (.importlinter) have no holes: every module of the site and of the core
sits in a layer of a layers contract, so that a new module cannot escape the rules by matching no
layer; and `lint-imports` keeps them all (docs/architecture.md, "Layers").

Three layers contracts place the modules: `site` (each app as a whole, the shared modules,
config), `layers` (every module of an app, through its containers) and `scoring` (the core's
packages). A module is placed when it is a layer or lies inside one.
"""

import configparser
import subprocess
import sys

from tests.support.paths import ROOT

CONTRACTS = ROOT / ".importlinter"


def _contract(name: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser()
    parser.read(CONTRACTS)
    return parser[f"importlinter:contract:{name}"]


def _lines(value: str) -> list[str]:
    return [line.strip() for line in value.strip().splitlines() if line.strip()]


def layers_of(name: str) -> set[str]:
    """The module names a layers contract places: each layer's modules, under each container."""
    contract = _contract(name)
    assert contract["type"] == "layers"
    tails = {
        tail.strip().strip("()")
        for layer in _lines(contract["layers"])
        for tail in layer.replace(":", "|").split("|")
    }
    containers = _lines(contract.get("containers", ""))
    if not containers:
        return tails
    return {f"{container}.{tail}" for container in containers for tail in tails}


def modules_under(*packages: str) -> list[str]:
    """Every module and package of these packages, from the files (migrations included)."""
    names = []
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def unplaced(modules: list[str], layers: set[str], inside: set[str]) -> list[str]:
    """The modules below one of the packages `inside` that no layer holds."""

    def placed(module: str) -> bool:
        return any(module == layer or module.startswith(f"{layer}.") for layer in layers)

    return [
        module
        for module in modules
        if any(module.startswith(f"{package}.") for package in inside) and not placed(module)
    ]


SITE_LAYERS = layers_of("site")
APP_LAYERS = layers_of("layers")
APPS = set(_lines(_contract("layers")["containers"]))


def test_every_module_of_an_app_is_in_a_layer_of_the_per_app_contract():
    assert unplaced(modules_under("tournaments"), APP_LAYERS, APPS) == []


def test_every_module_of_the_site_is_in_a_layer_of_the_site_contract():
    modules = modules_under("tournaments", "config")
    assert unplaced(modules, SITE_LAYERS, {"tournaments", "config"}) == []
    assert "config" in SITE_LAYERS
    # Every app is a layer of the site contract and a container of the per-app one.
    apps = {m for m in modules if m.count(".") == 1 and (ROOT / m.replace(".", "/")).is_dir()}
    assert apps == APPS and apps <= SITE_LAYERS


def test_every_package_of_the_core_is_in_a_layer_of_the_core_contract():
    layers = layers_of("scoring")
    assert unplaced(modules_under("scoring"), layers, {"scoring"}) == []


def test_a_module_that_matches_no_layer_is_reported():
    modules = ["tournaments.results.selectors", "tournaments.results.odds_and_ends"]
    assert unplaced(modules, APP_LAYERS, APPS) == ["tournaments.results.odds_and_ends"]
    assert unplaced(["tournaments.helpers"], SITE_LAYERS, {"tournaments"}) == [
        "tournaments.helpers"
    ]


def test_lint_imports_keeps_every_contract():
    completed = subprocess.run(  # noqa: S603 - fixed arguments
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()"]
        + ["--no-cache"],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "0 broken" in completed.stdout
