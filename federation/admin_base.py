"""What the federation's admin pages share: service refusals shown on a form, the folded
search (``core.admin_search``, re-exported here; tournaments' admin uses it too) and actions
with an intermediate form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.admin import helpers
from django.core.exceptions import NON_FIELD_ERRORS
from django.template.response import TemplateResponse
from django.utils.translation import ngettext

from core.errors import ServiceError


def service_validation_error(exc: ServiceError) -> forms.ValidationError:
    """A service refusal shown on the admin form's fields."""
    # a refusal about no field is the form's own error (a None key made Django raise ValueError)
    errors: dict[str, list[str]] = exc.fields or {NON_FIELD_ERRORS: [exc.message]}
    return forms.ValidationError(errors)


def run_form_action(modeladmin: Any, request: Any, queryset: Any, *, form_class: Any,
                    title: str, apply: Any) -> TemplateResponse | None:
    """An action with an intermediate form: show the form, then ``apply(obj, cleaned_data)``
    to each selected object, reporting each service error."""
    if "apply" in request.POST:
        form = form_class(request.POST)
        if form.is_valid():
            done = 0
            for obj in queryset:
                try:
                    message = apply(obj, form.cleaned_data)
                    done += 1
                    if message:
                        modeladmin.message_user(request, message, messages.SUCCESS)
                except ServiceError as exc:
                    modeladmin.message_user(request, f"{obj}: {exc.message}", messages.ERROR)
            if done:
                modeladmin.message_user(
                    request, ngettext("Đã xử lý %(n)d mục.", "Đã xử lý %(n)d mục.", done)
                    % {"n": done}, messages.SUCCESS)
            return None
    else:
        form = form_class()
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title, "form": form, "queryset": queryset,
        "action": request.POST.get("action"), "opts": modeladmin.model._meta,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/federation/action_form.html", context)


def _day(day: Any) -> str | None:
    return day.strftime("%d/%m/%Y") if day else None
