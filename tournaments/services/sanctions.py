"""Sanctions against a player of an event (Luật Cờ Tướng 2004, seed 000, Điều 15.6, 16.1-16.2).

- **Truất quyền thi đấu** (16.1d; 16.2 "Tổng trọng tài có quyền truất quyền thi đấu"): the chief
  arbiter (or federation staff) disqualifies a player during the event: he is no longer
  paired, his pending games are lost by forfeit, and the standings annul "điểm số đạt được"
  (15.6) as the tournament's ``disqualification_scoring`` says.
- **Xóa tên** (16.1e; 16.2 "phải qua ý kiến của tổng trọng tài, trưởng ban tổ chức ... Ban tổ
  chức giải phải tuyên bố hình thức kỷ luật này bằng văn bản"): the organisers remove him from
  the list and the results by a numbered decision (``documents.Decision``, its PDF rendered
  like every decision); every game of his is annulled.
- **Đề nghị kỷ luật** (15.6 "ban tổ chức sẽ đề nghị Liên đoàn Cờ ... truất quyền thi đấu từ 1
  đến 3 năm"): the organisers or the chief arbiter propose; federation staff holding
  ``tournaments.decide_sanctionproposal`` approve (a disciplinary decision is issued and the
  suspension recorded, ``federation.services.suspend_person``) or reject with a reason.
"""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.errors import ConflictError, NotAllowedError, ServiceError
from documents.services import choose_signatory, issue_decision
from federation import services as federation_services
from federation.models import Person
from federation.selectors import add_months
from federation.services import notices as federation_notices
from tournaments import cache_scopes
from tournaments.models import Entry, Official, Pairing, Result, SanctionProposal, Tournament
from tournaments.services._common import S, _lock, _require_not_locked
from tournaments.services.results import record_result

DECIDE_PERMISSION = "tournaments.decide_sanctionproposal"
REASON_MAX = 2000
#: The source of the forfeits a disqualification writes (kept in the result log).
DISQUALIFICATION_SOURCE = "disqualification"


def is_chief_arbiter(user, tournament: Tournament) -> bool:
    return bool(getattr(user, "is_authenticated", False)) and Official.objects.filter(
        tournament=tournament, person__user=user, role=Official.Role.CHIEF).exists()


def _require_chief(user, tournament: Tournament) -> None:
    if not (getattr(user, "is_staff", False) or is_chief_arbiter(user, tournament)):
        raise NotAllowedError(_("Chỉ tổng trọng tài của giải (hoặc cán bộ Liên đoàn) được truất "
                                "quyền thi đấu (Điều 16.2)."))


def _require_organiser_or_chief(user, tournament: Tournament) -> None:
    from tournaments import selectors

    if not (selectors.can_manage(user, tournament) or selectors.has_role(
            user, tournament, Official.Role.CHIEF, Official.Role.ORGANISER_HEAD)):
        raise NotAllowedError(_("Chỉ ban tổ chức hoặc tổng trọng tài của giải được làm việc "
                                "này (Điều 15.6, 16.2)."))


def _reason(reason: str) -> str:
    text = (reason or "").strip()
    if not text:
        raise ServiceError(_("Hãy ghi lý do."), field="reason")
    if len(text) > REASON_MAX:
        raise ServiceError(_("Lý do tối đa %(n)d ký tự.") % {"n": REASON_MAX}, field="reason")
    return text


def _opinion_ground(t: Tournament) -> str:
    """Điều 16.2: a removal needs the opinion of the chief arbiter and of the head of the
    organising committee; the decision names them when the event records them (Điều 19,
    20.1)."""
    names = dict(t.officials.filter(role__in=[Official.Role.CHIEF, Official.Role.ORGANISER_HEAD])
                 .values_list("role", "person__full_name"))
    chief = names.get(Official.Role.CHIEF)
    head = names.get(Official.Role.ORGANISER_HEAD)
    return _("Xét ý kiến của Tổng trọng tài%(chief)s và Trưởng ban tổ chức giải%(head)s.") % {
        "chief": f" {chief}" if chief else "", "head": f" {head}" if head else ""}


def person_of(entry: Entry) -> Person | None:
    """The registry person of an entry: the member's, or the guest's (Điều 17.2)."""
    if entry.member is not None:
        return entry.member.person
    return entry.person


# --- disqualification (16.1d) ---------------------------------------------------------------

def disqualify_entry(entry: Entry, *, user, reason: str) -> Entry:
    """The chief arbiter disqualifies a player during the event (Điều 15.6, 16.1d, 16.2).

    He is not paired again (like a withdrawal, Điều 21.5), each of his games already paired
    and still without a result is lost by forfeit (written through ``record_result`` with
    source "disqualification", so the results' guards apply), and the standings annul his
    points — and, when ``disqualification_scoring`` is "all_games", his opponents' results
    against him too (docs/decisions-tournaments.md).
    """
    reason = _reason(reason)
    _require_chief(user, entry.tournament)
    with transaction.atomic():
        t = _lock(entry.tournament)
        _require_not_locked(t)
        if t.status not in (S.CLOSED, S.RUNNING, S.FINISHED):
            raise ServiceError(_("Chỉ truất quyền thi đấu khi giải đã bốc số (trước đó hãy rút "
                                 "tên đấu thủ)."), field="status", code="invalid_state")
        e = Entry.objects.select_for_update().get(pk=entry.pk)
        if e.disqualified_at is not None:
            raise ServiceError(_("%(name)s đã bị truất quyền thi đấu.") % {"name": e.name},
                               code="duplicate")
        _mark_disqualified(t, e, user=user, reason=reason)
        _forfeit_pending(t, e)
        cache_scopes.touch_event(t.pk)
    return e


def _mark_disqualified(t: Tournament, e: Entry, *, user, reason: str) -> None:
    played = t.rounds.count()
    e.disqualified_at = timezone.now()
    e.disqualified_after_round = played
    e.disqualification_reason = reason
    e.disqualified_by = user if getattr(user, "is_authenticated", False) else None
    if e.withdrawn_on is None:  # no longer paired (Điều 21.5 machinery)
        e.withdrawn_on = timezone.localdate()
        e.withdrawn_after_round = played
    e._change_reason = reason[:100]  # simple_history reads it
    e.save()


def _forfeit_pending(t: Tournament, e: Entry) -> None:
    pending = (Pairing.objects.filter(round__tournament=t, kind=Pairing.Kind.GAME)
               .filter(result__in=[Result.PENDING, Result.ADJOURNED])
               .exclude(white__isnull=True).exclude(black__isnull=True))
    for pairing in pending.filter(white=e) | pending.filter(black=e):
        result = Result.BLACK_FORFEIT_WIN if pairing.white_id == e.pk else Result.WHITE_FORFEIT_WIN
        record_result(pairing, result, user=None, expected_version=None,
                      source=DISQUALIFICATION_SOURCE)


# --- removal from the list (16.1e) ---------------------------------------------------------

def remove_from_list(entry: Entry, *, user, reason: str, signatory=None,
                     issued_on: date | None = None) -> Entry:
    """Xóa tên (Điều 16.1e, 16.2): announced in writing by the organisers — a numbered
    disciplinary decision signed for the organising body (its default signatory unless one is
    chosen). The player is disqualified if he was not already, and every game of his is
    annulled in the standings."""
    reason = _reason(reason)
    t = entry.tournament
    _require_organiser_or_chief(user, t)
    signatory = choose_signatory(signatory, body=t.organiser_body)
    with transaction.atomic():
        t = _lock(t)
        _require_not_locked(t)
        e = Entry.objects.select_for_update().get(pk=entry.pk)
        if e.removal_decision is not None:
            raise ServiceError(_("%(name)s đã bị xóa tên theo quyết định %(n)s.")
                               % {"name": e.name, "n": e.removal_decision.formatted_number},
                               code="duplicate")
        if t.status in (S.DRAFT, S.REGISTRATION):
            raise ServiceError(_("Trước khi bốc số chỉ cần rút tên đấu thủ."), field="status",
                               code="invalid_state")
        with translation.override(settings.LANGUAGE_CODE):  # official text: Vietnamese
            decision = issue_decision(
                kind="disciplinary", signatory=signatory, issued_on=issued_on, user=user,
                subject=_("kỷ luật xóa tên đấu thủ %(name)s khỏi danh sách giải %(t)s")
                % {"name": e.name, "t": t.name},
                grounds=[_("Căn cứ Luật Cờ Tướng (Quyết định số 1409/2004/QĐ-UBTDTT), Điều 15.6, "
                           "16.1 và 16.2;"),
                         _("Căn cứ Điều lệ giải %(t)s;") % {"t": t.name},
                         _opinion_ground(t)],
                articles=[_("Xóa tên đấu thủ %(name)s khỏi danh sách và kết quả thi đấu của giải "
                            "%(t)s. Lý do: %(reason)s") % {"name": e.name, "t": t.name,
                                                          "reason": reason},
                          _("Các ván đấu của đấu thủ %(name)s trong giải bị hủy bỏ kết quả.")
                          % {"name": e.name},
                          _("Ban tổ chức, Ban trọng tài giải và đấu thủ có tên tại Điều 1 chịu trách "
                            "nhiệm thi hành Quyết định này.")],
                recipients=[_("Như Điều 3"), _("Liên đoàn Cờ Việt Nam"), _("Lưu: BTC")],
                payload={"tournament": t.pk, "entry": e.pk, "sanction": "removal"})
        if e.disqualified_at is None:
            _mark_disqualified(t, e, user=user, reason=reason)
            _forfeit_pending(t, e)
        e.removal_decision = decision
        e.save(update_fields=["removal_decision"])
        person = e.member.person if e.member is not None else e.person
        if person is not None:  # the outbox (issue 32): to the player and his club
            federation_notices.decision_issued(decision, person)
        cache_scopes.touch_event(t.pk)
    return e


# --- proposals to the federation (15.6) ----------------------------------------------------

def propose_suspension(entry: Entry, *, user, years: int, reason: str,
                       article: str = "15.6") -> SanctionProposal:
    """The organisers (or the chief arbiter) propose a 1-3 year suspension (Điều 15.6)."""
    reason = _reason(reason)
    _require_organiser_or_chief(user, entry.tournament)
    if not isinstance(years, int) or not 1 <= years <= 3:
        raise ServiceError(_("Đề nghị đình chỉ từ 1 đến 3 năm (Điều 15.6)."), field="years")
    person = person_of(entry)
    if person is None:
        raise ServiceError(_("Đấu thủ %(name)s không có trong danh bạ của Liên đoàn; hãy nối "
                             "với người trong danh bạ trước khi đề nghị.") % {"name": entry.name},
                           field="entry", code="no_person")
    with transaction.atomic():
        if SanctionProposal.objects.select_for_update().filter(
                entry=entry, status=SanctionProposal.Status.PENDING).exists():
            raise ConflictError(_("Đã có đề nghị kỷ luật đang chờ cho đấu thủ này."),
                                field="entry", code="duplicate")
        return SanctionProposal.objects.create(
            tournament=entry.tournament, entry=entry, person=person, years=years,
            reason=reason, article=(article or "15.6")[:40],
            proposed_by=user if getattr(user, "is_authenticated", False) else None)


def _require_decider(user) -> None:
    if not (getattr(user, "is_staff", False) and user.has_perm(DECIDE_PERMISSION)):
        raise NotAllowedError(_("Chỉ cán bộ Liên đoàn có quyền quyết định kỷ luật được duyệt "
                                "đề nghị này."))


def _locked_pending(proposal: SanctionProposal) -> SanctionProposal:
    p = (SanctionProposal.objects.select_for_update(of=("self",))
         .select_related("person", "tournament").get(pk=proposal.pk))
    if p.status != SanctionProposal.Status.PENDING:
        raise ConflictError(_("Đề nghị này đã được xét (%(s)s).") % {"s": p.get_status_display()},
                            field="status", code="invalid_state")
    return p


def _last_day(starts_on: date, years: int) -> date:
    return date.fromordinal(add_months(starts_on, 12 * years).toordinal() - 1)


def approve_proposal(proposal: SanctionProposal, *, user, starts_on: date | None = None,
                     years: int | None = None, signatory=None,
                     issued_on: date | None = None) -> SanctionProposal:
    """The federation decides (Điều 15.6): a numbered disciplinary decision is issued and the
    suspension recorded from ``starts_on`` (default: the decision's date) for the proposed
    number of years (or ``years``, 1-3, when the federation decides otherwise)."""
    _require_decider(user)
    signatory = choose_signatory(signatory)
    with transaction.atomic():
        p = _locked_pending(proposal)
        years = p.years if years is None else years
        if not isinstance(years, int) or not 1 <= years <= 3:
            raise ServiceError(_("Đình chỉ từ 1 đến 3 năm (Điều 15.6)."), field="years")
        issued_on = issued_on or timezone.localdate()
        starts_on = starts_on or issued_on
        ends_on = _last_day(starts_on, years)
        name = p.person.full_name
        with translation.override(settings.LANGUAGE_CODE):  # official text: Vietnamese
            decision = issue_decision(
                kind="disciplinary", signatory=signatory, issued_on=issued_on, user=user,
                subject=_("kỷ luật đình chỉ thi đấu đối với vận động viên %(name)s") % {"name": name},
                grounds=[_("Căn cứ Luật Cờ Tướng (Quyết định số 1409/2004/QĐ-UBTDTT), Điều 15.6 "
                           "và 16;"),
                         _("Xét đề nghị của Ban tổ chức giải %(t)s.") % {"t": p.tournament.name}],
                articles=[_("Đình chỉ thi đấu %(years)d năm đối với vận động viên %(name)s, từ ngày "
                            "%(start)s đến hết ngày %(end)s. Lý do: %(reason)s")
                          % {"years": years, "name": name, "start": starts_on.strftime("%d/%m/%Y"),
                             "end": ends_on.strftime("%d/%m/%Y"), "reason": p.reason},
                          _("Trong thời gian bị đình chỉ, vận động viên %(name)s không được đăng ký "
                            "tham dự các giải do Liên đoàn và các đơn vị thành viên tổ chức.")
                          % {"name": name},
                          _("Văn phòng Liên đoàn, Ban tổ chức các giải và vận động viên có tên tại "
                            "Điều 1 chịu trách nhiệm thi hành Quyết định này.")],
                recipients=[_("Như Điều 3"), _("Lưu: VT")],
                payload={"proposal": p.pk, "person": p.person_id, "sanction": "suspension"})
        suspension = federation_services.suspend_person(
            person=p.person, starts_on=starts_on, ends_on=ends_on, decision=decision,
            reason=p.reason, article=p.article, by=user)
        p.status = SanctionProposal.Status.APPROVED
        p.reviewed_by, p.reviewed_at = user, timezone.now()
        p.decision, p.suspension = decision, suspension
        p.save()
    return p


def reject_proposal(proposal: SanctionProposal, *, user, reason: str) -> SanctionProposal:
    reason = _reason(reason)
    _require_decider(user)
    with transaction.atomic():
        p = _locked_pending(proposal)
        p.status = SanctionProposal.Status.REJECTED
        p.rejection_reason = reason
        p.reviewed_by, p.reviewed_at = user, timezone.now()
        p.save()
    return p
