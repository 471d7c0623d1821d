"""Every URL pattern of the site, walked with hostile input, answers no 500.

The patterns are enumerated like the accessibility test does (``named_patterns``), in the
same running tournament (``build_world``): each is visited by the roles that reach it
(``roles_of``: anonymous, a table's link with a team's code given, a team's link, the
organizer, the arbiter, an API token, a superuser for the admin), its URL arguments filled
from the world (``url_arguments``), and requested with GET and POST carrying hostile values
in the query string and the form — Unicode digits (``²``, ``١٢``), a huge number, a negative
one, empty values, repeated keys, a NUL character, a very long string of digits, invalid
UTF-8 — then with huge numbers in the URL's own numeric arguments, and, where JSON is read,
with hostile JSON bodies (deep nesting, invalid UTF-8, hostile values and nested objects).
Forms found in the pages are posted to their own action with their own control values
(``action``, ``kind``...) and every other field hostile, so that a parse behind a control
value is reached too.

Each request runs in a savepoint rolled back afterwards: every request meets the same world.
A pattern no role reaches, or one never requested, fails the test (a new URL must be
walked), as does any 500 or exception, listed with its request.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

import pytest
from django.apps import apps
from django.db import transaction
from django.test import Client
from django.urls import URLResolver, get_resolver, resolve, reverse
from django.urls.exceptions import Resolver404

from tests.support.site_pages import World, build_world, named_patterns
from tournaments.api.models import ApiToken
from tournaments.api.services import create_token
from tournaments.deals.models import Board
from tournaments.play.services import start_game
from tournaments.registration.models import Entry
from tournaments.results.models import Result
from tournaments.setup.models import Player, Tournament

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

HUGE = str(10**30)
# Every kind of hostile value, as it goes into a query string or a form field.
HOSTILE = {
    "superscript digit": "²",
    "Arabic-Indic digits": "١٢",
    "huge number": HUGE,
    "negative number": "-1",
    "empty": "",
    "NUL character": "1\x00",
    "long digits": "1" * 5000,
    # Twice the longest field the site keeps (500 characters): every length check is passed
    # over. Under all of the walk's 60-odd keys at once the query string is about 500 kB; at
    # 3,000 characters (1.4 MB) encoding and parsing it was most of the walk's own time.
    "long text": "é" * 1000,
}
ARRAY = "repeated keys"
# The values a page's own forms are posted with (a NUL is refused before any form reads it),
# and the only ones the admin (Django's own, for superusers) gets, by GET and by POST.
FORM_KINDS = ("superscript digit", "Arabic-Indic digits", "huge number", "empty", "long text")
ADMIN_KINDS = ("huge number", "long text")
# The views that read a JSON body, beside the API's.
JSON_ENDPOINTS = {"results:entry_row", "events:upload_api"}
# The keys the site's views and the API read themselves (request.GET / request.POST, filters),
# beside the fields found in the pages' forms.
READ_KEYS = [
    "tour",
    "classement",
    "round",
    "board",
    "version",
    "etui",
    "sens",
    "theme",
    "filtre",
    "corriger",
    "next",
    "language",
    "code",
    "action",
    "reason",
    "outbox",
    "open",
    "back",
    "kind",
    "scope",
    "status",
    "missing_confirmed",
    "checked_in",
    "q",
    "p1",
    "p2",
    "confirm",
    "confirm_all",
    "number",
    "team",
    "table",
    "page",
    "page_size",
    "ordering",
    "search",
    "format",
    "submission_key",
    "replace_version",
    "fields",
    "record",
    "amount",
    # The API's filters, pagination and ranking options (tournaments/api/filters.py...).
    "date_from",
    "date_to",
    "name",
    "club",
    "withdrawn",
    "published",
    "hands_released",
    "dealer",
    "number_from",
    "number_to",
    "up_to_round",
    "direction",
]

CONTROL = re.compile(r"^(action|kind|scope|outbox|status|csrfmiddlewaretoken|fmt)$")
FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S | re.I)
FIELD = re.compile(r"<(input|button|select|textarea)\b([^>]*)>", re.I)
ATTRIBUTE = re.compile(r"""([\w-]+)\s*=\s*("[^"]*"|'[^']*')""")


def _attributes(text: str) -> dict[str, str]:
    return {name.lower(): value[1:-1] for name, value in ATTRIBUTE.findall(text)}


@dataclass
class PageForm:
    """A form found in a page: where it posts, its fields and their values in the page."""

    action: str
    fields: dict[str, str] = field(default_factory=dict)


def page_forms(url: str, html: str) -> list[PageForm]:
    forms = []
    for attributes, body in FORM.findall(html):
        attrs = _attributes(attributes)
        if attrs.get("method", "get").lower() != "post":
            continue
        form = PageForm(attrs.get("action") or url)
        for _tag, field_attributes in FIELD.findall(body):
            values = _attributes(field_attributes)
            if "name" in values:
                form.fields.setdefault(values["name"], values.get("value", ""))
        forms.append(form)
    return forms


# --- The world's values in the URLs --------------------------------------------------------


@dataclass(frozen=True)
class Keys:
    """The world, and the primary keys its URLs take."""

    world: World
    result: int
    player: int
    registration: int
    club_player: int
    api_token: int
    api_key: str
    game: int


def world_keys(world: World) -> Keys:
    tournament = Tournament.objects.get(slug=world.slug)
    registration = Tournament.objects.get(slug=world.registration_slug)
    token, key = create_token(
        tournament=tournament, name="Marcheur", scope="organizer", by=world.organizer
    )
    return Keys(
        world=world,
        result=Result.objects.filter(tournament=tournament).first().pk,
        player=Player.objects.filter(tournament=tournament).first().pk,
        registration=Entry.objects.filter(tournament=registration).first().pk,
        club_player=world.club_player,
        api_token=ApiToken.objects.filter(tournament=tournament).first().pk,
        api_key=key,
        # A game played online by the organizer, on a board of the tournament.
        game=start_game(
            player=world.organizer,
            board=Board.objects.filter(tournament=tournament).exclude(hands={}).first(),
            worlds=2,
        ).pk,
    )


def url_arguments(name: str, arguments: list[str], keys: Keys) -> dict:
    """The pattern's arguments, from the world: a page that exists for the role visiting it."""
    world = keys.world
    slug = world.slug
    if name.startswith("registration:"):
        slug = world.registration_slug
    elif name.startswith(("seasons:", "api:season")):
        slug = world.season_slug
    elif name == "api:club-detail":
        slug = world.club_slug
    elif name == "events:laptop_results":
        slug = world.event_laptop
    elif name.startswith("events:"):
        slug = world.event_slug
    elif name.startswith("online:"):
        slug = world.online_slug
    club = world.season_club if name.startswith("seasons:") else world.club_slug
    token = world.table_token
    if name.startswith("results:team_"):
        token = world.team_token
    elif name.startswith("registration:"):
        token = world.entry_token
    pk = {
        "api:player-detail": keys.player,
        "api:club-player-detail": keys.club_player,
    }.get(name, keys.registration if "registration" in name else keys.result)
    player = world.season_player if name.startswith("seasons:") else world.club_player
    values = {
        "slug": slug,
        "club": club,
        "token": token,
        "pk": pk,
        "number": 1,
        "board": 1,
        "round_number": 1,
        "table_number": 1,
        "board_number": 1,
        "team_number": 1,
        "penalty_id": 1,
        "entry_id": keys.registration,
        "action": "accepter",
        "token_id": keys.api_token,
        "player_id": player,
        "fmt": "csv",
        "file_format": "csv",
        "kind": "rankings",
        "scope": "public",
        "format": "json",
        # The admin's.
        "app_label": "tournaments",
        "object_id": "1",
        "content_type_id": "1",
        "id": "1",
        "url": "x",
        "game": keys.game,
        "deal": 1,
        # The organizer's own request to be linked to a record of the world's club.
        "claim_id": world.claim,
    }
    missing = set(arguments) - set(values)
    assert not missing, f"{name}: no value for {sorted(missing)}"
    return {argument: values[argument] for argument in arguments}


def _arguments_of(pattern) -> list[str]:
    converters = getattr(pattern.pattern, "converters", None)
    if converters:
        return list(converters)
    regex = getattr(pattern.pattern, "regex", None)
    return list(regex.groupindex) if regex is not None else []


def named_patterns_with_arguments(patterns, namespace: str = "", inherited=()) -> dict:
    """``{name: [argument names]}``, the arguments of the including patterns with them."""
    found = {}
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            found.update(
                named_patterns_with_arguments(
                    pattern.url_patterns, inner, (*inherited, *_arguments_of(pattern))
                )
            )
        elif pattern.name:
            found.setdefault(f"{namespace}{pattern.name}", [*inherited, *_arguments_of(pattern)])
    return found


# --- Who visits ----------------------------------------------------------------------------

ORGANIZER_PAGES = ("clubs:", "seasons:club_seasons", "seasons:edit", "seasons:recompute")
ARBITER_PAGES = ("standings:recompute",)
PUBLIC_API = ("api:schema", "api:docs")


def roles_of(name: str, route: str) -> tuple[str, ...]:
    """The roles that reach the page: whoever its guard lets in, and anonymous for a public
    page (a staff page turns anonymous away before reading anything)."""
    if name.startswith("admin:"):
        return ("superuser",)
    if name in ("play:my_games", "play:replay"):
        # A signed-in account's (the organizer, who may start any board of its tournament).
        return ("organizer", "anonymous")
    if name in ("api:tokens", "api:token_revoke"):
        return ("organizer",)
    if name.startswith("api:") and name not in PUBLIC_API:
        return ("api", "anonymous")
    if name.startswith("results:table_"):
        return ("table", "anonymous")
    if name.startswith("results:team_"):
        return ("team",)
    if name.startswith("online:"):
        # The online tournaments' pages: anyone, and its organizer (the form, the entry, the
        # ranking during the window).
        return ("organizer", "anonymous")
    if "/arbitrage/" in route or name.startswith(ARBITER_PAGES):
        return ("arbiter",)
    if "organisation" in route or name.startswith(ORGANIZER_PAGES):
        return ("organizer",)
    return ("anonymous",)


def make_clients(world: World, keys: Keys, make_user) -> dict[str, Client]:
    clients = {name: Client() for name in ("anonymous", "table", "team", "api")}
    for role, user in (("organizer", world.organizer), ("arbiter", world.arbiter)):
        clients[role] = Client()
        clients[role].force_login(user)
    superuser = make_user("admin-hostile")
    superuser.is_staff = superuser.is_superuser = True
    superuser.save()
    clients["superuser"] = Client()
    clients["superuser"].force_login(superuser)
    table = reverse("results:table_entry", args=[world.table_token])
    answer = clients["table"].post(table, {"action": "identify", "code": world.team_code})
    assert answer.status_code == 302
    assert (
        clients["team"].get(reverse("results:team_link", args=[world.team_token])).status_code
        == 200
    )
    clients["api"].defaults["HTTP_AUTHORIZATION"] = f"Bearer {keys.api_key}"
    return clients


# --- The walk -------------------------------------------------------------------------------


@dataclass
class Walk:
    clients: dict[str, Client]
    failures: list[str] = field(default_factory=list)
    requested: set[tuple[str, str]] = field(default_factory=set)
    count: int = 0

    def send(self, role: str, method: str, url: str, what: str, **options) -> object:
        """One request in a savepoint rolled back afterwards; a 500 or an exception is kept."""
        self.count += 1
        try:
            name = resolve(urlsplit(url).path).view_name
        except Resolver404:
            name = "?"
        self.requested.add((name, method))
        client = self.clients[role]
        response = None
        try:
            with transaction.atomic():
                response = getattr(client, method)(url, **options)
                transaction.set_rollback(True)
        except Exception as error:  # noqa: BLE001 - every failure is reported together
            self.failures.append(f"{role} {method.upper()} {url[:120]} [{what}]: {error!r:.300}")
            return None
        if response.status_code >= 500:
            self.failures.append(
                f"{role} {method.upper()} {url[:120]} [{what}]: {response.status_code}"
            )
        return response


def _query(names, value) -> str:
    return urlencode([(name, value) for name in names])


def _hostile_form(fields: dict[str, str], value) -> dict:
    """The form's control values kept, every other field given ``value``."""
    return {name: (default if CONTROL.match(name) else value) for name, default in fields.items()}


def json_bodies(names) -> dict[str, bytes]:
    hostile_values = {
        "numbers": dict.fromkeys(names, 10**30),
        "strings": dict.fromkeys(names, "²"),
        "nested": {name: [{"x": [HUGE, -1, None, True]}] for name in names},
        "record": {
            "table": "١٢",
            "board": -1,
            "round": 10**30,
            "record": dict.fromkeys(names, "²"),
        },
    }
    bodies = {what: json.dumps(body).encode() for what, body in hostile_values.items()}
    bodies["deep JSON"] = b"[" * 100_000 + b"]" * 100_000
    bodies["deep object"] = b'{"a":' * 50_000 + b"1" + b"}" * 50_000
    bodies["invalid UTF-8"] = b'{"table": "\xff\xfe", "board": 1}'
    bodies["NUL escaped"] = b'{"name": "a\\u0000b", "table": 1}'
    bodies["not an object"] = b'"table"'
    return bodies


@dataclass(frozen=True)
class Visit:
    """A pattern as one role reaches it: its URL, the forms its page holds, and the methods
    its view answers (one it refuses with a 405 is not walked further)."""

    role: str
    name: str
    url: str
    kwargs: dict
    forms: list[PageForm]
    methods: frozenset[str]


def first_visit(walk: Walk, role: str, name: str, kwargs: dict) -> Visit:
    url = reverse(name, kwargs=kwargs)
    page = walk.send(role, "get", url, "as is")
    forms = []
    if page is not None and "html" in page.get("Content-Type", ""):
        forms = page_forms(url, page.content.decode(errors="replace"))
    post = walk.send(role, "post", url, "as is")
    methods = frozenset(
        method
        for method, response in (("get", page), ("post", post))
        if response is not None and response.status_code != 405
    )
    return Visit(role, name, url, kwargs, forms, methods)


def walk_pattern(walk: Walk, visit: Visit) -> None:
    """GET and POST the URL with every hostile value under every key, then its forms."""
    role, name, url = visit.role, visit.name, visit.url
    names = set(READ_KEYS).union(*(form.fields for form in visit.forms))
    names = sorted(names - {"csrfmiddlewaretoken"})
    kinds = ADMIN_KINDS if role == "superuser" else tuple(HOSTILE)
    gets = "get" in visit.methods
    # Anonymous is turned away by the API before its handler reads anything but the query.
    posts = "post" in visit.methods and (
        role != "anonymous" or not name.startswith("api:") or name in PUBLIC_API
    )
    for what in kinds:
        if gets:
            walk.send(role, "get", f"{url}?{_query(names, HOSTILE[what])}", what)
        if posts:
            walk.send(role, "post", url, what, data=dict.fromkeys(names, HOSTILE[what]))
    arguments = {key for key, value in visit.kwargs.items() if isinstance(value, int)}
    if arguments:
        huge = reverse(name, kwargs={**visit.kwargs, **dict.fromkeys(arguments, int(HUGE))})
        for method in visit.methods:
            walk.send(role, method, huge, "huge number in the URL", data={"version": "1"})
    if role == "superuser":
        return
    arrays = urlencode([(key, value) for key in names for value in ("1", "2", "")])
    if gets:
        walk.send(role, "get", f"{url}?{arrays}", ARRAY)
        walk.send(role, "get", f"{url}?tour=%FF%FE&board=%C0%AF", "invalid UTF-8")
    if posts:
        form_encoded = "application/x-www-form-urlencoded"
        walk.send(role, "post", url, ARRAY, data=arrays, content_type=form_encoded)
        invalid = b"round=%FF%FE&board=\xff\xfe&code=\xc0\xaf"
        walk.send(role, "post", url, "invalid UTF-8", data=invalid, content_type=form_encoded)
    if name.startswith("api:") and role != "anonymous" or name in JSON_ENDPOINTS:
        # A list or an action takes a POST, a resource a PATCH.
        method = "post" if "post" in visit.methods else "patch"
        for what, body in json_bodies(names).items():
            walk.send(role, method, url, what, data=body, content_type="application/json")
    for form in visit.forms:
        for what in FORM_KINDS:
            data = _hostile_form(form.fields, HOSTILE[what])
            walk.send(role, "post", form.action, f"form, {what}", data=data)


# The patterns are walked in shards (every SHARDS-th of the sorted names each), so that the
# suite's parallel workers share the walk; together the shards walk every pattern.
SHARDS = 4


@pytest.fixture
def documents_laid_out_once(monkeypatch):
    """The walk asks for the same PDF (a team's route card, made in the request) again and again,
    one request per hostile value and form: each distinct HTML is laid out by WeasyPrint once
    (about a second each) and the same layout written again for the next request. What is laid
    out, and every request and its answer, stay those of the walk."""
    from tournaments.printing import pdf

    laid_out = {}
    lay_out = pdf.render_html

    def render_html(html: str):
        if html not in laid_out:
            laid_out[html] = lay_out(html)
        return laid_out[html]

    monkeypatch.setattr(pdf, "render_html", render_html)
    return laid_out


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_url_pattern_answers_hostile_input_without_a_500(
    shard, make_user, caplog, documents_laid_out_once
):
    # Thousands of 400, 403, 404 and 405 answers: Django's log of each is no news here.
    caplog.set_level(logging.CRITICAL, logger="django")
    world = build_world(make_user)
    keys = world_keys(world)
    clients = make_clients(world, keys, make_user)
    patterns = named_patterns_with_arguments(get_resolver().url_patterns)
    assert set(patterns) == set(named_patterns(get_resolver().url_patterns))
    shard_patterns = dict(sorted(patterns.items())[shard::SHARDS])
    walk = Walk(clients)
    # First the pages as each role gets them: the forms they hold, the methods they take.
    visits = []
    for name, arguments in shard_patterns.items():
        kwargs = url_arguments(name, arguments, keys)
        roles = roles_of(name, reverse(name, kwargs=kwargs))
        assert roles, f"{name}: no role visits it"
        visits += [first_visit(walk, role, name, kwargs) for role in roles]
    for visit in visits:
        walk_pattern(walk, visit)
    if shard == 0:
        walk.send("anonymous", "get", "/tournois/%00/", "NUL in the path")
        walk.send("anonymous", "get", "/table/%FF%FE/", "invalid UTF-8 in the path")
    never = sorted(
        name for name in shard_patterns if not {(name, "get"), (name, "post")} <= walk.requested
    )
    assert not never, f"patterns not walked with GET and POST: {never}"
    assert not walk.failures, f"{len(walk.failures)} of {walk.count} requests failed:\n" + (
        "\n".join(walk.failures[:80])
    )


def test_the_long_text_is_longer_than_every_field_the_site_keeps():
    """The site's own models: what its forms and the API write (django-axes keeps a request's
    Accept header in 1,025 characters, which no form or query string fills)."""
    limits = [
        model_field.max_length
        for model in apps.get_models()
        if model.__module__.startswith("tournaments.")
        for model_field in model._meta.get_fields()
        if getattr(model_field, "max_length", None)
    ]
    assert limits
    assert len(HOSTILE["long text"]) > max(limits)
