"""Which rating rows are official records (``core.official``): a published rating list
(period) with its rows, and a title awarded by a decision."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from core.official import official_rule, refuse_deletion
from ratings.models import (
    PeriodTournament,
    PlayerRating,
    PlayerTitle,
    RatingPeriod,
    RatingPublication,
)

PUBLISHED = RatingPeriod.Status.PUBLISHED


@official_rule(RatingPeriod)
def published_period(period: RatingPeriod) -> str | None:
    if period.status == PUBLISHED:
        return _("bảng hệ số của kỳ đã được công bố")
    return None


@official_rule(PlayerRating, PeriodTournament)
def row_of_published_period(row: Any) -> str | None:  # a PlayerRating or PeriodTournament
    if RatingPeriod.objects.filter(pk=row.period_id, status=PUBLISHED).exists():
        return _("thuộc bảng hệ số đã công bố")
    return None


@official_rule(PlayerTitle)
def title_by_decision(title: PlayerTitle) -> str | None:
    if title.decision_id:
        return _("đẳng cấp đã được phong bằng quyết định")
    return None


@official_rule(RatingPublication)
def publication(row: RatingPublication) -> str:
    return _("lần công bố %(n)s của bảng hệ số: lưu nguyên như đã công bố") % {"n": row.number}


refuse_deletion(RatingPeriod, RatingPublication)
