"""The site's language as a reader meets it (issue 29, « Language »).

- Counts agree in number through ``ngettext`` / ``{% blocktranslate count %}``: no « (s) »
  plural hack in a template, a string of the product's Python (the site, the settings, the
  core and its messages), a translation or a rendered page.
- The spelling « Régénérer », never « Regénérer ».
- No English code (EW) on a French page, no guillemet « » on an English one (“…”).
- Dates and times in the active language's formats: a template or the code names a format
  (``DATE_FORMAT``, ``TIME_FORMAT``...), never writes one: « 8:55 p.m. » on an English page,
  not « 20:55 ».
- The colon after a label follows the language's typography (« Nord-Sud : » in French,
  « North-South: » in English) and a sentence never ends on a doubled period (« 5:19 a.m.. »).
- French elides before a vowel: « d'Est-Ouest », never « de Est-Ouest ».

The pages are those the accessibility test visits (its ``VISITS``), on its data
(``build_world``) and on the demo (``demo_world``), read with the test client in French and in
English.
"""

from __future__ import annotations

import ast
import html
import re
from datetime import UTC, datetime

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import strip_tags

from tests.support.factories import add_plan, add_teams, make_tournament
from tests.support.organizer import csv_bytes, team_rows
from tests.support.paths import ROOT
from tests.support.site_pages import VISITS, build_world, demo_world
from tournaments.setup.models import Tournament

PLURAL_HACK = re.compile(r"\w\((?:s|e|es|x)\)")
MISSPELT = re.compile(r"\b[Rr]egénér")
GETTEXT_NAMES = {
    "_",
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
}


def _templates():
    yield from (ROOT / "templates").rglob("*.html")
    for folder in (ROOT / "tournaments").rglob("templates"):
        yield from folder.rglob("*")


def _gettext_strings():
    """(file, line, text) of every string literal given to a gettext function in tournaments/."""
    for path in (ROOT / "tournaments").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in GETTEXT_NAMES:
                continue
            for argument in node.args:
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    yield path.relative_to(ROOT), node.lineno, argument.value


def _docstrings(tree: ast.AST) -> set[int]:
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def _product_modules():
    for folder in ("tournaments", "config", "scoring"):
        yield from (ROOT / folder).rglob("*.py")


def _product_strings():
    """(file, line, text) of every string literal of the product's Python, f-strings' parts
    included: messages, command output, help texts (docstrings aside: they speak to developers)."""
    for path in _product_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in skipped
            ):
                yield path.relative_to(ROOT), node.lineno, node.value


def test_the_scans_catch_a_plural_hack_and_the_misspelling():
    assert PLURAL_HACK.search("7 équipe(s) importée(s)")
    assert PLURAL_HACK.search("5 tour(s) publié(s)")
    assert not PLURAL_HACK.search("(s'il vous plaît) (sic)")
    assert MISSPELT.search("Regénérer le plan") and MISSPELT.search("regénérez")
    assert not MISSPELT.search("Régénérer le plan") and not MISSPELT.search("regenerate")


def test_no_template_writes_a_plural_hack_or_the_misspelling():
    found = []
    for path in _templates():
        if not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if PLURAL_HACK.search(line) or MISSPELT.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not found, "\n".join(found)


def test_no_translatable_source_string_has_a_plural_hack_or_the_misspelling():
    strings = list(_gettext_strings())
    assert len(strings) > 500  # the scan reads the site's messages
    found = [
        f"{path}:{line}: {text!r}"
        for path, line, text in strings
        if PLURAL_HACK.search(text) or MISSPELT.search(text)
    ]
    assert not found, "\n".join(found)


def test_no_string_of_the_product_has_a_plural_hack():
    """Not only what gettext reads: the commands' output, the core's English messages (their
    French is in the catalogue), the help texts."""
    strings = list(_product_strings())
    assert len(strings) > 5000
    found = [f"{path}:{line}: {text!r}" for path, line, text in strings if PLURAL_HACK.search(text)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_translation_has_a_plural_hack(language):
    catalogue = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    lines = catalogue.read_text(encoding="utf-8").splitlines()
    found = [line for line in lines if not line.startswith("#") and PLURAL_HACK.search(line)]
    assert not found, "\n".join(found)


# A date or time format written out (« H:i », « d/m/Y ») rather than named (« TIME_FORMAT »).
FORMAT_NAME = re.compile(r"^[A-Z_]+_FORMAT$")
TEMPLATE_FORMAT = re.compile(r"\|(?:date|time):[\"']([^\"']*)[\"']")


def test_templates_name_the_language_s_date_and_time_formats():
    found = []
    for path in _templates():
        if not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in TEMPLATE_FORMAT.finditer(line):
                if not FORMAT_NAME.match(match.group(1)):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)}")
    assert not found, "\n".join(found)


def _formatted_by_hand(node: ast.Call) -> bool:
    """``date_format(day, "d/m/Y")``, ``time_format(at, "H:i")``, ``at.strftime(...)``: a
    format written out. ``date_format(day, "SHORT_DATE_FORMAT")`` names the language's."""
    name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
    if name == "strftime":
        return True
    if name not in ("date_format", "time_format") or len(node.args) < 2:
        return False
    written = node.args[1]
    return isinstance(written, ast.Constant) and not FORMAT_NAME.match(str(written.value))


def test_the_site_s_code_names_the_language_s_date_and_time_formats():
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in _product_modules()
        if path.parts[len(ROOT.parts)] != "scoring"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and _formatted_by_hand(node)
    ]
    assert not found, "\n".join(found)


def test_the_format_scans_catch_a_written_out_format():
    assert TEMPLATE_FORMAT.search('{{ at|time:"H:i" }}').group(1) == "H:i"
    assert not FORMAT_NAME.match("H:i") and FORMAT_NAME.match("SHORT_DATETIME_FORMAT")
    (call,) = [
        n for n in ast.walk(ast.parse('time_format(at, "H:i:s")')) if isinstance(n, ast.Call)
    ]
    assert _formatted_by_hand(call)
    (call,) = [
        n
        for n in ast.walk(ast.parse('date_format(d, "SHORT_DATE_FORMAT")'))
        if isinstance(n, ast.Call)
    ]
    assert not _formatted_by_hand(call)


# --- Counts in messages --------------------------------------------------------------------


def _messages(response) -> list[str]:
    """The messages the page after the redirect shows."""
    return [str(message) for message in response.context["messages"]]


@pytest.fixture
def organizer_client(make_user):
    organizer = make_user("odette", "organizer")
    client = Client()
    client.force_login(organizer)
    return organizer, client


@pytest.mark.django_db
def test_publishing_rounds_counts_them_in_words(organizer_client):
    organizer, client = organizer_client
    tournament = make_tournament(organizer=organizer, status=Tournament.Status.REGISTRATION)
    add_teams(tournament, 6)
    add_plan(tournament)
    url = reverse("tournaments:plan_publish", args=[tournament.slug])
    tournament.round_set.update(published=False)

    one = client.post(url, {"round": "1"}, follow=True)
    assert _messages(one) == ["1 tour publié."]
    rest = client.post(url, {"round": "all"}, follow=True)
    assert _messages(rest) == [f"{tournament.round_set.count() - 1} tours publiés."]
    back = client.post(url, {"round": "2", "action": "unpublish"}, follow=True)
    assert _messages(back) == ["1 tour retiré de la publication."]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("teams", "said"), [(1, "1 équipe importée."), (3, "3 équipes importées.")]
)
def test_importing_teams_counts_them_in_words(organizer_client, teams, said):
    from django.core.files.uploadedfile import SimpleUploadedFile

    organizer, client = organizer_client
    tournament = make_tournament(organizer=organizer, status=Tournament.Status.REGISTRATION)
    client.post(
        reverse("tournaments:team_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("equipes.csv", csv_bytes(team_rows(teams)))},
    )
    response = client.post(
        reverse("tournaments:team_import_confirm", args=[tournament.slug]), follow=True
    )
    assert _messages(response) == [said]
    assert tournament.teams.count() == teams


# --- Every page, in both languages ---------------------------------------------------------

ISO_DATE = re.compile(r"\b\d{4}-\d\d-\d\d\b")
# EW or E-W standing alone (not inside a word, a code or an address); NS and N-S are French too.
ENGLISH_SIDE = re.compile(r"(?<![\w/-])(?:EW|E-W)(?![\w/-])")
# A time of day after « at » on an English page that is not the language's (« at 20:55 »).
ENGLISH_24_HOUR = re.compile(r"\bat \d{1,2}:\d\d(?::\d\d)?(?![\d:]| ?[ap]\.m\.)")
ENGLISH_HOUR_MARK = re.compile(r"\d [ap]\.m\.")
# « de Est-Ouest », « que Élise »: French elides these before a vowel (« d'Est-Ouest »).
UNELIDED = re.compile(
    r"(?<![\w'’-])(?:[Dd]e|[Qq]ue|[Ll]e|[Ll]a|[Jj]e|[Nn]e|[Ss]e) [aeiouyàâéèêëîïôûAEIOUYÀÂÉÈÊÎÔ]"
)
# English quotes “…”, not French guillemets « … » (``tournaments.vocabulary.quoted``).
GUILLEMET = re.compile(r"[«»]")
DOUBLED_PERIOD = re.compile(r"\w\.\.(?!\.)(?!\w)")
# A space before a colon ends a word in French typography only (times like 4:45 aside).
SPACED_COLON = re.compile(r"\w[ \u00a0\u202f]:(?!\d)")


def _page_text(response) -> str:
    """The page's text as read: tags, scripts and styles out, entities decoded."""
    body = response.content.decode()
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(strip_tags(body)))


def _context(text: str, match) -> str:
    return text[max(0, match.start() - 50) : match.end() + 30]


@pytest.fixture(params=["audit", "demo"])
def pages(request, make_user):
    """{(language, label): text} of every page the accessibility test visits without acting,
    on its data and on the demo ``bin/run`` makes (other names: « Élise », « Étienne »...;
    there only the pages that open, the demo taking no registration)."""
    demo = request.param == "demo"
    world = demo_world() if demo else build_world(make_user)
    users = {"organizer": world.organizer, "arbiter": world.arbiter}
    read = {}
    for visit in VISITS:
        if visit.action is not None or visit.name == "api:docs":
            continue
        for language in ("fr", "en"):
            client = Client()
            client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
            user = users.get(visit.role.removesuffix("-sheet"))
            if user is not None:
                client.force_login(user)
            response = client.get(visit.url(world), follow=True)
            if demo:
                if response.status_code != 200:
                    continue  # the walker checks its statuses (tests/site/test_page_walk.py)
            else:
                assert response.status_code == visit.status, visit.label()
            read[(language, visit.name, visit.label())] = _page_text(response)
    return read


@pytest.mark.django_db
def test_the_pages_speak_each_language_properly(pages):
    found = []
    for (language, _name, label), text in pages.items():
        checks = [PLURAL_HACK, MISSPELT, ISO_DATE, DOUBLED_PERIOD]
        if language == "fr":
            checks += [ENGLISH_SIDE, ENGLISH_HOUR_MARK, UNELIDED]
        else:
            checks += [SPACED_COLON, ENGLISH_24_HOUR, GUILLEMET]
        for check in checks:
            found += [f"{language} {label}: {_context(text, m)!r}" for m in check.finditer(text)]
    assert len(pages) > 70
    assert not found, "\n".join(found)


# --- Elision, colons, dates and times -------------------------------------------------------


def test_the_page_scan_catches_a_missing_elision():
    assert UNELIDED.search("confirmation de Est-Ouest")
    assert UNELIDED.search("Pourcentage par tournoi de Élise Martin")
    assert not UNELIDED.search("confirmation d'Est-Ouest, de Nord-Sud, Rue de Hélène, Code EO")


@pytest.mark.parametrize(
    ("word", "elided"),
    [
        ("Est-Ouest", True),
        ("Iris Joueur", True),
        ("Élise", True),
        ("« Yves »", True),
        ("Nord-Sud", False),
        ("Hugo", False),
        ("Marc", False),
        ("", False),
    ],
)
def test_french_elides_before_a_vowel(word, elided):
    from tournaments.vocabulary import elides

    assert elides(word) is elided


@pytest.mark.parametrize(("language", "said"), [("fr", "Nord-Sud :"), ("en", "North-South:")])
def test_a_label_s_colon_follows_the_language(language, said):
    from django.template import Context, Template

    template = Template('{% load i18n typography %}{% translate "Nord-Sud" %}{% colon %}')
    with translation.override(language):
        assert template.render(Context()) == said


def _season_with(make_user, direction):
    from tests.support.seasons import club_with_players, finished_tournament
    from tournaments.seasons.services import create_season, recompute_season

    club, players = club_with_players(["Iris", "Marc", "Karim", "Léa"])
    week = finished_tournament(
        club,
        1,
        [
            (players["Iris"], players["Marc"], 1, 60.0, direction),
            (players["Karim"], players["Léa"], 1, 40.0, direction),
        ],
    )
    season = create_season(
        club=club, values={"name": "Challenge", "method": "average"}, tournaments=[week]
    )
    recompute_season(season_id=season.pk)
    return season, players


def _get(url: str, language: str) -> str:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(url)
    assert response.status_code == 200
    return _page_text(response)


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "day"), [("fr", "1 décembre 2026"), ("en", "Dec. 1, 2026")])
def test_the_season_page_dates_its_tournaments_in_the_language(make_user, language, day):
    season, _players = _season_with(make_user, None)
    text = _get(reverse("seasons:season", args=[season.slug]), language)
    assert f"· {day}" in text
    assert not ISO_DATE.search(text)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "side", "title"),
    [
        ("fr", "(EO)", "Pourcentage par tournoi d'Iris Joueur"),
        ("en", "(EW)", "Percentage per tournament"),
    ],
)
def test_a_player_s_page_names_the_side_and_elides_in_french(make_user, language, side, title):
    season, players = _season_with(make_user, "EW")
    text = _get(reverse("seasons:player", args=[players["Iris"].pk]), language)
    assert side in text
    assert title in text
    if language == "fr":
        assert not ENGLISH_SIDE.search(text)
        assert "de Iris" not in text
        marc = _get(reverse("seasons:player", args=[players["Marc"].pk]), language)
        assert "Pourcentage par tournoi de Marc Joueur" in marc
    else:
        assert "Challenge:" in text and not SPACED_COLON.search(text)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", r"Fin prévue vers \d\d:\d\d \(premier tour démarré à 04:45\)\."),
        (
            "en",
            r"Expected to end around \d+:\d\d [ap]\.m\. \(first round started at 4:45 a\.m\.\)\. ",
        ),
    ],
)
def test_the_expected_end_is_one_sentence_in_each_language(organizer_client, language, said):
    """A time in English ends with « a.m. »: the sentence does not end on it (« 5:19 a.m.. »)."""
    from tournaments.setup.models import Round

    organizer, client = organizer_client
    tournament = make_tournament(organizer=organizer, minutes_per_board=10)
    add_teams(tournament, 6)
    add_plan(tournament)
    zone = timezone.get_current_timezone()
    started = datetime(2026, 12, 5, 4, 45, tzinfo=zone).astimezone(UTC)
    Round.objects.filter(tournament=tournament, number=1).update(started_at=started)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    text = _page_text(client.get(reverse("tournaments:manage", args=[tournament.slug])))
    assert re.search(said, text), text
    assert not DOUBLED_PERIOD.search(text)


@pytest.mark.parametrize(("language", "said"), [("fr", "16:04:05"), ("en", "4:04:05 p.m.")])
def test_a_time_to_the_second_follows_the_language(language, said):
    from django.template import Context, Template

    template = Template("{% load typography %}{{ at|time_with_seconds }}")
    at = datetime(2026, 12, 5, 15, 4, 5, tzinfo=UTC)  # 16:04:05 in Paris
    with translation.override(language):
        assert template.render(Context({"at": at})) == said


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "started", "confirmed"),
    [("fr", "démarré à 04:45", "(04:50:30)"), ("en", "started at 4:45 a.m.", "(4:50:30 a.m.)")],
)
def test_the_arbiter_reads_times_in_the_language(make_user, language, started, confirmed):
    """The dashboard's round start (« Round 1 started at 20:55 » on an English page before) and
    a result's confirmation time in its history."""
    from tests.support.results import assignment, contract
    from tournaments.results.models import Result
    from tournaments.results.services import record_result
    from tournaments.setup.models import Round

    arbiter = make_user("arlette", "arbiter")
    tournament = make_tournament(arbiter=arbiter)
    add_teams(tournament, 6)
    add_plan(tournament)
    zone = timezone.get_current_timezone()
    Round.objects.filter(tournament=tournament, number=1).update(
        started_at=datetime(2026, 12, 5, 4, 45, tzinfo=zone)
    )
    table = assignment(tournament, 1, 1)
    result = record_result(assignment=table, board_number=1, data=contract(taker="N"), by=arbiter)
    Result.objects.filter(pk=result.pk).update(
        status=Result.Status.CONFIRMED, confirmed_at=datetime(2026, 12, 5, 4, 50, 30, tzinfo=zone)
    )
    client = Client()
    client.force_login(arbiter)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    dashboard = _page_text(client.get(reverse("results:dashboard", args=[tournament.slug])))
    assert started in dashboard
    history = reverse("results:history", args=[tournament.slug, 1, 1, 1])
    assert confirmed in _page_text(client.get(history))


@pytest.mark.parametrize(
    ("language", "said"), [("fr", "« Pas une générale »"), ("en", "“Pas une générale”")]
)
def test_a_quotation_follows_the_language(language, said):
    from django.template import Context, Template

    template = Template("{% load typography %}{{ reason|quoted }}")
    with translation.override(language):
        assert template.render(Context({"reason": "Pas une générale"})) == said
