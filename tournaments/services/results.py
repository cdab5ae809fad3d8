"""Results of boards: one (``record_result``) or a whole round at once (``record_results``),
with version checks (409 when stale) and a ``ResultChange`` for every change."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from chessrules.values import Result as ResultValue
from core.errors import ConflictError, ServiceError
from tournaments import cache_scopes, selectors
from tournaments.models import (
    FINAL_RESULTS,
    LateArrival,
    Pairing,
    ResultChange,
    Round,
)
from tournaments.services._common import (
    ARBITER_SOURCES,
    _require_arbiter,
    _require_not_locked,
)
from tournaments.services.rounds import refresh_round_status

#: Checks another app adds on a board result change: ``guard(pairing, value, source)``
#: raises ``ServiceError``/``ConflictError`` to refuse it. The games app registers
#: ``games.services.guard_pairing_result`` (a decided record fixes the board's result).
RESULT_GUARDS: list[Callable[[Pairing, str, str], None]] = []


def normalize_result(result: str) -> str:
    value = ResultValue.parse(result)
    if value is None:
        raise ServiceError(_("Kết quả \"%(r)s\" không hợp lệ; dùng 1-0, 1/2-1/2, 0-1, +-, -+, --, "
                             "* hoặc để trống.") % {"r": result}, field="result", code="invalid")
    return value.value


def record_result(pairing: Pairing, result: str, *, user, expected_version: int | None,
                  source: str = "api") -> Pairing:
    """Record (or correct) the result of one board.

    Raises ``ConflictError`` (409) when ``expected_version`` is stale, ``ServiceError``
    when the tournament is certified (locked), the board is a bye, or — for sources other
    than an arbiter's correction (e.g. ``source="games"``) — the result differs from the
    one recorded. ``user=None`` is a trusted internal call (no permission check).
    """
    value = normalize_result(result)
    with transaction.atomic():
        p, changed = _write_result(pairing.pk, value, user=user,
                                   expected_version=expected_version, source=source)
        refresh_round_status(p.round)
        if changed:  # after the last write: the readers after the commit find them built
            cache_scopes.touch_event_and_warm(p.round.tournament_id)
    return p


def _write_result(pairing_id: int, value: str, *, user, expected_version, source
                  ) -> tuple[Pairing, bool]:
    p = (Pairing.objects.select_for_update().select_related("round__tournament")
         .get(pk=pairing_id))
    if user is not None:
        _require_arbiter(user, p.round.tournament)
    change = _apply_result(p, value, expected_version=expected_version, source=source,
                           user=user)
    if change is not None:
        p.save(update_fields=["result", "version", "updated_at"])
        change.save()
        _mark_started(p.round)
    return p, change is not None


def _apply_result(p: Pairing, value: str, *, expected_version, source, user
                  ) -> ResultChange | None:
    """Check and apply ``value`` on the locked pairing in memory; the change to log, or
    None when the result is already the recorded one."""
    _require_not_locked(p.round.tournament)
    if p.kind != Pairing.Kind.GAME:
        raise ServiceError(_("Bàn %(b)s là lượt nghỉ; không có kết quả để ghi.")
                           % {"b": p.board}, field="result", code="bye")
    if expected_version is not None and int(expected_version) != p.version:
        raise ConflictError(
            _("Kết quả bàn %(b)s đã được người khác sửa (phiên bản hiện tại %(v)s, bạn gửi "
              "%(e)s); hãy tải lại.") % {"b": p.board, "v": p.version, "e": expected_version},
            field="version")
    if p.result == value:
        return None
    for guard in RESULT_GUARDS:
        guard(p, value, source)
    if source not in ARBITER_SOURCES and p.result in FINAL_RESULTS and value != p.result:
        raise ServiceError(_("Bàn %(b)s đã có kết quả %(r)s khác với kết quả gửi đến.")
                           % {"b": p.board, "r": p.result}, field="result",
                           code="result_conflict")
    old = p.result
    p.result = value
    p.version += 1
    return ResultChange(pairing=p, old_result=old, new_result=value, version=p.version,
                        source=source[:30],
                        changed_by=user if getattr(user, "is_authenticated", False) else None)


def _mark_started(rnd: Round) -> None:
    if rnd.status == Round.Status.PAIRED:
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.STARTED,
                                               started_at=timezone.now())
        rnd.status = Round.Status.STARTED
        cache_scopes.touch_event_frame(rnd.tournament_id)  # the event's detail shows it


def record_results(rnd: Round, items: Iterable[dict[str, Any]], *, user, source: str = "bulk"
                   ) -> list[Pairing]:
    """Bulk entry: ``[{"pairing": id | "board": n, "result": "1-0", "version": v}]``, all or
    nothing — one stale version (409) or invalid result saves none of them."""
    _require_arbiter(user, rnd.tournament)
    items = list(items)
    with transaction.atomic():
        # both looked up with the items' optional ids (None finds nothing)
        locked: dict[int | None, Pairing] = {
            p.pk: p for p in Pairing.objects.select_for_update().filter(round=rnd)
            .select_related("round__tournament").order_by("pk")}
        by_board: dict[int | None, Pairing] = {p.board: p for p in locked.values()}
        done, changes = [], []
        for item in items:
            p = locked.get(item.get("pairing")) or by_board.get(item.get("board"))
            if p is None:
                raise ServiceError(_("Không có bàn %(b)s trong ván này.")
                                   % {"b": item.get("board", item.get("pairing"))},
                                   field="results")
            try:
                value = normalize_result(item.get("result", ""))
            except ServiceError as exc:  # name the board among the many (issue 18)
                raise ServiceError(_("Bàn %(b)s: %(m)s") % {"b": p.board, "m": exc.message},
                                   field="results", code=exc.code) from exc
            change = _apply_result(p, value, expected_version=item.get("version"),
                                   source=source, user=user)
            if change is not None:
                changes.append(change)
            done.append(p)
        changed = [c.pairing for c in changes]
        for p in changed:
            p.updated_at = timezone.now()
        Pairing.objects.bulk_update(changed, ["result", "version", "updated_at"])
        ResultChange.objects.bulk_create(changes)
        if changes:
            _mark_started(rnd)
        rnd.refresh_from_db()
        refresh_round_status(rnd)
        if changes:  # after the last write (see record_result)
            cache_scopes.touch_event_and_warm(rnd.tournament_id)
    return done


# --- Điều 10.2.1a: loss for late arrival --------------------------------------------------

LATE_SOURCE = "late_arrival"


def late_arrival_result(sides: set[str]) -> str:
    """The board's result when ``sides`` arrived late: the other side wins by forfeit; both
    late, both lose (a double forfeit)."""
    if sides >= {"white", "black"}:
        return ResultValue.DOUBLE_FORFEIT.value
    if sides == {"white"}:
        return ResultValue.BLACK_FORFEIT_WIN.value
    return ResultValue.WHITE_FORFEIT_WIN.value


def guard_late_arrival(p: Pairing, value: str, source: str) -> None:
    """A board whose player lost for late arrival keeps that forfeit: another result is
    refused until the late arrival is cancelled (``cancel_late_arrival``)."""
    sides = set(p.late_arrivals.values_list("side", flat=True))
    if sides and value != late_arrival_result(sides):
        raise ServiceError(
            _("Bàn %(b)s: đấu thủ đã bị xử thua do đến muộn (Điều 10.2.1a); hủy ghi nhận đến "
              "muộn trước khi ghi kết quả khác.") % {"b": p.board},
            field="result", code="late_arrival_recorded")


RESULT_GUARDS.append(guard_late_arrival)


def _check_lateness(allowed: int, start, arrived, decided) -> None:
    """Điều 10.2.1a: only a player not at the board ``allowed`` minutes after the clocks
    were started loses ("đến chậm quá thời gian … thì bị tính thua")."""
    limit = start + timedelta(minutes=allowed)
    if arrived is not None and arrived <= limit:
        raise ServiceError(
            _("Đấu thủ đến lúc %(arrived)s, trong thời gian cho phép (%(allowed)s phút sau "
              "%(start)s, Điều 10.2.1a): không xử thua.")
            % {"arrived": timezone.localtime(arrived).strftime("%H:%M"), "allowed": allowed,
               "start": timezone.localtime(start).strftime("%H:%M")},
            field="arrived_at", code="arrived_in_time")
    if decided <= limit:
        raise ServiceError(
            _("Chưa hết thời gian đến muộn cho phép (%(allowed)s phút sau %(start)s, Điều "
              "10.2.1a): chưa xử thua được.")
            % {"allowed": allowed, "start": timezone.localtime(start).strftime("%H:%M")},
            field="decided_at", code="too_early")
    if arrived is not None and decided < arrived - timedelta(hours=24):
        raise ServiceError(_("Giờ xử thua trước giờ đến hơn một ngày."), field="decided_at")


def record_late_arrival(pairing: Pairing, side: str, *, user, scheduled_start=None,
                        arrived_at=None, decided_at=None, note: str = "",
                        expected_version: int | None = None) -> LateArrival:
    """The arbiter declares ``side`` lost for arriving late (Điều 10.2.1a; chess 002 6.7).

    Refused when the player came within the tournament's ``late_arrival_minutes`` or when
    that time has not run out at ``decided_at`` (default now); the board's result becomes
    the forfeit (both late: double forfeit) through ``record_result`` — so the result
    guards (a decided game record) and the version check apply, and a ResultChange is
    logged with source ``late_arrival``.

    ``scheduled_start`` (when the clocks were started) defaults to the round's start in the
    event's schedule (Phụ lục 5 mục 6, ``ScheduledRound``): "đến giờ thi đấu ... trọng tài
    vẫn bấm đồng hồ chạy" — the arbiter types it only when the round started at another
    time, or the schedule does not name the round."""
    if side not in LateArrival.Side.values:
        raise ServiceError(_("Bên đến muộn phải là white hoặc black."), field="side")
    decided_at = decided_at or timezone.now()
    with transaction.atomic():
        p = (Pairing.objects.select_for_update().select_related("round__tournament")
             .get(pk=pairing.pk))
        tournament = p.round.tournament
        if user is not None:
            _require_arbiter(user, tournament)
        _require_not_locked(tournament)
        if p.kind != Pairing.Kind.GAME or not p.black_id:
            raise ServiceError(_("Bàn %(b)s là lượt nghỉ; không có ván để xử thua.")
                               % {"b": p.board}, field="pairing", code="bye")
        sides = set(p.late_arrivals.values_list("side", flat=True))
        if side in sides:
            raise ConflictError(_("Bàn %(b)s: bên này đã bị xử thua do đến muộn.")
                                % {"b": p.board}, field="side", code="already_recorded")
        if p.result not in ("", ResultValue.ADJOURNED.value) and (
                not sides or p.result != late_arrival_result(sides)):
            raise ServiceError(_("Bàn %(b)s đã có kết quả %(r)s; sửa kết quả trước khi xử thua "
                                 "do đến muộn.") % {"b": p.board, "r": p.result},
                               field="result", code="result_conflict")
        if scheduled_start is None:
            scheduled_start = selectors.scheduled_start(tournament, p.round.number)
        if scheduled_start is None:
            raise ServiceError(
                _("Lịch thi đấu chưa có giờ bắt đầu ván %(n)s (Phụ lục 5 mục 6): hãy ghi giờ "
                  "bấm đồng hồ.") % {"n": p.round.number}, field="scheduled_start",
                code="no_scheduled_start")
        _check_lateness(tournament.late_arrival_minutes, scheduled_start, arrived_at,
                        decided_at)
        late = LateArrival.objects.create(
            pairing=p, side=side, scheduled_start=scheduled_start, arrived_at=arrived_at,
            decided_at=decided_at, allowed_minutes=tournament.late_arrival_minutes,
            note=note, recorded_by=user if getattr(user, "is_authenticated", False) else None)
        record_result(p, late_arrival_result(sides | {side}), user=user,
                      expected_version=expected_version, source=LATE_SOURCE)
    return late


def cancel_late_arrival(late: LateArrival, *, user, expected_version: int | None = None
                        ) -> Pairing:
    """Withdraw a late-arrival loss recorded by mistake (before certification): the record
    goes and the board returns to the other side's forfeit, or to no result."""
    with transaction.atomic():
        p = (Pairing.objects.select_for_update().select_related("round__tournament")
             .get(pk=late.pairing_id))
        if user is not None:
            _require_arbiter(user, p.round.tournament)
        _require_not_locked(p.round.tournament)
        LateArrival.objects.filter(pk=late.pk).delete()
        sides = set(p.late_arrivals.values_list("side", flat=True))
        value = late_arrival_result(sides) if sides else ResultValue.PENDING.value
        return record_result(p, value, user=user, expected_version=expected_version,
                             source="late_arrival_cancel")
