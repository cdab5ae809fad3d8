"""Helpers importable by every test module (``from tests.helpers import ...``)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


def shared_path(*parts: str) -> Path:
    """A path under ../shared, or skip the test with a clear message when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} not present: the full real-data set lives in ../shared (CI has it)")
    return path


def client_for(user):
    """An API client authenticated as ``user``."""
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    return client


def assert_error(response, status: int, code: str | None = None, field: str | None = None):
    """Assert the service's error shape: {"error": {"code", "message", "fields"}}."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    body = response.json()
    assert set(body) == {"error"}, body
    error = body["error"]
    assert error["message"], body
    if code is not None:
        assert error["code"] == code, body
    if field is not None:
        assert field in error["fields"], body
    return error


#: the consent an API application carries (Nghị định 13/2023/NĐ-CP Điều 11; issue 31)
CONSENT = {"given_by": "Người xin gia nhập", "relation": "self"}
