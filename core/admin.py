from __future__ import annotations

from datetime import date, datetime, time, timedelta
from importlib import import_module
from typing import TYPE_CHECKING, Any

from django.apps import apps as django_apps
from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core import admin_jobs as job_display
from core import dashboard, jobs, selectors
from core.admin_service import AnyModelAdmin, ServiceAdmin
from core.models import Job

if TYPE_CHECKING:
    from django.contrib.admin.options import _FieldGroups  # the stubs' name for it

    _ModelAdmin = admin.ModelAdmin[Any]  # what the mixins below extend
else:  # at run time they come before the real admin class in the bases
    _ModelAdmin = object

#: The dashboard counts the jobs that failed in the last days (older failures stay in the list).
FAILED_JOBS_DAYS = 7


class JobKindFilter(admin.SimpleListFilter):
    """Jobs by their name for a person (issue 28), not the registry's kind."""

    title = gettext_lazy("loại việc")
    parameter_name = "kind"

    def lookups(self, request: HttpRequest,
                model_admin: admin.ModelAdmin[Any]) -> list[tuple[str, str]]:
        return sorted(((kind, jobs.kind_label(kind)) for kind in jobs.registered_kinds()),
                      key=lambda item: item[1])

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(kind=self.value()) if self.value() else queryset


@admin.register(Job)
class JobAdmin(ServiceAdmin, AnyModelAdmin):
    """A job's page for people (issue 28): its name in Vietnamese, what it is about (linked),
    a progress bar that moves while it runs (the page asks the job API), the outcome in words
    and, when it failed, the error in Vietnamese with what to do. Read-only: jobs are written
    by the job runner only."""

    list_display = ["name", "state", "progress_bar", "created_by", "created_at", "finished_at"]
    list_filter = [JobKindFilter, "state"]
    list_select_related = ["created_by"]
    readonly_fields = ["name", "subject_link", "state", "progress_bar", "message", "outcome",
                       "error_words", "attempts", "created_by", "created_at", "started_at",
                       "finished_at"]
    change_form_template = "admin/core/job/change_form.html"

    @admin.display(description=gettext_lazy("công việc"), ordering="kind")
    def name(self, job: Job) -> str:
        return jobs.kind_label(job.kind)

    @admin.display(description=gettext_lazy("đối tượng"))
    def subject_link(self, job: Job) -> str:
        return job_display.subject_link(jobs.job_subject(job))

    @admin.display(description=gettext_lazy("tiến độ"), ordering="progress")
    def progress_bar(self, job: Job) -> str:
        return job_display.progress_bar(job)

    @admin.display(description=gettext_lazy("kết quả"))
    def outcome(self, job: Job) -> str:
        return job_display.outcome(job)

    @admin.display(description=gettext_lazy("lỗi và cách xử lý"))
    def error_words(self, job: Job) -> str:
        return job_display.error_words(job)

    def get_fields(self, request: HttpRequest, obj: Job | None = None) -> _FieldGroups:
        return list(self.readonly_fields)  # what a person reads, not the job's raw data

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # read-only: no Save

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a job is the trace of work done


@dashboard.register
def job_queues(today: date) -> list[dashboard.Queue]:
    """The admin index's queue of jobs that failed in the last week."""
    since = today - timedelta(days=FAILED_JOBS_DAYS)
    start = timezone.make_aware(datetime.combine(since, time.min))
    return [dashboard.Queue(
        _("Công việc thất bại"), selectors.failed_jobs(start).count(),
        dashboard.changelist_url(Job, state__exact=Job.State.FAILED,
                                 finished_at__gte=since.isoformat()),
        dashboard.view_permission(Job),
        hint=_("Trong %(days)s ngày qua: xem lỗi, chạy lại") % {"days": FAILED_JOBS_DAYS})]


class ReadOnlyAdmin(AnyModelAdmin):
    """Rows written by the services only (audit logs, publications, counters): the admin
    shows them and never adds, edits or deletes them."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class TouchesPublicCache(_ModelAdmin):
    """Admin saves, deletes and reverts that write rows directly (not through a service)
    touch the public cache scopes of the model's app: ``<app>.cache_scopes.touch_for_admin``
    (one object at a time; see core.caching). Services called from admin forms and actions
    touch the scopes themselves."""

    def _touch_public_cache(self, obj: Model) -> None:
        config = django_apps.get_app_config(obj._meta.app_label)
        import_module(f"{config.name}.cache_scopes").touch_for_admin(obj)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: Any) -> None:
        super().save_model(request, obj, form, change)
        self._touch_public_cache(obj)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: Any) -> None:
        super().save_related(request, form, formsets, change)  # inlines
        self._touch_public_cache(form.instance)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        self._touch_public_cache(obj)
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        for obj in queryset:
            self._touch_public_cache(obj)
        super().delete_queryset(request, queryset)
from core import admin_notifications  # noqa: E402,F401 (the outbox's admin pages)
