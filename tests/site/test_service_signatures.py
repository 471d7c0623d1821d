"""The services' signatures, as the house style asks (docs/architecture.md, "Layers"): every
public function of every services module takes keyword arguments only, names who acts ``by``
with a type, and says what it returns — so that a call reads
``record_result(assignment=…, board_number=…, data=…, by=request.user)`` and an argument
cannot slip into the wrong place."""

import importlib
import inspect
import pkgutil

import pytest

import tournaments

# The acting account is ``by`` everywhere; these other names for it are not taken.
OTHER_NAMES_OF_WHO_ACTS = {"actor", "user", "acting", "who"}


def _services_modules() -> list[str]:
    found = []
    for module in pkgutil.walk_packages(tournaments.__path__, prefix="tournaments."):
        parts = module.name.split(".")
        if "services" in parts[2:] and "tests" not in parts:
            found.append(module.name)
    return sorted(found)


def _public_functions(module_name: str):
    module = importlib.import_module(module_name)
    for name, function in inspect.getmembers(module, inspect.isfunction):
        if not name.startswith("_") and function.__module__ == module_name:
            yield name, function


SERVICES = _services_modules()
FUNCTIONS = [
    pytest.param(function, id=f"{module}.{name}")
    for module in SERVICES
    for name, function in _public_functions(module)
]


def test_the_services_modules_are_found():
    assert "tournaments.results.services.entry" in SERVICES
    assert "tournaments.clubs.services" in SERVICES
    assert len(FUNCTIONS) > 100


@pytest.mark.parametrize("function", FUNCTIONS)
def test_a_service_takes_keyword_arguments_only(function):
    positional = [
        parameter.name
        for parameter in inspect.signature(function).parameters.values()
        if parameter.kind
        in (
            inspect.Parameter.POSITIONAL_ONLY,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            inspect.Parameter.VAR_POSITIONAL,
        )
    ]
    assert positional == [], f"{function.__qualname__}: put a * before {positional}"


@pytest.mark.parametrize("function", FUNCTIONS)
def test_who_acts_is_a_typed_by(function):
    parameters = inspect.signature(function).parameters
    assert not OTHER_NAMES_OF_WHO_ACTS & set(parameters), (
        f"{function.__qualname__}: who acts is called by"
    )
    if "by" in parameters:
        assert parameters["by"].annotation is not inspect.Parameter.empty


@pytest.mark.parametrize("function", FUNCTIONS)
def test_a_service_says_what_it_returns(function):
    assert inspect.signature(function).return_annotation is not inspect.Signature.empty


def test_a_positional_parameter_would_be_caught():
    """The check above fails where it should: on a function like the ones it replaced."""

    def record(assignment, *, by: object) -> None: ...

    with pytest.raises(AssertionError):
        test_a_service_takes_keyword_arguments_only(record)
