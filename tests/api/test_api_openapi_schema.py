"""The OpenAPI schema itself (issue 10): valid, warning-free, and documenting the error shape.

``manage.py spectacular --validate --fail-on-warn`` must pass (CI runs this test), every
operation documents its error responses with the shared ``Error`` component, and what the
service really answers on errors (``core.errors``) is valid against that component.
"""

from __future__ import annotations

import json

import jsonschema_rs
import pytest
from django.core.management import call_command
from django.db import DataError
from drf_spectacular.generators import SchemaGenerator

from core.errors import api_exception_handler, error_body
from core.schema import ERROR_RESPONSES
from tests.helpers import assert_error


@pytest.fixture(scope="module")
def schema() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def _operations(schema: dict):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield method, path, operation


def _error_validator(schema: dict) -> jsonschema_rs.Draft4Validator:
    component = dict(schema["components"]["schemas"]["Error"])
    return jsonschema_rs.validator_for(json.loads(json.dumps(component)))


def test_spectacular_validate_fail_on_warn_passes(tmp_path):
    """``manage.py spectacular --validate --fail-on-warn``: a valid OpenAPI 3 document and no
    generator warning (unresolvable types, name collisions, untyped path parameters)."""
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert out.read_text().startswith("openapi: 3")


def test_every_operation_documents_its_errors_with_the_error_component(schema):
    """401/403/429/503 everywhere, 400/404 where the request carries data, 409 on writes."""
    missing = []
    for method, path, operation in _operations(schema):
        responses = operation["responses"]
        expected = {"401", "403", "429", "503"}
        if method != "get" or operation.get("parameters") or "requestBody" in operation:
            expected |= {"400", "404"}
        if method != "get":
            expected.add("409")
        for status in sorted(expected - set(responses)):
            missing.append(f"{method.upper()} {path}: {status}")
        for status, response in responses.items():
            if status >= "400" and "$ref" in response:
                assert response["$ref"].endswith(ERROR_RESPONSES[status][0]), (path, status)
    assert not missing, missing


def test_error_responses_point_at_the_error_schema(schema):
    for name, _description, _headers in ERROR_RESPONSES.values():
        content = schema["components"]["responses"][name]["content"]
        assert content["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


def test_the_services_error_bodies_are_valid_against_the_error_component(schema):
    validator = _error_validator(schema)
    valid = [
        error_body("invalid", "Dữ liệu không hợp lệ.", {"sponsor": ["Bắt buộc."]}),
        error_body("not_found", "Không tìm thấy."),
        error_body("throttled", "Quá nhiều yêu cầu.", retry_after=12),
    ]
    for body in valid:
        assert validator.is_valid(body), body
    invalid = [{"detail": "Not found."}, {"error": {"code": "x", "message": "y"}},
               {"error": {"code": "x", "message": "y", "fields": {"a": "not a list"}}}]
    for body in invalid:
        assert not validator.is_valid(body), body


def test_anonymous_operations_say_authentication_is_optional(schema):
    """Public reads list the empty security requirement; staff writes do not."""
    security = {(m, p): o.get("security", []) for m, p, o in _operations(schema)}
    assert {} in security[("get", "/api/v1/public/tournaments/")]
    assert {} in security[("get", "/api/v1/ratings/lists/")]  # StaffWritePublicRead
    assert {} not in security[("post", "/api/v1/ratings/periods/")]
    assert {} not in security[("get", "/api/v1/jobs/")]


@pytest.mark.django_db
def test_unmatched_api_url_answers_404_in_the_error_shape(api_client):
    """A path the router does not match (``1.5`` is no id) is JSON under /api/, not HTML."""
    response = api_client.get("/api/v1/public/players/1.5/")
    assert_error(response, 404, "not_found")
    assert response["Content-Type"].startswith("application/json")


@pytest.mark.django_db
def test_unmatched_url_outside_the_api_keeps_djangos_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def test_a_value_out_of_the_columns_range_is_bad_input_not_an_outage():
    """A DataError (e.g. PostgreSQL 'integer out of range') is a 400, not 503."""
    response = api_exception_handler(DataError("integer out of range"), {})
    assert response.status_code == 400
    assert response.data["error"]["code"] == "invalid"
