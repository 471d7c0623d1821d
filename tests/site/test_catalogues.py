"""The translation catalogues are complete and compiled.

The site's strings are French and translated in ``locale/en``; the plain-Python core's messages
(``scoring/``, ``gettext_noop``) are English and translated in ``locale/fr``. After
``makemessages`` a new or changed string is untranslated or fuzzy until someone translates it:
these tests fail until then, and until ``compilemessages`` has brought the ``.mo`` files up to
date. The ``.po`` files are read by the small parser below (no polib in the project).
"""

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.utils import translation

from scoring.engine.record_errors import MESSAGES
from tests.support.paths import ROOT

LOCALE = ROOT / "locale"
# Where the core's English messages come from: their catalogue entries are English-source.
CORE = "scoring/"

ACCENTED = re.compile(r"[àâäçéèêëîïôöùûüÿœæ]", re.IGNORECASE)
FRENCH_WORDS = re.compile(
    r"\b(?:le|la|les|des|une|du|de|au|aux|en|et|ou|est|pas|ne|vous|votre|vos|nous|notre|nos|"
    r"ce|cette|ces|son|sa|ses|leur|leurs|qui|que|pour|par|dans|sur|avec|tour|tours)\b"
    r"|\b(?:[ldnjs]|qu)['’]\w",
    re.IGNORECASE,
)
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]")
# HTML elements, not a placeholder written in angle brackets ("Bearer <jeton>").
TAG = re.compile(r"</?(?:a|abbr|b|br|code|em|i|kbd|p|small|span|strong|sub|sup)\b[^>]*>")


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    places: list[str] = field(default_factory=list)
    obsolete: bool = False

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return not self.fuzzy and bool(self.msgstr) and all(self.msgstr.values())

    @property
    def from_core(self) -> bool:
        """An English-source message: every place it is written is in the core."""
        return bool(self.places) and all(place.startswith(CORE) for place in self.places)

    def label(self) -> str:
        return f"{self.msgid!r} ({', '.join(self.places[:2]) or 'no place'})"


KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$')


def read_catalogue(path: Path) -> list[Entry]:
    """The entries of a ``.po`` file as gettext writes it (entries separated by blank lines),
    the header and the obsolete (``#~``) entries included."""
    entries = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        entry, target = Entry(), None
        for raw in block.splitlines():
            line = raw.strip()
            if line.startswith("#~") and not line.startswith("#~|"):
                entry.obsolete = True
                line = line[2:].strip()
            if line.startswith("#,"):
                entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            elif line.startswith("#:"):
                entry.places += [place.rsplit(":", 1)[0] for place in line[2:].split()]
            elif line.startswith("#") or not line:
                continue
            elif line.startswith('"'):
                assert target is not None, f"{path}: continuation without a keyword: {raw}"
                kind, index = target
                text = ast.literal_eval(line)
                if kind == "msgstr":
                    entry.msgstr[index] += text
                else:
                    setattr(entry, kind, getattr(entry, kind) + text)
            else:
                match = KEYWORD.match(line)
                assert match, f"{path}: cannot read {raw!r}"
                keyword, index, text = match.groups()
                text = ast.literal_eval(text)
                if keyword.startswith("msgstr"):
                    target = ("msgstr", int(index or 0))
                    entry.msgstr[target[1]] = text
                else:
                    target = (keyword, None)
                    setattr(entry, keyword, text)
        if target is not None:
            entries.append(entry)
    return entries


def messages(language: str) -> list[Entry]:
    """The live entries of a catalogue: no header, no obsolete entry."""
    entries = read_catalogue(LOCALE / language / "LC_MESSAGES" / "django.po")
    return [entry for entry in entries if entry.msgid and not entry.obsolete]


def looks_french(text: str) -> bool:
    return bool(ACCENTED.search(text) or FRENCH_WORDS.search(text))


@pytest.mark.parametrize(
    ("text", "french"),
    [
        ("Le QR code ouvre la page de votre équipe.", True),
        ("Saisie : tours démarrés seulement", True),
        ("Donnez d'abord le code", True),
        ("Fiches de route", True),
        ("Tour %(round)s : table %(table)s", True),
        ("The bid must be at least %(min)s (%(value)s given).", False),
        ("A deal holds at most %(max)s annonces.", False),
        ("English", False),
    ],
)
def test_the_french_marker(text, french):
    assert looks_french(text) is french


def test_the_parser_reads_both_catalogues_and_the_core_messages_are_in_the_french_one():
    english, french = messages("en"), messages("fr")
    assert len(english) == len(french) > 500
    assert {entry.msgid for entry in english} == {entry.msgid for entry in french}
    assert any(entry.msgid_plural for entry in english)
    assert set(MESSAGES.values()) <= {entry.msgid for entry in french if entry.from_core}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_entry_is_fuzzy(language):
    assert [entry.label() for entry in messages(language) if entry.fuzzy] == []


def test_every_french_site_string_has_its_english_translation():
    missing = [
        entry.label()
        for entry in messages("en")
        if not entry.translated
        and not entry.from_core
        and looks_french(f"{entry.msgid} {entry.msgid_plural or ''}")
    ]
    assert missing == [], "translate these in locale/en/LC_MESSAGES/django.po"


def test_every_core_message_has_its_french_translation():
    french = {entry.msgid: entry for entry in messages("fr")}
    missing = [
        template
        for template in MESSAGES.values()
        if template not in french or not french[template].translated
    ]
    missing += [
        entry.label()
        for entry in french.values()
        if entry.from_core and not entry.translated and entry.msgid not in MESSAGES.values()
    ]
    assert missing == [], "translate these in locale/fr/LC_MESSAGES/django.po"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_translations_keep_the_placeholders_and_the_tags(language):
    wrong = []
    for entry in messages(language):
        if not entry.translated:
            continue
        for index, text in entry.msgstr.items():
            source = entry.msgid if index == 0 else entry.msgid_plural
            placeholders, expected = PLACEHOLDER.findall(text), PLACEHOLDER.findall(source)
            if entry.msgid_plural is not None and index == 0:
                # A singular may leave the count out ("one board"), never add a placeholder.
                kept = set(placeholders) <= set(expected)
            else:
                kept = sorted(placeholders) == sorted(expected)
            if not kept or sorted(TAG.findall(text)) != sorted(TAG.findall(source)):
                wrong.append(f"{entry.label()} -> {text!r}")
    assert wrong == []


def shown(entry: Entry) -> list[str]:
    """What the compiled catalogue of the active language gives for this entry, form by form
    (for one and for two of a plural)."""
    if entry.msgid_plural is None:
        if entry.msgctxt is None:
            return [translation.gettext(entry.msgid)]
        return [translation.pgettext(entry.msgctxt, entry.msgid)]
    if entry.msgctxt is None:
        return [translation.ngettext(entry.msgid, entry.msgid_plural, n) for n in (1, 2)]
    return [
        translation.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, n) for n in (1, 2)
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_compiled_catalogues_match_the_po_files(language):
    with translation.override(language):
        stale = [
            entry.label()
            for entry in messages(language)
            if entry.translated and shown(entry) != [entry.msgstr[i] for i in sorted(entry.msgstr)]
        ]
    assert stale == [], "run manage.py compilemessages and commit the .mo files"


def test_french_counts_of_zero_and_one_are_singular():
    from django.utils.translation import ngettext, override

    singular, plural = "%(counter)s table sur %(expected)s.", "%(counter)s tables sur %(expected)s."
    with override("fr"):
        said = [ngettext(singular, plural, n) % {"counter": n, "expected": 3} for n in (0, 1, 3)]
    assert said == ["0 table sur 3.", "1 table sur 3.", "3 tables sur 3."]
    with override("en"):
        assert ngettext(singular, plural, 0) % {"counter": 0, "expected": 3} == (
            "0 tables out of 3."
        )
