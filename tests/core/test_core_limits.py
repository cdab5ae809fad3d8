"""Limits with clear errors (issue 14, "Unbounded input"): request body size (413), JSON
nesting depth (400, never a 500), PGN upload size (413) and games per upload (400), and
uploads listed without their per-game reports. Each limit is named in the message."""

from __future__ import annotations

import json

import pytest
from django.test import override_settings

from tests.factories import make_staff
from tests.helpers import client_for

pytestmark = pytest.mark.django_db

NESTED = "[" * 990 + "]" * 990


def _post_raw(client, path, body: str, content_type="application/json"):
    return client.generic("POST", path, body.encode(), content_type=content_type)


def _error(response, status):
    assert response.status_code == status, (response.status_code, response.content[:300])
    error = response.json()["error"]
    assert set(error) >= {"code", "message", "fields"}
    return error


@pytest.mark.parametrize("path", ["/api/v1/auth/token/", "/api/v1/persons/",
                                  "/api/v1/tournament-rounds/1/results/"])
def test_deeply_nested_json_is_a_400_naming_the_limit(api_client, path):
    """990 nested brackets were a RecursionError (500); anonymous clients of a protected
    operation get their 401 first."""
    anonymous = _post_raw(api_client, path, NESTED)
    assert anonymous.status_code in ((400,) if "token" in path else (401,)), anonymous.content
    error = _error(_post_raw(client_for(make_staff("deep")), path, NESTED), 400)
    assert error["code"] == "too_deep" and "32" in error["message"], error


def test_json_nesting_within_the_limit_is_parsed(api_client):
    body = json.dumps({"username": "x", "password": "y", "extra": [[[[1]]]]})
    assert _post_raw(api_client, "/api/v1/auth/token/", body).status_code == 400  # wrong login


@override_settings(API_MAX_BODY_BYTES=1000, DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_json_body_over_the_limit_is_a_413_naming_it(api_client):
    body = json.dumps({"username": "x" * 2000, "password": "y"})
    error = _error(_post_raw(api_client, "/api/v1/auth/token/", body), 413)
    assert error["code"] == "too_large" and "1000" in error["message"], error
    assert "Malformed" not in error["message"]


@override_settings(API_MAX_BODY_BYTES=1000, DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_body_without_content_length_over_the_limit_is_a_413(api_client, monkeypatch):
    from core.parsers import LimitedJSONParser

    class Stream:
        def __init__(self, data):
            self.data = data

        def read(self, size=-1):
            return self.data[:size] if size >= 0 else self.data

    with pytest.raises(Exception) as caught:
        LimitedJSONParser().parse(Stream(b"[" + b"1," * 1000 + b"1]"), "application/json", {})
    assert caught.value.status_code == 413


PGN_GAME = ('[Event "Giải thử"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
            '1. e4 e5 2. Nf3 Nc6 1-0\n\n')


@override_settings(PGN_UPLOAD_MAX_BYTES=2000)
def test_a_pgn_upload_over_the_size_limit_is_a_413_naming_it():
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = client_for(make_staff("uploader"))
    big = PGN_GAME * 40
    as_file = client.post("/api/v1/game-uploads/", {
        "file": SimpleUploadedFile("big.pgn", big.encode())}, format="multipart")
    error = _error(as_file, 413)
    assert error["code"] == "too_large" and "2000" in error["message"]
    assert "file" in error["fields"]
    as_text = client.post("/api/v1/game-uploads/", {"content": big}, format="json")
    assert "content" in _error(as_text, 413)["fields"]


@override_settings(PGN_UPLOAD_MAX_GAMES=5)
def test_a_pgn_upload_with_too_many_games_is_a_400_naming_the_limit():
    from games.models import GameUpload

    client = client_for(make_staff("uploader"))
    error = _error(client.post("/api/v1/game-uploads/", {"content": PGN_GAME * 6},
                               format="json"), 400)
    assert error["code"] == "too_many_games" and "5" in error["message"]
    assert not GameUpload.objects.exists()  # nothing stored, no job
    assert client.post("/api/v1/game-uploads/", {"content": PGN_GAME * 5},
                       format="json").status_code == 202


def test_the_upload_list_is_paginated_and_carries_no_reports():
    from games.models import GameUpload

    staff = make_staff("lister")
    for n in range(3):
        GameUpload.objects.create(content=PGN_GAME, uploaded_by=staff, file_name=f"{n}.pgn",
                                  report={"games": [{"index": i} for i in range(2000)]})
    client = client_for(staff)
    body = client.get("/api/v1/game-uploads/?page_size=2").json()
    assert body["count"] == 3 and len(body["results"]) == 2 and body["next"]
    assert all("report" not in row for row in body["results"])
    detail = client.get(f"/api/v1/game-uploads/{body['results'][0]['id']}/").json()
    assert len(detail["report"]["games"]) == 2000


def test_limit_messages_in_english(api_client):
    response = api_client.generic("POST", "/api/v1/auth/token/", NESTED.encode(),
                                  content_type="application/json", HTTP_ACCEPT_LANGUAGE="en")
    assert _error(response, 400)["message"] == "JSON nested too deep: at most 32 levels."


# --- issue 31 §8: every free text has a length fitting its use ---------------------------------

REGULATION_FIELDS = ["purpose", "host_and_sponsors", "eligibility", "schedule", "title_criteria",
                     "fees", "wildcards", "material_terms", "registration_form",
                     "awards_and_discipline", "prizes"]


def _new_tournament():
    from datetime import date

    from tests.factories.tournaments import create_tournament

    staff = make_staff()
    t = create_tournament(staff, name="Giải giới hạn", system="round_robin", number_of_rounds=3,
                          start_date=date(2026, 6, 1), end_date=date(2026, 6, 3))
    return staff, t


def test_every_text_field_of_the_models_has_a_limit():
    from django.apps import apps
    from django.core.validators import MaxLengthValidator
    from django.db import models

    #: the stored PGN of an upload: bounded by PGN_UPLOAD_MAX_BYTES when it is uploaded
    bounded_elsewhere = {("games", "gameupload", "content")}
    unbounded = []
    for model in apps.get_models():
        if model._meta.app_label not in {"core", "federation", "tournaments", "games",
                                         "ratings", "documents"}:
            continue
        if model._meta.model_name.startswith("historical"):
            continue  # copies of the models' fields (a file's name is text there)
        for field in model._meta.get_fields():
            if not isinstance(field, models.TextField):
                continue
            key = (model._meta.app_label, model._meta.model_name, field.name)
            if key in bounded_elsewhere:
                continue
            has_validator = any(isinstance(v, MaxLengthValidator) for v in field.validators)
            if not field.max_length or not has_validator:
                unbounded.append(key)
    assert not unbounded, unbounded


@pytest.mark.parametrize("field", REGULATION_FIELDS)
def test_a_regulation_text_over_its_limit_is_a_400_naming_the_limit(field):
    from tournaments.models import Tournament

    staff, t = _new_tournament()
    limit = Tournament._meta.get_field(field).max_length
    assert 1000 <= limit <= 10_000
    client = client_for(staff)
    size = 900_000 if field == "prizes" else 100_000
    error = _error(client.patch(f"/api/v1/tournaments/{t.pk}/", {field: "x" * size},
                                format="json"), 400)
    assert f"{limit}" in " ".join(error["fields"][field])
    t.refresh_from_db()
    assert getattr(t, field) == ""
    ok = client.patch(f"/api/v1/tournaments/{t.pk}/", {
        field: "x" * limit, "amendment_reason": "Sửa đổi điều lệ (thử)"}, format="json")
    assert ok.status_code == 200, ok.content[:300]


def test_a_reason_over_its_limit_is_refused_by_the_model_too():
    from django.core.exceptions import ValidationError

    from core import textfields

    _staff, t = _new_tournament()
    t.prizes = "x" * (textfields.LONG_SECTION + 1)
    with pytest.raises(ValidationError) as refused:
        t.full_clean()
    assert str(textfields.LONG_SECTION) in " ".join(refused.value.message_dict["prizes"])
