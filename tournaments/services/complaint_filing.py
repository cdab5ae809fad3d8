"""A complaint's filing and its checks (Điều 11.1b, 15.5-15.6, 29.4; chess 002 Phần 2 Điều
2.7): the vocabulary, who complains about what, and the event's time limit. The writes are in
``tournaments.services.complaints``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ServiceError
from federation.models import Club
from tournaments.models import (
    Complaint,
    Entry,
    Pairing,
    ResultChange,
    Round,
    StatusChange,
    TeamEntry,
    Tournament,
)
from tournaments.selectors_complaints import event_clubs

C = Complaint
TEXT_MAX = 2000
ARTICLE_MAX = 80
COMPLAINT_SOURCE = "complaint"
TITLE_REVIEW_HOOK = "complaint_title_review"
#: 11.1b, 15.6, 19: the next level an appeal goes to
NEXT_LEVEL: dict[str, str] = {C.Level.CHIEF_ARBITER: C.Level.ORGANISERS, C.Level.ORGANISERS: C.Level.FEDERATION}
GAME_SUBJECTS = frozenset({C.Subject.RESULT, C.Subject.ARBITER_DECISION})
#: 15.5d: what team leaders and clubs may complain about on their own ("không thuộc phạm vi
#: ván đấu": the draw, the overall results); about a game they sign with the player (15.5b)
OUTSIDE_GAME = frozenset({C.Subject.PAIRING, C.Subject.TITLE})
#: levels whose decision is a numbered written decision (documents) unless told otherwise
WRITTEN_LEVELS = frozenset({C.Level.ORGANISERS, C.Level.FEDERATION})
DECIDE_PERMISSION = "tournaments.decide_complaint"


@dataclass(frozen=True)
class Filing:
    """Who complains and about what (the fields of a complaint the filer chooses)."""

    complainant_kind: str
    subject: str
    grounds: str
    complainant_entry: Entry | None = None
    complainant_team: TeamEntry | None = None
    complainant_club: Club | None = None
    complainant_name: str = ""
    pairing: Pairing | None = None
    round: Round | None = None
    subject_entry: Entry | None = None
    level: str = C.Level.CHIEF_ARBITER


def _text(value: str, field: str, *, required: bool = True, limit: int = TEXT_MAX) -> str:
    text = (value or "").strip()
    if required and not text:
        raise ServiceError(_("Hãy ghi nội dung."), field=field)
    if len(text) > limit:
        raise ServiceError(_("Tối đa %(n)d ký tự.") % {"n": limit}, field=field)
    return text


def _check_filing(t: Tournament, f: Filing) -> None:
    if f.complainant_kind not in C.Complainant.values:
        raise ServiceError(_("Người khiếu nại phải là đấu thủ, lãnh đội hoặc câu lạc bộ."),
                           field="complainant_kind")
    if f.subject not in C.Subject.values:
        raise ServiceError(_("Khiếu nại phải về kết quả, quyết định của trọng tài, bốc thăm "
                             "hoặc đẳng cấp."), field="subject")
    if f.level not in (C.Level.CHIEF_ARBITER, C.Level.ORGANISERS):
        raise ServiceError(_("Đơn khiếu nại gửi tổng trọng tài hoặc ban tổ chức (Điều 15.6); "
                             "Liên đoàn chỉ xét kháng nghị quyết định của ban tổ chức."),
                           field="level")
    for name in ("complainant_entry", "subject_entry"):
        entry = getattr(f, name)
        if entry is not None and entry.tournament_id != t.pk:
            raise ServiceError(_("Đấu thủ không thuộc giải này."), field=name)
    _check_complainant(t, f)
    _check_subject(t, f)


def _check_complainant(t: Tournament, f: Filing) -> None:
    kind = f.complainant_kind
    if kind == C.Complainant.PLAYER and f.complainant_entry is None:
        raise ServiceError(_("Hãy chọn đấu thủ khiếu nại."), field="complainant_entry")
    if kind == C.Complainant.TEAM_LEADER:
        if f.complainant_team is None or f.complainant_team.tournament_id != t.pk:
            raise ServiceError(_("Lãnh đội khiếu nại cho một đội của giải: hãy chọn đội."),
                               field="complainant_team")
        if not (f.complainant_name or "").strip():
            raise ServiceError(_("Hãy ghi tên lãnh đội (huấn luyện viên) ký đơn."),
                               field="complainant_name")
    if kind == C.Complainant.CLUB and f.complainant_club is None:
        raise ServiceError(_("Hãy chọn câu lạc bộ khiếu nại."), field="complainant_club")
    if f.subject in GAME_SUBJECTS and kind != C.Complainant.PLAYER and (
            f.complainant_entry is None):
        raise ServiceError(_("Về một ván đấu chỉ đấu thủ khiếu nại; lãnh đội, câu lạc bộ chỉ "
                             "cùng đấu thủ làm văn bản (Điều 15.5a-b): hãy chọn đấu thủ."),
                           field="complainant_entry", code="player_only")


def check_club_of_event(t: Tournament, f: Filing) -> None:
    """Điều 15.5: a club complains for its players in the event (``event_clubs``): checked
    once the filer may file (a stranger is refused as one, 403, first)."""
    club = f.complainant_club
    if f.complainant_kind != C.Complainant.CLUB or club is None:
        return
    if not event_clubs(t).filter(pk=club.pk).exists():
        raise ServiceError(_("Câu lạc bộ %(name)s không có đấu thủ, đội hay đoàn trong giải "
                             "này (Điều 15.5).") % {"name": club.name},
                           field="complainant_club", code="not_of_the_event")


def _check_subject(t: Tournament, f: Filing) -> None:
    if f.subject in GAME_SUBJECTS:
        p = f.pairing
        if p is None or p.round.tournament_id != t.pk or p.kind != Pairing.Kind.GAME:
            raise ServiceError(_("Hãy chọn ván đấu (một bàn của giải này)."), field="pairing")
        if f.complainant_entry is not None and f.complainant_entry.pk not in (
                p.white_id, p.black_id):
            raise ServiceError(_("Đấu thủ %(name)s không chơi ván này: chỉ đấu thủ của ván "
                                 "khiếu nại về ván đó (Điều 15.5a).")
                               % {"name": f.complainant_entry.name}, field="complainant_entry",
                               code="not_a_party")
    elif f.subject == C.Subject.PAIRING:
        if f.round is None or f.round.tournament_id != t.pk:
            raise ServiceError(_("Hãy chọn vòng có kết quả bốc thăm bị khiếu nại."),
                               field="round")
    elif f.subject_entry is None:
        raise ServiceError(_("Hãy chọn đấu thủ có đẳng cấp bị khiếu nại."), field="subject_entry")


def _finished_at(t: Tournament) -> datetime | None:
    if t.certified_at is not None:
        return t.certified_at
    finished: datetime | None = (
        StatusChange.objects.filter(tournament=t, to_status=Tournament.Status.FINISHED)
        .aggregate(at=Max("changed_at"))["at"])
    return finished


def limit_starts(t: Tournament, f: Filing) -> datetime | None:
    """When the time to complain starts (None: it has not started, a complaint is in time):
    a game's result or decision — when its result was last recorded ("sau ván đấu", 15.6);
    the draw — when it was made (29.4); a title — when the event finished."""
    if f.subject in GAME_SUBJECTS:
        assert f.pairing is not None  # checked by _check_subject
        if not f.pairing.has_result:
            return None
        last = (ResultChange.objects.filter(pairing=f.pairing)
                .aggregate(at=Max("changed_at"))["at"])
        return last or f.pairing.updated_at
    if f.subject == C.Subject.PAIRING:
        assert f.round is not None  # checked by _check_subject
        return f.round.paired_at
    return _finished_at(t)


def _check_in_time(t: Tournament, starts: datetime | None, filed_at: datetime) -> None:
    if starts is None:
        return
    deadline = starts + timedelta(hours=t.complaint_limit_hours)
    if filed_at > deadline:
        raise ServiceError(
            _("Quá thời hạn khiếu nại: %(hours)s giờ kể từ %(start)s (hết hạn %(end)s), theo "
              "điều lệ giải (Điều 15.6).")
            % {"hours": t.complaint_limit_hours,
               "start": timezone.localtime(starts).strftime("%H:%M %d/%m/%Y"),
               "end": timezone.localtime(deadline).strftime("%H:%M %d/%m/%Y")},
            field="filed_at", code="too_late")
