"""The OpenAPI schema as generated clients read it (issue 29).

openapi-python-client (PyPI) generates a client from ``/api/schema/`` into a temporary
directory; every operation's module must import, and a small workflow runs with it against a
live test server: sign in, list events, an event's standings, a member page, a game with null
players, request a bye with ``"points": 1`` and ``0`` (integers, as ``JSON.stringify`` sends).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from datetime import date

import pytest
from drf_spectacular.generators import SchemaGenerator

from games import services as game_services
from tests.factories import (
    make_body,
    make_club,
    make_member,
    make_officer,
    make_person,
    make_staff,
)
from tests.helpers import client_for

PACKAGE = "vcf_interop_client"


@pytest.fixture(scope="module")
def schema() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def _operations(schema: dict):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield method, path, operation


def test_game_players_are_nullable(schema):
    """A standalone game has no registered players: white/black are null (the generated
    clients crashed on the required object)."""
    properties = schema["components"]["schemas"]["GameRecord"]["properties"]
    assert properties["white"].get("nullable") is True
    assert properties["black"].get("nullable") is True


def test_no_ambiguous_one_of_for_blank_strings(schema):
    """Person.email was ``oneOf [email, maxLength 0]``: "" matched both branches."""
    email = schema["components"]["schemas"]["Person"]["properties"]["email"]
    assert "oneOf" not in email and email["type"] == "string"
    text = json.dumps(schema)
    assert '{"type": "string", "maxLength": 0}' not in text


def test_one_request_content_type_per_write(schema):
    """JSON, or multipart when a file is sent; never the three parsers on every write."""
    several = [f"{method.upper()} {path}: {sorted(op['requestBody']['content'])}"
               for method, path, op in _operations(schema)
               if "requestBody" in op and len(op["requestBody"]["content"]) != 1]
    assert several == []
    trf = schema["paths"]["/api/v1/tournaments/import-trf/"]["post"]["requestBody"]
    assert list(trf["content"]) == ["multipart/form-data"]


def test_bye_points_are_a_number_not_a_float_enum(schema):
    points = schema["components"]["schemas"]["ByeRequestRequest"]["properties"]["points"]
    assert points.get("type") == "number" and "enum" not in json.dumps(points)


def test_path_ids_are_integers_on_public_and_internal_paths(schema):
    kinds = {}
    for _method, path, operation in _operations(schema):
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path" and parameter["name"] in ("id", "tournament_id"):
                kinds.setdefault(parameter["schema"].get("format") or parameter["schema"]["type"],
                                 set()).add(path)
    assert set(kinds) == {"integer", "uuid"}, {k: sorted(v)[:3] for k, v in kinds.items()}
    assert all(path.startswith("/api/v1/jobs/") for path in kinds["uuid"])


def test_pgn_notation_has_one_name_on_staff_and_public_paths(schema):
    """``?notation=`` on both; the staff API's old ``?moves=`` is a deprecated alias."""
    for path in ("/api/v1/games/{id}/pgn/", "/api/v1/games/export/",
                 "/api/v1/public/games/{id}/pgn/"):
        parameters = {p["name"]: p for p in schema["paths"][path]["get"]["parameters"]}
        assert "notation" in parameters, path
        if "moves" in parameters:
            assert parameters["moves"].get("deprecated") is True


@pytest.mark.django_db
def test_schema_download_has_a_plain_filename(client):
    """RFC 2047 (``=?utf-8?b?…?=``) broke ``curl -OJ`` and ``wget --content-disposition``."""
    response = client.get("/api/schema/")
    disposition = response["Content-Disposition"]
    assert disposition.isascii() and "=?" not in disposition
    assert disposition == 'inline; filename="vcf-api-schema.yaml"'


@pytest.fixture(scope="module")
def generated_client(tmp_path_factory, django_db_blocker):
    """openapi-python-client's package for the schema, importable as ``PACKAGE``."""
    with django_db_blocker.unblock():
        schema = SchemaGenerator().get_schema(request=None, public=True)
    root = tmp_path_factory.mktemp("openapi-client")
    (root / "schema.json").write_text(json.dumps(schema))
    (root / "config.yaml").write_text(f"package_name_override: {PACKAGE}\n"
                                      "post_hooks: []\n")
    done = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--path",
         str(root / "schema.json"), "--meta", "none", "--config", str(root / "config.yaml"),
         "--output-path", str(root / PACKAGE)],
        capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(root))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_every_generated_operation_imports(generated_client):
    """53 of 204 did not (``NameError: Unset``, from three request content types)."""
    api = importlib.import_module(f"{PACKAGE}.api")
    broken = []
    for module in pkgutil.walk_packages(api.__path__, f"{PACKAGE}.api."):
        try:
            importlib.import_module(module.name)
        except Exception as exc:  # the test reports every module that fails, not the first
            broken.append(f"{module.name}: {exc!r}")
    assert broken == []


def _op(name: str):
    return importlib.import_module(f"{PACKAGE}.api.v1.{name}")


def test_generated_client_workflow_against_a_live_server(generated_client, live_server):
    """Federation staff sign in, list events, one event's standings, a member page, a game with null
    players, a requested bye with integer points."""
    models = importlib.import_module(f"{PACKAGE}.models")
    body = make_body()
    club = make_club(body)
    organiser = make_officer(body)
    staff = make_staff("interop-staff", password="mật-khẩu-đủ-dài-1")
    members = [make_member(make_person(full_name=f"Nguyễn Văn {i}"), club) for i in range(4)]
    api = client_for(organiser)
    event = api.post("/api/v1/tournaments/", {
        "name": "Giải Interop", "discipline": "chess", "system": "dutch",
        "number_of_rounds": 3, "start_date": str(date(2026, 5, 4)),
        "end_date": str(date(2026, 5, 8)), "organiser_body": body.pk}, format="json").json()
    assert api.post(f"/api/v1/tournaments/{event['id']}/open-registration/").status_code == 200
    entries = [api.post("/api/v1/tournament-entries/", {
        "tournament": event["id"], "member": m.pk, "rating": 2000 - i},
        format="json").json() for i, m in enumerate(members)]
    game, _job = game_services.create_game(
        user=staff, discipline="chess", notation="san", moves_text="1. e4 e5",
        white_name="Khách A", black_name="Khách B", event_name="Ván tự do",
        declared_score="1/2-1/2")

    anonymous = generated_client.Client(base_url=live_server.url, raise_on_unexpected_status=True)
    token = _op("v1_auth_token_create").sync(client=anonymous, body=models.AuthTokenRequest(
        username="interop-staff", password="mật-khẩu-đủ-dài-1"))
    assert token.token
    signed_in = generated_client.AuthenticatedClient(
        base_url=live_server.url, token=token.token, prefix="Token",
        raise_on_unexpected_status=True)

    events = _op("v1_tournaments_list").sync(client=signed_in)
    assert [e.name for e in events.results] == ["Giải Interop"]
    standings = _op("v1_tournaments_standings_retrieve").sync_detailed(
        client=signed_in, id=event["id"])
    assert standings.status_code == 200
    page = _op("v1_members_list").sync(client=signed_in)
    assert {m.person.full_name for m in page.results} >= {f"Nguyễn Văn {i}" for i in range(4)}
    record = _op("v1_games_retrieve").sync(client=signed_in, id=game.pk)
    assert record.white is None and record.black is None
    assert (record.white_name, record.black_name) == ("Khách A", "Khách B")
    for entry, points in ((entries[0], 1), (entries[1], 0)):
        answer = _op("v1_tournament_entries_request_bye_create").sync_detailed(
            client=signed_in, id=entry["id"],
            body=models.ByeRequestRequest(round_=2, points=points))
        assert answer.status_code == 200, answer.content
    byes = {e["id"]: e["requested_byes"] for e in api.get(
        "/api/v1/tournament-entries/", {"tournament": event["id"]}).json()["results"]}
    assert byes[entries[0]["id"]] == [{"round": 2, "points": 1.0}]
    assert byes[entries[1]["id"]] == [{"round": 2, "points": 0.0}]
