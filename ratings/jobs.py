"""Jobs of the ratings app (one name each: the kind; run by ``core.run_job``;
on the background queue: nobody waits for them, issue 31)."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from core.jobs import BACKGROUND, register
from ratings import services
from ratings.models import RatingPeriod
from tournaments.models import Tournament


def _period(params: dict[str, Any]) -> RatingPeriod | None:
    return RatingPeriod.objects.filter(pk=params["period"]).first()


register(services.PERIOD_JOB, services.compute_period_job, priority=BACKGROUND,
         label=_("Tính hệ số của kỳ"), subject=_period)
register(services.RECOMPUTE_JOB, services.recompute_from_job, priority=BACKGROUND,
         label=_("Tính lại hệ số (có lý do)"), subject=_period)
register(services.TITLE_CHECK_JOB, services.check_titles_job, priority=BACKGROUND,
         label=_("Xét tiêu chuẩn phong cấp"),
         subject=lambda params: Tournament.objects.filter(pk=params["tournament"]).first())
