"""The OpenAPI schema: generated without a warning, valid, served at /api/schema/, browsable at
/api/docs/ with Swagger UI served by the site itself (no CDN: club venues are often offline)."""

import re

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema

pytestmark = pytest.mark.django_db


def test_the_schema_generates_without_warnings_and_validates(tmp_path):
    # --fail-on-warn: an endpoint the generator could not describe fails here.
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yml"))


def test_the_schema_is_served_as_openapi_3(client):
    response = client.get("/api/schema/", {"format": "json"})

    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    validate_schema(schema)
    assert "/api/v1/tournaments/{slug}/results/" in schema["paths"]
    assert set(schema["components"]["securitySchemes"]) == {"apiToken", "cookieAuth"}


def test_every_operation_documents_its_bodies_and_errors():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            responses = operation["responses"]
            assert "401" in responses, (method, path)
            success = [code for code in responses if code.startswith("2")]
            assert success, (method, path)
            for code in success:
                if code != "204":
                    assert "application/json" in responses[code]["content"], (method, path)
            if method in ("post", "put", "patch"):
                assert {"400", "403"} <= set(responses), (method, path)
                error = responses["400"]["content"]["application/json"]["schema"]
                assert error == {"$ref": "#/components/schemas/Error"}


def test_reads_need_no_credentials_and_writes_do():
    """But the online registrations and the penalties: the tournament's organizers (or
    arbiters) only, even to read."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            anonymous = {} in operation["security"]
            organizers_only = "/registrations/" in path or "/penalties/" in path
            assert anonymous == (method == "get" and not organizers_only), (method, path)
            if organizers_only and method == "get":
                assert "403" in operation["responses"], path
            assert {"apiToken": []} in operation["security"], (method, path)


def test_the_result_record_is_described_field_by_field():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    record = schema["components"]["schemas"]["ResultRecord"]
    contract = schema["components"]["schemas"]["Contract"]

    assert set(record["properties"]) == {
        "passed",
        "contract",
        "taker_points",
        "capot",
        "generale",
        "belote",
        "annonces",
    }
    assert contract["properties"]["bid"]["oneOf"][1] == {"$ref": "#/components/schemas/BidCapot"}


def _enums(schema: dict) -> dict[str, dict]:
    return {
        name: component
        for name, component in schema["components"]["schemas"].items()
        if "enum" in component and component["enum"] != [None]
    }


def test_every_enum_names_its_members_for_generated_clients():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    enums = _enums(schema)

    assert not [name for name in enums if name.endswith("Enum") and name != "BlankEnum"]
    for name, enum in enums.items():
        members = enum["x-enum-varnames"]
        assert len(members) == len(enum["enum"]) == len(set(members)), name
        assert all(re.fullmatch(r"[A-Z][A-Z0-9_]*", member) for member in members), name
    adjustment = enums["Adjustment"]
    assert dict(zip(adjustment["enum"], adjustment["x-enum-varnames"], strict=True)) == {
        "A-": "AVERAGE_MINUS",
        "A": "AVERAGE",
        "A+": "AVERAGE_PLUS",
    }
    assert enums["Seat"]["x-enum-varnames"] == ["NORTH", "EAST", "SOUTH", "WEST"]
    assert enums["Rank"]["x-enum-varnames"][4] == "TEN"


def test_query_parameters_take_the_named_enums():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    paths = schema["paths"]

    def parameter(path, name):
        operation = paths[f"/api/v1/tournaments/{{slug}}/{path}"]["get"]
        return next(p for p in operation["parameters"] if p["name"] == name)["schema"]

    assert parameter("results/", "status") == {"$ref": "#/components/schemas/ResultStatus"}
    assert parameter("boards/", "dealer") == {"$ref": "#/components/schemas/Seat"}
    assert parameter("rankings/", "direction") == {"$ref": "#/components/schemas/Side"}
    for item in paths.values():
        for operation in item.values():
            for parameter in operation.get("parameters", ()):
                assert "enum" not in parameter["schema"], parameter["name"]


def test_the_docs_page_works_offline(client):
    response = client.get("/api/docs/")

    assert response.status_code == 200
    page = response.content.decode()
    external = re.findall(r'(?:src|href)="(https?://[^"]+)"', page)
    assert external == []
    for asset in re.findall(r'(?:src|href)="/static/([^"?]+)"', page):
        assert finders.find(asset), asset
    assert "swagger-ui-bundle.js" in page
    # The initialising script is a file of its own (no inline script: Content-Security-Policy).
    script = client.get("/api/docs/?script=").content.decode()
    assert "/api/schema/" in script
