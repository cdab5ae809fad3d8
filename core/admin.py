from django.contrib import admin

from core.models import Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ["kind", "state", "progress", "created_by", "created_at", "finished_at"]
    list_filter = ["kind", "state"]
    readonly_fields = [f.name for f in Job._meta.fields]

    def has_add_permission(self, request):
        return False
