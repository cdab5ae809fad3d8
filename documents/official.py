"""Which document rows are official records (``core.official``): every decision of the
register is issued when it is numbered; it is withdrawn or annulled, never deleted."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.official import official_rule, refuse_deletion
from documents.models import Decision


@official_rule(Decision)
def issued_decision(decision: Decision) -> str | None:
    return _("quyết định %(number)s đã ban hành; chỉ thu hồi hoặc hủy bỏ được, có ghi lý do") \
        % {"number": decision.formatted_number}


refuse_deletion(Decision)
