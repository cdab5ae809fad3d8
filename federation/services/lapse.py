"""The daily Điều 15.5 lapse job."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as _stored

from core.jobs import run_now, start_job
from core.models import Job
from federation.models import (
    Member,
    MemberEvent,
)
from federation.selectors import (
    lapse_due_of,
    lapse_dues,
)
from federation.services import notices
from federation.services._base import _require_staff, _today
from federation.services.endings import _close_membership

# --- lapse job (Điều 15.5) ---------------------------------------------------------------------

LAPSE_BATCH = 200


def lapse_members(params: dict, progress: Callable[[float, str], None]) -> dict:
    """Expel every active member past a Điều 15.5 deadline on ``params['date']`` (default today).

    Idempotent: each member is re-checked under a row lock inside its batch's
    transaction, so a second run (or a redelivered task) lapses nobody twice.
    Returns counts per rule and the card numbers lapsed.
    """
    on = date.fromisoformat(params["date"]) if params.get("date") else _today()
    progress(1, _("Đang tính hạn theo Điều 15.5"))
    due = [d for d in lapse_dues() if d.lapses_on(on)]
    lapsed: list[dict] = []
    for start in range(0, len(due), LAPSE_BATCH):
        batch = due[start:start + LAPSE_BATCH]
        with transaction.atomic():
            lapsed.extend(_lapse_batch(batch, on))
        progress(5 + 94 * (start + len(batch)) / len(due),
                 _("Đã xét %(n)s/%(total)s hội viên") % {"n": start + len(batch),
                                                          "total": len(due)})
    progress(99, _("Đang báo các câu lạc bộ về hội viên sắp bị khai trừ"))
    warned = notices.warn_lapses(on)
    by_rule = {rule: sum(1 for x in lapsed if x["rule"] == rule) for rule in
               (Member.EndRule.NO_DUES, Member.EndRule.NO_ACTIVITY)}
    return {"date": on.isoformat(), "lapsed": len(lapsed), "by_rule": by_rule,
            "cards": [x["card"] for x in lapsed], "warned": warned}


def _lapse_batch(batch, on: date) -> list[dict]:
    by_id = {d.member_id: d for d in batch}
    members = Member.objects.select_for_update().filter(pk__in=by_id,
                                                        status=Member.Status.ACTIVE)
    done = []
    for member in members:
        # Re-check under the lock: dues or attendance may have been recorded meanwhile.
        current = lapse_due_of(member)
        if not current.lapses_on(on):
            continue
        _close_membership(member, status=Member.Status.LAPSED, rule=current.rule, on=on)
        MemberEvent.objects.create(
            member=member, kind=MemberEvent.Kind.LAPSED, date=on, rule=current.rule,
            note=_stored("Quá hạn 6 tháng tính từ %(ref)s (hạn cuối %(deadline)s)") % {
                "ref": current.reference.strftime("%d/%m/%Y"),
                "deadline": current.deadline.strftime("%d/%m/%Y")})
        done.append({"card": member.card_number, "rule": current.rule})
    return done


#: the lapse job's kind (federation/jobs.py registers it)
LAPSE_JOB = "federation.lapse"


def lapse_job_key(on: date) -> str:
    return f"lapse:{on.isoformat()}"


def start_lapse_job(*, on: date | None = None, by=None):
    """Start (or return today's) lapse job through ``core.jobs`` (staff only when ``by`` given)."""
    if by is not None:
        _require_staff(by)
    on = on or _today()
    return start_job(LAPSE_JOB, params={"date": on.isoformat()},
                     key=lapse_job_key(on), user=by)


def run_lapse_job_now(on: date) -> Job:
    """Run the lapse job of ``on`` in this process (``manage.py lapse_members``): the same job
    (its key) as celery beat's and the API's, so a day is never lapsed twice."""
    return run_now(LAPSE_JOB, params={"date": on.isoformat()}, key=lapse_job_key(on))
