"""The checks of a tournament's settings (its dates, organiser, system settings, team sizes,
late arrival, time control, rounds against the dates), run when it is created or edited.
The transitions that use them: ``lifecycle``."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from chessrules import timecontrol
from chessrules.competition.team import ROSTER_LIMITS
from chessrules.values import Discipline
from core import dates
from core.errors import ServiceError
from tournaments import engine
from tournaments.engine.errors import EngineError
from tournaments.models import Tournament
from tournaments.services._common import refusal, spec_of
from tournaments.services.stages import validate_stage


def _validate_tournament(t: Tournament) -> None:
    for field in ("start_date", "end_date"):
        try:
            dates.check_event_date(getattr(t, field))  # not in 1900 or 2090 (issue 18)
        except ValidationError as exc:
            raise dates.as_service_error(exc, field) from exc
    if t.end_date < t.start_date:
        raise ServiceError(_("Ngày kết thúc trước ngày bắt đầu."), field="end_date")
    if t.organiser_body_id is None and t.organiser_club_id is None:
        raise ServiceError(_("Cần đơn vị tổ chức (liên đoàn hoặc câu lạc bộ)."),
                           field="organiser_body")
    try:  # the settings its system accepts and refuses (two-game matches, rounds, terms)
        spec_of(t).check_settings(t)
    except EngineError as exc:
        raise refusal(exc) from exc
    validate_stage(t)
    if t.is_team_event:
        _validate_team_sizes(t)
    if t.category == Tournament.Category.NATIONAL_YOUTH and not t.age_group:
        raise ServiceError(_("Giải trẻ cần lứa tuổi (U8-U18)."), field="age_group")
    if t.bye_score not in (Decimal("0"), Decimal("0.5"), Decimal("1")):
        raise ServiceError(_("Điểm nghỉ phải là 0, 0.5 hoặc 1."), field="bye_score")
    if t.requested_bye_score not in (Decimal("0"), Decimal("0.5"), Decimal("1")):
        raise ServiceError(_("Điểm nghỉ phải là 0, 0.5 hoặc 1."), field="requested_bye_score")
    _check_late_arrival(t)
    problem = engine.check_tiebreak_codes(t.tiebreaks)
    if problem:
        raise ServiceError(problem, field="tiebreaks")
    if t.number_of_rounds:
        check_rounds_fit_dates(t, t.number_of_rounds)


CUSTOM = Tournament.TimeControlPreset.CUSTOM


TIME_CONTROL_FIELDS = frozenset({"time_control", "time_control_preset", "time_control_class"})


def _check_late_arrival(t: Tournament) -> None:
    """Điều 10.2.1a: 15, 30 or 60 minutes; chess may also use 0 (FIDE Laws 6.7a)."""
    allowed = {15, 30, 60} | ({0} if t.discipline == Discipline.CHESS else set())
    if t.late_arrival_minutes not in allowed:
        raise ServiceError(_("Thời gian đến muộn tối đa phải là %(allowed)s phút (Điều 10.2.1a"
                             "; cờ vua thêm 0 theo Luật FIDE 6.7a).")
                           % {"allowed": ", ".join(str(m) for m in sorted(allowed))},
                           field="late_arrival_minutes")


def _parse_control(data: object) -> timecontrol.TimeControl:
    """A dict of periods, or a label that reads as one ("90 phút + 30 giây",
    "40/5400+30:1800+30") for clients that still send the old text."""
    if isinstance(data, str):
        control = timecontrol.from_label(data)
        if control is None:
            raise ServiceError(_("Không đọc được thời gian thi đấu \"%(text)s\": gửi các giai "
                                 "đoạn {\"periods\": [...]} hoặc chọn một mẫu.")
                               % {"text": data[:60]}, field="time_control", code="invalid")
        return control
    try:
        return timecontrol.TimeControl.parse(data)
    except timecontrol.TimeControlError as exc:
        raise ServiceError(_("Thời gian thi đấu không hợp lệ ở %(field)s: %(reason)s.")
                           % {"field": exc.field, "reason": exc.message},
                           field="time_control", code="invalid") from exc


def resolve_time_control(t: Tournament, fields: dict[str, Any], *, creating: bool) -> None:
    """Điều 10.1: the event's control is one of the presets or a control of its own.

    A preset fills ``time_control``; a control sent alone finds its preset (or "custom"); a
    preset that contradicts the control sent is refused; a new event that names none gets
    the default of its discipline and class (``timecontrol.DEFAULT_PRESETS``). The control
    must fit the event's class (``TimeControl.allows_class``)."""
    preset, given = fields.get("time_control_preset"), fields.get("time_control")
    if given:
        control = _parse_control(given)
        found = timecontrol.preset_of(control) or CUSTOM
        if preset not in (None, "", CUSTOM, found):
            raise ServiceError(_("Mẫu thời gian \"%(preset)s\" khác với thời gian thi đấu đã "
                                 "nhập; chọn \"custom\" hoặc chỉ gửi một trong hai.")
                               % {"preset": preset}, field="time_control_preset")
        t.time_control, t.time_control_preset = control.to_dict(), found
    elif preset and preset != CUSTOM:
        if preset not in timecontrol.PRESETS:
            raise ServiceError(_("Mẫu thời gian \"%(preset)s\" không có.") % {"preset": preset},
                               field="time_control_preset")
        t.time_control = dict(timecontrol.PRESETS[preset])
    elif creating and not preset:
        t.time_control_preset = timecontrol.default_preset(t.discipline, t.time_control_class)
        t.time_control = dict(timecontrol.PRESETS[t.time_control_preset])
    if not t.time_control:
        raise ServiceError(_("Cần thời gian thi đấu: chọn một mẫu hoặc nhập các giai đoạn "
                             "(Điều 10.1)."), field="time_control", code="required")
    if creating or TIME_CONTROL_FIELDS & set(fields):
        _check_class(t, _parse_control(t.time_control))


def _check_class(t: Tournament, control: timecontrol.TimeControl) -> None:
    if not control.allows_class(t.time_control_class):
        raise ServiceError(
            _("Thời gian thi đấu (%(minutes)s phút mỗi bên cho ván 60 nước) không hợp với loại "
              "\"%(klass)s\": cờ tiêu chuẩn từ 60 phút, cờ nhanh trên 10 đến 60 phút, cờ chớp "
              "dưới 15 phút (Luật Cờ Vua B1, C1; FIDE).")
            % {"minutes": round(control.minutes_for(), 1),
               "klass": t.get_time_control_class_display()},
            field="time_control", code="time_class_mismatch")


#: A friendly team event (002 Điều 16: "số vận động viên không giới hạn") is limited only by
#: these, so that a match of two large teams (30.2.1) stays a sane input.
FRIENDLY_MAX_BOARDS = 40


FRIENDLY_MAX_RESERVES = 10


def _validate_team_sizes(t: Tournament) -> None:
    """Boards and reserves of a team (Điều 30 intro, 30.1.3; 002 Điều 16): xiangqi 3-6
    boards and 1-3 reserves, chess 3-4 and 1-2; a friendly event is not bound by them; a
    Scheveningen has tables for 3-6 boards only (30.2.2)."""
    boards, reserves = t.boards_per_team or 0, t.reserves_per_team
    if t.category == Tournament.Category.FRIENDLY:
        (lo, hi), (rlo, rhi) = (1, FRIENDLY_MAX_BOARDS), (0, FRIENDLY_MAX_RESERVES)
    else:
        (lo, hi), (rlo, rhi) = ROSTER_LIMITS[Discipline(t.discipline).law]
    lo, hi = spec_of(t).board_limits(t, lo, hi)  # e.g. the tables of 30.2.2: 3-6
    if not lo <= boards <= hi:
        raise ServiceError(_("Đồng đội: mỗi đội %(lo)s-%(hi)s bàn (Điều 30.1.3; cờ vua 002 "
                             "Điều 16: 3-4).") % {"lo": lo, "hi": hi}, field="boards_per_team")
    if reserves is None or not rlo <= reserves <= rhi:
        raise ServiceError(_("Đồng đội: mỗi đội %(lo)s-%(hi)s dự bị (Điều 30; cờ vua 002 "
                             "Điều 16: 1-2).") % {"lo": rlo, "hi": rhi},
                           field="reserves_per_team")


#: Games a player may be asked to play in one day, by time control (Điều 10), when the
#: tournament does not set ``max_games_per_day`` (docs/decisions-tournaments.md).
DEFAULT_MAX_GAMES_PER_DAY = {"standard": 2, "rapid": 7, "blitz": 15}


def max_games_per_day(t: Tournament) -> int:
    return t.max_games_per_day or DEFAULT_MAX_GAMES_PER_DAY.get(t.time_control_class, 2)


def games_per_day_needed(start: date, end: date, rounds: int | None) -> int | None:
    """For a record of an event already played (an import): the games a day its rounds took,
    when more than the default allows — the file is the evidence of the schedule."""
    if not rounds:
        return None
    days = (end - start).days + 1
    needed = -(-rounds // days)
    return needed if needed > min(DEFAULT_MAX_GAMES_PER_DAY.values()) else None


def check_rounds_fit_dates(t: Tournament, rounds: int, *, field: str = "number_of_rounds"
                           ) -> None:
    """Phụ lục 5 (programme of play): the rounds must fit the dates, at most
    ``max_games_per_day`` games a day (a round is one game for every player)."""
    days = (t.end_date - t.start_date).days + 1
    limit = days * max_games_per_day(t)
    if rounds > limit:
        raise ServiceError(
            _("%(rounds)s ván không xếp được trong %(days)s ngày thi đấu: tối đa "
              "%(per_day)s ván mỗi ngày, tức %(limit)s ván (đổi ngày thi đấu hoặc số ván "
              "tối đa mỗi ngày của giải).")
            % {"rounds": rounds, "days": days, "per_day": max_games_per_day(t),
               "limit": limit}, field=field, code="too_many_rounds")
