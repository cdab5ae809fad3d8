"""Faults: the database goes away → 503 in the error shape, then recovery (issue 10)."""

import pytest
from django.db import connection

from tests.helpers import assert_error


def test_database_unavailable_gives_503_and_the_service_recovers(transactional_db, api_client):
    if connection.vendor != "postgresql":
        pytest.skip("simulated on PostgreSQL (DATABASE_URL); the test SQLite DB is in memory")
    settings = connection.settings_dict
    saved_port = settings.get("PORT")
    connection.close()
    settings["PORT"] = 1  # nothing listens there: connection refused
    try:
        error = assert_error(api_client.get("/api/v1/decisions/"), 503, "service_unavailable")
        assert "thử lại" in error["message"]
        english = api_client.get("/api/v1/decisions/", HTTP_ACCEPT_LANGUAGE="en")
        assert english.status_code == 503 and english["Retry-After"] == "5"
    finally:
        connection.close()
        settings["PORT"] = saved_port
    assert api_client.get("/api/v1/decisions/").status_code == 200
