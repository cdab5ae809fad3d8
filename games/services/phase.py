"""Writes of the Asian time control's final phase (seed 000 Điều 10.1.2).

"Sau đó cứ 5 phút phải đi đủ 10 nước cho đến khi kết thúc ván cờ nhưng đấu thủ được miễn
ghi biên bản. Lúc này biên bản do đại diện trọng tài ghi. Trong khoảng thời gian này nước
chiếu Tướng không được vượt quá bốn lần."

The phase begins on the clock (the 120 minutes used), so the arbiter records the half-move
it began at (:func:`set_final_phase`); from there the score sheet is his representative's
(``add_fault`` refuses a player's omission inside it) and the checks of each side are
counted (``selectors_phase.phase_checks``; validation warns at a check beyond four).
:func:`apply_excess_checks` carries out what the event's regulations chose for a check
beyond four (``Tournament.excess_check``): a technical fault with article 10.1.2 (the check
is refused and another move ordered; the default), or the loss proposed to the arbiter.
Readings: docs/decisions-games.md. Part of the ``games.services`` package (the record lock and write checks of ``_base``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from chessrules.values import Discipline
from core.errors import ConflictError, ServiceError
from core.models import Job
from games import cache_scopes, engine, selectors
from games import selectors_phase as phase
from games.models import Decision, FaultKind, GameFault, GameRecord, Side
from games.services._base import _check_may_write, _lock
from games.services.faults import add_fault
from games.services.validation import _reset_validation, start_validation
from tournaments.models import Tournament

#: The article the faults and refusals of this module name.
ARTICLE = "10.1.2"
#: Điều 7.1l "vi phạm luật bị xử thua": the reason of the loss when the event chose it.
LOSS_REASON = "rule_violation"


@transaction.atomic
def set_final_phase(game: GameRecord, *, ply: int | None, user: Any,
                    expected_version: int | None) -> tuple[GameRecord, Job]:
    """Record the first half-move of the final phase (``None`` clears it), then validate the
    record again (the checks beyond four are reported on their half-move).

    Refused: a signed record (409), a certified event (the official record), a game whose
    event does not play the Asian control or a chess game, a record not validated yet, a
    half-move after the record's last, one before the first move the phase can begin at
    (move 66 for the preset: 65 moves are due in 120 minutes), and a phase that would hold
    an omission already logged against a player (the sheet was not his then)."""
    game = _lock(game, expected_version)
    _check_may_write(user, game)
    if game.arbiter_signed_at:
        raise ConflictError(_("Biên bản đã được trọng tài xác nhận; không ghi giai đoạn cuối "
                              "được nữa."), code="record_confirmed")
    tournament = selectors.tournament_of(game)
    _check_applies(game, tournament)
    if ply is not None:
        assert tournament is not None  # _check_applies refused a game of no event
        _check_ply(game, tournament, ply)
    game.final_phase_ply = ply
    game.version += 1
    game.save()
    cache_scopes.touch()
    _reset_validation(game)
    return game, start_validation(game, user=user)


def _check_applies(game: GameRecord, tournament: Tournament | None) -> None:
    if game.discipline != Discipline.XIANGQI:
        raise ServiceError(_("Giai đoạn cuối kiểu châu Á (Điều 10.1.2) là luật cờ tướng."),
                           field="final_phase_ply", code="not_applicable")
    if not phase.is_asian_control(tournament):
        raise ServiceError(_("Giải của ván này không dùng thời gian kiểu châu Á (Điều 10.1.2): "
                             "không có giai đoạn cuối."), field="final_phase_ply",
                           code="not_asian_control")


def _check_ply(game: GameRecord, tournament: Tournament, ply: int) -> None:
    moves = list(game.moves_normalised or [])
    if game.validation_status not in phase.VALIDATED or not moves:
        raise ServiceError(_("Biên bản chưa được kiểm tra hợp lệ: chưa biết các nửa nước."),
                           field="final_phase_ply", code="not_validated")
    if not 1 <= ply <= len(moves):
        raise ServiceError(_("Nửa nước %(ply)s không có trong biên bản (có %(n)s nửa nước): "
                             "giai đoạn cuối không bắt đầu sau nước cuối.")
                           % {"ply": ply, "n": len(moves)}, field="final_phase_ply",
                           code="beyond_record")
    first = phase.first_phase_move(tournament)
    if engine.move_number_of_ply(game.start_fen, ply) < first:
        raise ServiceError(_("Giai đoạn cuối bắt đầu sớm nhất ở nước %(first)s (Điều 10.1.2: "
                             "đi đủ %(due)s nước trong 120 phút).")
                           % {"first": first, "due": first - 1}, field="final_phase_ply",
                           code="too_early")
    omission = (GameFault.objects.filter(game=game, scoresheet_omission=True, ply__gte=ply)
                .order_by("ply").first())
    if omission is not None:
        raise ServiceError(_("Đã ghi lỗi sót biên bản ở nửa nước %(at)s: trong giai đoạn cuối "
                             "biên bản do đại diện trọng tài ghi (Điều 10.1.2).")
                           % {"at": omission.ply}, field="final_phase_ply",
                           code="omission_in_phase")


@transaction.atomic
def apply_excess_checks(game: GameRecord, *, user: Any) -> tuple[list[GameFault], GameRecord]:
    """Carry out the event's rule for each check beyond four in the phase (Điều 10.1.2).

    ``technical_fault`` (default): one technical fault with article 10.1.2 on each such
    check's half-move, not twice for the same one (the third technical fault proposes the
    loss, Điều 7.1n, through ``add_fault``). ``loss``: the first such check proposes that
    its side loses (reason ``rule_violation``, Điều 7.1l) for the arbiter to confirm.
    Returns the faults written and the record."""
    game = _lock(game, None)
    _check_may_write(user, game)
    if game.arbiter_signed_at:
        raise ConflictError(_("Biên bản đã được trọng tài xác nhận; không ghi thêm."),
                            code="record_confirmed")
    if not game.final_phase_ply:
        raise ServiceError(_("Chưa ghi giai đoạn cuối của ván (Điều 10.1.2)."),
                           field="final_phase_ply", code="no_phase")
    checks = phase.phase_checks(game)
    if checks is None:
        raise ServiceError(_("Biên bản chưa được kiểm tra hợp lệ: chưa đếm được nước chiếu."),
                           field="final_phase_ply", code="not_validated")
    excess = [(e["side"], e["ply"]) for e in checks["excess"]]
    if not excess:
        raise ServiceError(_("Không bên nào chiếu Tướng quá bốn lần trong giai đoạn cuối."),
                           field="final_phase_ply", code="no_excess_check")
    if phase.excess_check_rule(game) == Tournament.ExcessCheck.LOSS:
        return [], _propose_loss(game, *excess[0], user=user)
    return _log_faults(game, excess, user=user), GameRecord.objects.get(pk=game.pk)


def _side(code: str) -> str:
    return Side.WHITE if code == "w" else Side.BLACK


def _log_faults(game: GameRecord, excess: list[tuple[str, int]], *, user: Any) -> list[GameFault]:
    logged = set(GameFault.objects.filter(game=game, article=ARTICLE)
                 .values_list("side", "ply"))
    faults, seen = [], {"w": 0, "b": 0}
    for code, ply in excess:
        seen[code] += 1
        if (_side(code), ply) in logged:
            continue
        number = engine.FINAL_PHASE_CHECKS_ALLOWED + seen[code]
        faults.append(add_fault(
            game, side=_side(code), kind=FaultKind.TECHNICAL, user=user, article=ARTICLE,
            ply=ply, note=_("Chiếu Tướng lần thứ %(n)s trong giai đoạn cuối (không được quá "
                            "bốn lần); trọng tài bắt đi nước khác.") % {"n": number}))
    if not faults:
        raise ConflictError(_("Các nước chiếu vượt quá đã được ghi lỗi."), code="already_logged")
    return faults


def _propose_loss(game: GameRecord, code: str, ply: int, *, user: Any) -> GameRecord:
    if game.decision:
        raise ConflictError(_("Ván đã có phán quyết."), code="already_decided")
    winner = Decision.BLACK_WINS if code == "w" else Decision.WHITE_WINS
    game.proposed_decision, game.proposed_reason = winner, LOSS_REASON
    game.version += 1
    game._change_reason = (_("Điều 10.1.2: chiếu Tướng lần thứ năm ở nửa nước %(ply)s")
                           % {"ply": ply})[:100]
    game.save(update_fields=["proposed_decision", "proposed_reason", "version", "updated_at"])
    cache_scopes.touch()
    return game
