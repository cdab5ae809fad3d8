"""Staff site of complaints (Điều 15.5-15.6, 19; 002 Phần 2 Điều 2.7) and annulled games
(Điều 9.9a-b). Registered from ``tournaments.admin``; every write is a service call.

- Adding a complaint records a written complaint (``file_complaint``: who files, the time
  limit).
- A pending complaint's page is the decision form (upheld or not, reasons, article, effect):
  saving it calls ``decide_complaint`` (its permission is the level's). A decided complaint is
  read-only and never deleted: a different outcome is an appeal (the "Kháng nghị" action).
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from core.admin_history import HistoryAdmin
from core.admin_official import reason_action
from core.admin_service import ServiceAdmin, adopt
from tournaments import services
from tournaments.models import AnnulledGame, Complaint
from tournaments.services.complaints import Filing, Ruling

FILING_FIELDS = ["tournament", "level", "complainant_kind", "complainant_entry",
                 "complainant_team", "complainant_club", "complainant_name", "subject",
                 "pairing", "round", "subject_entry", "grounds", "filed_at"]
RULING_FIELDS = ["upheld", "reasons", "article", "effect", "corrected_result", "replay_reason",
                 "written"]


class ComplaintAddForm(forms.ModelForm):
    """A written complaint through ``file_complaint``, called by ``save_model``."""

    filed_at = forms.DateTimeField(label=_("nộp lúc"), required=False,
                                   help_text=_("Bỏ trống: bây giờ."))

    class Meta:
        model = Complaint
        fields = [f for f in FILING_FIELDS if f != "filed_at"]

    def _post_clean(self):
        pass  # the service fills and checks the complaint

    def file(self, user) -> Complaint:
        data = self.cleaned_data
        filing = Filing(
            complainant_kind=data.get("complainant_kind") or "", subject=data.get("subject") or "",
            grounds=data.get("grounds") or "", complainant_entry=data.get("complainant_entry"),
            complainant_team=data.get("complainant_team"),
            complainant_club=data.get("complainant_club"),
            complainant_name=data.get("complainant_name") or "", pairing=data.get("pairing"),
            round=data.get("round"), subject_entry=data.get("subject_entry"),
            level=data.get("level") or Complaint.Level.CHIEF_ARBITER)
        return services.file_complaint(data["tournament"], filing, user=user,
                                       filed_at=data.get("filed_at"))


class ComplaintDecideForm(forms.ModelForm):
    """The decision on a pending complaint, through ``decide_complaint``."""

    upheld = forms.TypedChoiceField(
        label=_("quyết định"), coerce=lambda v: v == "1",
        choices=[("1", _("Chấp nhận khiếu nại")), ("0", _("Không chấp nhận khiếu nại"))])
    replay_reason = forms.ChoiceField(
        label=_("lý do hủy ván (khi đấu lại)"), required=False,
        choices=[("", "—"), *AnnulledGame.Reason.choices])
    written = forms.BooleanField(
        label=_("ra quyết định có số"), required=False,
        help_text=_("Ban tổ chức và Liên đoàn luôn ra quyết định có số; tổng trọng tài khi "
                    "chọn ô này."))

    class Meta:
        model = Complaint
        fields = ["reasons", "article", "effect", "corrected_result"]

    def _post_clean(self):
        pass  # the service checks and writes the decision

    def decide(self, complaint: Complaint, user) -> Complaint:
        data = self.cleaned_data
        ruling = Ruling(upheld=data["upheld"], reasons=data.get("reasons") or "",
                        article=data.get("article") or "",
                        effect=data.get("effect") or Complaint.Effect.NONE,
                        corrected_result=data.get("corrected_result") or "",
                        replay_reason=data.get("replay_reason") or "",
                        written=True if data.get("written") else None)
        return services.decide_complaint(complaint, ruling, user=user)


class ComplaintAdmin(ServiceAdmin, HistoryAdmin):
    """Khiếu nại: recorded here, decided on its page at its level, appealed by the action;
    never edited once decided, never deleted."""

    list_display = ["__str__", "level", "subject", "complainant_kind", "status", "filed_at",
                    "decision"]
    list_filter = ["status", "level", "subject"]
    search_fields = ["tournament__name", "grounds", "complainant_name"]
    autocomplete_fields = ["tournament", "complainant_entry", "subject_entry"]
    raw_id_fields = ["pairing", "round", "complainant_team", "complainant_club"]
    list_select_related = ["tournament", "decision"]
    actions = ["appeal"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = ComplaintAddForm
        elif not obj.is_decided:
            kwargs["form"] = ComplaintDecideForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return FILING_FIELDS
        shown = [f.name for f in Complaint._meta.fields if f.name != "id"]
        if obj.is_decided:
            return shown
        return [*[f for f in shown if f not in RULING_FIELDS], *RULING_FIELDS]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        names = [f.name for f in Complaint._meta.fields]
        return names if obj.is_decided else [n for n in names if n not in RULING_FIELDS]

    def save_model(self, request, obj, form, change):
        if not change:
            adopt(obj, form.file(request.user))
        else:
            adopt(obj, form.decide(Complaint.objects.get(pk=obj.pk), request.user))

    def has_change_permission(self, request, obj=None) -> bool:
        # a decided complaint is an official record: read only (a new outcome is an appeal)
        if obj is not None and obj.is_decided:
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    appeal = reason_action(
        "appeal", _("Kháng nghị lên cấp trên (ghi nội dung)"),
        _("Kháng nghị là một khiếu nại mới ở cấp trên (Điều 15.6, 19)."),
        lambda complaint, *, user, reason: services.appeal(complaint, user=user,
                                                           grounds=reason),
        _("đã kháng nghị lên cấp trên"))


class AnnulledGameAdmin(ServiceAdmin, admin.ModelAdmin):
    """Ván bị hủy, đấu lại (Điều 9.9a-b): written by the service only, read here."""

    list_display = ["pairing", "reason", "played_white", "played_black",
                    "result_at_annulment", "annulled_at"]
    list_select_related = ["pairing__round__tournament", "played_white", "played_black"]
    list_filter = ["reason"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


def register(site) -> None:
    site.register(Complaint, ComplaintAdmin)
    site.register(AnnulledGame, AnnulledGameAdmin)
