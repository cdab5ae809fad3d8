"""The access log of private data (Nghị định 13/2023/NĐ-CP; issue 31, "Personal data"): who
read which private fields of which person, when and through what. Only API answers are
recorded so far (the admin, documents and exports are not yet)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from federation.models import PrivateDataAccess


def record_private_reads(user, shown: dict[int, frozenset[str]], *, via: str,
                         path: str = "") -> int:
    """One row per person whose private fields ``user`` was shown (a person reading his own
    data is not recorded). One insert for the whole answer."""
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    now = timezone.now()
    rows = [PrivateDataAccess(person_id=person_id, user_id=user_id, via=via[:20],
                              path=path[:300], at=now, fields=",".join(sorted(fields))[:100])
            for person_id, fields in shown.items() if fields]
    if rows:
        with transaction.atomic():
            PrivateDataAccess.objects.bulk_create(rows)
    return len(rows)


def purge_access_log(now=None) -> int:
    """Delete log rows older than ``PRIVATE_ACCESS_LOG_DAYS`` (celery beat, daily)."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.PRIVATE_ACCESS_LOG_DAYS)
    deleted, _by_model = PrivateDataAccess.objects.filter(at__lt=cutoff).delete()
    return deleted
