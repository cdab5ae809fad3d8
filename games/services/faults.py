"""The faults log (Điều 9, 11.3b, 15.7, 16.3), the chess arbiter's penalties (Luật Cờ Vua
13.4), reminders and cautions (Điều 16.1) and false claims of the Điều 12 draw."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from chessrules import values
from chessrules.values import INFRACTION_ARTICLES, Infraction, Sanction, next_sanction
from core.errors import ConflictError, ServiceError
from games import cache_scopes, engine, penalty_effects, selectors, selectors_phase
from games.models import (
    Decision,
    FaultKind,
    GameFault,
    GamePenalty,
    GameRecord,
    GameWarning,
    MoveLimitClaim,
    PenaltyKind,
    Side,
    ValidationStatus,
    WarningReason,
)
from games.services._base import _check_may_write, _lock
from games.services.decisions import confirm_proposal, decide
from games.services.validation import no_capture_limit_of

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
