"""Form fields of the admin for data stored as JSON (issue 28): a person edits words and
small tables, never JSON; the field parses what was typed into the same stored JSON, and the
services validate it as before.

``LinesField``: a list of texts (a decision's "Căn cứ", "Các điều", "Nơi nhận") as one line
each in a text box.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

#: Limits of a list typed as lines (every input has limits).
MAX_LINES = 50
MAX_LINE_LENGTH = 2000


class LinesWidget(forms.Textarea):
    """A list shown as one item per line (never as ``["…"]``)."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__({"rows": 4, "cols": 80, **(attrs or {})})

    def format_value(self, value: Any) -> str:
        if value in (None, ""):
            return ""
        if isinstance(value, str):
            import json

            try:
                value = json.loads(value)
            except ValueError:
                return str(value)
        if isinstance(value, (list, tuple)):
            return "\n".join(str(item) for item in value)
        return str(value)


class LinesField(forms.Field):
    """A list of texts typed one a line: empty lines dropped, each line trimmed."""

    widget = LinesWidget
    default_error_messages = {
        "too_many": _("Tối đa %(max)s dòng."),
        "too_long": _("Dòng %(line)s dài quá %(max)s ký tự."),
    }

    def __init__(self, *, max_lines: int = MAX_LINES, **kwargs: Any) -> None:
        kwargs.pop("encoder", None)
        kwargs.pop("decoder", None)
        kwargs.pop("max_length", None)
        self.max_lines = max_lines
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        return value

    def to_python(self, value: Any) -> list[str]:
        if value in (None, ""):
            return []
        if isinstance(value, (list, tuple)):
            lines = [str(v) for v in value]
        else:
            lines = str(value).splitlines()
        return [line.strip() for line in lines if line.strip()]

    def validate(self, value: list[str]) -> None:
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")
        if len(value) > self.max_lines:
            raise forms.ValidationError(self.error_messages["too_many"] % {
                "max": self.max_lines}, code="too_many")
        for number, line in enumerate(value, 1):
            if len(line) > MAX_LINE_LENGTH:
                raise forms.ValidationError(self.error_messages["too_long"] % {
                    "line": number, "max": MAX_LINE_LENGTH}, code="too_long")

    def has_changed(self, initial: Any, data: Any) -> bool:
        return self.to_python(initial) != self.to_python(data)
