"""Issue 18: every API operation has a description of what it does (not only its viewset's
text) and documents the error statuses it can answer."""

from __future__ import annotations

from collections import defaultdict

import pytest
from drf_spectacular.generators import SchemaGenerator

from core.schema import ACTION_SENTENCES

METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def operations() -> list[tuple[str, str, dict]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [(method, path, operation) for path, item in schema["paths"].items()
            for method, operation in item.items() if method in METHODS]


def test_every_operation_has_a_description(operations):
    missing = [f"{method.upper()} {path}" for method, path, operation in operations
               if len((operation.get("description") or "").strip()) < 20]
    assert not missing, "operations with no description:\n" + "\n".join(missing)


def test_no_two_paths_share_a_description(operations):
    """A description shared by two paths is the viewset's text only: the action says nothing
    of its own (GET and POST of one path may share one that names both)."""
    paths_of = defaultdict(set)
    for _method, path, operation in operations:
        paths_of[operation["description"]].add(path)
    shared = {text[:80]: sorted(paths) for text, paths in paths_of.items() if len(paths) > 1}
    assert not shared, shared


def test_standard_actions_start_with_what_they_do(operations):
    by_key = {(method, path): op["description"] for method, path, op in operations}
    assert by_key[("get", "/api/v1/clubs/")].startswith("List clubs, paginated")
    assert by_key[("get", "/api/v1/clubs/{id}/")].startswith("Read one club by its id.")
    assert by_key[("post", "/api/v1/applications/")].startswith(
        "Create a membership application.")
    assert by_key[("get", "/api/v1/public/players/")].startswith("List person")
    sentences = {s.split("{")[0] for s in ACTION_SENTENCES.values()}
    # a custom action keeps its own docstring rather than a standard sentence
    certify = by_key[("post", "/api/v1/tournaments/{id}/certify/")]
    assert certify.startswith("Công nhận kết quả") and not any(
        certify.startswith(s) for s in sentences)


def test_every_operation_lists_its_error_statuses(operations):
    for method, path, operation in operations:
        errors = {code for code in operation["responses"] if code[0] in "45"}
        assert {"401", "403", "429", "503"} <= errors, (method, path, sorted(errors))
        if method != "get":
            assert {"400", "409"} <= errors, (method, path, sorted(errors))
