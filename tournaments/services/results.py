"""Results of boards: one (``record_result``) or a whole round at once (``record_results``),
with version checks (409 when stale) and a ``ResultChange`` for every change."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from chessrules.values import Result as ResultValue
from core.errors import ConflictError, ServiceError
from tournaments import cache_scopes
from tournaments.models import (
    FINAL_RESULTS,
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
        p = _write_result(pairing.pk, value, user=user, expected_version=expected_version,
                          source=source)
        refresh_round_status(p.round)
    return p


def _write_result(pairing_id: int, value: str, *, user, expected_version, source) -> Pairing:
    p = (Pairing.objects.select_for_update().select_related("round__tournament")
         .get(pk=pairing_id))
    if user is not None:
        _require_arbiter(user, p.round.tournament)
    change = _apply_result(p, value, expected_version=expected_version, source=source,
                           user=user)
    if change is not None:
        p.save(update_fields=["result", "version", "updated_at"])
        change.save()
        cache_scopes.touch_event(p.round.tournament_id)
        _mark_started(p.round)
    return p


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


def record_results(rnd: Round, items: Iterable[dict], *, user, source: str = "bulk"
                   ) -> list[Pairing]:
    """Bulk entry: ``[{"pairing": id | "board": n, "result": "1-0", "version": v}]``, all or
    nothing — one stale version (409) or invalid result saves none of them."""
    _require_arbiter(user, rnd.tournament)
    items = list(items)
    with transaction.atomic():
        locked = {p.pk: p for p in Pairing.objects.select_for_update().filter(round=rnd)
                  .select_related("round__tournament").order_by("pk")}
        by_board = {p.board: p for p in locked.values()}
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
            cache_scopes.touch_event(rnd.tournament_id)
            _mark_started(rnd)
        rnd.refresh_from_db()
        refresh_round_status(rnd)
    return done
