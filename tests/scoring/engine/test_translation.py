"""Every English template the engine shows a user is marked for ``makemessages``."""

import ast
from pathlib import Path

from scoring.engine import result_record, rules
from scoring.engine.play import ILLEGAL_CARD_MESSAGES
from scoring.translation import gettext_noop

ENGINE = Path(result_record.__file__).resolve().parent


def marked_strings():
    """The literal argument of every ``gettext_noop(...)`` call in the engine's source."""
    found = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "gettext_noop"
            ):
                [argument] = node.args
                assert isinstance(argument, ast.Constant), f"{path.name}:{node.lineno}"
                found.add(argument.value)
    return found


def test_gettext_noop_returns_its_argument_unchanged():
    assert gettext_noop("Unknown seat %(value)s.") == "Unknown seat %(value)s."


def test_every_validation_and_play_message_is_marked():
    marked = marked_strings()
    assert set(result_record.MESSAGES.values()) <= marked
    assert set(ILLEGAL_CARD_MESSAGES.values()) <= marked


def test_every_rule_label_and_value_is_marked():
    marked = marked_strings()
    for settings in rules.PRESETS.values():
        for label, value in settings.describe():
            assert label in marked
            assert value in marked or value.isdigit() or value.startswith("x")
    assert set(rules.PRESET_LABELS.values()) <= marked
