"""Form pieces shared by the area's screens (issue 27).

* :class:`DateField`: typed and shown dd/mm/yyyy (``core.dates.parse_date``: also yyyy-mm-dd;
  an impossible date is named as such), on the field.
* :class:`PickList`, :class:`QuickSelect`: checkboxes and drop-downs for long lists (a
  club's members), rendered in one pass, with a filter box on the page.
* :func:`apply_service_error`: a service's refusal (``core.errors.ServiceError`` and its
  ``ConflictError``/``NotAllowedError``) becomes errors on the form's fields, so the page shows
  it next to the field it concerns and keeps what was typed.
"""

from __future__ import annotations

from datetime import date

from django import forms
from django.core.exceptions import ValidationError
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

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


class PickList(forms.CheckboxSelectMultiple):
    """Checkboxes for a long list (a club's 500 members): the same markup as Django's, built
    in one pass (Django renders a template per option: seconds for 500), with a filter box
    the page's script wires up (``workspace/pick.js``)."""

    def render(self, name, value, attrs=None, renderer=None):
        chosen = {str(v) for v in (value or [])}
        base = (attrs or {}).get("id") or f"id_{name}"
        invalid = ' aria-invalid="true"' if (attrs or {}).get("aria-invalid") else ""
        rows = format_html_join(
            "", '<div><label for="{0}_{1}"><input type="checkbox" name="{2}" value="{3}" '
            'id="{0}_{1}"{4}{5}> {6}</label></div>',
            ((base, i, name, option, mark_safe(" checked") if str(option) in chosen else "",
              mark_safe(invalid), label)
             for i, (option, label) in enumerate(self.choices)))
        return format_html('<div id="{}" class="pick" data-filter="{}">{}</div>', base,
                           gettext("Lọc theo tên"), rows)


class QuickSelect(forms.Select):
    """A drop-down for a long list, built in one pass (see :class:`PickList`)."""

    def render(self, name, value, attrs=None, renderer=None):
        attrs = {**self.attrs, **(attrs or {})}
        options = format_html_join(
            "", '<option value="{}"{}>{}</option>',
            ((option, mark_safe(" selected") if str(option) == str(value or "") else "", label)
             for option, label in self.choices))
        extra = flatatt({k: v for k, v in attrs.items() if k != "id"})
        return format_html('<select name="{}" id="{}"{}>{}</select>', name,
                           attrs.get("id") or f"id_{name}", extra, options)
