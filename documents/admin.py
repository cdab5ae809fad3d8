from django.contrib import admin, messages
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from documents import services
from documents.models import Decision, Document


@admin.register(Decision)
class DecisionAdmin(SimpleHistoryAdmin):
    list_display = ["formatted_number", "kind", "subject", "issued_on", "signer_name"]
    list_filter = ["kind", "year"]
    search_fields = ["subject", "signer_name"]
    readonly_fields = ["year", "number", "created_by", "created_at"]
    actions = ["render_pdf"]

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            return
        data = {f: form.cleaned_data[f] for f in form.cleaned_data
                if f not in {"year", "number", "created_by"}}
        created = services.issue_decision(user=request.user, **data)
        obj.pk, obj.year, obj.number = created.pk, created.year, created.number

    @admin.action(description=_("Tạo văn bản PDF"))
    def render_pdf(self, request, queryset):
        for decision in queryset:
            services.request_document("decision", decision.pk, user=request.user)
        self.message_user(request, _("Đã gửi yêu cầu tạo PDF."), messages.SUCCESS)


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ["kind", "target", "pages", "size", "generated_at", "download"]
    list_filter = ["kind"]
    readonly_fields = ["kind", "target", "data_hash", "file", "size", "pages", "generated_at"]

    @admin.display(description=_("Tải về"))
    def download(self, document):
        return format_html('<a href="{}">PDF</a>', document.file.url) if document.file else "-"

    def has_add_permission(self, request):
        return False
