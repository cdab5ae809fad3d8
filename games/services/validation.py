"""Validation of a record: its inputs and their key, the job that validates it, the report
copied onto the record (derived data: no history row, no version bump)."""

from __future__ import annotations

import hashlib
import json

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.jobs import start_job
from games import cache_scopes, engine
from games import official as official_rules
from games.models import GameRecord, ValidationStatus
from games.services._base import VALIDATE_JOB, VALIDATION_OUTPUTS, Progress


def _declared_result(game: GameRecord) -> str:
    if game.decision:
        return engine.result_of_decision(game.decision) or ""
    return game.declared_score


DEFAULT_NO_CAPTURE_LIMIT = 50  # Điều 12 of the 2004 law


def validation_inputs(game: GameRecord) -> dict:
    inputs = {"discipline": game.discipline, "moves_text": game.moves_text,
              "start_fen": game.start_fen, "notation": game.notation,
              "declared_result": _declared_result(game), "declared_reason": game.decision_reason,
              "no_capture_limit": no_capture_limit_of(game)}
    if game.final_phase_ply:  # Điều 10.1.2 (only when recorded: other keys stay as they were)
        inputs["final_phase_ply"] = game.final_phase_ply
    return inputs


def no_capture_limit_of(game: GameRecord) -> int:
    """Điều 12's no-capture limit set by the game's tournament (50 for standalone games)."""
    if game.pairing is None:
        return DEFAULT_NO_CAPTURE_LIMIT
    return game.pairing.round.tournament.no_capture_move_limit


def validation_key(game: GameRecord) -> str:
    """sha256 of the validation inputs: equal keys give equal stored validation states."""
    text = json.dumps(validation_inputs(game), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _reset_validation(game: GameRecord) -> None:
    GameRecord.objects.filter(pk=game.pk).update(validation_status=ValidationStatus.PENDING)
    cache_scopes.touch()
    game.validation_status = ValidationStatus.PENDING


def start_validation(game: GameRecord, *, user=None):
    """Queue the validation job of the record's current inputs (idempotent per inputs)."""
    key = f"{VALIDATE_JOB}:{game.pk}:{validation_key(game)}:{game.version}"
    return start_job(VALIDATE_JOB,
                     params={"game_id": game.pk}, key=key, user=user)


def apply_report(game: GameRecord, report: dict) -> None:
    """Copy a chessrules report onto the record (no save).

    Status: an unreadable or illegal move makes the record invalid; a legal record whose
    declared result or reason disagrees with the board, or that carries warnings, is "valid
    with warnings" (the moves stand; the arbiter must look at the result).
    """
    problems = list(report.get("problems") or [])
    warnings = list(report.get("warnings") or [])
    _apply_repetition_proposals(game, list(report.get("repetition_rulings") or []), warnings)
    if report.get("error"):
        status = ValidationStatus.INVALID
    elif problems or warnings:
        status = ValidationStatus.WARNINGS
    else:
        status = ValidationStatus.VALID
    ending = report.get("ending") or {}
    game.validation_status = status
    game.validation_error = report.get("error")
    game.validation_flags = report.get("flags") or {}
    game.validation_warnings = warnings
    game.validation_consistency = {
        "consistent": bool(report.get("consistent", not problems)), "problems": problems,
        "declared_result": report.get("declared_result"),
        "declared_reason": report.get("declared_reason"),
        "board_winner": ending.get("winner"), "notation_read": report.get("notation", "")}
    game.moves_normalised = list(report.get("moves") or [])
    game.moves_federation = list(report.get("moves_vn") or [])
    game.final_fen = report.get("final_fen") or ""
    game.ending = "" if ending.get("type") in (None, "none") else ending["type"]
    game.validated_at = timezone.now()


def _apply_repetition_proposals(game: GameRecord, proposals: list, warnings: list) -> None:
    """Store the proposed repetition rulings (Điều 23-24) as evidence. A signed record (or
    one of a certified tournament) is an official record: its stored proposals are never
    replaced silently; a different new reading is only reported in the warnings, and the
    record must be corrected with a reason to take it (docs/official-records.md)."""
    if proposals == list(game.repetition_proposals or []):
        return
    if game.pk and official_rules.signed_record(game):
        warnings.append(_("Đề xuất xử lặp mới khác đề xuất đã lưu; biên bản là hồ sơ chính "
                          "thức nên giữ nguyên (sửa biên bản có ghi lý do để cập nhật)."))
        return
    game.repetition_proposals = proposals


def validate_game_work(params: dict, progress: Progress) -> dict:
    """Job work: validate one record and store the outcome (idempotent, safe to retry).

    The report is computed outside the transaction (pure CPU); it is stored only if the
    record's inputs are still those that were validated, so a stale job never overwrites the
    result of a newer edit.
    """
    game = GameRecord.objects.filter(pk=params["game_id"]).first()
    if game is None:
        return {"game_id": params["game_id"], "status": "deleted"}
    key = validation_key(game)
    if game.validated_input == key and game.validation_status != ValidationStatus.PENDING:
        return _summary(game, reused=True)
    progress(10, _("Đang kiểm tra nước đi"))
    report = engine.validate(**validation_inputs(game))
    progress(80, _("Đang lưu kết quả"))
    with transaction.atomic():
        game = GameRecord.objects.select_for_update().get(pk=game.pk)
        if validation_key(game) != key:
            return {"game_id": game.pk, "status": "superseded"}
        apply_report(game, report)
        game.validated_input = key
        # update(), not save(): derived data, no history row and no version bump
        GameRecord.objects.filter(pk=game.pk).update(
            **{name: getattr(game, name) for name in VALIDATION_OUTPUTS})
        cache_scopes.touch()
    return _summary(game)


def _summary(game: GameRecord, *, reused: bool = False) -> dict:
    return {"game_id": game.pk, "status": game.validation_status,
            "error": game.validation_error, "ending": game.ending, "reused": reused}
