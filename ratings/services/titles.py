"""National titles (Phụ lục 6, Luật Cờ Tướng 2004).

When a tournament is certified, every player is checked against the criteria table in force
on the event's end date; each criterion met becomes a :class:`TitleQualification` with its
evidence. Staff approve (a title-award decision is issued through
``documents.services.issue_decision`` and a :class:`PlayerTitle` created) or reject with a
reason.
"""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from chessrules.values import Discipline
from core.errors import ConflictError, ServiceError
from core.jobs import start_job
from documents.services import choose_signatory, issue_decision
from federation.models import Person
from federation.selectors import active_club_of
from federation.services import notices as federation_notices
from ratings import cache_scopes, engine, selectors
from ratings.models import (
    TITLE_ORDER,
    ForeignTitle,
    PlayerTitle,
    TitleCode,
    TitleCriteriaTable,
    TitleQualification,
)
from ratings.services.common import Progress, _no_progress, _require_staff
from tournaments.models import Complaint, Tournament

#: the title check's job kind (ratings/jobs.py registers it)
TITLE_CHECK_JOB = "ratings.check_titles"
CATEGORY_OF: dict[str, str] = {
    Tournament.Category.NATIONAL_INDIVIDUAL: engine.INDIVIDUAL_CHAMPIONSHIP,
    Tournament.Category.NATIONAL_TEAM: engine.TEAM_CHAMPIONSHIP,
    Tournament.Category.NATIONAL_YOUTH: engine.YOUTH_CHAMPIONSHIP,
}


@cache_scopes.touches
def save_criteria_table(*, user, code: str, data: dict, discipline: str = Discipline.XIANGQI,
                        source: str = "", table: TitleCriteriaTable | None = None
                        ) -> TitleCriteriaTable:
    """Staff add or edit a version of the standards (checked by the evaluator's loader)."""
    _require_staff(user)
    try:
        loaded = engine.load_table(data)
    except (engine.CriteriaError, ValueError, TypeError) as exc:
        raise ServiceError(str(exc), field="data", code="invalid_criteria") from None
    table = table or TitleCriteriaTable()
    table.code = code or loaded.id
    table.discipline = discipline
    table.valid_from, table.valid_to = loaded.valid_from, loaded.valid_to
    table.source = source or loaded.source
    table.data = data
    table.save()
    return table


def table_for(discipline: str, day: date) -> TitleCriteriaTable | None:
    tables = list(TitleCriteriaTable.objects.filter(discipline=discipline))
    key = engine.table_valid_on(((t.pk, t.data) for t in tables), day)
    return next((t for t in tables if t.pk == key), None)


def request_title_check(tournament: Tournament, *, user=None):
    stamp = tournament.certified_at.isoformat() if tournament.certified_at else "manual"
    return start_job(TITLE_CHECK_JOB, params={"tournament": tournament.pk},
                     key=f"title-check:{tournament.pk}:{stamp}", user=user)


def on_complaint_title_review(complaint_id: int) -> dict:
    """The hook ``complaint_title_review`` (settings.HOOKS): a complaint about a title upheld
    (Điều 15.5d; tournaments.services.complaints) runs the event's title check again — it is
    idempotent: a qualification missing is created and waits, like every one, for staff
    review; one already decided is changed only by staff (official record). An event not
    certified has no title check yet (it runs at certification)."""
    complaint = Complaint.objects.select_related("tournament").get(pk=complaint_id)
    tournament = complaint.tournament
    if tournament.status != Tournament.Status.CERTIFIED:
        return {"titles": None}
    job = start_job(TITLE_CHECK_JOB, params={"tournament": tournament.pk},
                    key=f"title-check:{tournament.pk}:complaint:{complaint.pk}",
                    user=complaint.decided_by)
    return {"titles": str(job.pk)}


def check_titles_job(params: dict, progress: Progress) -> dict:
    tournament = Tournament.objects.get(pk=params["tournament"])
    return check_tournament_titles(tournament, progress=progress)


@cache_scopes.touches
def check_tournament_titles(tournament: Tournament, *, progress: Progress = _no_progress) -> dict:
    """Check every player of a certified national event against Phụ lục 6 (idempotent)."""
    if tournament.status != Tournament.Status.CERTIFIED:
        raise ServiceError(_("Giải chưa được công nhận kết quả."), field="tournament",
                           code="not_certified")
    category = CATEGORY_OF.get(tournament.category)
    table = table_for(tournament.discipline, tournament.end_date)
    if category is None or table is None:
        return {"tournament": tournament.pk, "checked": 0, "qualifications": 0,
                "reason": "no criteria for this event"}
    rounds = selectors.event_rounds(tournament)
    minimum = engine.load_table(table.data).minimum_games(rounds) if rounds else 0
    performances = selectors.title_performances(tournament, minimum_games=minimum)
    progress(30, _("Đang kiểm tra tiêu chuẩn phong cấp"))
    created = kept = 0
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        met_keys = set()
        for perf in performances:
            earlier = _earlier_standards(perf["person"], tournament)
            qualifications = engine.check_player(
                table.data, event_id=tournament.pk, category=category, section=perf["section"],
                end_date=tournament.end_date, rank=perf.get("rank"),
                age_group=perf.get("age_group"), score=perf.get("score"),
                games=perf.get("games"), board_rank=perf.get("board_rank"),
                rounds=perf.get("rounds"), earlier=earlier)
            for q in qualifications:
                met_keys.add((perf["person"], q.criterion_id))
                _obj, was_created = _store_qualification(perf["person"], tournament, table, q)
                created += was_created
                kept += not was_created
        stale = [q.pk for q in TitleQualification.objects.filter(
            tournament=tournament, status=TitleQualification.Status.PENDING)
            if (q.person_id, q.criterion_id) not in met_keys]
        TitleQualification.objects.filter(pk__in=stale).delete()
    return {"tournament": tournament.pk, "checked": len(performances), "created": created,
            "unchanged": kept, "withdrawn": len(stale), "table": table.code}


def _earlier_standards(person_id: int, tournament: Tournament) -> list[engine.EarlierStandard]:
    """Candidate-master standards of the same year at other events (approved or pending)."""
    rows = (TitleQualification.objects
            .filter(person_id=person_id, title=TitleCode.NATIONAL_CANDIDATE_MASTER,
                    event_date__year=tournament.end_date.year, tournament__isnull=False)
            .exclude(tournament=tournament).exclude(status=TitleQualification.Status.REJECTED))
    return [engine.EarlierStandard(q.title, q.criterion_id, q.tournament_id, q.event_date)
            for q in rows]


def _store_qualification(person_id: int, tournament: Tournament | None,
                         table: TitleCriteriaTable, q, *, foreign: ForeignTitle | None = None,
                         event_date: date | None = None) -> tuple[TitleQualification, bool]:
    lookup = {"person_id": person_id, "criterion_id": q.criterion_id}
    if foreign is not None:
        lookup["foreign_title"] = foreign
    else:
        lookup["tournament"] = tournament
    existing = TitleQualification.objects.filter(**lookup).first()
    values = {"title": q.title, "criterion_text": q.text, "table": table, "section": q.section,
              "evidence": q.evidence,
              "event_date": event_date or (tournament.end_date if tournament else date.today())}
    if existing is None:
        return TitleQualification.objects.create(**lookup, **values), True
    if existing.status == TitleQualification.Status.PENDING:
        for name, value in values.items():
            setattr(existing, name, value)
        existing.save()
    return existing, False


def section_of(person: Person) -> str:
    return engine.WOMEN if person.gender == "F" else engine.MEN


@cache_scopes.touches
def record_foreign_title(person: Person, title: str, awarded_on: date, *, user,
                         reference: str = "") -> ForeignTitle:
    """Staff record a WXF/AXF master title; the criteria it meets (A.1.d, B.1.c) become
    qualifications for review."""
    _require_staff(user)
    if title not in ForeignTitle.Kind.values:
        raise ServiceError(_("Danh hiệu quốc tế không hợp lệ."), field="title")
    with transaction.atomic():
        foreign, _created = ForeignTitle.objects.get_or_create(
            person=person, title=title,
            defaults={"awarded_on": awarded_on, "reference": reference, "recorded_by": user})
        table = table_for(Discipline.XIANGQI, awarded_on)
        if table is not None:
            for q in engine.check_foreign(table.data, section=section_of(person),
                                          foreign_titles=[title]):
                _store_qualification(person.pk, None, table, q, foreign=foreign,
                                     event_date=awarded_on)
    return foreign


@cache_scopes.touches
def approve_qualification(qualification: TitleQualification, *, user, signatory=None,
                          issued_on: date | None = None) -> PlayerTitle:
    """Duyệt: issue the title-award decision (numbered, unique per year), signed by a
    signatory kept by staff (the one chosen, else the national federation's default; never a
    user name, issue 13), and award the title."""
    _require_staff(user)
    signatory = choose_signatory(signatory)
    with transaction.atomic():
        q = (TitleQualification.objects.select_for_update(of=("self",))
             .select_related("person", "tournament").get(pk=qualification.pk))
        if q.status != TitleQualification.Status.PENDING:
            raise ConflictError(_("Hồ sơ này đã được xét (%(s)s).") % {"s": q.get_status_display()},
                                field="status")
        held = list(PlayerTitle.objects.filter(person=q.person).values_list("title", flat=True))
        if any(TITLE_ORDER[TitleCode(t)] >= TITLE_ORDER[TitleCode(q.title)] for t in held):
            raise ConflictError(_("Vận động viên đã có đẳng cấp này hoặc cao hơn."),
                                field="title", code="title_held")
        with translation.override(settings.LANGUAGE_CODE):  # official text: Vietnamese
            decision = issue_decision(
                kind="title_award", subject=_decision_subject(q), grounds=_decision_grounds(q),
                articles=_decision_articles(q), signatory=signatory,
                recipients=[_("Như Điều 3"), _("Lưu: VT")],
                issued_on=issued_on, user=user,
                payload={"players": [{"name": q.person.full_name, "unit": _unit_of(q.person),
                                      "title": q.get_title_display()}]})
        title = PlayerTitle.objects.create(person=q.person, title=q.title,
                                           awarded_on=decision.issued_on, decision=decision,
                                           qualification=q)
        q.status = TitleQualification.Status.APPROVED
        q.reviewed_by, q.reviewed_at, q.decision = user, timezone.now(), decision
        q.save(update_fields=["status", "reviewed_by", "reviewed_at", "decision"])
        federation_notices.decision_issued(decision, q.person)  # the outbox (issue 32)
    return title


@cache_scopes.touches
def reject_qualification(qualification: TitleQualification, *, user, reason: str
                         ) -> TitleQualification:
    _require_staff(user)
    if not (reason or "").strip():
        raise ServiceError(_("Cần ghi lý do không duyệt."), field="reason")
    with transaction.atomic():
        q = TitleQualification.objects.select_for_update().get(pk=qualification.pk)
        if q.status != TitleQualification.Status.PENDING:
            raise ConflictError(_("Hồ sơ này đã được xét (%(s)s).") % {"s": q.get_status_display()},
                                field="status")
        q.status = TitleQualification.Status.REJECTED
        q.rejection_reason = reason.strip()
        q.reviewed_by, q.reviewed_at = user, timezone.now()
        q.save(update_fields=["status", "rejection_reason", "reviewed_by", "reviewed_at"])
    return q


def _unit_of(person: Person) -> str:
    club = active_club_of(person)
    if club is not None:
        return club.name
    return person.province.name if person.province else ""


def _decision_subject(q: TitleQualification) -> str:
    return _("phong đẳng cấp %(title)s cho vận động viên %(name)s") % {
        "title": q.get_title_display(), "name": q.person.full_name}


def _decision_grounds(q: TitleQualification) -> list[str]:
    grounds = [_("Căn cứ Luật Cờ Tướng ban hành theo Quyết định số 1409/2004/QĐ-UBTDTT, "
                 "Phụ lục 6: Tiêu chuẩn phong cấp vận động viên cờ Tướng cấp quốc gia;"),
               _("Căn cứ tiêu chuẩn %(c)s: %(text)s") % {"c": q.criterion_id,
                                                         "text": q.criterion_text}]
    if q.tournament:
        grounds.append(_("Căn cứ kết quả %(event)s (kết thúc ngày %(day)s);") % {
            "event": _event_name(q.tournament.name), "day": q.event_date.strftime("%d/%m/%Y")})
    return grounds


def _event_name(name: str) -> str:
    """"Giải Vô địch …" as it is; "Vô địch …" → "giải Vô địch …" (never "giải Giải …")."""
    name = name.strip()
    return name if name.lower().startswith("giải") else _("giải %(name)s") % {"name": name}


def _decision_articles(q: TitleQualification) -> list[str]:
    return [_("Phong đẳng cấp %(title)s cho vận động viên %(name)s (%(unit)s).") % {
                "title": q.get_title_display(), "name": q.person.full_name,
                "unit": _unit_of(q.person)},
            _("Quyết định có hiệu lực kể từ ngày ký."),
            _("Văn phòng Liên đoàn và vận động viên có tên tại Điều 1 chịu trách nhiệm thi hành "
              "Quyết định này.")]
