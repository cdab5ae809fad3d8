"""What the federation's admin pages share: service refusals shown on a form, the folded
search (tournaments' admin uses it too) and actions with an intermediate form."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import NON_FIELD_ERRORS
from django.db.models import Q
from django.template.response import TemplateResponse
from django.utils.translation import ngettext

from core.errors import ServiceError
from core.text import fold

if TYPE_CHECKING:
    _ModelAdmin = admin.ModelAdmin[Any]  # what the mixin below extends
else:  # at run time it comes before the real admin class in the bases
    _ModelAdmin = object


def service_validation_error(exc: ServiceError) -> forms.ValidationError:
    """A service refusal shown on the admin form's fields."""
    # a refusal about no field is the form's own error (a None key made Django raise ValueError)
    errors: dict[str, list[str]] = exc.fields or {NON_FIELD_ERRORS: [exc.message]}
    return forms.ValidationError(errors)


class FoldedSearchMixin(_ModelAdmin):
    """Search ``folded_field`` with the folded query ('nguyen duc' finds 'Nguyễn Đức')."""

    folded_field = "name_folded"

    def get_search_results(self, request, queryset, search_term):
        results, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        folded = fold(search_term)
        if folded:
            results = results | queryset.filter(Q(**{f"{self.folded_field}__contains": folded}))
        return results, may_have_duplicates


def run_form_action(modeladmin, request, queryset, *, form_class, title: str, apply):
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


def _day(day) -> str | None:
    return day.strftime("%d/%m/%Y") if day else None
