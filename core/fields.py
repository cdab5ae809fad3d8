"""The date field of every serializer and admin form (issue 18): core.dates parses the input.

``CoreConfig.ready`` makes ``DateField`` the field of every model date in ModelSerializers;
``AdminConfig.ready`` makes ``FormDateField`` the admin's form field for model dates.
"""

from __future__ import annotations

from datetime import date

from django import forms
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from core.dates import parse_date


class DateField(serializers.DateField):
    """dd/mm/yyyy or yyyy-mm-dd in; ISO out. Impossible dates say which part is wrong."""

    def to_internal_value(self, value: object) -> date:
        try:
            return parse_date(value)
        except DjangoValidationError as exc:
            raise serializers.ValidationError(exc.messages[0], code=exc.code) from exc


class FormDateField(forms.DateField):
    """The admin's date field: the same parser and messages as the API."""

    def to_python(self, value: object) -> date | None:
        if value in self.empty_values:
            return None
        return parse_date(value)
