"""Admin side of the official-records rule (``core.official``).

``OfficialRecordAdmin`` (a ``ModelAdmin`` mixin) makes an official row read-only in its
change form, refuses its deletion (delete page and the bulk "delete selected" action, also
when the row would go in a cascade from another row) with the reason, and refuses the
django-simple-history "revert" of it while keeping its history readable.
``OfficialParentInline`` makes an inline read-only when its parent row is official.
The changes made on purpose are admin actions that call the owning service with a reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import NestedObjects
from django.core.exceptions import PermissionDenied
from django.db import models, router
from django.db.models import QuerySet
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from core.official import is_governed, why_official

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse
    from django_stubs_ext import StrOrPromise

    class _ModelAdmin(admin.ModelAdmin[Any]):
        """What ``OfficialRecordAdmin`` extends, for the type checker: a ``ModelAdmin`` with
        the methods of django-simple-history's ``SimpleHistoryAdmin`` it overrides (that
        package has no types)."""

        def revert_disabled(self, request: HttpRequest, obj: Any = None) -> bool: ...

        def history_form_view(self, request: HttpRequest, object_id: str, version_id: str,
                              extra_context: dict[str, Any] | None = None) -> HttpResponse: ...

    _Inline = admin.options.InlineModelAdmin[Any, Any]
else:  # at run time the mixins come before the real admin classes in the bases
    _ModelAdmin = _Inline = object

#: an admin action: (model admin, request, selected rows) -> a page, or None for the list
Action = Callable[["admin.ModelAdmin[Any]", "HttpRequest", "QuerySet[Any]"],
                  "TemplateResponse | None"]


def official_in_cascade(objs: Iterable[models.Model]) -> list[str]:
    """The official rows that deleting ``objs`` would delete (themselves or by cascade)."""
    rows = list(objs)
    if not rows:
        return []
    collector = NestedObjects(using=router.db_for_write(type(rows[0])))
    collector.collect(rows)
    found: list[str] = []
    for model, instances in collector.data.items():
        if not is_governed(model):
            continue
        for instance in instances:
            reason = why_official(instance)
            if reason:
                found.append(format_html("{} “{}”: {}", model._meta.verbose_name, instance,
                                         reason))
    return found


def stored_official_reason(obj: models.Model | None) -> str | None:
    """``why_official`` of the row as stored (a history "revert" hands us an old version of
    it), asked once per instance: a change page asks it for every field, inline and
    permission, and each answer was one query of the row and more (issue #28)."""
    if obj is None or obj.pk is None:
        return None
    memo: tuple[Any, str | None] | None = obj.__dict__.get("_stored_official_reason")
    if memo is not None and memo[0] == obj.pk:
        return memo[1]
    reason = why_official(type(obj)._default_manager.filter(pk=obj.pk).first())
    obj.__dict__["_stored_official_reason"] = (obj.pk, reason)
    return reason


class OfficialRecordAdmin(_ModelAdmin):
    """Mixin for a ``ModelAdmin`` (before it in the bases) of a model with official rows."""

    def official_reason(self, obj: models.Model | None) -> str | None:
        return stored_official_reason(obj)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        readonly = list(super().get_readonly_fields(request, obj))
        if obj is not None and self.official_reason(obj):
            opts = self.model._meta
            names = [f.name for f in (*opts.fields, *opts.many_to_many) if f.editable]
            readonly += [name for name in names if name not in readonly]
        return readonly

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "",
                    extra_context: dict[str, Any] | None = None) -> HttpResponse:
        if request.method == "GET":
            reason = self.official_reason(self.get_object(request, object_id))
            if reason:
                self.message_user(request, _("Hồ sơ chính thức (%(why)s): chỉ xem. Mọi thay "
                                             "đổi phải qua thao tác có ghi lý do.")
                                  % {"why": reason}, messages.WARNING)
        return super().change_view(request, object_id, form_url, extra_context)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: Any) -> None:
        if change and self.official_reason(obj):
            return  # nothing is editable; an unchanged submit writes nothing
        super().save_model(request, obj, form, change)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: Any) -> None:
        if change and self.official_reason(form.instance):
            # nothing is editable; the change message reads these lists
            formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
            return
        super().save_formset(request, form, formset, change)

    def get_deleted_objects(self, objs: Sequence[Any] | QuerySet[Any], request: HttpRequest,
                            ) -> tuple[list[str], dict[str, int], set[str], list[str]]:
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        official = official_in_cascade(objs)
        if official:  # the page says why (not a missing permission): nothing is deleted
            protected, perms_needed = [*protected, *official], set()
        return deleted, counts, perms_needed, protected

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        if official_in_cascade([obj]):  # the delete page refuses first; this is the guard
            raise PermissionDenied(_("Hồ sơ chính thức không bao giờ bị xóa."))
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        if official_in_cascade(queryset):
            raise PermissionDenied(_("Hồ sơ chính thức không bao giờ bị xóa."))
        super().delete_queryset(request, queryset)

    # django-simple-history: the history list stays readable; an official row is not reverted

    def revert_disabled(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and self.official_reason(obj):
            return True
        return super().revert_disabled(request, obj)

    def history_form_view(self, request: HttpRequest, object_id: str, version_id: str,
                          extra_context: dict[str, Any] | None = None) -> HttpResponse:
        current = self.model._default_manager.filter(pk=object_id).first()
        reason = why_official(current)
        if request.method == "POST" and reason:
            self.message_user(
                request, _("Không khôi phục phiên bản cũ của hồ sơ chính thức (%(why)s). "
                           "Hãy dùng thao tác sửa có ghi lý do (mở lại giải, sửa biên bản, "
                           "thu hồi quyết định).") % {"why": reason}, messages.ERROR)
            opts = self.model._meta
            return HttpResponseRedirect(reverse(
                f"{self.admin_site.name}:{opts.app_label}_{opts.model_name}_history",
                args=[object_id]))
        return super().history_form_view(request, object_id, version_id, extra_context)


class OfficialParentInline(_Inline):
    """Mixin for an inline: read-only (no add, change or delete) under an official parent."""

    def _parent_official(self, obj: models.Model | None) -> bool:
        return bool(stored_official_reason(obj))

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._parent_official(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._parent_official(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._parent_official(obj) and super().has_delete_permission(request, obj)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Lý do"), widget=forms.Textarea(
        attrs={"rows": 3, "cols": 60}), max_length=1000)


def reason_action(name: str, description: StrOrPromise, explanation: StrOrPromise,
                  service: Callable[..., Any],
                  done: StrOrPromise | Callable[[Any], StrOrPromise]) -> Action:
    """An admin action that asks for a reason on an intermediate page, then calls
    ``service(obj, user=..., reason=...)`` for each selected row; a refusal of the service
    (``ServiceError``) is reported per row and changes nothing for that row. ``done`` is the
    message of a success, or ``done(result) -> message``."""

    def action(modeladmin: admin.ModelAdmin[Any], request: HttpRequest,
               queryset: QuerySet[Any]) -> TemplateResponse | None:
        form = ReasonForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            for obj in queryset:
                try:
                    result = service(obj, user=request.user, reason=form.cleaned_data["reason"])
                except ServiceError as exc:
                    modeladmin.message_user(request, f"{obj}: {exc.message}", messages.ERROR)
                else:
                    text = done(result) if callable(done) else done
                    modeladmin.message_user(request, f"{obj}: {text}", messages.SUCCESS)
            return None
        context = {**modeladmin.admin_site.each_context(request), "title": description,
                   "explanation": explanation, "queryset": queryset, "form": form,
                   "action": name, "opts": modeladmin.model._meta}
        return TemplateResponse(request, "admin/reason_action.html", context)

    action.__name__ = name
    return admin.action(description=description)(action)
