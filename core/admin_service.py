"""The one base of every admin (issue 33): every write goes through the app's service, and a
refusal of the service is shown to the person, never a 500.

``ServiceAdmin`` is a mixin placed first in the bases of a ``ModelAdmin``:

- ``save_model`` / ``save_formset`` / ``delete_model`` of the admin call the app's service and
  let its ``ServiceError`` (``ConflictError``, ``NotAllowedError``) propagate; nothing is
  written in a form's ``clean()``. The change form is saved inside a savepoint: a refusal rolls
  back everything the save wrote (the row, inlines, the log entry, hooks waiting for the
  commit) and the same POST is shown again with the refusal on the form: a message about a
  field next to that field, others above the form ("Hãy sửa các lỗi dưới đây").
- an action (any action of the changelist) that raises a ``ServiceError`` ends in an error
  message on the list;
- a delete the service refuses, or of an official record (``core.official``), answers a
  Vietnamese message naming the reason and goes back to the record's page;
- a django-simple-history "revert" saves through ``save_model`` (so through the service);
  a refusal is a message on the history page, nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from django import forms
from django.contrib import admin, messages
from django.db import models, router, transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

from core.admin_paginator import EstimatedCountPaginator
from core.errors import ServiceError

_Form = TypeVar("_Form", bound=type)

if TYPE_CHECKING:
    _ModelAdmin = admin.ModelAdmin[Any]  # what the mixin below extends
    #: the admin's classes as bases: generic for mypy, not subscriptable at run time
    AnyModelAdmin = admin.ModelAdmin[Any]
    AnyTabularInline = admin.TabularInline[Any, Any]
else:  # at run time the mixin comes before the real admin class in the bases
    _ModelAdmin = object
    AnyModelAdmin = admin.ModelAdmin
    AnyTabularInline = admin.TabularInline

#: The request attribute holding the refusal of the first pass of a change form.
_REFUSAL = "_service_refusal"


def add_service_error(form: forms.BaseForm, exc: ServiceError) -> None:
    """Show a service's refusal on ``form``: each message about a field the form has next to
    that field, every other message (or the message itself) above the form."""
    placed = False
    for field, errors in exc.fields.items():
        if field in form.fields:
            form.add_error(field, list(errors))
            placed = True
        elif field not in (None, "", "__all__", "non_field_errors"):
            form.add_error(None, [str(e) for e in errors])
            placed = True
        else:
            form.add_error(None, list(errors))
            placed = True
    if not placed:
        form.add_error(None, exc.message)


def adopt(obj: models.Model, saved: models.Model) -> models.Model:
    """Make the admin's in-memory ``obj`` the row the service saved (its id and every stored
    value), so the admin's redirect, log entry and message name the saved row."""
    for field in saved._meta.concrete_fields:
        setattr(obj, field.attname, getattr(saved, field.attname))
    obj._state.adding = False
    obj._state.db = saved._state.db
    return obj


class _RefusedForm:
    """Mixed into the admin's form class on the second pass of a refused save: the form
    validates as before, then carries the service's refusal (so the page shows it)."""

    service_refusal: ServiceError | None = None

    def _post_clean(self) -> None:
        super()._post_clean()  # type: ignore[misc]
        if self.service_refusal is not None:
            add_service_error(self, self.service_refusal)  # type: ignore[arg-type]


def _with_refusal(request: HttpRequest, form: _Form) -> _Form:
    refusal = getattr(request, _REFUSAL, None)
    if refusal is None or issubclass(form, _RefusedForm):
        return form
    return cast(_Form, type(form.__name__, (_RefusedForm, form), {"service_refusal": refusal}))


class ServiceAdmin(_ModelAdmin):
    """Mixin for a ``ModelAdmin`` (first in its bases); see the module's docstring."""

    # Lists at federation size (issue 28): a whole large table is counted from the planner's
    # estimate (core.admin_paginator), and a searched or filtered list does not count the
    # whole table a second time for "(N tổng)".
    paginator = EstimatedCountPaginator
    show_full_result_count = False

    # --- the change form: a refusal rolls back and shows on the form --------------------

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """An admin's own ``get_form`` (which may not call ``super()``) still hands the
        refusal to its form."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("get_form")
        if own is not None and not getattr(own, "carries_refusal", False):
            def get_form(self: ServiceAdmin, request: HttpRequest, *args: Any,
                         **kw: Any) -> type[forms.ModelForm[Any]]:
                form: type[forms.ModelForm[Any]] = own(self, request, *args, **kw)
                return _with_refusal(request, form)

            get_form.carries_refusal = True  # type: ignore[attr-defined]
            cls.get_form = get_form  # type: ignore[method-assign]

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False,
                 **kwargs: Any) -> type[forms.ModelForm[Any]]:
        return _with_refusal(request, super().get_form(
            request, obj, change=change, **kwargs))

    def changeform_view(self, request: HttpRequest, object_id: str | None = None,
                        form_url: str = "",
                        extra_context: dict[str, Any] | None = None) -> HttpResponse:
        if request.method in ("GET", "HEAD", "OPTIONS", "TRACE"):
            return super().changeform_view(
                request, object_id, form_url, extra_context)
        try:
            with transaction.atomic(using=router.db_for_write(self.model)):
                return super().changeform_view(
                    request, object_id, form_url, extra_context)
        except ServiceError as exc:  # rolled back: show the same POST with the refusal
            setattr(request, _REFUSAL, exc)
            try:
                return super().changeform_view(
                    request, object_id, form_url, extra_context)
            finally:
                delattr(request, _REFUSAL)

    # --- deletion ------------------------------------------------------------------------

    def _change_url(self, obj: models.Model | None) -> str:
        opts = self.model._meta
        site = self.admin_site.name
        try:
            if obj is not None and obj.pk is not None:
                return reverse(f"{site}:{opts.app_label}_{opts.model_name}_change",
                               args=[obj.pk])
            return reverse(f"{site}:{opts.app_label}_{opts.model_name}_changelist")
        except NoReverseMatch:
            return reverse(f"{site}:index")

    def _refuse_deletion(self, request: HttpRequest, obj: models.Model | None,
                         reasons: list[str]) -> HttpResponse:
        self.message_user(
            request, format_html(
                "{} {}", _("Không xóa được: đây là hồ sơ chính thức, không bao giờ bị xóa. "
                           "Muốn thay đổi, hãy dùng thao tác có ghi lý do (mở lại giải, sửa "
                           "biên bản, thu hồi quyết định)."),
                format_html("<ul>{}</ul>", format_html_join(
                    "", "<li>{}</li>", ((reason,) for reason in reasons)))),
            messages.ERROR)
        return HttpResponseRedirect(self._change_url(obj))

    def delete_view(self, request: HttpRequest, object_id: str,
                    extra_context: dict[str, Any] | None = None) -> HttpResponse:
        from core.admin_official import official_in_cascade

        obj = self.get_object(request, object_id)
        if obj is not None:
            official = official_in_cascade([obj])
            if official:
                return self._refuse_deletion(request, obj, official)
        try:
            with transaction.atomic(using=router.db_for_write(self.model)):
                return super().delete_view(
                    request, object_id, extra_context)
        except (ServiceError, models.ProtectedError, models.RestrictedError) as exc:
            message = getattr(exc, "message", None) or (
                exc.args[0] if exc.args and isinstance(exc.args[0], str) else "")
            self.message_user(request, _("Không xóa được: %(why)s") % {
                "why": message or _("việc xóa bị từ chối.")}, messages.ERROR)
            return HttpResponseRedirect(self._change_url(obj))

    # --- actions ---------------------------------------------------------------------------

    def response_action(self, request: HttpRequest, queryset: QuerySet[Any], *args: Any,
                        **kwargs: Any) -> HttpResponse | None:
        try:
            return super().response_action(
                request, queryset, *args, **kwargs)
        except (ServiceError, models.ProtectedError, models.RestrictedError) as exc:
            message = getattr(exc, "message", None) or (exc.args[0] if exc.args else "")
            self.message_user(request, str(message), messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())

    def each(self, request: HttpRequest, queryset: Iterable[Any], act: Callable[[Any], Any],
             done: Callable[[Any, Any], str | None]) -> None:
        """An action on each selected row: ``act(row)`` calls the service; a refusal is an
        error message naming the row (that row is unchanged), a success ``done(row, result)``
        (a text, or None for no message)."""
        for row in queryset:
            try:
                result = act(row)
            except ServiceError as exc:
                self.message_user(request, format_html("{}: {}", row, exc.message),
                                  messages.ERROR)
            else:
                text = done(row, result)
                if text:
                    self.message_user(request, text, messages.SUCCESS)

    # --- django-simple-history: a revert saves through the service --------------------------

    def history_form_view(self, request: HttpRequest, object_id: str, version_id: str,
                          extra_context: dict[str, Any] | None = None) -> HttpResponse:
        # SimpleHistoryAdmin's view (after this mixin at run time; mypy sees ModelAdmin only)
        revert = super().history_form_view  # type: ignore[misc]
        if request.method != "POST":
            shown: HttpResponse = revert(request, object_id, version_id, extra_context)
            return shown
        try:
            with transaction.atomic(using=router.db_for_write(self.model)):
                reverted: HttpResponse = revert(request, object_id, version_id, extra_context)
                return reverted
        except ServiceError as exc:
            self.message_user(request, _("Không khôi phục được phiên bản này: %(why)s")
                              % {"why": exc.message}, messages.ERROR)
            opts = self.model._meta
            return HttpResponseRedirect(reverse(
                f"{self.admin_site.name}:{opts.app_label}_{opts.model_name}_history",
                args=[object_id]))


def refusal_of(request: HttpRequest) -> Any:
    """The refusal shown on this request's form (tests and templates)."""
    return getattr(request, _REFUSAL, None)
