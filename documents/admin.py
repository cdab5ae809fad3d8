from django import forms
from django.contrib import admin, messages
from django.http import FileResponse, Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from core.admin import TouchesPublicCache
from core.admin_history import HistoryAdmin
from core.admin_official import OfficialRecordAdmin, reason_action
from core.admin_service import ServiceAdmin
from core.admin_widgets import LinesField
from core.errors import ServiceError
from documents import admin_actions, admin_wait, presentation, selectors, services
from documents.models import Decision, Document, Signatory


class DecisionForm(forms.ModelForm):
    """The signature block comes from a signatory kept by staff, never typed (issue 13).
    "Căn cứ", "Các điều" and "Nơi nhận" are typed one a line (issue 28), stored as lists."""

    grounds = LinesField(label=_("Căn cứ"), help_text=_("Mỗi dòng một căn cứ."))
    articles = LinesField(label=_("Các điều"), help_text=_(
        "Mỗi dòng một điều (Điều 1, Điều 2…), theo thứ tự."))
    recipients = LinesField(label=_("Nơi nhận"), required=False,
                            help_text=_("Mỗi dòng một nơi nhận."))

    class Meta:
        model = Decision
        fields = ["suffix", "kind", "issuing_body", "place", "issued_on", "subject", "grounds",
                  "articles", "recipients", "signatory"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields.get("signatory")
        if isinstance(field, forms.ModelChoiceField):  # the foreign key's field, when shown
            field.required = True
            current = getattr(self.instance, "signatory_id", None)
            active = Signatory.objects.filter(active=True)
            field.queryset = (active | Signatory.objects.filter(pk=current)
                              if current is not None else active)
            if self.instance.pk is None:
                field.initial = services.default_signatory()


class SignatoryCorrectionForm(forms.Form):
    signatory = forms.ModelChoiceField(queryset=Signatory.objects.filter(active=True),
                                       label=_("Người ký đúng"))
    reason = forms.CharField(label=_("Lý do"), max_length=1000,
                             widget=forms.Textarea(attrs={"rows": 3, "cols": 60}))


@admin.register(Signatory)
class SignatoryAdmin(ServiceAdmin, HistoryAdmin):
    """Who signs decisions for each body: name, position, the "KT."/"TM." authority line and
    the body's default signatory. Kept as history; a signatory who signed is never deleted
    (set "đang đảm nhiệm" off instead)."""

    list_display = ["full_name", "position", "authority", "body", "is_default", "active"]
    list_filter = ["body", "active"]
    search_fields = ["full_name"]
    autocomplete_fields = ["body"]
    list_select_related = ["body"]

withdraw = reason_action(
    "withdraw", _("Thu hồi quyết định (ghi lý do)"),
    _("Quyết định đã ban hành là hồ sơ chính thức: không sửa, không xóa. Thu hồi ghi lại "
      "trạng thái \"đã thu hồi\" với lý do; số quyết định vẫn giữ trong sổ."),
    lambda d, *, user, reason: services.revoke_decision(d, user=user, reason=reason),
    _("đã thu hồi"))
annul = reason_action(
    "annul", _("Hủy bỏ quyết định (ghi lý do)"),
    _("Hủy bỏ ghi lại trạng thái \"đã hủy bỏ\" (quyết định không có hiệu lực từ đầu) với "
      "lý do; số quyết định vẫn giữ trong sổ."),
    lambda d, *, user, reason: services.revoke_decision(
        d, user=user, reason=reason, status=Decision.Status.ANNULLED),
    _("đã hủy bỏ"))


@admin.register(Decision)
class DecisionAdmin(ServiceAdmin, OfficialRecordAdmin, TouchesPublicCache, HistoryAdmin):
    """Decisions are issued (numbered) through ``issue_decision``, signed by a signatory kept
    by staff; once issued they are read-only here and only withdrawn or annulled, or their
    signatory corrected, with a reason (the PDF is rendered again)."""

    form = DecisionForm
    list_display = ["number_display", "kind", "subject", "issued_on", "signer_name",
                    "status"]
    list_filter = ["kind", "year", "status"]
    search_fields = ["subject", "signer_name"]
    readonly_fields = ["date_line", "year", "number", "signer_name", "signer_position",
                                "signer_authority", "created_by", "created_at", "status",
                                "status_reason", "status_changed_at", "status_changed_by"]

    @admin.display(description=_("số quyết định"), ordering="number")
    def number_display(self, decision) -> str:
        return decision.formatted_number

    @admin.display(description=_("Dòng ngày tháng"))
    def date_line(self, decision) -> str:
        """As printed on the decision (Nghị định 30/2020 form): "Hà Nội, ngày 20 tháng 11
        năm 2026"."""
        if decision is None or not decision.issued_on:
            return "-"
        return presentation.date_line(decision.place, decision.issued_on)
    actions = ["render_pdf", "correct_signatory", withdraw, annul]

    def save_model(self, request, obj, form, change):
        if change:
            return  # an issued decision is read-only (withdraw or annul it instead)
        data = {f: form.cleaned_data[f] for f in form.cleaned_data
                if f not in {"year", "number", "created_by"}}
        created = services.issue_decision(user=request.user, **data)
        obj.pk, obj.year, obj.number = created.pk, created.year, created.number

    @admin.action(description=_("Sửa người ký (ghi lý do, tạo lại PDF)"))
    def correct_signatory(self, request, queryset):
        """A wrong signer is corrected on purpose, with a reason (kept in the history); the
        decision's PDF is rendered again."""
        form = SignatoryCorrectionForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            for decision in queryset:
                try:
                    services.correct_signatory(decision, user=request.user, **form.cleaned_data)
                except ServiceError as exc:
                    self.message_user(request, f"{decision}: {exc.message}", messages.ERROR)
                else:
                    self.message_user(request, _("%s: đã sửa người ký, đang tạo lại PDF.")
                                      % decision, messages.SUCCESS)
            return None
        context = {**self.admin_site.each_context(request),
                   "title": _("Sửa người ký (ghi lý do, tạo lại PDF)"),
                   "explanation": _("Người ký in trên quyết định được sửa theo người ký đã "
                                    "chọn; lý do được ghi vào lịch sử của quyết định."),
                   "queryset": queryset, "form": form, "action": "correct_signatory",
                   "opts": self.model._meta}
        return TemplateResponse(request, "admin/reason_action.html", context)

    @admin.action(description=_("Tạo văn bản PDF"))
    def render_pdf(self, request, queryset):
        for decision in queryset:
            services.request_document("decision", decision.pk, user=request.user)
        self.message_user(request, _("Đã gửi yêu cầu tạo PDF."), messages.SUCCESS)


class DocumentRequestForm(forms.Form):
    kind = forms.ChoiceField(label=_("Loại văn bản"), choices=Document.Kind.choices)
    target = forms.CharField(
        label=_("Đối tượng"), max_length=120,
        help_text=_("Quyết định, thẻ hội viên: số id. Biên bản: pairing:<id> hoặc game:<id>. "
                    "Thẻ theo dõi: tournament:<id> hoặc entry:<id>. Xếp hạng, bảng chéo: "
                    "tournament:<id> hoặc tournament:<id>:round:<n>. Cặp đấu: round:<id> "
                    "hoặc tournament:<id>:round:<n>."))


@admin.register(Document)
class DocumentAdmin(ServiceAdmin, admin.ModelAdmin):
    """Rendered PDFs; "Tạo văn bản" asks for any document by kind and target, and the other
    apps' admin actions (``documents.admin_actions``) link here."""

    list_display = ["kind", "subject", "pages", "size", "generated_at", "download"]
    list_filter = ["kind"]
    search_fields = ["target"]
    readonly_fields = ["kind", "subject", "file", "size", "pages", "generated_at", "data_hash"]
    fields = tuple(readonly_fields)
    change_list_template = "admin/documents/document/change_list.html"

    @admin.display(description=_("Đối tượng"))
    def subject(self, document):
        """The subject by name, linked to its page (issue 28), not ``505`` or ``game:10``."""
        shown: tuple[str | None, str | None] | None = getattr(document, "_subject", None)
        if shown is None:
            shown = selectors.subjects_of([document]).get(document.pk, (None, None))
        label, url = shown
        if label is None:
            return document.get_kind_display()
        return format_html('<a href="{}">{}</a>', url, label) if url else label

    def changelist_view(self, request, extra_context=None):
        response = super().changelist_view(request, extra_context)
        changelist = getattr(response, "context_data", {}).get("cl")
        if changelist is not None:  # the page's subjects in one query per kind of subject
            rows = list(changelist.result_list)
            shown = selectors.subjects_of(rows)
            for row in rows:
                row._subject = shown.get(row.pk, (None, None))
        return response

    @admin.display(description=_("Tải về"))
    def download(self, document):
        if not document.file:
            return "-"
        return format_html('<a href="{}">PDF</a>', admin_actions.download_url(document))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False  # a rendered PDF is made by its job, never edited (the list still opens)

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("<int:pk>/pdf/", view(self.pdf_view), name="documents_document_pdf"),
            path("open/<str:kind>/<str:target>/", view(self.open_view),
                 name="documents_document_open"),
            path("request/", view(self.request_view), name="documents_document_request"),
            *admin_wait.urls(self),
            *super().get_urls(),
        ]

    def pdf_view(self, request, pk: int):
        document = get_object_or_404(Document, pk=pk)
        if not document.file or not selectors.can_view(request.user, document.kind,
                                                       document.target):
            raise Http404(_("Không có văn bản này."))
        if services.is_stale(document):
            services.request_document(document.kind, document.target, user=request.user)
            self.message_user(request, _("Văn bản đã cũ (dữ liệu đã sửa): đang tạo lại, tải về "
                                         "sau ít phút."), messages.WARNING)
            return HttpResponseRedirect(reverse("admin:documents_document_changelist"))
        return FileResponse(document.file.open("rb"), content_type="application/pdf",
                            filename=(document.file.name or "").rsplit("/", 1)[-1])

    def open_view(self, request, kind: str, target: str):
        """The current PDF, or start its job and wait for it on a page that shows its
        progress and opens the PDF when it is made (one click: documents.admin_wait)."""
        return admin_wait.wait_view(self, request, kind, target)

    def request_view(self, request):
        form = DocumentRequestForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            kind, target = form.cleaned_data["kind"], form.cleaned_data["target"]
            if not selectors.can_view(request.user, kind, target):
                form.add_error("target", _("Không được xem văn bản này."))
            else:
                try:
                    selectors.parse_target(kind, target)
                except ServiceError as exc:
                    form.add_error("target", exc.message)
                else:
                    response = admin_actions.produce(self, request, kind, [target])
                    return response or HttpResponseRedirect(
                        reverse("admin:documents_document_changelist"))
        context = {**self.admin_site.each_context(request), "form": form, "opts": self.model._meta,
                   "title": _("Tạo văn bản PDF")}
        return TemplateResponse(request, "admin/documents/document/request.html", context)

