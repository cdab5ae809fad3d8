"""Writes of the games app: records, validation, decisions, signatures, faults, PGN import.

Every write is transactional; writes that can meet a concurrent writer lock the record
(``select_for_update``) and compare the client's ``expected_version`` (optimistic
concurrency, 409 on a stale version). Validation results are derived data: storing them does
not bump ``version`` (a client editing the record is not made stale by the worker).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from chessrules import values
from chessrules.values import INFRACTION_ARTICLES, Infraction, Sanction, next_sanction
from core.errors import ConflictError, NotAllowedError, ServiceError
from core.jobs import start_job
from games import cache_scopes, engine, penalty_effects, selectors, selectors_phase
from games import official as official_rules
from games.models import (
    AUTO_NOTATION,
    Decision,
    FaultKind,
    GameFault,
    GamePenalty,
    GameRecord,
    GameUpload,
    GameWarning,
    MoveLimitClaim,
    PenaltyKind,
    Side,
    ValidationStatus,
    WarningReason,
)
from tournaments import services as tournament_services
from tournaments.models import AnnulledGame, Pairing

Progress = Callable[[float, str], None]

#: the job kinds of this app (games/jobs.py registers them)
VALIDATE_JOB = "games.validate"
IMPORT_PGN_JOB = "games.import_pgn"

#: Fields a client may set when creating or editing a record.
EDITABLE_FIELDS = (
    "pairing", "discipline", "white", "black", "white_name", "black_name", "event_name",
    "played_on", "round_number", "board_number", "start_fen", "moves_text", "notation",
    "declared_score", "white_time_used", "black_time_used",
)
#: Fields that feed validation: changing one of them makes the stored validation stale.
VALIDATION_INPUTS = ("discipline", "start_fen", "moves_text", "notation", "declared_score",
                     "decision", "decision_reason")

#: Fields the validation job writes (derived from the inputs; not in the history).
VALIDATION_OUTPUTS = ("validation_status", "validation_error", "validation_flags",
                      "validation_warnings", "validation_consistency", "moves_normalised",
                      "moves_federation", "final_fen", "ending", "validated_at",
                      "validated_input", "repetition_proposals")

FAULTS_TO_LOSE = 3  # Điều 7.1n (three technical or three conduct faults), 7.1m / 11.3b


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


def _check_may_write(user, game: GameRecord) -> None:
    if not selectors.may_arbitrate(user, game):
        raise NotAllowedError(_("Bạn không phải trọng tài của giải có ván đấu này."))
    _check_tournament_open(game)


def _check_tournament_open(game: GameRecord) -> None:
    """No record is added to, decided or signed in a certified tournament (official record)
    until federation staff reopen it with a reason."""
    if game.pairing is not None and game.pairing.round.tournament.status == "certified":
        raise ServiceError(_("Giải đã được công nhận kết quả và bị khóa; không thêm hay sửa "
                             "biên bản được cho đến khi cán bộ Liên đoàn mở lại giải (có lý "
                             "do)."), field="pairing", code="locked")


def _lock(game: GameRecord, expected_version: int | None) -> GameRecord:
    locked = GameRecord.objects.select_for_update().get(pk=game.pk)
    if expected_version is not None and locked.version != expected_version:
        raise ConflictError(
            _("Biên bản đã được sửa (phiên bản %(now)s, bạn gửi %(sent)s); hãy tải lại.")
            % {"now": locked.version, "sent": expected_version},
            field="version", code="stale_version")
    return locked


# --- validation ----------------------------------------------------------------------------

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


# --- decision, signatures ------------------------------------------------------------------

@transaction.atomic
def decide(game: GameRecord, *, decision: str, reason: str, user,
           expected_version: int | None) -> tuple[GameRecord, Any]:
    """Record the arbiter's decision (Phụ lục 4; Điều 7) and the pairing's result.

    A decision that conflicts with the result already entered for the pairing is refused
    (409) with the result and where it came from; the pairing's result is written through
    ``tournaments.services.record_result`` so both stay consistent.
    """
    game = _lock(game, expected_version)
    _check_may_write(user, game)
    if decision not in Decision.values:
        raise ServiceError(_("Phán quyết không hợp lệ."), field="decision")
    if decision == Decision.ANNULLED:
        return _annul(game, reason, user=user), None
    if reason not in engine.DECISION_REASONS:
        raise ServiceError(_("Lý do phán quyết không có trong danh mục (Điều 7)."),
                           field="reason", code="unknown_reason")
    _check_reason_fits(game.discipline, decision, reason)
    if game.arbiter_signed_at and (game.decision, game.decision_reason) != (decision, reason):
        raise ConflictError(_("Biên bản đã được trọng tài xác nhận; không đổi phán quyết được."),
                            code="record_confirmed")
    if game.pairing_id:
        _record_pairing_result(game, game.pairing_id, decision, user=user)
    before = validation_key(game)
    game.decision, game.decision_reason = decision, reason
    game.decided_by, game.decided_at = user, timezone.now()
    if (game.proposed_decision, game.proposed_reason) == (decision, reason):
        game.proposed_decision = game.proposed_reason = ""
    game.version += 1
    game.save()
    cache_scopes.touch()
    job = None
    if validation_key(game) != before:
        _reset_validation(game)
        job = start_validation(game, user=user)
    return game, job


def _annul(game: GameRecord, reason: str, *, user) -> GameRecord:
    """Điều 9.9a-b: the arbiter annuls the game of this record and it is replayed, through
    ``tournaments.services.annul_and_replay`` (which refuses a board whose result stands,
    9.9d); ``detach_annulled_record`` then moves this record off the board."""
    if reason not in AnnulledGame.Reason.values:
        raise ServiceError(_("Hủy ván khi xếp quân sai (Điều 9.9a) hoặc đi nhầm màu quân "
                             "(Điều 9.9b)."), field="reason", code="reason_not_applicable")
    if game.pairing is None:
        raise ServiceError(_("Biên bản không thuộc cặp đấu nào: không có ván để đấu lại."),
                           field="decision", code="no_pairing")
    if game.arbiter_signed_at:
        raise ConflictError(_("Biên bản đã được trọng tài xác nhận: ván có hiệu lực, không đánh "
                              "lại (Điều 9.9d)."), code="record_confirmed")
    tournament_services.annul_and_replay(game.pairing, user=user, reason=reason)
    return GameRecord.objects.get(pk=game.pk)


def detach_annulled_record(pairing, annulled: AnnulledGame) -> None:
    """Registered with ``tournaments.services.annulment.ANNUL_HOOKS``: the annulled game's
    record leaves the board (the replay gets a record of its own), decided "annulled" with
    the reason, linked to the annulment. Never deleted (official record)."""
    record = GameRecord.objects.select_for_update().filter(pairing=pairing).first()
    if record is None:
        return
    record.pairing, record.annulment = None, annulled
    record.decision, record.decision_reason = Decision.ANNULLED, annulled.reason
    record.decided_by, record.decided_at = annulled.annulled_by, timezone.now()
    record.proposed_decision = record.proposed_reason = ""
    record.version += 1
    record._change_reason = str(annulled.get_reason_display())[:100]
    record.save()
    cache_scopes.touch()


def _check_notation_fits(discipline: str, notation: str) -> None:
    """The notation is detected or one of the discipline's (``chessrules.values.Discipline``):
    a notation of only the other discipline is refused."""
    users = [d for d in values.Discipline if notation in d.notations]
    if len(users) == 1 and users[0] != discipline:
        raise ServiceError(_("Cách ghi này chỉ dùng cho %(discipline)s.")
                           % {"discipline": _(users[0].label).lower()}, field="notation")


def _check_reason_fits(discipline: str, decision: str, reason: str) -> None:
    """The reason must apply to the discipline (e.g. perpetual check is a xiangqi rule) and to
    the kind of decision: a draw reason (Điều 7.2) for a draw, a win reason (7.1) otherwise."""
    outcome = engine.DECISION_REASONS[reason].outcome.get(discipline)
    if outcome is None:
        raise ServiceError(_("Lý do này không áp dụng cho môn này."), field="reason",
                           code="reason_not_applicable")
    if (outcome == "draw") != (decision == Decision.DRAW):
        raise ServiceError(
            _("Lý do “%(reason)s” không khớp với phán quyết “%(decision)s”.")
            % {"reason": engine.reason_label(reason),
               "decision": Decision(decision).label}, field="reason",
            code="reason_mismatch")


def _record_pairing_result(game: GameRecord, pairing_id: int, decision: str, *, user
                           ) -> None:
    """Write the decision's result on the pairing, or refuse (409) when the pairing already
    holds another result: the arbiter corrects the pairing's result first (tournaments API,
    audited there), then the record's decision agrees with it."""
    pairing = Pairing.objects.select_for_update().get(pk=pairing_id)
    result = engine.pairing_result_of_decision(decision)
    if pairing.result == result:
        return
    follows_record = bool(game.decision) and \
        pairing.result == engine.pairing_result_of_decision(game.decision)
    if follows_record:  # the arbiter changes his own decision: the board result follows
        tournament_services.record_result(pairing, result, user=user,
                                          expected_version=pairing.version,
                                          source=REDECISION_SOURCE)
        return
    if pairing.result:
        raise ConflictError(
            _("Cặp đấu đã có kết quả %(result)s khác với phán quyết của biên bản (%(mine)s); "
              "hãy sửa kết quả của cặp đấu trước.") % {"result": pairing.result, "mine": result},
            field="decision", code="result_conflict")
    tournament_services.record_result(pairing, result, user=user,
                                      expected_version=pairing.version, source=RESULT_SOURCE)


RESULT_SOURCE = "game_record"
REDECISION_SOURCE = "game_record_correction"


def guard_pairing_result(pairing, value: str, source: str) -> None:
    """Registered with ``tournaments.services.results.RESULT_GUARDS``: once a record is
    decided, the board result follows the record. Another result is refused (409, naming
    the record) until the record is corrected (``correct_record``, with a reason) and
    decided again."""
    if source in (RESULT_SOURCE, REDECISION_SOURCE):
        return
    conflict = selectors.decision_conflict(pairing, value)
    if conflict:
        raise ConflictError(conflict, field="result", code="record_decided")


@transaction.atomic
def correct_record(game: GameRecord, *, user, reason: str,
                   expected_version: int | None = None) -> GameRecord:
    """Open a signed record for correction, with a reason (Điều 11, 13): the signatures are
    removed (the decision stays until the arbiter decides again, then everyone signs
    again) and the reason goes into the record's history. Not on a certified tournament."""
    if not (reason or "").strip():
        raise ServiceError(_("Cần ghi lý do sửa biên bản."), field="reason")
    game = _lock(game, expected_version)
    _check_may_write(user, game)
    if not game.arbiter_signed_at:
        raise ServiceError(_("Biên bản chưa được trọng tài ký; sửa trực tiếp được."),
                           code="not_signed")
    game.arbiter_signed_at = game.arbiter_signed_by = None
    game.white_signed_at = game.black_signed_at = None
    game.version += 1
    game._change_reason = reason.strip()[:100]  # simple_history keeps it with the change
    game.save()
    cache_scopes.touch()
    return game


@transaction.atomic
def confirm_proposal(game: GameRecord, *, user, expected_version: int | None):
    """The arbiter confirms the decision the faults log proposed (Điều 7.1m, 7.1n)."""
    locked = _lock(game, expected_version)
    if not locked.proposed_decision:
        raise ConflictError(_("Không có phán quyết nào đang được đề xuất."), code="no_proposal")
    return decide(locked, decision=locked.proposed_decision, reason=locked.proposed_reason,
                  user=user, expected_version=locked.version)


@transaction.atomic
def sign(game: GameRecord, *, who: str, user, expected_version: int | None) -> GameRecord:
    """Record a signature (Điều 11.1b, 13.1): the arbiter signs after deciding; the players
    sign the record after the arbiter's decision. Signing twice keeps the first time."""
    game = _lock(game, expected_version)
    _check_may_write(user, game)
    now = timezone.now()
    if who == "arbiter":
        if not game.decision:
            raise ServiceError(_("Trọng tài phải ghi phán quyết trước khi ký."),
                               field="who", code="no_decision")
        game.arbiter_signed_at = game.arbiter_signed_at or now
        game.arbiter_signed_by = game.arbiter_signed_by or user
    elif who in (Side.WHITE, Side.BLACK):
        if not game.decision:
            raise ServiceError(_("Đấu thủ ký sau khi trọng tài ghi phán quyết (Điều 11.1b)."),
                               field="who", code="no_decision")
        field = f"{who}_signed_at"
        setattr(game, field, getattr(game, field) or now)
    else:
        raise ServiceError(_("Người ký phải là white, black hoặc arbiter."), field="who")
    game.version += 1
    game.save()
    cache_scopes.touch()
    return game


# --- faults --------------------------------------------------------------------------------

@transaction.atomic
def add_fault(game: GameRecord, *, side: str, kind: str, user, article: str = "",
              note: str = "", ply: int | None = None,
              scoresheet_omission: bool = False) -> GameFault:
    """Log a fault (Điều 9, 11.3b, 15.7, 16.3); the third of a kind proposes the loss.

    Three technical or three conduct faults lose (Điều 7.1n); three omissions of four
    consecutive moves from the score sheet lose (Điều 7.1m, 11.3b). The loss is proposed to
    the arbiter, who confirms it (``confirm_proposal``); when both players reached the limit
    the proposal is "both lose".
    """
    game = _lock(game, None)
    _check_may_write(user, game)
    if side not in Side.values:
        raise ServiceError(_("Bên phạm lỗi phải là white hoặc black."), field="side")
    if kind not in FaultKind.values:
        raise ServiceError(_("Loại lỗi phải là technical hoặc conduct."), field="kind")
    if scoresheet_omission and kind != FaultKind.TECHNICAL:
        raise ServiceError(_("Sót 4 nước trên biên bản là lỗi kỹ thuật (Điều 16.3)."),
                           field="scoresheet_omission")
    if scoresheet_omission and selectors_phase.in_phase(game, ply):
        raise ServiceError(_("Nửa nước %(ply)s thuộc giai đoạn cuối: biên bản do đại diện trọng "
                             "tài ghi, đấu thủ được miễn ghi (Điều 10.1.2).") % {"ply": ply},
                           field="ply", code="in_final_phase")
    chess = values.Discipline(game.discipline) is values.Discipline.CHESS
    if kind == FaultKind.ILLEGAL_MOVE and not chess:
        raise ServiceError(_("Nước đi không hợp lệ được xử theo Luật Cờ Vua 7.4b; cờ tướng ghi "
                             "lỗi kỹ thuật (Điều 9, 16.3)."), field="kind",
                           code="kind_not_applicable")
    fault = GameFault.objects.create(
        game=game, side=side, kind=kind, article=article or _default_article(kind,
                                                                             scoresheet_omission),
        note=note, ply=ply, scoresheet_omission=scoresheet_omission, recorded_by=user)
    proposal = selectors.fault_proposal(game)
    if kind == FaultKind.ILLEGAL_MOVE and not _loses(proposal, side):
        # 7.4b (002) / FIDE 7.5.5: below the limit the opponent gets two minutes
        GamePenalty.objects.create(
            game=game, side=side, kind=PenaltyKind.ADD_TIME,
            minutes=values.ILLEGAL_MOVE_MINUTES, fault=fault, article=fault.article, ply=ply,
            note=_("Nước đi không hợp lệ: đối phương được thêm %(m)s phút.")
            % {"m": values.ILLEGAL_MOVE_MINUTES}, recorded_by=user)
    if proposal and not game.decision and proposal != (game.proposed_decision,
                                                       game.proposed_reason):
        game.proposed_decision, game.proposed_reason = proposal
        game.version += 1
        game.save(update_fields=["proposed_decision", "proposed_reason", "version",
                                 "updated_at"])
    else:
        GameRecord.objects.filter(pk=game.pk).update(version=F("version") + 1)
    cache_scopes.touch()
    return fault


def _default_article(kind: str, omission: bool) -> str:
    if omission:
        return "11.3b"
    if kind == FaultKind.ILLEGAL_MOVE:
        return "7.4b"  # Luật Cờ Vua (002); FIDE Laws 7.5
    return "16.3" if kind == FaultKind.TECHNICAL else "15.7"


def _loses(proposal: tuple[str, str] | None, side: str) -> bool:
    """The proposal makes ``side`` lose (its opponent wins, or both lose)."""
    if proposal is None:
        return False
    winner = Decision.BLACK_WINS if side == Side.WHITE else Decision.WHITE_WINS
    return proposal[0] in (winner, Decision.BOTH_LOSE)


# --- the chess arbiter's penalties (Luật Cờ Vua 13.4 in 002; FIDE Laws 12.9) ---------------

#: Bounds on a time penalty's minutes (the API and admin say so).
PENALTY_MINUTES_MAX = 60


@transaction.atomic
def add_penalty(game: GameRecord, *, side: str, kind: str, user, minutes: int | None = None,
                article: str = "", note: str = "", ply: int | None = None, points=None
                ) -> tuple[GamePenalty, GameRecord]:
    """Record a penalty of the chess arbiter (Luật Cờ Vua 13.4 in 002: "Trọng tài có thể áp
    dụng một hoặc nhiều hình phạt"; FIDE Laws 12.9): (a) a warning, (b) minutes added to
    the opponent, (c) minutes taken from the offender, (d) the game declared lost — decided
    at once with the reason ``arbiter_penalty`` and written on the board's result — (e)
    points of the game reduced (to ``points``), (f) the opponent's raised, (g) expulsion;
    (e)-(g) are carried out on the event by ``games.penalty_effects``.
    Xiangqi games follow Điều 16's ladder (``add_warning``/``add_fault``) instead."""
    game = _lock(game, None)
    _check_may_write(user, game)
    if values.Discipline(game.discipline) is not values.Discipline.CHESS:
        raise ServiceError(_("Hình phạt theo Luật Cờ Vua 13.4 chỉ dùng cho ván cờ vua; cờ tướng "
                             "dùng nhắc nhở, cảnh cáo và lỗi (Điều 16)."), field="kind",
                           code="kind_not_applicable")
    if side not in Side.values:
        raise ServiceError(_("Bên bị phạt phải là white hoặc black."), field="side")
    if kind not in PenaltyKind.values:
        raise ServiceError(_("Hình phạt không có trong Luật Cờ Vua 13.4."), field="kind")
    takes_minutes = values.ChessPenalty(kind).takes_minutes
    if takes_minutes and not (minutes and 1 <= minutes <= PENALTY_MINUTES_MAX):
        raise ServiceError(_("Cần số phút từ 1 đến %(max)s cho hình phạt về thời gian (Luật Cờ "
                             "Vua 13.4b-c).") % {"max": PENALTY_MINUTES_MAX}, field="minutes")
    if minutes is not None and not takes_minutes:
        raise ServiceError(_("Chỉ hình phạt về thời gian có số phút."), field="minutes")
    if game.decision and kind == PenaltyKind.LOSS:
        raise ConflictError(_("Ván đã có phán quyết; sửa biên bản trước khi xử thua."),
                            code="already_decided")
    points = penalty_effects.check_points(kind, points)
    penalty = GamePenalty.objects.create(
        game=game, side=side, kind=kind, minutes=minutes, article=article or "13.4",
        note=note, ply=ply, recorded_by=user, points=points)
    penalty_effects.apply(game, penalty, user=user)  # 13.4e-g on the event
    GameRecord.objects.filter(pk=game.pk).update(version=F("version") + 1)
    game.refresh_from_db()
    if kind == PenaltyKind.LOSS:
        winner = Decision.BLACK_WINS if side == Side.WHITE else Decision.WHITE_WINS
        game, _job = decide(game, decision=winner, reason=engine.REASON_ARBITER_PENALTY,
                            user=user, expected_version=game.version)
    cache_scopes.touch()
    return penalty, game


# --- reminders and cautions ---------------------------------------------------------------

#: Bound on a warning's note (the API and admin say so).
WARNING_NOTE_MAX = 1000


@transaction.atomic
def add_warning(game: GameRecord, *, side: str, reason: str, user, note: str = "",
                ply: int | None = None, decide_loss: bool = True
                ) -> tuple[GameWarning, GameRecord]:
    """Record a reminder or caution (Điều 16.1a-b) and apply the ladder of its article.

    The step follows from how many times this player was already dealt with for the same
    infraction in this game (``chessrules.values.LADDERS``): Điều 9.6 (accidental touch:
    reminder, caution, then treated as an intentional touch), 9.8 (piece dropped between
    points: reminder, then a technical fault), 15.7b (conduct: caution, then a conduct fault),
    16.1 (other: reminder, then caution). A fault goes through :func:`add_fault`; when it is
    the player's third of a kind (Điều 7.1n, 20.4 b.9 "xử thua ván cờ khi phạm 3 lỗi kỹ
    thuật hay 3 lỗi tác phong") the loss is decided at once (``decide_loss``), which writes
    the board's result through ``tournaments.services.record_result`` (its RESULT_GUARDS
    and official-record rules apply). Returns the warning and the record as it now is.
    """
    game = _lock(game, None)
    _check_may_write(user, game)
    infraction = _infraction(side, reason, note)
    if game.arbiter_signed_at:
        raise ConflictError(_("Biên bản đã được trọng tài xác nhận; không ghi thêm nhắc nhở, "
                              "cảnh cáo."), code="record_confirmed")
    previous = GameWarning.objects.filter(game=game, side=side, reason=reason).count()
    step = next_sanction(infraction, previous)
    article = INFRACTION_ARTICLES[infraction]
    fault = None
    if step.is_fault:
        kind = FaultKind.TECHNICAL if step == Sanction.TECHNICAL_FAULT else FaultKind.CONDUCT
        fault = add_fault(game, side=side, kind=kind, user=user, article=article, ply=ply,
                          note=_("Tái phạm sau nhắc nhở/cảnh cáo (Điều %(a)s)") % {"a": article}
                          + (f". {note}" if note else ""))
    else:
        GameRecord.objects.filter(pk=game.pk).update(version=F("version") + 1)
    warning = GameWarning.objects.create(
        game=game, side=side, reason=reason, level="" if fault else step.value, fault=fault,
        article=article, ply=ply, note=note, recorded_by=user)
    game.refresh_from_db()
    if fault is not None and decide_loss and game.proposed_decision and not game.decision:
        game, _job = confirm_proposal(game, user=user, expected_version=game.version)
    cache_scopes.touch()
    return warning, game


def _infraction(side: str, reason: str, note: str) -> Infraction:
    if side not in Side.values:
        raise ServiceError(_("Bên bị nhắc nhở phải là white hoặc black."), field="side")
    if reason not in WarningReason.values:
        raise ServiceError(_("Vi phạm phải là một trong: %(v)s.")
                           % {"v": ", ".join(WarningReason.values)}, field="reason")
    if len(note or "") > WARNING_NOTE_MAX:
        raise ServiceError(_("Ghi chú tối đa %(n)d ký tự.") % {"n": WARNING_NOTE_MAX},
                           field="note")
    return Infraction(reason)


# --- Điều 12b: a false claim of the no-capture draw ---------------------------------------

#: Điều 12b: "tăng thêm thời gian 2 phút cho đối phương".
FALSE_CLAIM_MINUTES = 2


@transaction.atomic
def add_false_move_limit_claim(game: GameRecord, *, side: str, ply: int, user,
                               note: str = "") -> MoveLimitClaim:
    """Record a false claim of the Điều 12 draw made by ``side`` after ``ply`` half-moves:
    the opponent gets 2 minutes (12b) and the game goes on.

    Checked against the record: the moves up to ``ply`` must be in it (validated), and the
    claim is refused as correct when ``no_capture_move_limit`` moves without a capture had
    been played by then (12a: the arbiter rules a draw with reason ``fifty_moves`` instead).
    Xiangqi only: the chess claim (002 Điều 9.3, 9.5) is another rule."""
    game = _lock(game, None)
    _check_may_write(user, game)
    if side not in Side.values:
        raise ServiceError(_("Bên đề nghị phải là white hoặc black."), field="side")
    if game.arbiter_signed_at:
        raise ConflictError(_("Biên bản đã được trọng tài xác nhận; không ghi thêm."),
                            code="record_confirmed")
    if len(note or "") > WARNING_NOTE_MAX:
        raise ServiceError(_("Ghi chú tối đa %(n)d ký tự.") % {"n": WARNING_NOTE_MAX},
                           field="note")
    if game.discipline != values.Discipline.XIANGQI:
        raise ServiceError(_("Điều 12 là luật cờ tướng; đề nghị hòa cờ vua theo Điều 9.3, 9.5 "
                             "(Luật Cờ Vua) chưa ghi ở đây."), field="game",
                           code="not_applicable")
    moves = list(game.moves_normalised or [])
    if game.validation_status == ValidationStatus.INVALID or (game.moves_text and not moves):
        raise ServiceError(_("Biên bản chưa được kiểm tra hợp lệ: chưa đếm được số nước."),
                           field="ply", code="not_validated")
    if not 1 <= ply <= len(moves):
        raise ServiceError(_("Nửa nước %(ply)s không có trong biên bản (có %(n)s nửa nước).")
                           % {"ply": ply, "n": len(moves)}, field="ply")
    limit = no_capture_limit_of(game)
    reached, counted = engine.move_limit_at(game.start_fen, moves, ply, limit)
    if reached:
        raise ServiceError(_("Đề nghị đúng: đã có %(limit)s nước không ăn quân (Điều 12a); "
                             "trọng tài xử hòa (lý do fifty_moves), không phạt.")
                           % {"limit": limit}, field="ply", code="claim_correct")
    claim = MoveLimitClaim.objects.create(
        game=game, side=side, ply=ply, counted=counted, limit=limit,
        minutes_to_opponent=FALSE_CLAIM_MINUTES, note=note or "",
        recorded_by=user if getattr(user, "is_authenticated", False) else None)
    GameRecord.objects.filter(pk=game.pk).update(version=F("version") + 1)
    cache_scopes.touch()
    return claim


# --- PGN upload ----------------------------------------------------------------------------

@transaction.atomic
def start_upload(*, user, content: str, file_name: str = "", tournament=None,
                 round_number: int | None = None, keep_valid: bool = False,
                 notation: str = AUTO_NOTATION, event_name: str = ""):
    """Store an uploaded PGN file and start its import job (one job for the whole file)."""
    if not content.strip():
        raise ServiceError(_("Tệp PGN rỗng."), field="file", code="empty_file")
    if tournament is not None and not selectors.may_arbitrate_tournament(user, tournament):
        raise NotAllowedError(_("Bạn không phải trọng tài của giải này."))
    if tournament is not None and tournament.status == "certified":
        raise ServiceError(_("Giải đã được công nhận kết quả và bị khóa; không thêm biên bản "
                             "được cho đến khi giải được mở lại."), field="tournament",
                           code="locked")
    if tournament is None and not (user and user.is_staff):
        if not selectors.is_arbiter(user):
            raise NotAllowedError(_("Chỉ trọng tài hoặc cán bộ liên đoàn được tải ván đấu."))
    if round_number is not None and tournament is None:
        raise ServiceError(_("Chọn giải của vòng đấu."), field="tournament")
    _check_game_count(content)
    upload = GameUpload.objects.create(
        tournament=tournament, round_number=round_number, content=content,
        discipline=tournament.discipline if tournament is not None else "",
        file_name=file_name[:200], keep_valid=keep_valid, notation=notation,
        event_name=event_name, uploaded_by=user if user and user.is_authenticated else None)
    job = start_job(IMPORT_PGN_JOB, params={"upload_id": upload.pk},
                    key=f"{IMPORT_PGN_JOB}:{upload.pk}", user=user)
    GameUpload.objects.filter(pk=upload.pk).update(job=job)
    upload.job = job
    return upload, job


def _check_game_count(content: str) -> None:
    """At most PGN_UPLOAD_MAX_GAMES games per upload (issue 14: a 50 MB file kept a worker
    at 1.28 GB for ever); 400 naming the limit."""
    limit = settings.PGN_UPLOAD_MAX_GAMES
    if engine.count_pgn_games(content, stop_after=limit + 1) > limit:
        raise ServiceError(_("Tệp PGN có hơn %(limit)s ván: mỗi lần tải tối đa %(limit)s ván; "
                             "hãy chia tệp.") % {"limit": limit}, field="file",
                           code="too_many_games")


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
