"""The admin's history pages in the staff's terms (issue #18): django-simple-history lists
each change as "field: old → new" with raw values; here a choice shows its label
("Bản nháp", not ``draft``), a time shows in local time (Asia/Ho_Chi_Minh), an empty value
as a dash. Every admin with a history uses ``HistoryAdmin``."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.db import models
from django.http import HttpRequest
from django.utils import timezone
from django.utils.formats import date_format
from simple_history.admin import SimpleHistoryAdmin
from simple_history.models import ModelChange
from simple_history.template_utils import HistoricalRecordContextHelper

from core.admin_display import readable_json

EMPTY = "—"


# django-simple-history ships no type hints: its classes are Any to mypy
class LabelledHistoryHelper(HistoricalRecordContextHelper):  # type: ignore[misc]
    """Old and new values as a user reads them elsewhere in the admin."""

    def prepare_delta_change_value(self, change: ModelChange, value: Any) -> Any:
        if value is None or value == "" or value == [] or value == {}:
            return EMPTY
        field = self.model._meta.get_field(change.field)
        if getattr(field, "flatchoices", None) and not isinstance(value, (list, dict)):
            return dict(field.flatchoices).get(value, value)
        if isinstance(value, datetime):
            value = timezone.localtime(value) if timezone.is_aware(value) else value
            return date_format(value, "DATETIME_FORMAT")
        if isinstance(value, date):
            return date_format(value, "DATE_FORMAT")  # dd/mm/yyyy (issue 28)
        if isinstance(field, models.JSONField):
            return readable_json(value)  # as lines, not JSON
        shown = super().prepare_delta_change_value(change, value)
        if isinstance(shown, str) and shown.startswith("[") and shown.endswith("]"):
            shown = shown[1:-1] or EMPTY  # many-to-many rows: "a, b", not "[a, b]"
        return shown


class HistoryAdmin(SimpleHistoryAdmin):  # type: ignore[misc]  # no type hints (above)
    def get_historical_record_context_helper(
            self, request: HttpRequest, historical_record: models.Model) -> LabelledHistoryHelper:
        return LabelledHistoryHelper(self.model, historical_record)
