"""Which federation rows are official records (``core.official``): a suspension imposed by an
issued disciplinary decision (Điều 15.6, 16.2) is never deleted; it ends early only through
``services.lift_suspension`` (the admin's "lifted on" field), which keeps the trace."""

from __future__ import annotations

from typing import cast

from django.db.models import Model
from django.utils.translation import gettext as _

from core.official import official_rule, refuse_deletion
from federation.models import Suspension


@official_rule(Suspension)
def decided_suspension(row: Model) -> str | None:
    suspension = cast(Suspension, row)
    if suspension.decision_id is None:
        return None
    return _("đình chỉ theo quyết định %(number)s; chỉ ghi được ngày chấm dứt sớm") % {
        "number": suspension.decision_reference}


refuse_deletion(Suspension)
