"""Records: entered, edited, bulk-inserted and deleted (Điều 11), with the checks of their
fields."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from chessrules import values
from core.errors import ConflictError, NotAllowedError, ServiceError
from games import cache_scopes, selectors
from games.models import GameRecord
from games.services._base import (
    EDITABLE_FIELDS,
    VALIDATION_INPUTS,
    _check_may_write,
    _check_tournament_open,
    _lock,
)
from games.services.validation import _reset_validation, start_validation, validation_key
from tournaments.models import Pairing

# --- records -------------------------------------------------------------------------------

@transaction.atomic
def create_game(*, user, **data) -> tuple[GameRecord, Any]:
    """Enter a score sheet (Điều 11); its validation job starts after commit."""
    game = GameRecord(created_by=user if user and user.is_authenticated else None)
    _apply(game, data)
    _check_consistency(game)
    _check_may_write(user, game)
    game.save()
    cache_scopes.touch()
    return game, start_validation(game, user=user)


@transaction.atomic
def update_game(game: GameRecord, *, user, expected_version: int | None,
                **data) -> tuple[GameRecord, Any]:
    """Edit a record; re-validates when a validation input changed."""
    game = _lock(game, expected_version)
    _check_may_write(user, game)
    if game.arbiter_signed_at and set(data) & set(VALIDATION_INPUTS):
        raise ConflictError(_("Biên bản đã được trọng tài xác nhận; không sửa nước đi hay tỷ "
                              "số được nữa."), code="record_confirmed")
    before = validation_key(game)
    _apply(game, data)
    _check_consistency(game)
    _check_may_write(user, game)  # again: the pairing (so the tournament) may have changed
    game.version += 1
    game.save()
    cache_scopes.touch()
    job = None
    if validation_key(game) != before:
        _reset_validation(game)
        job = start_validation(game, user=user)
    return game, job


def _apply(game: GameRecord, data: dict) -> None:
    unknown = set(data) - set(EDITABLE_FIELDS)
    if unknown:
        raise ServiceError(_("Trường không sửa được: %s") % ", ".join(sorted(unknown)),
                           code="invalid")
    for name, value in data.items():
        setattr(game, name, "" if value is None and name in _TEXT_FIELDS else value)
    if game.pairing_id:
        selectors.fill_from_pairing(game, game.pairing_id)


_TEXT_FIELDS = {"white_name", "black_name", "event_name", "start_fen", "moves_text",
                "declared_score", "notation"}


def check_fields(game: GameRecord) -> None:
    """The checks a record's fields must pass (for forms that want them before saving)."""
    _check_consistency(game)
    _check_tournament_open(game)


def _check_consistency(game: GameRecord) -> None:
    if game.pairing is not None:
        _check_pairing(game, game.pairing)
    _check_notation_fits(game.discipline, game.notation)
    if game.white_id and game.white_id == game.black_id:
        raise ServiceError(_("Một người không thể cầm cả hai màu quân."), field="black")
    for name in ("white_time_used", "black_time_used"):
        value = getattr(game, name)
        if value is not None and value < timedelta(0):
            raise ServiceError(_("Thời gian đã dùng không thể âm."), field=name)


def _check_pairing(game: GameRecord, pairing: Pairing) -> None:
    if pairing.is_bye:
        raise ServiceError(_("Bàn %(b)s là lượt nghỉ, không có ván đấu.") % {"b": pairing.board},
                           field="pairing", code="bye")
    other = GameRecord.objects.filter(pairing=pairing).exclude(pk=game.pk).first()
    if other is not None:
        raise ConflictError(_("Cặp đấu này đã có biên bản (số %(id)s).") % {"id": other.pk},
                            field="pairing", code="already_recorded")


def _check_notation_fits(discipline: str, notation: str) -> None:
    """The notation is detected or one of the discipline's (``chessrules.values.Discipline``):
    a notation of only the other discipline is refused."""
    users = [d for d in values.Discipline if notation in d.notations]
    if len(users) == 1 and users[0] != discipline:
        raise ServiceError(_("Cách ghi này chỉ dùng cho %(discipline)s.")
                           % {"discipline": _(users[0].label).lower()}, field="notation")


def create_games_bulk(records: list[GameRecord]) -> list[GameRecord]:
    """Insert already-validated records in one statement (plus their history rows)."""
    created = bulk_create_with_history(records, GameRecord, batch_size=500)
    cache_scopes.touch()
    return created


@transaction.atomic
def delete_game(game: GameRecord, *, user) -> None:
    """Delete a record entered by mistake: staff only, and never a confirmed record."""
    game = _lock(game, None)
    if not (user and user.is_staff):
        raise NotAllowedError(_("Chỉ cán bộ liên đoàn được xóa biên bản."))
    if game.arbiter_signed_at:
        raise ConflictError(_("Biên bản đã được trọng tài xác nhận; không xóa được."),
                            code="record_confirmed")
    _check_tournament_open(game)  # part of a certified tournament: an official record
    game.delete()
    cache_scopes.touch()
