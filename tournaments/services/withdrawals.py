"""Withdrawals (Điều 21.5; a team's, Điều 30) and requested byes (Điều 28.7, 002 Điều 13.7)."""

from __future__ import annotations

from datetime import date
from typing import TypeVar

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import NotAllowedError, ServiceError
from federation.permissions import can_manage_club
from tournaments import cache_scopes, selectors
from tournaments.models import Entry, TeamEntry, Tournament
from tournaments.services._common import S, _lock, _require_not_locked, spec_of
from tournaments.services.entries import is_late

Withdrawing = TypeVar("Withdrawing", Entry, TeamEntry)


def _require_arbiter_or_manager(user, tournament: Tournament, message: str) -> None:
    if not (selectors.can_arbitrate(user, tournament) or selectors.can_manage(user, tournament)):
        raise NotAllowedError(message)


def _lock_withdrawing(tournament: Tournament, model: type[Withdrawing], pk: int,
                      already: str) -> tuple[Tournament, Withdrawing]:
    """Lock the tournament (not locked for changes) and the entry or team that withdraws;
    refuse a second withdrawal with ``already``."""
    t = _lock(tournament)
    _require_not_locked(t)
    locked = model.objects.select_for_update().get(pk=pk)
    cache_scopes.touch_event(t.pk)
    if locked.withdrawn_on is not None:
        raise ServiceError(already, code="duplicate")
    return t, locked


def withdraw_entry(entry: Entry, *, user, on_date: date | None = None) -> Entry:
    """Điều 21.5: Swiss — results kept, no longer paired; round robin — the standings annul
    his games (played half or fewer) or his remaining games are lost by forfeit."""
    tournament = entry.tournament
    by_club = (not (selectors.can_arbitrate(user, tournament)
                    or selectors.can_manage(user, tournament))
               and selectors.can_enter_for_club(user, entry.member))
    if not by_club:
        _require_arbiter_or_manager(user, tournament,
                                    _("Chỉ trọng tài hoặc ban tổ chức ghi nhận bỏ cuộc."))
    with transaction.atomic():
        t, e = _lock_withdrawing(tournament, Entry, entry.pk,
                                 _("Đấu thủ đã bỏ cuộc trước đó."))
        if by_club and (t.status != S.REGISTRATION or is_late(t)):
            # The club takes its entry back before the deadline; afterwards it is a
            # withdrawal the arbiter or the organisers record (Điều 21.5).
            raise ServiceError(_("Đã quá hạn đăng ký: câu lạc bộ không tự rút đấu thủ được "
                                 "nữa; hãy báo ban tổ chức hoặc trọng tài."),
                               field="entry", code="late_withdrawal")
        if t.status in (S.DRAFT, S.REGISTRATION):
            e.delete()  # before the draw: simply not entered
            return e
        e.withdrawn_on = on_date or timezone.localdate()
        e.withdrawn_after_round = t.rounds.count()
        e.save()
    return e


def withdraw_team(team: TeamEntry, *, user, on_date: date | None = None) -> TeamEntry:
    """A team withdraws (Điều 30: the team is one unit, 002 Điều 16): before the draw it is
    simply not entered (team and roster removed); after it, the results played stay and
    every player of its roster is withdrawn from the next round, so each remaining board
    against it is lost by forfeit (team round robin, Scheveningen, simultaneous match) or
    the team is no longer drawn (team Swiss by draw, 21.5.2)."""

    tournament = team.tournament
    by_club = (not (selectors.can_arbitrate(user, tournament)
                    or selectors.can_manage(user, tournament))
               and team.club is not None and can_manage_club(user, team.club))
    if not by_club:
        _require_arbiter_or_manager(user, tournament,
                                    _("Chỉ trọng tài hoặc ban tổ chức ghi nhận bỏ cuộc."))
    with transaction.atomic():
        t, locked = _lock_withdrawing(tournament, TeamEntry, team.pk,
                                      _("Đội đã bỏ cuộc trước đó."))
        if by_club and (t.status != S.REGISTRATION or is_late(t)):
            raise ServiceError(_("Đã quá hạn đăng ký: câu lạc bộ không tự rút đội được nữa; "
                                 "hãy báo ban tổ chức hoặc trọng tài."),
                               field="team", code="late_withdrawal")
        if t.status in (S.DRAFT, S.REGISTRATION):
            locked.delete()  # the roster goes with it (Entry.team cascades)
            return locked
        day = on_date or timezone.localdate()
        after = t.rounds.count()
        locked.withdrawn_on = day
        locked.save(update_fields=["withdrawn_on"])
        locked.roster.filter(withdrawn_on__isnull=True).update(withdrawn_on=day,
                                                               withdrawn_after_round=after)
    return locked


def request_bye(entry: Entry, round_number: int, *, user, points: float | None = None
                ) -> Entry:
    """A requested bye (xin nghỉ) for a future round, with the points of the regulations:
    by default the tournament's ``requested_bye_score``, 0 unless the regulations say
    otherwise (Điều 28.7, 002 Điều 13.7)."""
    tournament = entry.tournament
    if points is None:
        points = float(tournament.requested_bye_score)
    _require_arbiter_or_manager(user, tournament, _("Chỉ trọng tài hoặc ban tổ chức ghi nhận xin nghỉ."))
    if not spec_of(tournament).swiss:
        raise ServiceError(_("Chỉ hệ Thụy Sĩ nhận xin nghỉ."), code="invalid_state")
    if float(points) not in (0.0, 0.5, 1.0):
        raise ServiceError(_("Điểm nghỉ phải là 0, 0.5 hoặc 1."), field="points")
    with transaction.atomic():
        t = _lock(tournament)
        _require_not_locked(t)
        if round_number <= t.rounds.count() or round_number > (t.number_of_rounds or 0):
            raise ServiceError(_("Chỉ xin nghỉ cho một ván chưa xếp cặp."), field="round")
        e = Entry.objects.select_for_update().get(pk=entry.pk)
        byes = [b for b in e.requested_byes if int(b["round"]) != round_number]
        byes.append({"round": round_number, "points": float(points)})
        e.requested_byes = sorted(byes, key=lambda b: b["round"])
        e.save()
        cache_scopes.touch_event(t.pk)
    return e
