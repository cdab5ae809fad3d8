"""Admin of delegations and prizes (Điều 14-15, 19.4; Phụ lục 5 mục 10, 14), over the services
(``ServiceAdmin``): a refusal shows on the form; nothing is written in ``clean()``."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from core.admin_service import ServiceAdmin, add_service_error, adopt
from core.errors import ServiceError
from tournaments import services
from tournaments.models import Delegation, DelegationStaff, Prize


class DelegationStaffInline(admin.TabularInline):
    """Heads of delegation, team leaders, coaches (written by ``add_delegation_staff``)."""

    model = DelegationStaff
    extra = 1
    can_delete = False
    fields = ["person", "role"]
    autocomplete_fields = ["person"]


@admin.register(Delegation)
class DelegationAdmin(ServiceAdmin, admin.ModelAdmin):
    list_display = ["name", "tournament", "club", "body"]
    search_fields = ["name"]
    autocomplete_fields = ["tournament", "club", "body"]
    list_select_related = ["tournament", "club", "body"]
    inlines = [DelegationStaffInline]

    def get_readonly_fields(self, request, obj=None):
        return ["tournament", "name", "club", "body"] if obj is not None else []

    def save_model(self, request, obj, form, change):
        if not change:
            data = form.cleaned_data
            adopt(obj, services.create_delegation(data["tournament"], data["name"],
                                                  user=request.user, club=data.get("club"),
                                                  body=data.get("body")))

    def save_formset(self, request, form, formset, change):
        delegation = Delegation.objects.get(pk=form.instance.pk)
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        for inline_form in formset.forms:
            if not inline_form.has_changed() or not inline_form.cleaned_data:
                continue
            data = inline_form.cleaned_data
            saved = services.add_delegation_staff(delegation, data["person"], data["role"],
                                                  user=request.user)
            formset.new_objects.append(saved)


class PrizeForm(forms.ModelForm):
    class Meta:
        model = Prize
        fields = ["tournament", "kind", "place", "name", "medal", "amount", "item"]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if not self.errors:
            try:
                services.check_prize(data["tournament"], data["kind"], data["place"],
                                     data["name"], data.get("medal", ""), data.get("amount"))
            except ServiceError as exc:
                add_service_error(self, exc)
        return data


@admin.register(Prize)
class PrizeAdmin(ServiceAdmin, admin.ModelAdmin):
    """Prizes of the regulations (Phụ lục 5 mục 10); awarded by the tournament's action."""

    form = PrizeForm
    list_display = ["tournament", "kind", "place", "name", "medal", "amount", "winner",
                    "awarded_at"]
    list_filter = ["kind", "medal"]
    autocomplete_fields = ["tournament"]
    list_select_related = ["tournament", "entry", "team", "delegation"]

    @admin.display(description=_("người (đội, đoàn) đạt giải"))
    def winner(self, prize: Prize) -> str:
        return prize.winner_name or "—"

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.awarded_at is not None:  # an awarded prize stays as given
            return [*PrizeForm.Meta.fields, "entry", "team", "delegation", "awarded_at"]
        return ["entry", "team", "delegation", "awarded_at"]

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def save_model(self, request, obj, form, change):
        if change and obj.awarded_at is not None:
            return
        data = form.cleaned_data
        adopt(obj, services.set_prize(data["tournament"], data["kind"], data["place"],
                                      data["name"], user=request.user,
                                      medal=data.get("medal", ""), amount=data.get("amount"),
                                      item=data.get("item", "")))


@admin.action(description=_("Trao giải thưởng theo kết quả chung cuộc (Điều 19.4)"))
def award_prizes(modeladmin, request, queryset):
    for tournament in queryset:
        try:
            awarded = services.award_prizes(tournament, user=request.user)
        except ServiceError as exc:
            modeladmin.message_user(request, f"{tournament}: {exc.message}", messages.ERROR)
        else:
            modeladmin.message_user(
                request, f"{tournament}: " + "; ".join(
                    f"{p.name}: {p.winner_name or '—'}" for p in awarded), messages.SUCCESS)
