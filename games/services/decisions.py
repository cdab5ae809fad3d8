"""The arbiter's decision (Phụ lục 4; Điều 7), the annulment of a game (Điều 9.9a-b), the
correction of a signed record and the signatures (Điều 11, 13)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, ServiceError
from games import cache_scopes, engine, selectors
from games.models import Decision, GameRecord, Side
from games.services._base import _check_may_write, _lock
from games.services.validation import _reset_validation, start_validation, validation_key
from tournaments import services as tournament_services
from tournaments.models import AnnulledGame, Pairing

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
