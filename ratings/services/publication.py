"""Publishing a computed rating period (công bố): a separate, explicit act with its own
permission (``ratings.publish_ratingperiod``), issue 13. Each publication is kept as a
:class:`RatingPublication` with the list as published; a correction is published again as
the next number with its reason. Nothing published is ever deleted."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, NotAllowedError, ServiceError
from ratings import cache_scopes
from ratings.models import PlayerRating, RatingPeriod, RatingPublication
from ratings.services.common import _require_staff

PUBLISH_PERMISSION = "ratings.publish_ratingperiod"


def require_publisher(user) -> None:
    if not (user is not None and user.has_perm(PUBLISH_PERMISSION)):
        raise NotAllowedError(_("Cần quyền công bố danh sách hệ số."))


@cache_scopes.touches
def publish_period(period: RatingPeriod, *, user) -> RatingPeriod:
    """Công bố: the reviewed list becomes the current one and the start state of the next
    period. Only a computed period, only after the previous one is published."""
    _require_staff(user)
    require_publisher(user)
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
        period.published_at = timezone.now()
        period.save(update_fields=["status", "published_at"])
        _record_publication(period, user)
    return period


def _record_publication(period: RatingPeriod, user) -> RatingPublication:
    number = period.publications.count() + 1
    rows = [list(row) for row in PlayerRating.objects.filter(period=period)
            .order_by("rank", "person_id")
            .values_list("person_id", "rank", "rating", "old_rating", "games", "change")
            .iterator(chunk_size=20_000)]
    return RatingPublication.objects.create(
        period=period, number=number, published_at=period.published_at,
        published_by=user if getattr(user, "is_authenticated", False) else None,
        reason=period.summary.get("correction", {}).get("reason", ""),
        summary=period.summary, rows=rows)
