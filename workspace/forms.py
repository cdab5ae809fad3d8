"""Form pieces shared by the area's screens (issue 27).

* :class:`DateField`: typed and shown dd/mm/yyyy (``core.dates.parse_date``: also yyyy-mm-dd;
  an impossible date is named as such), on the field.
* :func:`apply_service_error`: a service's refusal (``core.errors.ServiceError`` and its
  ``ConflictError``/``NotAllowedError``) becomes errors on the form's fields, so the page shows
  it next to the field it concerns and keeps what was typed.
"""

from __future__ import annotations

from datetime import date

from django import forms
from django.core.exceptions import ValidationError

from core import dates
from core.errors import ServiceError


class DateInput(forms.TextInput):
    """A text box for dd/mm/yyyy (phones get the numeric keypad with the slash)."""

    input_type = "text"

    def __init__(self, attrs=None):
        defaults = {"placeholder": "dd/mm/yyyy", "inputmode": "numeric",
                    "autocomplete": "off", "maxlength": "10", "size": "10"}
        super().__init__({**defaults, **(attrs or {})})

    def format_value(self, value):
        if isinstance(value, date):
            return value.strftime("%d/%m/%Y")
        return super().format_value(value)


class DateField(forms.Field):
    """A date typed dd/mm/yyyy (or yyyy-mm-dd), checked by ``core.dates.parse_date``."""

    widget = DateInput

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return dates.parse_date(value)
        except ValidationError:
            raise
        except (TypeError, ValueError, OverflowError) as exc:  # year out of range
            raise ValidationError(str(exc), code="invalid") from exc


#: Names a service uses for a field -> the form field showing it, when they differ
#: (``approve_application`` says ``date``, the form's field is ``on``...), or None for the
#: form's own errors (the top of the form). Passed per call.
FieldMap = dict[str, str | None]


def apply_service_error(form: forms.BaseForm, exc: ServiceError,
                        fields: FieldMap | None = None) -> None:
    """Put a service's refusal on the form: each of ``exc.fields`` on the form field of the
    same name (or ``fields[name]``), the message on the form itself when no field matches.
    The form then renders as invalid, with what was typed still in it."""
    placed = False
    for name, messages in (exc.fields or {}).items():
        target = (fields or {}).get(name, name)
        if target is not None and target in form.fields:
            for message in messages:
                form.add_error(target, message)
            placed = True
    if not placed:
        form.add_error(None, exc.message)
