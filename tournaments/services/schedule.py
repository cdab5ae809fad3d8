"""The round schedule of an event (Phụ lục 5 mục 6, "lịch thi đấu"): each round's day and
start time, as data. A late arrival (Điều 10.2.1a) reads the round's start from here."""

from __future__ import annotations

from datetime import date, time
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments import cache_scopes
from tournaments.models import Round, ScheduledRound, Tournament
from tournaments.services._common import _lock, _require_manager, _require_not_locked

#: the most rounds a schedule may name (the model's validator says the same)
MAX_SCHEDULED_ROUND = 99
NOTE_MAX = 120  # ScheduledRound.note


def set_round_schedule(tournament: Tournament, number: int, day: date, start_time: time, *,
                       user: Any, note: str = "") -> ScheduledRound:
    """Set (or change) round ``number``'s day and start (Phụ lục 5 mục 6): the organisers
    (or staff), before the round has started; the day lies within the event's dates."""
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        check_round_schedule(t, number, day, note)
        line, _created = ScheduledRound.objects.update_or_create(
            tournament=t, number=number,
            defaults={"day": day, "start_time": start_time, "note": (note or "").strip()})
        cache_scopes.touch_event(t.pk)
    return line


def check_round_schedule(t: Tournament, number: int, day: date, note: str = "") -> None:
    """The checks of ``set_round_schedule`` (forms call it to show a refusal on the form)."""
    _require_not_locked(t)
    limit = t.number_of_rounds or MAX_SCHEDULED_ROUND
    if not 1 <= number <= limit:
        raise ServiceError(_("Số ván phải từ 1 đến %(n)s.") % {"n": limit}, field="number",
                           code="out_of_range")
    if not t.start_date <= day <= t.end_date:
        raise ServiceError(
            _("Ngày thi đấu ván %(n)s (%(day)s) phải trong thời gian của giải, từ %(start)s "
              "đến %(end)s (Phụ lục 5 mục 2, 6).")
            % {"n": number, "day": f"{day:%d/%m/%Y}", "start": f"{t.start_date:%d/%m/%Y}",
               "end": f"{t.end_date:%d/%m/%Y}"}, field="day", code="outside_dates")
    if len((note or "").strip()) > NOTE_MAX:
        raise ServiceError(_("Ghi chú tối đa %(n)d ký tự.") % {"n": NOTE_MAX}, field="note")
    _require_not_started(t, number)


def _require_not_started(t: Tournament, number: int) -> None:
    started = t.rounds.filter(number=number).exclude(status=Round.Status.PAIRED).exists()
    if started:
        raise ServiceError(
            _("Ván %(n)s đã bắt đầu; lịch của ván đã đấu không sửa được.") % {"n": number},
            field="number", code="round_started")


def remove_round_schedule(line: ScheduledRound, *, user: Any) -> None:
    """Take a round off the schedule (before it has started)."""
    _require_manager(user, line.tournament)
    with transaction.atomic():
        t = _lock(line.tournament)
        _require_not_locked(t)
        _require_not_started(t, line.number)
        ScheduledRound.objects.filter(pk=line.pk).delete()
        cache_scopes.touch_event(t.pk)
