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
from federation.permissions import can_manage_club
from tournaments import cache_scopes, selectors
from tournaments.models import (
    Complaint,
    Entry,
    ResultChange,
    Tournament,
)
from tournaments.selectors_complaints import complainant_text, effect_text, subject_text
from tournaments.services.annulment import annul_and_replay
from tournaments.services.complaint_filing import (  # noqa: F401 (re-exported)
    ARTICLE_MAX,
    COMPLAINT_SOURCE,
    DECIDE_PERMISSION,
    GAME_SUBJECTS,
    NEXT_LEVEL,
    OUTSIDE_GAME,
    TEXT_MAX,
    TITLE_REVIEW_HOOK,
    WRITTEN_LEVELS,
    C,
    Filing,
    _check_complainant,
    _check_filing,
    _check_in_time,
    _check_subject,
    _finished_at,
    _text,
    check_club_of_event,
    limit_starts,
)
from tournaments.services.results import normalize_result, record_result
from tournaments.services.sanctions import is_chief_arbiter, person_of

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
    check_club_of_event(tournament, filing)
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
