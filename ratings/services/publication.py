"""Publishing a computed rating period (công bố): a separate, explicit act with its own
permission (``ratings.publish_ratingperiod``), issue 13. Each publication is kept as a
:class:`RatingPublication` with the list as published; a correction is published again as
the next number with its reason. Nothing published is ever deleted."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, NotAllowedError, ServiceError
from ratings import cache_scopes
from ratings.models import PlayerRating, RatingPeriod, RatingPublication
from ratings.services.common import _require_staff

PUBLISH_PERMISSION = "ratings.publish_ratingperiod"


def require_publisher(user: Any) -> None:
    if not (user is not None and user.has_perm(PUBLISH_PERMISSION)):
        raise NotAllowedError(_("Cần quyền công bố danh sách hệ số."))


def check_period_ended(period: RatingPeriod, reason: str) -> str:
    """A period is published once it has ended (issue #28); before its last day has passed
    only with a reason, which the publication records. Returns the reason of an early
    publication ("" once the period has ended)."""
    reason = (reason or "").strip()
    if len(reason) > 1000:
        raise ServiceError(_("Lý do tối đa 1000 ký tự."), field="reason")
    if period.end < timezone.localdate():
        return ""
    if not reason:
        raise ServiceError(
            _("Kỳ %(period)s chưa kết thúc (đến hết ngày %(end)s): chỉ công bố sớm khi ghi lý "
              "do.") % {"period": period, "end": period.end.strftime("%d/%m/%Y")},
            field="reason", code="period_not_ended")
    return reason


@cache_scopes.touches
def publish_period(period: RatingPeriod, *, user: Any, reason: str = "",
                   seeded: bool = False) -> RatingPeriod:
    """Công bố: the reviewed list becomes the current one and the start state of the next
    period. Only a computed period, only after the previous one is published, and only once
    it has ended unless ``reason`` says why earlier (recorded on the publication). A seeded
    starting list (``seeded``) is published as it is entered."""
    _require_staff(user)
    require_publisher(user)
    early_reason = "" if seeded else check_period_ended(period, reason)
    with transaction.atomic():
        period = RatingPeriod.objects.select_for_update().get(pk=period.pk)
        if period.status == RatingPeriod.Status.DRAFT:
            raise ServiceError(_("Kỳ chưa được tính."), field="period", code="not_computed")
        if period.status == RatingPeriod.Status.PUBLISHED:
            raise ConflictError(_("Kỳ này đã được công bố."), field="period",
                                code="already_published")
        previous = (RatingPeriod.objects.filter(rating_list=period.rating_list,
                                                start__lt=period.start)
                    .order_by("-start").first())
        if previous is not None and previous.status != RatingPeriod.Status.PUBLISHED:
            raise ConflictError(_("Phải công bố kỳ trước (%(start)s) trước.")
                                % {"start": previous.start.isoformat()}, field="period",
                                code="previous_period_not_published")
        PlayerRating.objects.filter(period=period, published=False).update(published=True)
        period.status = RatingPeriod.Status.PUBLISHED
        period.published_at = published_at = timezone.now()
        period.save(update_fields=["status", "published_at"])
        _record_publication(period, published_at, user, early_reason)
    return period


def _record_publication(period: RatingPeriod, published_at: datetime, user: Any,
                        early_reason: str = "") -> RatingPublication:
    number = period.publications.count() + 1
    reasons = [period.summary.get("correction", {}).get("reason", "")]
    if early_reason:  # stored in Vietnamese whatever the request's language
        reasons.append(f"Công bố trước khi kỳ kết thúc: {early_reason}")
    rows = [list(row) for row in PlayerRating.objects.filter(period=period)
            .order_by("rank", "person_id")
            .values_list("person_id", "rank", "rating", "old_rating", "games", "change")
            .iterator(chunk_size=20_000)]
    return RatingPublication.objects.create(
        period=period, number=number, published_at=published_at,
        published_by=user if getattr(user, "is_authenticated", False) else None,
        reason="; ".join(r for r in reasons if r),
        summary=period.summary, rows=rows)
