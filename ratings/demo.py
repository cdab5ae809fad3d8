"""Demo official records of the ratings app for ``manage.py load_demo`` (after the
tournaments' and games' loaders), so that a new user sees every kind in the admin:

- a published rating list: a starting list of last month for the players of the certified
  round robin, and this month's period computed from it, reviewed and published;
- an issued title decision: a WXF master title recorded for a player, the national master
  qualification it gives (Phụ lục 6), approved and signed by the deputy (the signatories
  come from the federation's loader), with its PDF rendered;
- a qualification waiting for review: an AXF master title recorded for another player.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from chessrules.values import System
from documents.services import render_document
from ratings import services
from ratings.models import RatingList, RatingPeriod, TitleQualification


def _published_list(ctx: Any, staff: Any) -> RatingPeriod:
    round_robin = next(t for t in ctx.data["tournaments"] if t.system == System.ROUND_ROBIN)
    people = [e.member.person_id for e in round_robin.entries.select_related("member")
              if e.member_id]
    rating_list = RatingList.objects.get(discipline=round_robin.discipline,
                                         time_control_class=round_robin.time_control_class)
    this_month = ctx.today.replace(day=1)
    last_start, last_end = services.month_bounds(this_month - timedelta(days=1))
    services.seed_period(rating_list, last_start, last_end,
                         {p: (2200 - 40 * i, 60) for i, p in enumerate(people)}, user=staff)
    period = services.get_or_create_period(rating_list, ctx.today)
    services.compute_period(period)
    return services.publish_period(period, user=staff,
                                   reason="Dữ liệu minh họa: công bố trước khi kỳ kết thúc")


def load_official_records(ctx: Any) -> str:
    staff = ctx.data["users"]["staff"]
    deputy = ctx.data["signatories"]["deputy"]
    period = _published_list(ctx, staff)
    first, second = [e.member.person for e in ctx.data["tournaments"][0].entries
                     .exclude(member=None).select_related("member__person")[:2]]
    services.record_foreign_title(first, "WXF master", ctx.today - timedelta(days=20),
                                  user=staff, reference="WXF 2026")
    qualification = TitleQualification.objects.filter(
        person=first, status=TitleQualification.Status.PENDING).first()
    assert qualification is not None  # record_foreign_title just proposed it
    title = services.approve_qualification(qualification, user=staff, signatory=deputy,
                                           issued_on=ctx.today)
    assert title.decision is not None  # an approved title is decided
    render_document({"kind": "decision", "target": str(title.decision.pk)},
                    lambda *a, **k: None)
    services.record_foreign_title(second, "AXF master", ctx.today - timedelta(days=10),
                                  user=staff, reference="AXF 2026")
    pending = TitleQualification.objects.filter(status=TitleQualification.Status.PENDING).count()
    return (f"ratings: '{period}' published ({period.summary.get('games', 0)} games); "
            f"title decision {title.decision.formatted_number} signed by {deputy} (PDF "
            f"rendered); {pending} qualification(s) waiting for review")


LOADERS = [load_official_records]
