"""The admin's history pages in the staff's terms (issue #18): django-simple-history lists
each change as "field: old → new" with raw values; here a choice shows its label
("Bản nháp", not ``draft``), a time shows in local time (Asia/Ho_Chi_Minh), an empty value
as a dash. Every admin with a history uses ``HistoryAdmin``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.formats import date_format
from simple_history.admin import SimpleHistoryAdmin
from simple_history.template_utils import HistoricalRecordContextHelper

EMPTY = "—"


class LabelledHistoryHelper(HistoricalRecordContextHelper):
    """Old and new values as a user reads them elsewhere in the admin."""

    def prepare_delta_change_value(self, change, value: Any) -> Any:
        if value is None or value == "":
            return EMPTY
        field = self.model._meta.get_field(change.field)
        if getattr(field, "flatchoices", None) and not isinstance(value, (list, dict)):
            return dict(field.flatchoices).get(value, value)
        if isinstance(value, datetime):
            value = timezone.localtime(value) if timezone.is_aware(value) else value
            return date_format(value, "DATETIME_FORMAT")
        return super().prepare_delta_change_value(change, value)


class HistoryAdmin(SimpleHistoryAdmin):
    def get_historical_record_context_helper(self, request, historical_record):
        return LabelledHistoryHelper(self.model, historical_record)
