"""Helpers shared by the tournament services: row locks, permission and state checks,
the status transition, the spec of the event's system and the translation of refusals."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import NotAllowedError, ServiceError
from tournaments import cache_scopes, selectors, systems
from tournaments.engine.errors import EngineError
from tournaments.models import (
    StatusChange,
    Tournament,
)

S = Tournament.Status
ARBITER_SOURCES = frozenset({"api", "bulk", "admin", "import", "game_record_correction",
                             "late_arrival", "late_arrival_cancel", "workspace",
                             "complaint", "annulment"})
"""Sources where an arbiter corrects a result on purpose ("workspace": the arbiter's screens,
issue 27; "complaint": a decided complaint, "annulment": a game annulled, Điều 9.9); other sources (e.g. the games
app, ``source="games"``) may not overwrite a different recorded result."""


def refusal(exc: EngineError, *, field: str | None = None) -> ServiceError:
    """The engine's or a system spec's refusal as the service's error, its message
    translated into the request's language (Vietnamese by default; the English texts are in
    locale/en): the engine keeps a code, the Vietnamese msgid and its parameters."""
    message = _(exc.message) % exc.params if exc.params else _(exc.message)
    return ServiceError(message, field=exc.field or field, code=exc.code)


def spec_of(tournament: Tournament) -> systems.SystemSpec:
    """The spec of the tournament's system (``tournaments.systems``)."""
    try:
        return systems.spec_of(tournament.system)
    except EngineError as exc:
        raise refusal(exc) from exc


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _require_manager(user, tournament: Tournament) -> None:
    if not selectors.can_manage(user, tournament):
        raise NotAllowedError(_("Chỉ ban tổ chức giải hoặc cán bộ Liên đoàn được làm việc này."))


def _require_arbiter(user, tournament: Tournament) -> None:
    if not selectors.can_arbitrate(user, tournament):
        raise NotAllowedError(_("Chỉ trọng tài được phân công cho giải này được làm việc này "
                                "(Điều 20)."))


def _require_not_locked(tournament: Tournament) -> None:
    if tournament.status == S.CERTIFIED:
        raise ServiceError(_("Giải đã được công nhận kết quả và bị khóa; chỉ cán bộ Liên đoàn "
                             "mở lại được."), code="locked")


def _transition(tournament: Tournament, to: str, user, reason: str = "") -> None:
    StatusChange.objects.create(tournament=tournament, from_status=tournament.status,
                                to_status=to, reason=reason,
                                changed_by=user if getattr(user, "is_authenticated", False)
                                else None)
    tournament.status = to
    if reason:
        tournament._change_reason = reason  # simple_history keeps it with the change
    tournament.save()
    cache_scopes.touch_event_row(tournament.pk)


def _expect_status(tournament: Tournament, *allowed: str, action: str) -> None:
    if tournament.status not in allowed:
        raise ServiceError(
            _("Không thể %(action)s khi giải đang ở trạng thái \"%(status)s\".")
            % {"action": action, "status": tournament.get_status_display()},
            field="status", code="invalid_state")
