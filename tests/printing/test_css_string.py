"""Text printed in the page margin boxes goes through ``css_string``: no value can leave its
CSS string (nor the <style> element around it)."""

import re

import pytest
import tinycss2

from tournaments.printing.pdf import css_string

SPECIALS = [chr(code) for code in range(0x20)] + ["\x7f", '"', "'", "\\", "<", ">"]
# Inside the quotes: plain characters, or hex escapes ending in their space.
ESCAPED = re.compile(r'"(?:[^\x00-\x1f\x7f"\'\\<>]|\\[0-9A-F]{1,6} )*"')


def read_back(css: str) -> list:
    return tinycss2.parse_component_value_list(css)


@pytest.mark.parametrize("special", SPECIALS, ids=[f"U+{ord(c):04X}" for c in SPECIALS])
def test_every_control_character_quote_and_backslash_is_escaped(special):
    text = f"Open{special}de Lyon"

    css = str(css_string(text))

    assert ESCAPED.fullmatch(css)
    tokens = read_back(css)
    assert [token.type for token in tokens] == ["string"]
    # CSS reads a NUL, escaped or not, as U+FFFD.
    assert tokens[0].value == text.replace("\0", "\ufffd")


def test_a_name_cannot_close_the_string_nor_the_style_element():
    text = 'x"; } body { display: none } </style><script>alert(1)</script> "\n\r\f'

    css = str(css_string(text))

    assert "</style" not in css.lower()
    tokens = read_back(f"content: {css};")
    assert [token.type for token in tokens if token.type != "whitespace"] == [
        "ident",
        "literal",
        "string",
        "literal",
    ]
    assert tokens[3].value == text


def test_ordinary_text_is_kept_as_it_is():
    assert str(css_string("Tournoi d’été · Éguilles")) == '"Tournoi d’été · Éguilles"'
