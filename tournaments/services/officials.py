"""People with a role on a tournament (Điều 19-20): the head of the organising committee, the
chief arbiter, deputies, the arbiters' secretary and board arbiters; the boards each arbiter
looks after in a round (Điều 20.3b); the chief arbiter's suspension of the event (Điều 20.3d).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core import textfields
from core.errors import ConflictError, NotAllowedError, ServiceError
from federation.models import Person
from tournaments import cache_scopes, selectors
from tournaments.models import (
    BoardAssignment,
    Official,
    Round,
    Suspension,
    Tournament,
)
from tournaments.services._common import _lock, _require_manager, _require_not_locked

REASON_MAX: int = textfields.NOTE


def assign_official(tournament: Tournament, person: Person, role: str, *, user) -> Official:
    """Điều 19-20.1: the head of the organising committee, the chief arbiter, deputies, the
    arbiters' secretary and arbiters, each a person."""
    _require_manager(user, tournament)
    check_official(tournament, person, role)
    official, _created = Official.objects.update_or_create(
        tournament=tournament, person=person, defaults={"role": role})
    cache_scopes.touch_event(tournament.pk)
    return official


def check_official(tournament: Tournament, person: Person, role: str) -> None:
    """The checks of ``assign_official`` (forms call it to show a refusal on the form)."""
    _require_not_locked(tournament)
    if role not in Official.Role.values:
        raise ServiceError(_("Vai trò không hợp lệ."), field="role", code="invalid")
    if role in Official.SINGLE_ROLES and tournament.officials.filter(role=role).exclude(
            person=person).exists():
        message = (_("Giải đã có tổng trọng tài.") if role == Official.Role.CHIEF
                   else _("Giải đã có trưởng ban tổ chức."))
        raise ServiceError(message, field="role", code="duplicate")
    entry = tournament.entries.filter(member__person=person).first()
    if entry is not None:
        raise ServiceError(_("%(name)s là đấu thủ của giải này; đấu thủ không đồng thời là "
                             "trọng tài của cùng giải (Điều 20).") % {"name": entry.name},
                           field="person", code="player_cannot_officiate")


def remove_official(official: Official, *, user) -> None:
    _require_manager(user, official.tournament)
    _require_not_locked(official.tournament)
    official.delete()
    cache_scopes.touch_event(official.tournament_id)


# --- boards (Điều 20.3b) ------------------------------------------------------------------------

def _require_director(user, tournament: Tournament) -> None:
    if not selectors.can_direct(user, tournament):
        raise NotAllowedError(_("Chỉ tổng trọng tài (hoặc phó tổng trọng tài thay thế) của giải "
                                "được làm việc này (Điều 20.3)."))


def assign_boards(round_: Round, official: Official, first_board: int, last_board: int, *,
                  user) -> tuple[BoardAssignment, list[str]]:
    """Điều 20.3b: the chief arbiter gives an arbiter boards ``first_board``-``last_board`` of
    a round (replacing his earlier boards in it). Refused: an official who is not a board
    arbiter or deputy, boards the round does not have, boards another arbiter has. Returned
    with the warnings of 002 Phần 2 Điều 6.1 (more boards than one arbiter should have)."""
    tournament = round_.tournament
    _require_director(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _require_not_locked(t)
        check_boards(round_, official, first_board, last_board)
        assignment, _created = BoardAssignment.objects.update_or_create(
            round=round_, official=official,
            defaults={"first_board": first_board, "last_board": last_board,
                      "assigned_by": user if getattr(user, "is_authenticated", False) else None})
        cache_scopes.touch_event(t.pk)
    return assignment, board_warnings(t, first_board, last_board)


def check_boards(round_: Round, official: Official, first_board: int, last_board: int) -> None:
    """The checks of ``assign_boards`` (forms call it)."""
    if official.tournament_id != round_.tournament_id:
        raise ServiceError(_("Trọng tài này không thuộc giải của ván đấu."), field="official")
    if official.role not in Official.BOARD_ROLES:
        raise ServiceError(
            _("%(name)s là %(role)s; chỉ trọng tài bàn (hoặc phó tổng trọng tài) được phân công "
              "bàn (Điều 20.3b, 20.4).") % {"name": official.person.full_name,
                                            "role": official.get_role_display().lower()},
            field="official", code="not_board_arbiter")
    boards = round_.pairings.count()
    if not 1 <= first_board <= last_board:
        raise ServiceError(_("Bàn đầu phải từ 1 và không lớn hơn bàn cuối."),
                           field="first_board", code="out_of_range")
    if last_board > boards:
        raise ServiceError(_("Ván %(n)s có %(boards)s bàn; không có bàn %(b)s.")
                           % {"n": round_.number, "boards": boards, "b": last_board},
                           field="last_board", code="out_of_range")
    clash = (BoardAssignment.objects.filter(round=round_, first_board__lte=last_board,
                                            last_board__gte=first_board)
             .exclude(official=official).select_related("official__person").first())
    if clash is not None:
        raise ConflictError(
            _("Bàn %(a)s-%(b)s đã phân công cho %(name)s.")
            % {"a": clash.first_board, "b": clash.last_board,
               "name": clash.official.person.full_name}, field="first_board", code="overlap")


def board_warnings(t: Tournament, first_board: int, last_board: int) -> list[str]:
    per = selectors.boards_per_arbiter(t)
    count = last_board - first_board + 1
    if count <= per:
        return []
    return [_("Một trọng tài phụ trách %(n)s bàn; nên không quá %(per)s bàn (Điều lệ cờ vua "
              "Phần 2, Điều 6.1).") % {"n": count, "per": per}]


def unassign_boards(assignment: BoardAssignment, *, user) -> None:
    _require_director(user, assignment.round.tournament)
    _require_not_locked(assignment.round.tournament)
    BoardAssignment.objects.filter(pk=assignment.pk).delete()
    cache_scopes.touch_event(assignment.round.tournament_id)


# --- suspension (Điều 20.3d) --------------------------------------------------------------------

def _text(value: str, field: str, *, required: bool) -> str:
    text = (value or "").strip()
    if required and not text:
        raise ServiceError(_("Hãy ghi lý do."), field=field, code="required")
    if len(text) > REASON_MAX:
        raise ServiceError(_("Tối đa %(n)d ký tự.") % {"n": REASON_MAX}, field=field)
    return text


def suspend_tournament(tournament: Tournament, *, user, reason: str, resume_plan: str = "",
                       at=None) -> Suspension:
    """Điều 20.3d: "do nguyên nhân đặc biệt không thể thi đấu được thì tổng trọng tài có quyền
    tuyên bố tạm đình chỉ giải đấu và định lại thời gian, địa điểm để tiếp tục giải đấu". The
    chief arbiter (a deputy standing in, or staff) suspends a running event with the reason
    and, when known, the new time and place; no round is paired or started until resumed."""
    _require_director(user, tournament)
    reason = _text(reason, "reason", required=True)
    resume_plan = _text(resume_plan, "resume_plan", required=False)
    with transaction.atomic():
        t = _lock(tournament)
        _require_not_locked(t)
        if t.status not in (Tournament.Status.CLOSED, Tournament.Status.RUNNING):
            raise ServiceError(_("Chỉ tạm đình chỉ được giải đang thi đấu (Điều 20.3d)."),
                               field="status", code="invalid_state")
        if selectors.open_suspension(t) is not None:
            raise ConflictError(_("Giải đang bị tạm đình chỉ."), code="already_suspended")
        suspension = Suspension.objects.create(
            tournament=t, reason=reason, resume_plan=resume_plan,
            suspended_at=at or timezone.now(),
            suspended_by=user if getattr(user, "is_authenticated", False) else None)
        cache_scopes.touch_event(t.pk)
    return suspension


def resume_tournament(tournament: Tournament, *, user, resume_plan: str | None = None,
                      at=None) -> Suspension:
    """The event goes on (Điều 20.3d): the open suspension gets the time it ended (and the
    final time and place, when given); the record stays."""
    _require_director(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        suspension = (Suspension.objects.select_for_update()
                      .filter(tournament=t, resumed_at__isnull=True).first())
        if suspension is None:
            raise ServiceError(_("Giải không bị tạm đình chỉ."), code="not_suspended")
        at = at or timezone.now()
        if at < suspension.suspended_at:
            raise ServiceError(_("Giờ tiếp tục trước giờ tạm đình chỉ."), field="resumed_at")
        suspension.resumed_at = at
        suspension.resumed_by = user if getattr(user, "is_authenticated", False) else None
        fields = ["resumed_at", "resumed_by"]
        if resume_plan is not None and resume_plan.strip():
            suspension.resume_plan = _text(resume_plan, "resume_plan", required=False)
            fields.append("resume_plan")
        suspension.save(update_fields=fields)
        cache_scopes.touch_event(t.pk)
    return suspension


def require_not_suspended(tournament: Tournament) -> None:
    """Refuse while the event is suspended (Điều 20.3d)."""
    suspension = selectors.open_suspension(tournament)
    if suspension is not None:
        raise ServiceError(
            _("Giải đang bị tổng trọng tài tạm đình chỉ từ %(at)s (Điều 20.3d): %(reason)s")
            % {"at": timezone.localtime(suspension.suspended_at).strftime("%d/%m/%Y %H:%M"),
               "reason": suspension.reason}, field="status", code="suspended")
