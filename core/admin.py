from datetime import datetime, time, timedelta
from importlib import import_module

from django.apps import apps as django_apps
from django.contrib import admin
from django.utils import timezone
from django.utils.translation import gettext as _

from core import dashboard, selectors
from core.admin_service import ServiceAdmin
from core.models import Job

#: The dashboard counts the jobs that failed in the last days (older failures stay in the list).
FAILED_JOBS_DAYS = 7


@admin.register(Job)
class JobAdmin(ServiceAdmin, admin.ModelAdmin):
    list_display = ["kind", "state", "progress", "created_by", "created_at", "finished_at"]
    list_filter = ["kind", "state"]
    list_select_related = ["created_by"]
    readonly_fields = [f.name for f in Job._meta.fields]

    def has_add_permission(self, request):
        return False


@dashboard.register
def job_queues(today) -> list[dashboard.Queue]:
    """The admin index's queue of jobs that failed in the last week."""
    since = today - timedelta(days=FAILED_JOBS_DAYS)
    start = timezone.make_aware(datetime.combine(since, time.min))
    return [dashboard.Queue(
        _("Công việc thất bại"), selectors.failed_jobs(start).count(),
        dashboard.changelist_url(Job, state__exact=Job.State.FAILED,
                                 finished_at__gte=since.isoformat()),
        dashboard.view_permission(Job),
        hint=_("Trong %(days)s ngày qua: xem lỗi, chạy lại") % {"days": FAILED_JOBS_DAYS})]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows written by the services only (audit logs, publications, counters): the admin
    shows them and never adds, edits or deletes them."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class TouchesPublicCache:
    """Admin saves, deletes and reverts that write rows directly (not through a service)
    touch the public cache scopes of the model's app: ``<app>.cache_scopes.touch_for_admin``
    (one object at a time; see core.caching). Services called from admin forms and actions
    touch the scopes themselves."""

    def _touch_public_cache(self, obj) -> None:
        config = django_apps.get_app_config(obj._meta.app_label)
        import_module(f"{config.name}.cache_scopes").touch_for_admin(obj)

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        self._touch_public_cache(obj)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)  # inlines
        self._touch_public_cache(form.instance)

    def delete_model(self, request, obj):
        self._touch_public_cache(obj)
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            self._touch_public_cache(obj)
        super().delete_queryset(request, queryset)
