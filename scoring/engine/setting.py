"""What one rule setting is, said once: its type, its allowed values or bounds, its label and
its help. ``RuleSettings`` declares each field with ``setting(...)``; ``rules.SETTINGS`` reads
them back as ``Setting`` values, from which the site builds the organizer's form, the API's
serializer and the Règlement page, and the CLI's ``--set`` reads its values (docs/rules.md,
« One source for the settings »).

The label and the help are English, marked for translation (the site shows them in French).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, dataclass, field
from enum import Enum
from typing import Any

SETTING = "setting"
"""The key of a ``RuleSettings`` field's metadata that holds its ``Setting``."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One rule setting: its key, its type (``bool``, ``int`` or an ``Enum``), its default (the
    FFB's), label and help, and the values it may take.

    An ``int`` setting takes either one of ``choices`` or a number from ``minimum`` to
    ``maximum`` in steps of ``step``; an ``Enum`` setting takes one of its members.
    ``value_labels`` names the values of an ``int`` setting with choices (``x4``, ``by 10``).
    """

    name: str
    kind: type
    default: Any
    label: str
    help: str = ""
    choices: tuple[int, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    step: int | None = None
    value_labels: Mapping[int, str] = field(default_factory=dict)

    @property
    def is_enum(self) -> bool:
        return self.enum is not None

    @property
    def enum(self) -> type[Enum] | None:
        """The setting's enum, or ``None`` when it is a switch or a number."""
        if isinstance(self.kind, type) and issubclass(self.kind, Enum):
            return self.kind
        return None

    @property
    def is_choice(self) -> bool:
        """Is the setting one of a few values (an enum, or whole numbers with ``choices``),
        not a switch (``bool``) or a number in a range?"""
        return self.is_enum or bool(self.choices)

    @property
    def values_name(self) -> str:
        """The name of the setting's set of values: its enum's, or its own in CamelCase
        (``FailureBase``); the API's schema names its enums so."""
        if self.is_enum:
            return self.kind.__name__
        return "".join(word.capitalize() for word in self.name.split("_"))

    def values(self) -> tuple[Any, ...]:
        """Every value the setting may take, in order (empty for a number in a range)."""
        if self.enum is not None:
            return tuple(self.enum)
        if self.kind is bool:
            return (True, False)
        return self.choices

    def json_values(self) -> tuple[Any, ...]:
        """``values()`` as JSON values (an enum's member as its value)."""
        return tuple(to_json(value) for value in self.values())

    def check(self, value: Any) -> None:
        """Raise ``ValueError`` (English) when ``value`` is not a value of this setting."""
        if self.is_enum:
            if not isinstance(value, self.kind):
                raise ValueError(f"{self.name} must be a {self.kind.__name__}, not {value!r}")
            return
        if self.kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"{self.name} must be true or false, not {value!r}")
            return
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{self.name} must be a whole number, not {value!r}")
        if self.choices and value not in self.choices:
            allowed = " or ".join(map(str, self.choices))
            raise ValueError(f"{self.name} must be {allowed}, not {value}")
        if not self.choices and not self._in_range(value):
            raise ValueError(
                f"{self.name} must be a multiple of {self.step or 1} from {self.minimum} "
                f"to {self.maximum}, not {value}"
            )

    def _in_range(self, value: int) -> bool:
        low = self.minimum if self.minimum is not None else value
        high = self.maximum if self.maximum is not None else value
        return low <= value <= high and value % (self.step or 1) == 0

    def parse(self, raw: Any) -> Any:
        """A JSON value as this setting's value; an unknown enum value raises ``ValueError``
        (the other values are checked by ``check``)."""
        enum = self.enum
        if enum is None:
            return raw
        try:
            return enum(raw)
        except ValueError:
            allowed = ", ".join(member.value for member in enum)
            raise ValueError(f"{self.name} must be one of {allowed}, not {raw!r}") from None


def setting(
    default: Any,
    label: str,
    *,
    help: str = "",
    choices: tuple[int, ...] = (),
    minimum: int | None = None,
    maximum: int | None = None,
    step: int | None = None,
    value_labels: Mapping[int, str] | None = None,
) -> Any:
    """A ``RuleSettings`` field with its ``Setting`` (its type is its default's)."""
    described = {
        "label": label,
        "help": help,
        "choices": choices,
        "minimum": minimum,
        "maximum": maximum,
        "step": step,
        "value_labels": dict(value_labels or {}),
    }
    return field(default=default, metadata={SETTING: described})


def setting_of(dataclass_field: Field[Any]) -> Setting:
    """The ``Setting`` a field declared with ``setting(...)`` describes."""
    default = dataclass_field.default
    return Setting(
        name=dataclass_field.name,
        kind=type(default),
        default=default,
        **dataclass_field.metadata[SETTING],
    )


def to_json(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value
