"""Complaints and appeals (khiếu nại), seed 000 Điều 11.1b, 15.5-15.6, 19.1-19.2, 29.4; chess
seed 002 Phần 2 Điều 1.3 and 2.7.

- 15.6 "sau ván đấu được phép khiếu nại bằng văn bản"; 002 Điều 2.7 "Những yêu cầu khiếu nại,
  những thắc mắc về quyết định của trọng tài phải được viết bằng văn bản và được chuyển tới
  Ban Trọng tài": a complaint is a written record, filed within the event's
  ``complaint_limit_hours`` (the laws give no limit: the regulations do,
  docs/decisions-complaints.md) and refused after it, saying so.
- 15.5a-b, d: during a game only the player complains (with his team leader or coach he may
  write it); team leaders, coaches (and clubs) complain about what is outside the game: the
  draw (29.4), the overall results, titles.
- 11.1b, 15.6, 19.1-19.2: the chief arbiter (the arbiters' panel) decides first; then the
  organising committee (or its appeals committee, 19.2); then the federation. An appeal is a
  new complaint at the next level (``appeal``).
- An upheld complaint's effect goes through the service that owns it: the result through
  ``record_result`` (source "complaint", logged), the replay through ``annul_and_replay``
  (Điều 9.9a-b), a title review through the ``complaint_title_review`` hook (the ratings app).
- The decision has its reasons and article; at the organisers' and the federation's level
  it is a numbered decision (``documents``) with its PDF. Decided complaints are never
  edited or deleted.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.errors import ConflictError, NotAllowedError, ServiceError
from core.hooks import fire
from documents.models import Decision, Signatory
from documents.services import choose_signatory, issue_decision
from federation.models import Club
from federation.permissions import can_manage_club
from tournaments import cache_scopes, selectors
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
from tournaments.selectors_complaints import complainant_text, effect_text, subject_text
from tournaments.services.annulment import annul_and_replay
from tournaments.services.results import normalize_result, record_result
from tournaments.services.sanctions import is_chief_arbiter, person_of

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


# --- who -------------------------------------------------------------------------------------

def _user_of(entry: Entry | None):
    person = person_of(entry) if entry is not None else None
    return getattr(person, "user", None)


def _is_user(user) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def may_record(user, tournament: Tournament) -> bool:
    """Staff, the organisers and the event's arbiters record a written complaint handed to
    them (002 Điều 2.7: "được chuyển tới Ban Trọng tài")."""
    return _is_user(user) and (selectors.can_manage(user, tournament)
                               or selectors.can_arbitrate(user, tournament))


def _require_filer(user, t: Tournament, f: Filing) -> None:
    if may_record(user, t):
        return
    if f.complainant_kind == C.Complainant.PLAYER and f.complainant_entry is not None \
            and _is_user(user) and _user_of(f.complainant_entry) == user:
        return
    if f.complainant_kind == C.Complainant.CLUB and f.complainant_club is not None \
            and can_manage_club(user, f.complainant_club):
        return
    raise NotAllowedError(_("Chỉ đấu thủ (đơn của chính mình), câu lạc bộ (người quản lý) hoặc "
                            "trọng tài, ban tổ chức của giải ghi nhận được đơn khiếu nại này "
                            "(Điều 15.5, 002 Phần 2 Điều 2.7)."))


def may_decide(user, complaint: Complaint) -> bool:
    t = complaint.tournament
    if complaint.level == C.Level.CHIEF_ARBITER:
        return _is_user(user) and (user.is_staff or is_chief_arbiter(user, t))
    if complaint.level == C.Level.ORGANISERS:
        return selectors.can_manage(user, t)
    return _is_user(user) and user.is_staff and user.has_perm(DECIDE_PERMISSION)


def is_party(user, complaint: Complaint) -> bool:
    """The complainant, the players of the game complained about, the player whose title is
    in question, the club's managers: the parties who see the complaint."""
    if not _is_user(user):
        return False
    entries = [complaint.complainant_entry, complaint.subject_entry]
    if complaint.pairing is not None:
        entries += [complaint.pairing.white, complaint.pairing.black]
    if any(e is not None and _user_of(e) == user for e in entries):
        return True
    return complaint.complainant_club is not None and can_manage_club(
        user, complaint.complainant_club)


# --- filing ----------------------------------------------------------------------------------

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
    return (StatusChange.objects.filter(tournament=t, to_status=Tournament.Status.FINISHED)
            .aggregate(at=Max("changed_at"))["at"])


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


def _filed_at(value: datetime | None) -> datetime:
    now = timezone.now()
    if value is None:
        return now
    if value > now + timedelta(minutes=1):
        raise ServiceError(_("Giờ nộp đơn không được ở tương lai."), field="filed_at")
    return value


def file_complaint(tournament: Tournament, filing: Filing, *, user,
                   filed_at: datetime | None = None) -> Complaint:
    """Record a written complaint (Điều 15.6; 002 Phần 2 Điều 2.7), numbered in the event;
    refused (``too_late``) after the event's ``complaint_limit_hours``."""
    grounds = _text(filing.grounds, "grounds")
    _check_filing(tournament, filing)
    _require_filer(user, tournament, filing)
    at = _filed_at(filed_at)
    _check_in_time(tournament, limit_starts(tournament, filing), at)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament.pk)
        complaint = _create(t, filing, grounds=grounds, at=at, user=user)
        cache_scopes.touch_event(t.pk)
    return complaint


def _create(t: Tournament, f: Filing, *, grounds: str, at: datetime, user,
            appeal_of: Complaint | None = None) -> Complaint:
    number = (C.objects.filter(tournament=t).aggregate(n=Max("number"))["n"] or 0) + 1
    return C.objects.create(
        tournament=t, number=number, level=f.level, appeal_of=appeal_of,
        complainant_kind=f.complainant_kind, complainant_entry=f.complainant_entry,
        complainant_team=f.complainant_team, complainant_club=f.complainant_club,
        complainant_name=(f.complainant_name or "").strip()[:200], subject=f.subject,
        pairing=f.pairing, round=f.round, subject_entry=f.subject_entry, grounds=grounds,
        filed_at=at, filed_by=user if _is_user(user) else None)


def appeal(complaint: Complaint, *, user, grounds: str,
           filed_at: datetime | None = None) -> Complaint:
    """Appeal a decided complaint to the next level (11.1b, 15.6, 19): a new complaint with
    the same complainant and subject, within ``complaint_limit_hours`` of the decision."""
    grounds = _text(grounds, "grounds")
    original = C.objects.select_related("tournament").get(pk=complaint.pk)
    if not original.is_decided:
        raise ServiceError(_("Khiếu nại chưa được giải quyết; chưa kháng nghị được."),
                           field="appeal_of", code="not_decided")
    level = NEXT_LEVEL.get(original.level)
    if level is None:
        raise ServiceError(_("Quyết định của Liên đoàn là cấp cuối cùng; không kháng nghị "
                             "được nữa."), field="appeal_of", code="last_level")
    f = Filing(original.complainant_kind, original.subject, grounds,
               original.complainant_entry, original.complainant_team,
               original.complainant_club, original.complainant_name, original.pairing,
               original.round, original.subject_entry, level)
    _require_filer(user, original.tournament, f)
    at = _filed_at(filed_at)
    _check_in_time(original.tournament, original.decided_at, at)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=original.tournament_id)
        if C.objects.filter(appeal_of=original).exists():
            raise ConflictError(_("Quyết định này đã bị kháng nghị (khiếu nại số %(n)s).")
                                % {"n": original.appeals.get().number}, field="appeal_of",
                                code="duplicate")
        new = _create(t, f, grounds=grounds, at=at, user=user, appeal_of=original)
        cache_scopes.touch_event(t.pk)
    return new


# --- deciding --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Ruling:
    """A decision on a complaint: upheld or not, why, under which article, and its effect."""

    upheld: bool
    reasons: str
    article: str
    effect: str = C.Effect.NONE
    corrected_result: str = ""
    replay_reason: str = ""
    written: bool | None = None  # a numbered decision; None: as the level asks
    signatory: Signatory | None = None
    issued_on: date | None = None


def _check_ruling(c: Complaint, r: Ruling) -> str:
    """The effect to apply (and its result), or a refusal naming the field."""
    effect = r.effect or C.Effect.NONE
    if effect not in C.Effect.values:
        raise ServiceError(_("Hiệu lực không hợp lệ."), field="effect")
    if not r.upheld and effect != C.Effect.NONE:
        raise ServiceError(_("Khiếu nại không được chấp nhận thì không thay đổi gì."),
                           field="effect", code="rejected_has_no_effect")
    if effect in (C.Effect.RESULT_CORRECTED, C.Effect.REPLAY) and c.subject not in GAME_SUBJECTS:
        raise ServiceError(_("Sửa kết quả hay đấu lại chỉ áp dụng cho khiếu nại về một ván "
                             "đấu."), field="effect", code="effect_not_applicable")
    if effect == C.Effect.TITLE_REVIEW and c.subject != C.Subject.TITLE:
        raise ServiceError(_("Xét lại đẳng cấp chỉ áp dụng cho khiếu nại về đẳng cấp."),
                           field="effect", code="effect_not_applicable")
    if effect == C.Effect.RESULT_CORRECTED:
        if not r.corrected_result:
            raise ServiceError(_("Hãy ghi kết quả sửa thành."), field="corrected_result")
        return normalize_result(r.corrected_result)
    return ""


def decide_complaint(complaint: Complaint, ruling: Ruling, *, user) -> Complaint:
    """Decide a pending complaint at its level (who: ``may_decide``), with reasons and
    article; an upheld complaint's effect is carried out through the owning service in the
    same transaction, and at the organisers' or federation's level a numbered decision is
    issued (its PDF made like every decision's)."""
    reasons = _text(ruling.reasons, "reasons")
    article = _text(ruling.article, "article", limit=ARTICLE_MAX)
    with transaction.atomic():
        c = (C.objects.select_for_update(of=("self",))
             .select_related("tournament", "pairing__round", "round", "subject_entry")
             .get(pk=complaint.pk))
        if not may_decide(user, c):
            raise NotAllowedError(_("Khiếu nại ở cấp “%(level)s”: bạn không có quyền giải "
                                    "quyết (Điều 11.1b, 15.6, 19).")
                                  % {"level": c.get_level_display()})
        if c.is_decided:
            raise ConflictError(_("Khiếu nại số %(n)s đã được giải quyết (%(s)s); kháng nghị "
                                  "lên cấp trên nếu chưa đồng ý.")
                                % {"n": c.number, "s": c.get_status_display()},
                                field="status", code="invalid_state")
        result = _check_ruling(c, ruling)
        c.status = C.Status.UPHELD if ruling.upheld else C.Status.REJECTED
        c.reasons, c.article = reasons, article
        c.effect, c.corrected_result = ruling.effect or C.Effect.NONE, result
        c.decided_by, c.decided_at = user, timezone.now()
        _carry_out(c, ruling, user=user)
        written = ruling.written if ruling.written is not None else c.level in WRITTEN_LEVELS
        if written:
            c.decision = _issue(c, ruling, user=user)
        c._change_reason = reasons[:100]  # simple_history keeps it
        c.save()
        cache_scopes.touch_event(c.tournament_id)
    return c


def _carry_out(c: Complaint, r: Ruling, *, user) -> None:
    if c.effect == C.Effect.RESULT_CORRECTED:
        assert c.pairing is not None
        record_result(c.pairing, c.corrected_result, user=None, expected_version=None,
                      source=COMPLAINT_SOURCE)
        ResultChange.objects.filter(pairing=c.pairing, source=COMPLAINT_SOURCE,
                                    changed_by__isnull=True).update(changed_by=user)
    elif c.effect == C.Effect.REPLAY:
        assert c.pairing is not None
        annul_and_replay(c.pairing, user=None, by=user, reason=r.replay_reason,
                         note=c.reasons, complaint=c)
    elif c.effect == C.Effect.TITLE_REVIEW:
        complaint_id = c.pk
        transaction.on_commit(lambda: fire(TITLE_REVIEW_HOOK, complaint_id=complaint_id))


def _issue(c: Complaint, r: Ruling, *, user) -> Decision:
    t = c.tournament
    body = None if c.level == C.Level.FEDERATION else t.organiser_body
    signatory = choose_signatory(r.signatory, body=body)
    with translation.override(settings.LANGUAGE_CODE):  # official text: Vietnamese
        outcome = (_("Chấp nhận khiếu nại số %(n)s của giải %(t)s (%(s)s).") if r.upheld
                   else _("Không chấp nhận khiếu nại số %(n)s của giải %(t)s (%(s)s)."))
        return issue_decision(
            kind=Decision.Kind.COMPLAINT, signatory=signatory, issued_on=r.issued_on, user=user,
            subject=_("giải quyết khiếu nại số %(n)s tại giải %(t)s") % {"n": c.number,
                                                                       "t": t.name},
            grounds=[_("Căn cứ Luật Cờ Tướng (Quyết định số 1409/2004/QĐ-UBTDTT), Điều 11.1, "
                       "15.5, 15.6 và 19; Luật Cờ Vua, Phần 2 Điều 2.7;"),
                     _("Căn cứ Điều lệ giải %(t)s;") % {"t": t.name},
                     _("Xét đơn khiếu nại của %(who)s nộp lúc %(at)s.")
                     % {"who": complainant_text(c),
                        "at": timezone.localtime(c.filed_at).strftime("%H:%M %d/%m/%Y")}],
            articles=[outcome % {"n": c.number, "t": t.name, "s": subject_text(c)}
                      + " " + _("Lý do: %(r)s (căn cứ %(a)s).") % {"r": c.reasons,
                                                                 "a": c.article},
                      _("Hiệu lực: %(e)s.") % {"e": effect_text(c)},
                      _("Ban tổ chức, Ban trọng tài giải và người khiếu nại chịu trách nhiệm "
                        "thi hành Quyết định này.")],
            recipients=[_("Như Điều 3"), _("Lưu: BTC")],
            payload={"tournament": t.pk, "complaint": c.pk})
