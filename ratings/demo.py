"""Demo official records of the ratings app for ``manage.py load_demo`` (after the
tournaments' and games' loaders), so that a new user sees every kind in the admin:

- the federation's signatories (a chairman, the default, and a deputy who signs "KT. CHỦ
  TỊCH");
- a published rating list: a starting list of last month for the players of the certified
  round robin, and this month's period computed from it, reviewed and published;
- an issued title decision: a WXF master title recorded for a player, the national master
  qualification it gives (Phụ lục 6), approved and signed by the deputy.
"""

from __future__ import annotations

from datetime import timedelta

from chessrules.values import System
from documents.models import Signatory
from federation.demo import vietnamese_name
from federation.models import Body
from ratings import services
from ratings.models import RatingList, TitleQualification


def _signatories(ctx) -> tuple[Signatory, Signatory]:
    national = Body.objects.get(level=Body.Level.NATIONAL)
    chairman = Signatory.objects.create(body=national, full_name=vietnamese_name(ctx.rng, "M"),
                                        position="CHỦ TỊCH", is_default=True)
    deputy = Signatory.objects.create(body=national, full_name=vietnamese_name(ctx.rng, "F"),
                                      position="PHÓ CHỦ TỊCH", authority="KT. CHỦ TỊCH")
    return chairman, deputy


def _published_list(ctx, staff):
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
    return services.publish_period(period, user=staff)


def load_official_records(ctx) -> str:
    staff = ctx.data["users"]["staff"]
    _chairman, deputy = _signatories(ctx)
    period = _published_list(ctx, staff)
    person = ctx.data["tournaments"][0].entries.exclude(member=None).first().member.person
    services.record_foreign_title(person, "WXF master", ctx.today - timedelta(days=20),
                                  user=staff, reference="WXF 2026")
    qualification = TitleQualification.objects.filter(
        person=person, status=TitleQualification.Status.PENDING).first()
    title = services.approve_qualification(qualification, user=staff, signatory=deputy,
                                           issued_on=ctx.today)
    return (f"ratings: '{period}' published ({period.summary.get('games', 0)} games); "
            f"title decision {title.decision.formatted_number} signed by {deputy}")


LOADERS = [load_official_records]
